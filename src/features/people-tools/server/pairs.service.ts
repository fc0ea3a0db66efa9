import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { oneOnOnePairs, oneOnOnes, users } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary } from '../../../server/people.ts';
import { addDays, type IsoDate, utcToZonedParts, zonedTimeToUtc } from '../../../shared/dates.ts';
import { conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import type { CreatePair, Pair, Pairs, UpdatePair } from '../people-tools.schemas.ts';
import { assertPairWrite, type PairRow, pairAccess, publishToPair, roleIn } from './pairs.policy.ts';
import { readReporting } from './reporting.service.ts';

// Manager–report pairs and their weekly schedule (a start date, a local time and time zone,
// every n weeks: it stays at 09:00 local across daylight-saving changes, as a meeting does).

const managers = alias(users, 'managers');
const reports = alias(users, 'reports');

const person = (table: typeof managers | typeof reports) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  image: table.image,
  deletedAt: table.deletedAt,
});

/** The first scheduled date on or after `from` (local dates). */
export const scheduledOnOrAfter = (pair: Pick<PairRow, 'startDate' | 'repeatWeeks'>, from: IsoDate): IsoDate => {
  if (from <= pair.startDate) return pair.startDate;
  const days = Math.round((Date.parse(from) - Date.parse(pair.startDate)) / 86_400_000);
  const period = 7 * pair.repeatWeeks;
  return addDays(pair.startDate, Math.ceil(days / period) * period);
};

/** The local date the pair's next 1:1 falls on, as of now, skipping one already finished today. */
export const nextDate = (pair: PairRow, finishedOn: IsoDate | null, now = new Date()): IsoDate => {
  const today = utcToZonedParts(now, pair.timezone).date;
  const next = scheduledOnOrAfter(pair, today);
  return finishedOn !== null && finishedOn >= next ? scheduledOnOrAfter(pair, addDays(finishedOn, 1)) : next;
};

// Written with the table's name: drizzle leaves columns unqualified in a one-table select.
const PAIR_ID = sql.raw('"one_on_one_pairs"."id"');

const pairColumns = {
  pair: oneOnOnePairs,
  manager: person(managers),
  report: person(reports),
  lastHeldOn: sql<
    string | null
  >`(select max(o.held_on)::text from one_on_ones o where o.pair_id = ${PAIR_ID} and o.finished_at is not null)`,
  liveId: sql<
    string | null
  >`(select o.id from one_on_ones o where o.pair_id = ${PAIR_ID} and o.started_at is not null and o.finished_at is null limit 1)`,
};

type PairListRow = {
  pair: PairRow;
  manager: Parameters<typeof personSummary>[0];
  report: Parameters<typeof personSummary>[0];
  lastHeldOn: string | null;
  liveId: string | null;
};

const toPair = (ctx: TenantContext, row: PairListRow): Pair => {
  const next = nextDate(row.pair, row.lastHeldOn);
  return {
    id: row.pair.id,
    manager: personSummary(row.manager),
    report: personSummary(row.report),
    role: roleIn(ctx, row.pair) ?? 'admin',
    startDate: row.pair.startDate,
    startTime: row.pair.startTime,
    timezone: row.pair.timezone,
    repeatWeeks: row.pair.repeatWeeks,
    sharedWithAdmins: row.pair.sharedWithAdmins,
    nextAt: zonedTimeToUtc(next, row.pair.startTime, row.pair.timezone).toISOString(),
    lastHeldOn: row.lastHeldOn,
    liveId: row.liveId,
  };
};

const selectPairs = (ctx: TenantContext, where: SQL | undefined) =>
  ctx.db
    .select({ ...pairColumns, total: windowTotal() })
    .from(oneOnOnePairs)
    .innerJoin(managers, eq(managers.id, oneOnOnePairs.managerId))
    .innerJoin(reports, eq(reports.id, oneOnOnePairs.reportId))
    .where(and(eq(oneOnOnePairs.tenantId, ctx.tenantId), where));

