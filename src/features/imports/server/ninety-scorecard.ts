import {
  addDays,
  formatIsoDate,
  type IsoDate,
  isRealIsoDate,
  MONTH_NAMES,
  parseIsoDate,
} from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { type KpiGoal, type KpiType, normaliseKpiValue } from '../../../shared/kpis.ts';
import { importsMessages } from '../imports.messages.ts';

// Ninety's scorecard export (decision 113), read without the database: its header, the week
// columns (`Oct 13 - Oct 19`, no year: years are worked out from the newest week back) and its
// goals (`>= 50%`, `< 10`, `$5,000`).

export const NINETY_COLUMNS = ['#', 'Group', 'Status', 'Title', 'Description', 'Owner', 'Goal', 'Average'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const COLUMN = { title: 3, owner: 5, goal: 6, firstWeek: 8 } as const;

export interface Week {
  header: string;
  /** The cell column it is read from. */
  column: number;
  start: IsoDate;
  end: IsoDate;
}

const fileError = (message: string) => badRequest({ file: message }, message);
const clean = (cell: string | undefined) => (cell ?? '').trim();

/** Checks the header: the weekly scorecard, or a clear refusal for the monthly one and anything else. */
export const checkHeader = (header: string[]) => {
  const cells = header.map(clean);
  if (cells[0] === 'Title' && cells[1] === 'Goal' && MONTH_NAMES.every((month, i) => cells[i + 2] === month)) {
    throw fileError(importsMessages.monthlyNotSupported);
  }
  if (!NINETY_COLUMNS.every((name, i) => cells[i] === name)) throw fileError(importsMessages.notNinetyScorecard);
};

const WEEK = /^([A-Z][a-z]{2})\s+(\d{1,2})\s*[-–]\s*([A-Z][a-z]{2})\s+(\d{1,2})$/;

const monthDay = (text: string) => {
  const match = WEEK.exec(text.trim());
  if (!match) return undefined;
  const [, m1, d1, m2, d2] = match;
  const startMonth = MONTHS.indexOf(m1!) + 1;
  const endMonth = MONTHS.indexOf(m2!) + 1;
  if (startMonth === 0 || endMonth === 0) return undefined;
  return { startMonth, startDay: Number(d1), endMonth, endDay: Number(d2) };
};

type MonthDay = NonNullable<ReturnType<typeof monthDay>>;

const dateIn = (year: number, md: MonthDay): IsoDate | undefined => {
  const date = formatIsoDate(year, md.startMonth, md.startDay);
  return isRealIsoDate(date) ? date : undefined;
};

/** Whether `md`'s end is six days after `start` (so the header is one real week). */
const endsAWeekLater = (start: IsoDate, md: MonthDay) => {
  const end = parseIsoDate(addDays(start, 6));
  return end.month === md.endMonth && end.day === md.endDay;
};

/**
 * The week columns with their dates. Ninety writes them oldest or newest first; the order is
 * read from the first two. The newest week falls in `latestYear`, or by default in the latest
 * year where it has begun by `today`; each older week is the latest date before the one after it.
 */
export const resolveWeeks = (header: string[], today: IsoDate, latestYear?: number): Week[] => {
  const columns = header
    .slice(COLUMN.firstWeek)
    .map((text, i) => ({ text: clean(text), column: COLUMN.firstWeek + i }));
  // Trailing empty header cells are a spreadsheet's leftovers, not weeks.
  while (columns.length > 0 && columns.at(-1)!.text === '') columns.pop();
  const parsed = columns.map((column) => {
    const md = monthDay(column.text);
    if (!md) throw fileError(importsMessages.weekHeaderInvalid(column.text));
    return { ...column, md };
  });
  if (parsed.length === 0) return [];
  const dayOfYear = (md: MonthDay) => md.startMonth * 31 + md.startDay;
  let ascending = true;
  if (parsed.length > 1) {
    let diff = dayOfYear(parsed[1]!.md) - dayOfYear(parsed[0]!.md);
    if (diff > 186) diff -= 372;
    if (diff < -186) diff += 372;
    ascending = diff > 0;
  }
  const newestFirst = ascending ? [...parsed].reverse() : parsed;
  const now = parseIsoDate(today);
  const newest = newestFirst[0]!;
  let year =
    latestYear ??
    (newest.md.startMonth < now.month || (newest.md.startMonth === now.month && newest.md.startDay <= now.day)
      ? now.year
      : now.year - 1);
  const weeks: Week[] = [];
  let after: IsoDate | undefined;
  for (const column of newestFirst) {
    let start = dateIn(year, column.md);
    if (after !== undefined && (start === undefined || start >= after)) {
      year -= 1;
      start = dateIn(year, column.md);
    }
    if (start === undefined || !endsAWeekLater(start, column.md)) {
      throw fileError(importsMessages.weekHeaderInvalid(column.text));
    }
    if (after !== undefined && start > addDays(after, -7))
      throw fileError(importsMessages.weeksOutOfOrder(column.text));
    weeks.push({ header: column.text, column: column.column, start, end: addDays(start, 6) });
    after = start;
  }
  return weeks.reverse();
};

export interface ParsedGoal {
  goal: KpiGoal;
  target: string;
  type: KpiType;
  /** The comparator as written when it had to change (`<` kept as `<=`). */
  strict?: string;
}

const GOAL = /^(>=|=>|<=|=<|==|=|>|<)?\s*(.+)$/;
const COMPARATORS: Record<string, KpiGoal> = {
  '>=': '>=',
  '=>': '>=',
  '>': '>=',
  '<=': '<=',
  '=<': '<=',
  '<': '<=',
  '==': '==',
  '=': '==',
};

/** A Ninety goal: an optional comparator (none means "at least") and a number, `$` or `%` giving the type. */
export const parseGoal = (text: string): ParsedGoal | undefined => {
  const match = GOAL.exec(text.trim());
  if (!match) return undefined;
  const comparator = match[1] ?? '>=';
  const amount = match[2]!.trim();
  const target = normaliseKpiValue(amount);
  if (target === undefined || target === null) return undefined;
  const type: KpiType = amount.includes('$') ? 'dollar' : amount.endsWith('%') ? 'percentage' : 'number';
  const goal = COMPARATORS[comparator]!;
  return { goal, target, type, ...(comparator === '>' || comparator === '<' ? { strict: comparator } : {}) };
};

/** A week's value as stored, null when empty, undefined when not a number. */
export const parseValue = (text: string | undefined) => normaliseKpiValue(clean(text));

export const cell = clean;
