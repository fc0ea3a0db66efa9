import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { annuals } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { type IsoDate, todayUtc } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { quartersMessages } from '../quarters.messages.ts';
import { defaultYearDates, periodsOf, type YearDates, yearChoices, yearDateErrors } from '../quarters.rules.ts';
import type { Annual, Quarter, QuarterRecord, SaveAnnual, SaveQuarterRecord } from '../quarters.schemas.ts';

// Annuals and quarters (decision 043): one row per workspace and year holds the four period
// starts and the year's end. The Annuals dialog and the Quarters page are two shapes of it, and
// every period picker reads its quarters through `quartersBetween`.

type Row = typeof annuals.$inferSelect;

const currentYear = () => Number(todayUtc().slice(0, 4));

const datesOf = (row: Row): YearDates => ({
  year: row.year,
  isCalendarYear: row.isCalendarYear as '0' | '1',
  starts: [row.startDate, row.start2, row.start3, row.start4],
  endDate: row.endDate,
});

const quartersOf = (dates: YearDates, isDefault: boolean): Quarter[] =>
  periodsOf(dates).map((period) => ({ id: `${dates.year}-Q${period.number}`, year: dates.year, isDefault, ...period }));

const toAnnual = (row: Row): Annual => ({
  id: row.id,
  year: row.year,
  isCalendarYear: row.isCalendarYear as '0' | '1',
  startDate: row.startDate,
  endDate: row.endDate,
  quarters: quartersOf(datesOf(row), false),
});

const toRecord = (row: Row): QuarterRecord => ({
  id: row.id,
  year: row.year,
  startQuartal1: row.startDate,
  startQuartal2: row.start2,
  startQuartal3: row.start3,
  startQuartal4: row.start4,
  endQuartal4: row.endDate,
});

const inTenant = (ctx: TenantContext) => eq(annuals.tenantId, ctx.tenantId);

/** A page of the workspace's annuals, the latest year first. */
const pageOfRows = async (ctx: TenantContext, page: { offset: number; limit: number }) => {
  const rows = await ctx.db
    .select({ row: annuals, total: windowTotal() })
    .from(annuals)
    .where(inTenant(ctx))
    .orderBy(desc(annuals.year))
    .limit(page.limit)
    .offset(page.offset);
  const total = await pageTotal(
    rows,
    page.offset,
    async () => (await ctx.db.select({ n: count() }).from(annuals).where(inTenant(ctx)))[0]?.n ?? 0,
  );
  return { rows: rows.map((r) => r.row), total, offset: page.offset };
};

export const listAnnuals = async (ctx: TenantContext, page: { offset: number; limit: number }) => {
  assertWorkspaceAdmin(ctx);
  const { rows, total, offset } = await pageOfRows(ctx, page);
  return { items: rows.map(toAnnual), total, offset };
};

export const listQuarterRecords = async (ctx: TenantContext, page: { offset: number; limit: number }) => {
  const { rows, total, offset } = await pageOfRows(ctx, page);
  return { items: rows.map(toRecord), total, offset };
};

/** The Add dialog's year choices: the current year and the next two that have no annual yet. */
export const annualChoices = async (ctx: TenantContext) => {
  assertWorkspaceAdmin(ctx);
  const year = currentYear();
  const rows = await ctx.db
    .select({ year: annuals.year })
    .from(annuals)
    .where(and(inTenant(ctx), gte(annuals.year, year), lte(annuals.year, year + 2)));
  return {
    years: yearChoices(
      year,
      rows.map((r) => r.year),
    ),
  };
};

/** The end of the closest earlier year and the start of the closest later one, in one statement. */
const neighboursOf = async (ctx: TenantContext, year: number) => {
  const [row] = await ctx.db
    .select({
      previousEnd: sql<string | null>`(max(${annuals.endDate}) filter (where ${annuals.year} < ${year}))::text`,
      nextStart: sql<string | null>`(min(${annuals.startDate}) filter (where ${annuals.year} > ${year}))::text`,
    })
    .from(annuals)
    .where(inTenant(ctx));
  return { previousEnd: row?.previousEnd ?? undefined, nextStart: row?.nextStart ?? undefined };
};

const findRow = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(annuals)
    .where(and(inTenant(ctx), eq(annuals.id, id)));
  if (!row) throw notFound();
  return row;
};

const columnsOf = (dates: YearDates) => ({
  isCalendarYear: dates.isCalendarYear,
  startDate: dates.starts[0],
  start2: dates.starts[1],
  start3: dates.starts[2],
  start4: dates.starts[3],
  endDate: dates.endDate,
});

/**
 * Checks and stores a year's dates: a new year (`id` undefined) or the saved one `id`, whose
 * year may not change and whose past dates are locked. Admins only; nothing is written on a mistake.
 */
