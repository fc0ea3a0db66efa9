import { badRequest } from '../../../shared/errors.ts';
import { compareDecimals, KPI_VALUE_MAX, type KpiType, normaliseKpiValueAs } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import { invalidValueMessage, kpisMessages } from '../kpis.messages.ts';

// A measurable's type decides how its values and targets read (docs/decisions/117): a yes/no
// is 1 or 0, a duration whole minutes ('1:30' → 90). The request schemas keep such text as typed;
// these turn it into what is stored, or refuse it (400 naming the field).

/** A value or target as a measurable of `type` stores it; 400 on `field` otherwise. */
export const valueAs = <T extends string | null | undefined>(
  type: KpiType,
  value: T,
  field: string,
): T extends undefined ? undefined : string | null => {
  if (value === undefined) return undefined as never;
  const normalised = normaliseKpiValueAs(type, value);
  if (normalised === undefined || (normalised !== null && normalised.length > KPI_VALUE_MAX)) {
    const message = invalidValueMessage(type);
    throw badRequest({ [field]: message }, message);
  }
  return normalised as never;
};

interface Targets {
  goal: string;
  score: string | null | undefined;
  scoreMax?: string | null;
}

/**
 * A goal's targets in the measurable's unit: a yes/no's goal is '==' Yes (1) or No (0); a range's
 * upper end not below its lower end. `path` prefixes the fields (a temporary goal's row).
 */
export const targetsAs = <G extends Targets>(type: KpiType, target: G, path = ''): G => {
  const score = valueAs(type, target.score, `${path}score`);
  const scoreMax = target.goal === 'between' ? valueAs(type, target.scoreMax ?? null, `${path}scoreMax`) : null;
  if (type === 'yesno' && target.goal !== '==')
    throw badRequest({ [`${path}goal`]: kpisMessages.kpiYesNoGoal }, kpisMessages.kpiYesNoGoal);
  if (target.goal === 'between' && !scoreMax)
    throw badRequest({ [`${path}scoreMax`]: messages.required }, messages.required);
  if (score && scoreMax && compareDecimals(scoreMax, score) < 0)
    throw badRequest({ [`${path}scoreMax`]: kpisMessages.kpiRangeBelow }, kpisMessages.kpiRangeBelow);
  return { ...target, score, scoreMax };
};
