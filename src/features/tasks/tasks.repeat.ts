import { addDays, addMonths, type IsoDate, parseIsoDate } from '../../shared/dates.ts';

// A repeating to-do's or card's rule and the dates it produces. Pure calendar arithmetic on
// dates (no instants), so daylight saving never moves an occurrence; the owner's time zone only
// decides when "today" starts (the server's job). Shared by the server and the form's preview.

export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** When the next occurrence is made: once this one is done, or once its due date has passed. */
export const REPEAT_ADVANCES = ['done', 'due'] as const;
export type RepeatAdvance = (typeof REPEAT_ADVANCES)[number];

/** A series makes at most this many occurrences (counting the first); more is refused. */
export const MAX_OCCURRENCES = 1000;
export const MAX_REPEAT_INTERVAL = 99;

export interface RepeatRule {
  frequency: RepeatFrequency;
  /** Every N days, weeks or months. */
  interval: number;
  /** Weekly: the days, 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** Monthly: the day of the month; a shorter month uses its last day (31 → 30, 28 or 29). */
  monthDay: number | null;
  /** No occurrence after this date. */
  endsOn: IsoDate | null;
  /** At most this many occurrences, the first included. */
  count: number | null;
  advance: RepeatAdvance;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: IsoDate) => {
  const { year, month, day } = parseIsoDate(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: IsoDate) => (dayNumber(date) + 4) % 7;
/** Weeks start on Monday, as ISO weeks do. */
const mondayOf = (date: IsoDate) => addDays(date, -((weekdayOf(date) + 6) % 7));
const monthsBetween = (from: IsoDate, to: IsoDate) => {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
};

/** The rule's dates in its p-th period (day, week or month) counted from the start, in order. */
const datesOfPeriod = (rule: RepeatRule, startsOn: IsoDate, p: number): IsoDate[] => {
  const step = p * rule.interval;
  switch (rule.frequency) {
    case 'daily':
      return [addDays(startsOn, step)];
    case 'weekly': {
      const monday = addDays(mondayOf(startsOn), 7 * step);
      const days = rule.weekdays.length > 0 ? rule.weekdays : [weekdayOf(startsOn)];
      return [...new Set(days)].map((d) => addDays(monday, (d + 6) % 7)).sort();
    }
    case 'monthly': {
      const first = `${startsOn.slice(0, 8)}01`;
      return [addMonths(first, step, rule.monthDay ?? parseIsoDate(startsOn).day)];
    }
  }
};

/** The period `date` falls in (rounded down), so a search starts near it rather than at the start. */
const periodOf = (rule: RepeatRule, startsOn: IsoDate, date: IsoDate) => {
  const span =
    rule.frequency === 'daily'
      ? dayNumber(date) - dayNumber(startsOn)
      : rule.frequency === 'weekly'
        ? Math.floor((dayNumber(date) - dayNumber(mondayOf(startsOn))) / 7)
        : monthsBetween(startsOn, date);
  return Math.max(0, Math.floor(span / rule.interval) - 1);
};

/**
 * The first date of the rule after `after` (and after the start), or null when the series has
 * ended by then (`lastOn`, the last date its end date or count allows).
 */
export const nextOccurrence = (
  rule: RepeatRule,
  startsOn: IsoDate,
  after: IsoDate,
  lastOn: IsoDate | null,
): IsoDate | null => {
  const from = after > startsOn ? after : startsOn;
  // Each period holds at least one date and they increase, so this ends within a few periods.
  for (let p = periodOf(rule, startsOn, from); ; p++) {
    for (const date of datesOfPeriod(rule, startsOn, p)) {
      if (date > from) return lastOn !== null && date > lastOn ? null : date;
    }
  }
};

/**
 * The last date the series may reach: its end date, or its count-th occurrence (the start is
 * the first), whichever comes first; null when it repeats for ever. `Infinity` occurrences when
 * the end date allows more than MAX_OCCURRENCES is reported as `tooMany`.
 */
export const seriesEnd = (
  rule: RepeatRule,
  startsOn: IsoDate,
): { lastOn: IsoDate | null; occurrences: number | 'tooMany' | 'unbounded' } => {
  if (rule.count === null && rule.endsOn === null) return { lastOn: null, occurrences: 'unbounded' };
  const limit = Math.min(rule.count ?? MAX_OCCURRENCES + 1, MAX_OCCURRENCES + 1);
  let last = startsOn;
  let n = 1;
  if (rule.endsOn !== null && rule.endsOn < startsOn) return { lastOn: rule.endsOn, occurrences: 0 };
  while (n < limit) {
    const next = nextOccurrence(rule, startsOn, last, rule.endsOn);
    if (next === null) break;
    last = next;
    n++;
  }
  return { lastOn: last, occurrences: n > MAX_OCCURRENCES ? 'tooMany' : n };
};

/** The date the next occurrence is due after one made for `current`: never a day already past. */
export const followingDate = (
  rule: RepeatRule,
  startsOn: IsoDate,
  current: IsoDate,
  today: IsoDate,
  lastOn: IsoDate | null,
) => {
  const yesterday = addDays(today, -1);
  return nextOccurrence(rule, startsOn, current > yesterday ? current : yesterday, lastOn);
};
