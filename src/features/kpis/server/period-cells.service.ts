import { and, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { scorePeriodCells } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { badRequest, forbidden } from '../../../shared/errors.ts';
import { type KpiType, kpiMetOn, kpiNumber } from '../../../shared/kpis.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { PeriodCell, PeriodCellPage, PeriodCellsQuery, SaveCell, SavedCell } from '../kpis.schemas.ts';
import { fedSource, fedValueOn } from './fed-values.ts';
import { goalPeriodsOf } from './goals.service.ts';
import { canEditScorecard, findVisibleScore, type ScoreRow } from './kpis.access.ts';
import { type CellWriter, cellId, ownGoal } from './kpis.service.ts';
import { type KpiPeriod, type PeriodFrequency, periodKind, periodStartingOn, periodsBetween } from './periods.ts';
import { valueAs } from './units.ts';

// Values of monthly and quarterly measurables (docs/decisions/118): one row per score and
// period, written when a value or note is first saved. The same rules as a meeting date's cell
// (who may write, the unit, the colour on the period's first day), and a sibling event.

type PeriodRow = typeof scorePeriodCells.$inferSelect;

const toPeriodCell = (
  score: Pick<ScoreRow, 'goal' | 'score' | 'scoreMax'>,
  row: PeriodRow,
  period: KpiPeriod,
  goals: Parameters<typeof kpiMetOn>[1],
): PeriodCell => ({
  id: cellId(row.scoreId, row.periodStart),
  scoreId: row.scoreId,
  sessionId: row.periodStart,
  periodStart: row.periodStart,
  periodEnd: period.end,
  periodKind: row.periodKind as 'month' | 'quarter',
  measured: row.measured,
  value: kpiNumber(row.measured),
  note: row.note,
  met: kpiMetOn(ownGoal(score), goals, row.periodStart, row.measured),
  changedAt: row.changedAt.toISOString(),
  changedBy: row.changedBy,
});

/** A monthly or quarterly score the caller may see (404 otherwise), 400 for a weekly one. */
const findPeriodScore = async (ctx: TenantContext, scoreId: string) => {
  const found = await findVisibleScore(ctx, scoreId);
  if (found.score.frequency === 'weekly')
    throw badRequest({ periodStart: kpisMessages.kpiWeeklyOnly }, kpisMessages.kpiWeeklyOnly);
  return { ...found, frequency: found.score.frequency as PeriodFrequency };
};

/**
 * `PUT scores/{scoreId}/periods/{periodStart}`: the value and/or the note of a monthly or
 * quarterly measurable for the period starting that day. `measured` is read in the measurable's
 * unit ('1:30', 'Yes'); a field left out stays as it is, null clears it. The shape of `saveCell`,
 * so a caller holding a value and a date (an import, a feed) writes either the same way.
 */
export const savePeriodCell = async (
  ctx: TenantContext,
  scoreId: string,
  periodStart: IsoDate,
  input: SaveCell,
): Promise<SavedCell & PeriodCell> => {
  const { score, meeting, frequency } = await findPeriodScore(ctx, scoreId);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  if (score.formula !== null)
    throw badRequest({ measured: kpisMessages.kpiFormulaReadOnly }, kpisMessages.kpiFormulaReadOnly);
  const period = await periodStartingOn(ctx, frequency, periodStart);
  const measured = valueAs(score.type as KpiType, input.measured, 'measured');
  return writePeriodCell(ctx, score, frequency, period, {
    ...(measured !== undefined ? { measured } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    changedBy: ctx.userId,
  });
};

/**
 * Writes a period's value and/or note (`changedBy` null: a feed's value) and tells the meeting's
 * room. The caller has checked who may, and read the value in the measurable's unit.
 */
export const writePeriodCell = async (
  ctx: CellWriter,
  score: ScoreRow,
  frequency: PeriodFrequency,
  period: KpiPeriod,
  input: { measured?: string | null; note?: string | null; changedBy: string | null },
): Promise<SavedCell & PeriodCell> => {
  const { measured, note, changedBy } = input;
  const patch = {
    ...(measured !== undefined ? { measured } : {}),
    ...(note !== undefined ? { note } : {}),
    periodKind: periodKind(frequency),
    changedAt: new Date(),
    changedBy,
  };
  const [row] = await ctx.db
    .insert(scorePeriodCells)
    .values({
      tenantId: ctx.tenantId,
      scoreId: score.id,
      periodStart: period.start,
      measured: null,
      note: null,
      ...patch,
    })
    .onConflictDoUpdate({ target: [scorePeriodCells.scoreId, scorePeriodCells.periodStart], set: patch })
    .returning({ ...getTableColumns(scorePeriodCells), fed: fedValueOn(score.id, period.start) });
  const goals = (await goalPeriodsOf(ctx, [score.id])).get(score.id) ?? [];
  const cell = { ...toPeriodCell(score, row!, period, goals), ...fedSource(row!.fed, changedBy === null) };
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: score.meetingId,
    type: 'kpi.period.changed',
    data: { meetingId: score.meetingId, frequency, cell },
  });
  // Formula cells of periods are read with the scorecard (clients refetch it when it has any).
  return { ...cell, computed: [] };
};

/** `GET scores/{id}/periods`: the saved values of a monthly or quarterly score, newest first, paged. */
export const listPeriodCells = async (
  ctx: TenantContext,
  scoreId: string,
  query: PeriodCellsQuery,
): Promise<PeriodCellPage> => {
  const { score, frequency } = await findPeriodScore(ctx, scoreId);
  const filter = and(
    eq(scorePeriodCells.scoreId, scoreId),
    eq(scorePeriodCells.tenantId, ctx.tenantId),
    query.dateSince ? gte(scorePeriodCells.periodStart, query.dateSince) : undefined,
    query.dateUntil ? lte(scorePeriodCells.periodStart, query.dateUntil) : undefined,
  );
  const rows = await ctx.db
    .select({ cell: scorePeriodCells, total: sql<number>`(count(*) over ())::int` })
    .from(scorePeriodCells)
    .where(filter)
    .orderBy(desc(scorePeriodCells.periodStart))
    .offset(query.offset)
    .limit(query.limit);
  const goals = (await goalPeriodsOf(ctx, [scoreId])).get(scoreId) ?? [];
  const first = rows.at(-1)?.cell.periodStart;
  const last = rows[0]?.cell.periodStart;
  const periods =
    first && last ? new Map((await periodsBetween(ctx, frequency, first, last)).map((p) => [p.start, p])) : new Map();
  const items = rows.map(({ cell }) => {
    // A value kept from a quarter the workspace has since redrawn: its period ends before the next.
    const period: KpiPeriod = periods.get(cell.periodStart) ?? {
      start: cell.periodStart,
      end: cell.periodStart,
      label: cell.periodStart,
    };
    return toPeriodCell(score, cell, period, goals);
  });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(scorePeriodCells).where(filter);
    total = counted?.n ?? 0;
  }
  return { items, total, offset: query.offset };
};
