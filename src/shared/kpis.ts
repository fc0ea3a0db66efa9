import { addDays, type IsoDate, parseIsoDate } from './dates.ts';

// The scorecard's rules (document 2 §4, document 3 §4), shared by the server and the client:
// how a typed value is normalised, when a value meets its goal, how values display, and the
// quarter ids ('2026-Q2') the scorecard filters by.

/** Goal comparators, in the order the score form offers them. */
export const KPI_GOALS = ['>=', '<=', '=='] as const;
export type KpiGoal = (typeof KPI_GOALS)[number];

/** A scorecard measurable's goals: the comparators, and a range (between `score` and `scoreMax`). */
export const KPI_SCORE_GOALS = [...KPI_GOALS, 'between'] as const;
export type KpiScoreGoal = (typeof KPI_SCORE_GOALS)[number];

/** How a value displays: 12, $1,250, 85%. */
export const KPI_TYPES = ['number', 'dollar', 'percentage'] as const;
export type KpiType = (typeof KPI_TYPES)[number];

/** Longest measured value or target (characters, after normalising). */
export const KPI_VALUE_MAX = 30;
export const KPI_NOTE_MAX = 2000;
export const KPI_TITLE_MAX = 200;
export const KPI_UNITS_MAX = 20;
/** Measurables per meeting. */
export const KPI_SCORES_MAX = 500;
/** A date range may cover at most this many days (about five years). */
export const KPI_RANGE_MAX_DAYS = 1830;
/** Longest formula text (characters, references stored as `{id}`). */
export const KPI_FORMULA_MAX = 2000;
/** Temporary goals per measurable. */
export const KPI_GOAL_PERIODS_MAX = 20;
/** The most periods sum/avg/min/max of a formula may reach back (a year of weeks). */
export const KPI_FORMULA_WINDOW_MAX = 52;
/** Document 2 §9: a typed value is saved this long after the last keystroke (or on blur). */
export const KPI_INPUT_DEBOUNCE_MS = 5000;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A typed value as it is stored (document 2 §4): commas removed, a leading '.' gets '0'
 * ('.5' → '0.5', '-.5' → '-0.5'). Spaces, a leading '$' and a trailing '%' are dropped too,
 * and a trailing '.' ('12.' → '12'). Empty → null. Anything that is not then a decimal
 * number → undefined (the caller reports it).
 */
export const normaliseKpiValue = (input: string | null | undefined): string | null | undefined => {
  if (input === null || input === undefined) return null;
  let text = input.replace(/[\s,]/g, '');
  if (text === '') return null;
  if (!/\d/.test(text)) return undefined;
  text = text
    .replace(/^(-?)\$/, '$1')
    .replace(/^\$(-)/, '$1')
    .replace(/%$/, '');
  if (text.startsWith('+')) text = text.slice(1);
  if (text.startsWith('.')) text = `0${text}`;
  else if (text.startsWith('-.')) text = `-0${text.slice(1)}`;
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (!DECIMAL.test(text)) return undefined;
  return text;
};

/** Whether a text is a stored (normalised) decimal. */
export const isKpiDecimal = (text: string) => DECIMAL.test(text);

