// Calendar dates ('YYYY-MM-DD') and wall-clock times in an IANA time zone, without a library:
// the spec's meetings keep a local start time that must stay put across daylight-saving changes.

import { messages } from './messages.ts';

/** A calendar date as the API sends it. */
export type IsoDate = string;

/** Today's date in UTC, the day a server-side "overdue" or "current" is judged by. */
export const todayUtc = (): IsoDate => new Date().toISOString().slice(0, 10);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The parts of a 'YYYY-MM-DD' date; a missing one throws the spec's 'Date is required.' (document 1 §5). */
export const parseIsoDate = (date: IsoDate | null | undefined): { year: number; month: number; day: number } => {
  if (date === null || date === undefined || date.trim() === '') throw new Error(messages.dateRequired);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

export const formatIsoDate = (year: number, month: number, day: number): IsoDate =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when `date` is 'YYYY-MM-DD' and that day exists (no 2025-02-29, no month 13): a date
 * PostgreSQL would refuse must be a 400, never a 500 (decision 024). Years 1000–9999, the
 * four-digit ones, without Date.UTC's 1900 shift of years below 100.
 */
export const isRealIsoDate = (date: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] as number);
  return day <= days;
};

/**
 * True when `value` is an ISO 8601 instant with an offset ('2026-01-05T09:00:00Z',
 * '…+02:00', optional fraction) whose date and time exist (no 25:61, no Feb 30).
 */
export const isRealIsoInstant = (value: string): boolean => {
  const match =
    /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    );
  return match !== null && isRealIsoDate(match[1] as string) && !Number.isNaN(Date.parse(value));
};

/**
 * The last day a request can name (isoDate takes four-digit years). Arithmetic stops there: a
 * five-digit year would neither parse again nor compare as text ('10000-01-01' < '9999-12-31').
 */
export const LAST_ISO_DATE = '9999-12-31';

/** `date` moved by whole days (calendar arithmetic, no time zone involved), at most to LAST_ISO_DATE. */
export const addDays = (date: IsoDate, days: number): IsoDate => {
  const { year, month, day } = parseIsoDate(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  if (moved.getUTCFullYear() > 9999) return LAST_ISO_DATE;
  return formatIsoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
};

/**
 * `date` moved by whole months, keeping the day of month or, where the month is shorter, its
 * last day (a meeting on the 31st falls on Feb 28/29, then on Mar 31 again).
 */
export const addMonths = (date: IsoDate, months: number, dayOfMonth = parseIsoDate(date).day): IsoDate => {
  const { year, month } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  if (targetYear > 9999) return LAST_ISO_DATE;
  const targetMonth = (index % 12) + 1;
  return formatIsoDate(targetYear, targetMonth, Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)));
};

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

// Offsets change only at transitions, which fall on quarter hours: caching per zone and
// quarter hour spares Intl (about 30 µs a call) when lists and recurrences convert many times.
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `instant`. */
export const zoneOffsetMinutes = (instant: Date, timeZone: string): number => {
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const offset = computeOffsetMinutes(instant, timeZone);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
};

const computeOffsetMinutes = (instant: Date, timeZone: string): number => {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
};

/**
 * The instant at which the clocks in `timeZone` show `date` `time` ('HH:mm'). A time the clocks
 * skip (spring forward) moves forward by the gap; a time they show twice (fall back) is the
 * first of the two, as calendars do.
 */
export const zonedTimeToUtc = (date: IsoDate, time: string, timeZone: string): Date => {
  const { year, month, day } = parseIsoDate(date);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force half a day either side cover any transition near this time.
  const before = zoneOffsetMinutes(new Date(wall - 12 * 3_600_000), timeZone);
  const after = zoneOffsetMinutes(new Date(wall + 12 * 3_600_000), timeZone);
  const shows = (offset: number) => {
    const instant = wall - offset * 60_000;
    return zoneOffsetMinutes(new Date(instant), timeZone) === offset ? instant : null;
  };
  const candidates = [shows(before), shows(after)].filter((t): t is number => t !== null);
  // No candidate: the time is in a gap; the offset before it moves it forward by the gap.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before * 60_000);
};

/** The calendar date and 'HH:mm' that the clocks in `timeZone` show at `instant`. */
export const utcToZonedParts = (instant: Date, timeZone: string): { date: IsoDate; time: string } => {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return {
    date: formatIsoDate(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
};

/** The months' names in English, January first (a monthly scorecard's columns, the top bar's clock). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
