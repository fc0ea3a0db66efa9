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

/** How a value displays: 12, $1,250, 85%, Yes/No, 1:30 (a duration, stored in minutes). */
export const KPI_TYPES = ['number', 'dollar', 'percentage', 'yesno', 'time'] as const;
export type KpiType = (typeof KPI_TYPES)[number];

/** How often a measurable has a value: per meeting date, per calendar month, per quarter. */
export const KPI_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type KpiFrequency = (typeof KPI_FREQUENCIES)[number];
/** Periods a monthly or quarterly scorecard shows by default (a year and a month, a year and a quarter). */
export const KPI_DEFAULT_PERIODS: Record<Exclude<KpiFrequency, 'weekly'>, number> = { monthly: 13, quarterly: 5 };
/** The most periods one monthly or quarterly scorecard answer covers. */
export const KPI_PERIODS_MAX = 60;
/** The longest duration a time measurable takes (minutes: a thousand days). */
export const KPI_TIME_MAX_MINUTES = 1_440_000;

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

/**
 * A duration as typed: '1:30' (h:mm), '90m', '1h 30m', '2h', '1.5h', or bare minutes ('90').
 * Whole minutes (a fraction of an hour is rounded to the minute); empty → null; anything else,
 * or more than KPI_TIME_MAX_MINUTES → undefined.
 */
export const parseKpiDuration = (input: string | null | undefined): number | null | undefined => {
  if (input === null || input === undefined) return null;
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  let minutes: number | undefined;
  const clock = /^(\d{1,5}):([0-5]\d)$/.exec(text);
  const units = /^(?:(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?|s)?)?)?$/.exec(text);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d+$/.test(text)) minutes = Number(text);
  else if (units && (units[1] !== undefined || units[2] !== undefined))
    minutes = Math.round(Number(units[1] ?? 0) * 60) + Number(units[2] ?? 0);
  return minutes === undefined || minutes > KPI_TIME_MAX_MINUTES ? undefined : minutes;
};

/** Minutes as h:mm ('1:30', '0:05', '-0:30'); a fraction is rounded to the minute. */
export const formatKpiDuration = (minutes: number): string => {
  const whole = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && whole > 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** A yes/no answer as stored: '1' yes, '0' no; empty → null; anything else → undefined. */
export const parseKpiYesNo = (input: string | null | undefined): '1' | '0' | null | undefined => {
  if (input === null || input === undefined) return null;
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (['1', 'yes', 'y', 'true'].includes(text)) return '1';
  if (['0', 'no', 'n', 'false'].includes(text)) return '0';
  return undefined;
};

/**
 * A typed value as a measurable of this type stores it (the one parser of each unit): a yes/no
 * as '1'/'0', a duration as whole minutes, anything else as `normaliseKpiValue` does.
 */
export const normaliseKpiValueAs = (type: KpiType, input: string | null | undefined): string | null | undefined => {
  if (type === 'yesno') return parseKpiYesNo(input);
  if (type === 'time') {
    const minutes = parseKpiDuration(input);
    return minutes === null || minutes === undefined ? minutes : String(minutes);
  }
  return normaliseKpiValue(input);
};

/** Whether a text reads as a value of some unit (a number, a duration, a yes/no): the type decides later. */
export const isKpiValueText = (input: string) =>
  normaliseKpiValue(input) !== undefined || parseKpiDuration(input) !== undefined || parseKpiYesNo(input) !== undefined;

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
  if (score.type === 'yesno' || score.type === 'time') {
    const number = typeof value === 'number' ? value : kpiNumber(normaliseKpiValue(value) ?? null);
    if (number === null) return String(value);
    if (score.type === 'time') return formatKpiDuration(number);
    return number === 1 ? 'Yes' : number === 0 ? 'No' : kpiDecimalText(number);
  }
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

/**
 * How a row's figure displays: as its values do, except a yes/no's average (and rolling average),
 * the share of yes ('75% yes'), and its total (and running total), the count of yes ('9 yes').
 */
export const formatKpiFigure = (
  kind: 'value' | 'average' | 'total',
  value: number | null,
  score: { type: KpiType; units: string | null },
): string => {
  if (value === null) return '';
  if (score.type === 'yesno' && kind === 'average') return `${kpiDecimalText(value * 100, 0)}% yes`;
  if (score.type === 'yesno' && kind === 'total') return `${kpiDecimalText(value, 0)} yes`;
  return formatKpiValue(value, score);
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
    : score.type === 'yesno' && score.goal === '=='
      ? formatKpiValue(score.score, score)
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
