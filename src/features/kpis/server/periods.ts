import type { TenantContext } from '../../../server/context.ts';
import { addDays, addMonths, formatIsoDate, type IsoDate, isRealIsoDate, parseIsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { KPI_DEFAULT_PERIODS, KPI_RANGE_MAX_DAYS, type KpiFrequency, quarterLabel } from '../../../shared/kpis.ts';
import { messages } from '../../../shared/messages.ts';
import { quarterById, quartersBetween } from '../../quarters/server/quarters.service.ts';
import { kpisMessages } from '../kpis.messages.ts';

// The periods of monthly and quarterly measurables (docs/decisions/118): calendar months, and
// the workspace's quarters from its Quarters page (calendar quarters for a year without its own).
// A period is named by its first day.

export type PeriodFrequency = Exclude<KpiFrequency, 'weekly'>;

/** What reading periods needs: the workspace (its quarters) and a database handle. */
export type PeriodReader = Pick<TenantContext, 'db' | 'tenantId'>;

export interface KpiPeriod {
  start: IsoDate;
  end: IsoDate;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The calendar month starting on `start` (a 1st). */
const monthOf = (start: IsoDate): KpiPeriod => {
  const { year, month } = parseIsoDate(start);
  return { start, end: addDays(addMonths(start, 1, 1), -1), label: `${MONTHS[month - 1]} ${year}` };
};

const monthStart = (date: IsoDate) => {
  const { year, month } = parseIsoDate(date);
  return formatIsoDate(year, month, 1);
};

/** Months overlapping the dates, oldest first. */
const monthsBetween = (since: IsoDate, until: IsoDate): KpiPeriod[] => {
  const months: KpiPeriod[] = [];
  for (let start = monthStart(since); start <= until; start = addMonths(start, 1, 1)) months.push(monthOf(start));
  return months;
};

/** The workspace's quarters overlapping the dates, oldest first (one statement). */
const quarterPeriodsBetween = async (ctx: PeriodReader, since: IsoDate, until: IsoDate): Promise<KpiPeriod[]> =>
  (await quartersBetween(ctx.db, ctx.tenantId, since, until)).map((q) => ({
    start: q.startDate,
    end: q.endDate,
    label: quarterLabel(q.id),
  }));

/** The periods of a frequency overlapping the dates, oldest first. */
export const periodsBetween = (ctx: PeriodReader, frequency: PeriodFrequency, since: IsoDate, until: IsoDate) =>
  frequency === 'monthly' ? Promise.resolve(monthsBetween(since, until)) : quarterPeriodsBetween(ctx, since, until);

/** Days that surely hold `count` quarters of any workspace calendar. */
const quarterDays = (count: number) => count * 100 + 100;

/** The last `count` periods ending with the one holding `date`. */
export const periodsUpTo = async (
  ctx: TenantContext,
  frequency: PeriodFrequency,
  date: IsoDate,
  count: number,
): Promise<KpiPeriod[]> => {
  if (count <= 0) return [];
  const since =
    frequency === 'monthly' ? addMonths(monthStart(date), -(count - 1), 1) : addDays(date, -quarterDays(count));
  const periods = await periodsBetween(ctx, frequency, since, date);
  return periods.filter((p) => p.start <= date).slice(-count);
};

/** The `count` periods before the one starting on `start`, oldest first. */
export const periodsBefore = async (
  ctx: TenantContext,
  frequency: PeriodFrequency,
  start: IsoDate,
  count: number,
): Promise<KpiPeriod[]> => (count <= 0 ? [] : periodsUpTo(ctx, frequency, addDays(start, -1), count));

/**
 * The period starting on `start`, or 400: a month's 1st, or the first day of one of the
 * workspace's quarters.
 */
export const periodStartingOn = async (
  ctx: TenantContext,
  frequency: PeriodFrequency,
  start: string,
): Promise<KpiPeriod> => {
  if (!isRealIsoDate(start)) throw badRequest({ periodStart: messages.invalidDate }, messages.invalidDate);
  if (frequency === 'monthly') {
    if (parseIsoDate(start).day !== 1)
      throw badRequest({ periodStart: kpisMessages.kpiInvalidMonth }, kpisMessages.kpiInvalidMonth);
    return monthOf(start);
  }
  const period = (await quarterPeriodsBetween(ctx, start, start)).find((q) => q.start === start);
  if (!period)
    throw badRequest({ periodStart: kpisMessages.kpiInvalidQuarterStart }, kpisMessages.kpiInvalidQuarterStart);
  return period;
};

export const periodKind = (frequency: PeriodFrequency) => (frequency === 'monthly' ? 'month' : 'quarter');

/**
 * The columns of a monthly or quarterly scorecard: the last N periods up to today's (trailing N,
 * or by default 13 months / 5 quarters), the periods overlapping a quarter of the workspace, or
 * those overlapping the dates asked for.
 */
export const resolvePeriods = async (
  ctx: TenantContext,
  frequency: PeriodFrequency,
  query: { quarterId?: string; dateSince?: IsoDate; dateUntil?: IsoDate; trailing?: string },
  today: IsoDate,
): Promise<{ quarterId: string | null; periods: KpiPeriod[] }> => {
  if (query.quarterId) {
    const quarter = await quarterById(ctx.db, ctx.tenantId, query.quarterId);
    if (!quarter) throw badRequest({ quarterId: kpisMessages.kpiInvalidQuarter }, kpisMessages.kpiInvalidQuarter);
    return { quarterId: quarter.id, periods: await periodsBetween(ctx, frequency, quarter.startDate, quarter.endDate) };
  }
  if (query.dateSince || query.dateUntil) {
    const span = frequency === 'monthly' ? 365 : quarterDays(KPI_DEFAULT_PERIODS.quarterly);
    const since = query.dateSince ?? addDays(query.dateUntil!, -span);
    const until = query.dateUntil ?? addDays(query.dateSince!, span);
    if (addDays(since, KPI_RANGE_MAX_DAYS) < until)
      throw badRequest({ dateUntil: kpisMessages.kpiRangeTooLong }, kpisMessages.kpiRangeTooLong);
    return { quarterId: null, periods: await periodsBetween(ctx, frequency, since, until) };
  }
  const count = query.trailing ? Number(query.trailing) : KPI_DEFAULT_PERIODS[frequency];
  return { quarterId: null, periods: await periodsUpTo(ctx, frequency, today, count) };
};