const saveYear = async (ctx: TenantContext, id: string | undefined, dates: YearDates): Promise<Row> => {
  assertWorkspaceAdmin(ctx);
  const before = id === undefined ? undefined : await findRow(ctx, id);
  if (before && before.year !== dates.year) throw badRequest({ year: quartersMessages.annualYearFixed });
  const errors = yearDateErrors(
    dates,
    await neighboursOf(ctx, dates.year),
    before && { before: datesOf(before), today: todayUtc() },
  );
  if (Object.keys(errors).length > 0) throw badRequest(errors, Object.values(errors)[0]);
  const values = { ...columnsOf(dates), changedAt: new Date(), changedBy: ctx.userId };
  if (before) {
    const [row] = await ctx.db.update(annuals).set(values).where(eq(annuals.id, before.id)).returning();
    publishChange(ctx);
    return row!;
  }
  const [taken] = await ctx.db
    .select({ id: annuals.id })
    .from(annuals)
    .where(and(inTenant(ctx), eq(annuals.year, dates.year)));
  if (taken)
    throw conflict(quartersMessages.annualYearTaken(dates.year), {
      year: quartersMessages.annualYearTaken(dates.year),
    });
  const [row] = await ctx.db
    .insert(annuals)
    .values({ tenantId: ctx.tenantId, year: dates.year, ...values })
    .returning();
  publishChange(ctx);
  return row!;
};

/** Every member's pickers and pages reload the quarters. */
const publishChange = (ctx: TenantContext) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'quarters.changed', data: {} });

const fromAnnual = (body: SaveAnnual): YearDates => ({
  year: body.year,
  isCalendarYear: body.isCalendarYear,
  starts: body.quarters.map((q) => q.startDate) as YearDates['starts'],
  endDate: body.endDate,
});

/** `POST annuals`: only the current year or one of the next two, each once. */
export const createAnnual = async (ctx: TenantContext, body: SaveAnnual): Promise<Annual> => {
  assertWorkspaceAdmin(ctx);
  const year = currentYear();
  if (body.year < year || body.year > year + 2) throw badRequest({ year: quartersMessages.annualYearChoice });
  return toAnnual(await saveYear(ctx, undefined, fromAnnual(body)));
};

export const updateAnnual = async (ctx: TenantContext, id: string, body: SaveAnnual): Promise<Annual> =>
  toAnnual(await saveYear(ctx, id, fromAnnual(body)));

/** Deletes a year's annual (admins): its quarters become the calendar quarters again. */
export const deleteAnnual = async (ctx: TenantContext, id: string) => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .delete(annuals)
    .where(and(inTenant(ctx), eq(annuals.id, id)))
    .returning({ id: annuals.id });
  if (!row) throw notFound();
  publishChange(ctx);
  return { id: row.id };
};

/** `saveQuartals`: any year (past ones too, for history); a calendar year when it runs Jan 1 – Dec 31. */
export const saveQuarterRecord = async (ctx: TenantContext, body: SaveQuarterRecord): Promise<QuarterRecord> => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { annuals: [body.id] });
  const { year, startQuartal1, startQuartal2, startQuartal3, startQuartal4, endQuartal4 } = body;
  const isCalendarYear = startQuartal1 === `${year}-01-01` && endQuartal4 === `${year}-12-31` ? '1' : '0';
  const dates: YearDates = {
    year,
    isCalendarYear,
    starts: [startQuartal1, startQuartal2, startQuartal3, startQuartal4],
    endDate: endQuartal4,
  };
  return toRecord(await saveYear(ctx, body.id, dates));
};

/**
 * The quarters that touch the days `since`–`until`, in order: a year's four periods when it has
 * an annual, the calendar quarters of a year that has none. Other features call this for their
 * period pickers and filters (calendar, goals, action items, KPIs). One statement.
 */
export const quartersBetween = async (db: Db, tenantId: string, since: IsoDate, until: IsoDate) => {
  const rows = await db
    .select()
    .from(annuals)
    .where(and(eq(annuals.tenantId, tenantId), lte(annuals.startDate, until), gte(annuals.endDate, since)))
    .orderBy(asc(annuals.year));
  const own = rows.map(datesOf);
  const quarters = own.flatMap((dates) => quartersOf(dates, false));
  // Calendar quarters fill the years without an annual, where no own period covers them.
  const covered = (day: IsoDate) => own.some((d) => d.starts[0] <= day && day <= d.endDate);
  for (let year = Number(since.slice(0, 4)) - 1; year <= Number(until.slice(0, 4)) + 1; year++) {
    if (own.some((d) => d.year === year)) continue;
    for (const quarter of quartersOf(defaultYearDates(year), true)) {
      if (!covered(quarter.startDate) && !covered(quarter.endDate)) quarters.push(quarter);
    }
  }
  return quarters
    .filter((q) => q.endDate >= since && q.startDate <= until)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
};

/** The quarter of a workspace with id 'YYYY-Qn' (its own period, or the calendar quarter). */
export const quarterById = async (db: Db, tenantId: string, quarterId: string): Promise<Quarter | undefined> => {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarterId);
  if (!match) return undefined;
  const year = Number(match[1]);
  const [row] = await db
    .select()
    .from(annuals)
    .where(and(eq(annuals.tenantId, tenantId), eq(annuals.year, year)));
  const quarters = row ? quartersOf(datesOf(row), false) : quartersOf(defaultYearDates(year), true);
  return quarters[Number(match[2]) - 1];
};