/** The number a stored decimal stands for (for averages, totals and charts). */
export const kpiNumber = (text: string | null): number | null => {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * Compares two stored decimals exactly (no floating point: '0.1' + '0.2' problems never arise
 * and '1000' equals '1000.00'). Returns -1, 0 or 1.
 */
export const compareDecimals = (a: string, b: string): number => {
  // Decimals of at most 15 significant digits map to distinct doubles in the same order (and
  // equal decimals to the same double), so comparing numbers is exact for them and cheaper.
  if (a.length <= 15 && b.length <= 15) {
    const x = Number(a);
    const y = Number(b);
    return x === y ? 0 : x > y ? 1 : -1;
  }
  const split = (text: string) => {
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
    const intPart = whole.replace(/^0+/, '');
    const fracPart = fraction.replace(/0+$/, '');
    const zero = intPart === '' && fracPart === '';
    return { negative: negative && !zero, intPart, fracPart };
  };
  const x = split(a);
  const y = split(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const sign = x.negative ? -1 : 1;
  if (x.intPart.length !== y.intPart.length) return (x.intPart.length > y.intPart.length ? 1 : -1) * sign;
  if (x.intPart !== y.intPart) return (x.intPart > y.intPart ? 1 : -1) * sign;
  const width = Math.max(x.fracPart.length, y.fracPart.length);
  const fx = x.fracPart.padEnd(width, '0');
  const fy = y.fracPart.padEnd(width, '0');
  if (fx === fy) return 0;
  return (fx > fy ? 1 : -1) * sign;
};

/**
 * Whether a measured value meets the goal (document 3 §4): measured `goal` target. Both are
 * normalised first, so '.5' equals '0.5' and '1,000' equals '1000'. Null when there is no
 * value (or no usable target): the cell is not coloured.
 */
export const kpiMet = (goal: KpiGoal, target: string | null, measured: string | null): boolean | null => {
  // Stored values are already normalised: skip the work for them.
  const m = measured !== null && DECIMAL.test(measured) ? measured : normaliseKpiValue(measured);
  const t = target !== null && DECIMAL.test(target) ? target : normaliseKpiValue(target);
  if (m === null || m === undefined || t === null || t === undefined) return null;
  const order = compareDecimals(m, t);
  if (goal === '>=') return order >= 0;
  if (goal === '<=') return order <= 0;
  return order === 0;
};

/** A goal: its comparator and target, and the range's upper end for 'between'. */
export interface KpiTarget {
  goal: KpiScoreGoal;
  score: string;
  scoreMax: string | null;
}

/** A temporary goal: in force from `startsOn` to `endsOn`, both included. */
export interface KpiGoalPeriod extends KpiTarget {
  startsOn: IsoDate;
  endsOn: IsoDate;
}

/**
 * The goal in force on a date: the temporary goal covering it (of two, the one starting later),
 * else the measurable's own.
 */
export const goalOn = (own: KpiTarget, periods: readonly KpiGoalPeriod[], date: IsoDate | null): KpiTarget => {
  let found: KpiGoalPeriod | undefined;
  if (date !== null)
    for (const period of periods)
      if (period.startsOn <= date && date <= period.endsOn && (!found || period.startsOn >= found.startsOn))
        found = period;
  return found ?? own;
};

/**
 * The colour rule, the one place it lives: whether a value meets the goal in force on its date
 * (a range: from `score` to `scoreMax`, both included). Null when there is no value.
 */
export const kpiMetOn = (
  own: KpiTarget,
  periods: readonly KpiGoalPeriod[],
  date: IsoDate | null,
  measured: string | null,
): boolean | null => {
  const target = goalOn(own, periods, date);
  if (target.goal !== 'between') return kpiMet(target.goal, target.score, measured);
  const low = kpiMet('>=', target.score, measured);
  const high = target.scoreMax === null ? null : kpiMet('<=', target.scoreMax, measured);
  return low === null || high === null ? null : low && high;
};

/** Rounds a figure to six decimals (what floating-point sums can be trusted with). */
const roundFigure = (value: number) => Number(value.toFixed(6));

/**
 * A scorecard row's figures over its cells (the range shown; null or empty cells count for
 * nothing): the total and average of the values (null when there are none), how many values
 * meet the goal (`hits`) and how many there are (`counted`). The server's and the client's.
 */
export const kpiFigures = (cells: readonly ({ measured: string | null; met: boolean | null } | null)[]) => {
  let sum = 0;
  let counted = 0;
  let hits = 0;
  for (const cell of cells) {
    if (!cell) continue;
    const value = kpiNumber(cell.measured);
    if (value !== null) {
      sum += value;
      counted += 1;
    }
    if (cell.met === true) hits += 1;
  }
  const total = counted === 0 ? null : roundFigure(sum);
  return { total, average: total === null ? null : roundFigure(total / counted), hits, counted };
};

const groupThousands = (text: string) => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
};

/** A number (an average, a total) as a decimal text with at most `digits` decimals. */
export const kpiDecimalText = (value: number, digits = 2): string => {
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/**
 * A value as the scorecard shows it, by type and units: dollar '$1,250' (or '-$1,250'),
 * percentage '85%', number '12' with other units after it ('12 calls'). Null → ''.
 */
export const formatKpiValue = (
  value: string | number | null,
  score: { type: KpiType; units: string | null },
): string => {
  if (value === null || value === '') return '';
  const text = typeof value === 'number' ? kpiDecimalText(value) : (normaliseKpiValue(value) ?? value);
  if (!isKpiDecimal(text)) return text;
  const grouped = groupThousands(text);
  const units = score.units?.trim() ?? '';
  if (score.type === 'dollar' || (score.type === 'number' && units === '$')) {
    return grouped.startsWith('-') ? `-$${grouped.slice(1)}` : `$${grouped}`;
  }
  if (score.type === 'percentage') return `${grouped}%`;
  return units && units !== '%' ? `${grouped} ${units}` : units === '%' ? `${grouped}%` : grouped;
};

/** How a goal reads: '>= $1,250', or a range '$1,000 – $1,500'. */
export const formatKpiGoal = (score: {
  goal: KpiScoreGoal;
  score: string | null;
  scoreMax?: string | null;
  type: KpiType;
  units: string | null;
}) =>
  score.score === null
    ? ''
    : score.goal === 'between'
      ? `${formatKpiValue(score.score, score)} – ${formatKpiValue(score.scoreMax ?? null, score)}`
      : `${score.goal} ${formatKpiValue(score.score, score)}`;

// Quarter ids 'YYYY-Qn'. The dates of a workspace's quarter come from its Quarters page
// (quarters.service: quarterById, quartersBetween; decisions 043 and 056); the helpers here are
// the calendar quarters (Q1 = January to March), the fallback for a year without periods.

export const QUARTER_ID = /^(\d{4})-Q([1-4])$/;

/** The first and last day of a quarter id; undefined when it is not one. */
export const quarterRange = (quarterId: string): { dateSince: IsoDate; dateUntil: IsoDate } | undefined => {
  const match = QUARTER_ID.exec(quarterId);
  if (!match) return undefined;
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  const startMonth = (quarter - 1) * 3 + 1;
  const dateSince = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(startMonth + 3).padStart(2, '0')}-01`;
  return { dateSince, dateUntil: addDays(next, -1) };
};

/** The quarter id a date falls in. */
export const quarterOf = (date: IsoDate): string => {
  const { year, month } = parseIsoDate(date);
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
};

/** A quarter id as people read it: 'Q2 2026'. */
export const quarterLabel = (quarterId: string): string => {
  const match = QUARTER_ID.exec(quarterId);
  return match ? `Q${match[2]} ${match[1]}` : quarterId;
};

/** The quarter before (-1) or after (+1) a quarter id. */
export const shiftQuarter = (quarterId: string, by: number): string => {
  const match = QUARTER_ID.exec(quarterId);
  if (!match) return quarterId;
  const index = Number(match[1]) * 4 + Number(match[2]) - 1 + by;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
};