/** The caller's pairs (as manager or report); an admin sees every pair of the workspace, without content. */
export const listPairs = async (ctx: TenantContext, page: { offset: number; limit: number }): Promise<Pairs> => {
  const mine = or(eq(oneOnOnePairs.managerId, ctx.userId), eq(oneOnOnePairs.reportId, ctx.userId));
  const whose = ctx.isAdmin ? undefined : mine;
  const rows = await selectPairs(ctx, whose)
    .orderBy(
      sql`(${oneOnOnePairs.managerId} = ${ctx.userId} or ${oneOnOnePairs.reportId} = ${ctx.userId}) desc`,
      asc(reports.firstName),
      asc(reports.lastName),
      asc(oneOnOnePairs.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const total = await pageTotal(rows, page.offset, async () =>
    Number(
      (
        await ctx.db
          .select({ n: count() })
          .from(oneOnOnePairs)
          .where(and(eq(oneOnOnePairs.tenantId, ctx.tenantId), whose))
      )[0]?.n ?? 0,
    ),
  );
  return { items: rows.map((row) => toPair(ctx, row)), total };
};

export const getPair = async (ctx: TenantContext, pairId: string): Promise<Pair> => {
  await pairAccess(ctx, pairId);
  const [row] = await selectPairs(ctx, eq(oneOnOnePairs.id, pairId));
  if (!row) throw notFound();
  return toPair(ctx, row);
};

/**
 * A manager schedules a 1:1 with a person who reports to them (by the reporting lines); an admin
 * may schedule it for any manager and their report.
 */
export const createPair = async (ctx: TenantContext, input: CreatePair): Promise<Pair> => {
  const managerId = input.managerId ?? ctx.userId;
  if (managerId !== ctx.userId && !ctx.isAdmin) throw forbidden();
  const { lines } = await readReporting(ctx);
  const line = lines.get(input.reportId);
  if (!line || !lines.has(managerId)) throw notFound();
  if (line.manager?.id !== managerId)
    throw conflict(peopleToolsMessages.notYourReport, { reportId: peopleToolsMessages.notYourReport });
  const [row] = await ctx.db
    .insert(oneOnOnePairs)
    .values({
      tenantId: ctx.tenantId,
      managerId,
      reportId: input.reportId,
      startDate: input.startDate,
      startTime: input.startTime,
      timezone: input.timezone,
      repeatWeeks: input.repeatWeeks,
      createdBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning({ id: oneOnOnePairs.id });
  if (!row) throw conflict(peopleToolsMessages.pairExists);
  publishToPair(ctx, { managerId, reportId: input.reportId }, 'peopleTools.oneOnOneChanged', {
    pairId: row.id,
    oneOnOneId: null,
  });
  return getPair(ctx, row.id);
};

/** The pair changes its schedule; only the report shares the pair's content with admins (decision 110). */
export const updatePair = async (ctx: TenantContext, pairId: string, input: UpdatePair): Promise<Pair> => {
  const access = await pairAccess(ctx, pairId);
  assertPairWrite(access);
  if (input.sharedWithAdmins !== undefined && access.role !== 'report')
    throw forbidden(peopleToolsMessages.onlyReportShares);
  await ctx.db
    .update(oneOnOnePairs)
    .set(input)
    .where(and(eq(oneOnOnePairs.tenantId, ctx.tenantId), eq(oneOnOnePairs.id, pairId)));
  publishToPair(ctx, access.pair, 'peopleTools.oneOnOneChanged', { pairId, oneOnOneId: null });
  return getPair(ctx, pairId);
};

/**
 * The pair's current 1:1: the one live now, or the next scheduled one, made now if it was not
 * yet (the same date twice makes it once: the pair and date are unique).
 */
export const upcomingOneOnOne = async (ctx: TenantContext, pairId: string): Promise<{ id: string }> => {
  const access = await pairAccess(ctx, pairId);
  assertPairWrite(access);
  const [state] = await ctx.db
    .select({
      liveId: pairColumns.liveId,
      lastHeldOn: pairColumns.lastHeldOn,
    })
    .from(oneOnOnePairs)
    .where(eq(oneOnOnePairs.id, pairId));
  if (state?.liveId) return { id: state.liveId };
  const heldOn = nextDate(access.pair, state?.lastHeldOn ?? null);
  await ctx.db
    .insert(oneOnOnes)
    .values({
      tenantId: ctx.tenantId,
      pairId,
      heldOn,
      startsAt: zonedTimeToUtc(heldOn, access.pair.startTime, access.pair.timezone),
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ id: oneOnOnes.id })
    .from(oneOnOnes)
    .where(and(eq(oneOnOnes.pairId, pairId), eq(oneOnOnes.heldOn, heldOn)));
  return { id: row!.id };
};
