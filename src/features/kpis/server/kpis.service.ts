import { and, count, eq, getTableColumns, max, sql } from 'drizzle-orm';
import { kpiRemovedSessions, scoreCells, scores, sessions } from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import {
  KPI_SCORES_MAX,
  type KpiFrequency,
  type KpiScoreGoal,
  type KpiType,
  kpiMetOn,
  kpiNumber,
} from '../../../shared/kpis.ts';
import { canManage, isParticipant, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import type { KpiDisplay } from '../kpis.figures.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type {
  CloneScore,
  CreateScore,
  DeletedColumn,
  GoalPeriod,
  SaveCell,
  SavedCell,
  Score,
  ScoreCell,
  UpdateScore,
} from '../kpis.schemas.ts';
import { addCellsForScore } from './cells.hooks.ts';
import { fedSource, fedValueOn } from './fed-values.ts';
import { assertFrequencyUnused, checkFormula, recomputeAfter } from './formulas.service.ts';
import { goalPeriodsOf, writeGoalPeriods } from './goals.service.ts';
import {
  canDeleteScore,
  canEditScorecard,
  findEditableScorecard,
  findVisibleScore,
  type ScoreRow,
} from './kpis.access.ts';
import { targetsAs, valueAs } from './units.ts';

// The scorecard's writes (document 2 §2–§7, docs/decisions/015). Scores are rows of a meeting;
// cells are one per score and meeting date (see cells.hooks.ts for how they follow the
// sessions). The view is scorecard.service.ts; formulas are formulas.service.ts.

export const toScore = (row: ScoreRow, goalPeriods: GoalPeriod[] = []): Score => ({
  id: row.id,
  meetingId: row.meetingId,
  userId: row.userId,
  title: row.title,
  goal: row.goal as KpiScoreGoal,
  score: row.score,
  scoreMax: row.scoreMax,
  goalPeriods,
  units: row.units,
  type: row.type as KpiType,
  formula: row.formula,
  display: row.display as KpiDisplay,
  rollingPeriods: row.rollingPeriods,
  frequency: row.frequency as KpiFrequency,
  sort: row.sort,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  changedAt: row.changedAt.toISOString(),
  changedBy: row.changedBy,
});

export const cellId = (scoreId: string, sessionId: string) => `${scoreId}/${sessionId}`;

interface CellRow {
  scoreId: string;
  sessionId: string;
  measured: string | null;
  note: string | null;
  changedAt: Date | null;
  changedBy: string | null;
}

/** A score's own goal, as the colour rule reads it. */
export const ownGoal = (score: Pick<ScoreRow, 'goal' | 'score' | 'scoreMax'>) => ({
  goal: score.goal as KpiScoreGoal,
  score: score.score,
  scoreMax: score.scoreMax,
});

const toCell = (
  score: Pick<ScoreRow, 'goal' | 'score' | 'scoreMax'>,
  row: CellRow,
  periods: GoalPeriod[],
  date: IsoDate,
): ScoreCell => ({
  id: cellId(row.scoreId, row.sessionId),
  scoreId: row.scoreId,
  sessionId: row.sessionId,
  measured: row.measured,
  value: kpiNumber(row.measured),
  note: row.note,
  met: kpiMetOn(ownGoal(score), periods, date, row.measured),
  changedAt: row.changedAt?.toISOString() ?? null,
  changedBy: row.changedBy,
});

const publishScore = (ctx: TenantContext, id: string, meetingId: string, action: 'created' | 'updated' | 'deleted') =>
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'kpi.score.changed', data: { id, meetingId, action } });

/** Integers as a SQL int array. */
const intArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::int`),
    sql`, `,
  )}]::int[]`;

/** The owner must be a leader or member of the meeting (an owner already set may stay). */
const assertOwner = (meeting: MeetingAccess, userId: string, current?: string) => {
  if (userId === current) return;
  if (!isParticipant(userId, meeting)) {
    throw badRequest({ userId: kpisMessages.kpiOwnerNotInMeeting }, kpisMessages.kpiOwnerNotInMeeting);
  }
};

const assertRoom = async (ctx: TenantContext, meetingId: string, adding = 1) => {
  const [row] = await ctx.db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meetingId));
  if ((row?.n ?? 0) + adding > KPI_SCORES_MAX)
    throw badRequest({ title: kpisMessages.kpiTooManyScores }, kpisMessages.kpiTooManyScores);
};

/** `POST meetings/{id}/scores`: a new score at the end, with an empty cell on every meeting date. */
export const createScore = async (ctx: TenantContext, meetingId: string, input: CreateScore): Promise<Score> => {
  const meeting = await findEditableScorecard(ctx, meetingId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.userId] });
  assertOwner(meeting, input.userId);
  await assertRoom(ctx, meetingId);
  const target = targetsAs(input.type, input);
  const goalPeriods = input.goalPeriods?.map((period, i) => targetsAs(input.type, period, `goalPeriods.${i}.`));
  const formula = input.formula ? await checkFormula(ctx, meetingId, null, input.formula, input.frequency) : null;
  const [last] = await ctx.db
    .select({ sort: max(scores.sort) })
    .from(scores)
    .where(eq(scores.meetingId, meetingId));
  const [row] = await ctx.db
    .insert(scores)
    .values({
      tenantId: ctx.tenantId,
      meetingId,
      userId: input.userId,
      title: input.title,
      goal: input.goal,
      score: target.score!,
      scoreMax: input.goal === 'between' ? (target.scoreMax ?? null) : null,
      units: input.units,
      type: input.type,
      formula,
      display: input.display,
      rollingPeriods: input.rollingPeriods,
      frequency: input.frequency,
      sort: (last?.sort ?? -1) + 1,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  if (input.frequency === 'weekly') await addCellsForScore(ctx.db, row!.id);
  const periods = goalPeriods ? await writeGoalPeriods(ctx, row!.id, goalPeriods) : [];
  publishScore(ctx, row!.id, meetingId, 'created');
  return toScore(row!, periods);
};

/** `PATCH scores/{id}`. */
export const updateScore = async (ctx: TenantContext, id: string, input: UpdateScore): Promise<Score> => {
  const { score, meeting } = await findVisibleScore(ctx, id);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  if (input.userId !== undefined && input.userId !== score.userId) {
    await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.userId] });
    assertOwner(meeting, input.userId, score.userId);
  }
  const frequency = input.frequency ?? (score.frequency as KpiFrequency);
  if (frequency !== score.frequency) await assertFrequencyUnused(ctx, score.meetingId, score.id, frequency);
  const formulaText = input.formula !== undefined ? input.formula : score.formula;
  const formula =
    formulaText && (input.formula || frequency !== score.frequency)
      ? await checkFormula(ctx, score.meetingId, score.id, formulaText, frequency)
      : input.formula;
  // The targets in the (new) unit; a range needs both ends, the upper not below the lower,
  // whichever of them this edit sends.
  const type = input.type ?? (score.type as KpiType);
  const goal = input.goal ?? score.goal;
  const target = targetsAs(type, {
    goal,
    score: input.score ?? score.score,
    scoreMax: goal === 'between' ? (input.scoreMax !== undefined ? input.scoreMax : score.scoreMax) : null,
  });
  const scoreMax = target.scoreMax ?? null;
  const goalPeriods = input.goalPeriods?.map((period, i) => targetsAs(type, period, `goalPeriods.${i}.`));
  const [row] = await ctx.db
    .update(scores)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.userId !== undefined ? { userId: input.userId } : {}),
      ...(input.goal !== undefined ? { goal: input.goal } : {}),
      ...(input.score !== undefined && input.score !== null ? { score: target.score! } : {}),
      ...(input.units !== undefined ? { units: input.units } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      scoreMax,
      ...(formula !== undefined ? { formula } : {}),
      ...(input.display !== undefined ? { display: input.display } : {}),
      ...(input.rollingPeriods !== undefined ? { rollingPeriods: input.rollingPeriods } : {}),
      frequency,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(scores.id, score.id))
    .returning();
  if (frequency === 'weekly' && score.frequency !== 'weekly') await addCellsForScore(ctx.db, id);
  const periods = goalPeriods
    ? await writeGoalPeriods(ctx, id, goalPeriods)
    : ((await goalPeriodsOf(ctx, [id])).get(id) ?? []);
  publishScore(ctx, id, score.meetingId, 'updated');
  return toScore(row!, periods);
};

/** `POST scores/{id}/clone`: a copy (with the changes given) right after the original; its cells start empty. */
export const cloneScore = async (ctx: TenantContext, id: string, input: CloneScore): Promise<Score> => {
  const { score, meeting } = await findVisibleScore(ctx, id);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  const owner = input.userId ?? score.userId;
  if (owner !== score.userId) {
    await assertInWorkspace(ctx.db, ctx.tenantId, { users: [owner] });
    assertOwner(meeting, owner);
  }
  await assertRoom(ctx, score.meetingId);
  const frequency = input.frequency ?? (score.frequency as KpiFrequency);
  const type = input.type ?? (score.type as KpiType);
  const goal = input.goal ?? score.goal;
  const target = targetsAs(type, {
    goal,
    score: input.score ?? score.score,
    scoreMax: goal === 'between' ? (input.scoreMax ?? score.scoreMax) : null,
  });
  // The copy is a new score: nothing refers to it yet, so its formula cannot make a cycle.
  const formulaText = input.formula !== undefined ? input.formula : score.formula;
  const formula = formulaText ? await checkFormula(ctx, score.meetingId, null, formulaText, frequency) : null;
  const givenPeriods = input.goalPeriods?.map((period, i) => targetsAs(type, period, `goalPeriods.${i}.`));
  await ctx.db
    .update(scores)
    .set({ sort: sql`${scores.sort} + 1` })
    .where(and(eq(scores.meetingId, score.meetingId), sql`${scores.sort} > ${score.sort}`));
  const [row] = await ctx.db
    .insert(scores)
    .values({
      tenantId: ctx.tenantId,
      meetingId: score.meetingId,
      userId: owner,
      title: input.title ?? score.title,
      goal,
      score: target.score!,
      scoreMax: target.scoreMax ?? null,
      units: input.units !== undefined ? input.units : score.units,
      type,
      formula,
      display: input.display ?? score.display,
      rollingPeriods: input.rollingPeriods ?? score.rollingPeriods,
      frequency,
      sort: score.sort + 1,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  if (frequency === 'weekly') await addCellsForScore(ctx.db, row!.id);
  const periods = await writeGoalPeriods(
    ctx,
    row!.id,
    givenPeriods ?? (await goalPeriodsOf(ctx, [score.id])).get(score.id) ?? [],
  );
  publishScore(ctx, row!.id, score.meetingId, 'created');
  return toScore(row!, periods);
};

/** `DELETE scores/{id}`: the score and its cells. */
export const deleteScore = async (ctx: TenantContext, id: string) => {
  const { score, meeting } = await findVisibleScore(ctx, id);
  if (!canDeleteScore(ctx, meeting, score)) throw forbidden();
  await ctx.db.delete(scores).where(eq(scores.id, score.id));
  publishScore(ctx, id, score.meetingId, 'deleted');
  return true;
};

/**
 * `PUT meetings/{id}/scores/order`: every score of the meeting once, in the new order; or every
 * score of one frequency (a scorecard tab), which then take each other's places. One statement.
 */
export const orderScores = async (ctx: TenantContext, meetingId: string, ids: string[]): Promise<Score[]> => {
  await findEditableScorecard(ctx, meetingId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { scores: ids });
  const current = await ctx.db
    .select({ id: scores.id, frequency: scores.frequency, sort: scores.sort })
    .from(scores)
    .where(eq(scores.meetingId, meetingId));
  const given = new Set(ids);
  const complete = (set: readonly { id: string }[]) =>
    given.size === ids.length && ids.length === set.length && set.every((row) => given.has(row.id));
  const frequency = current.find((row) => row.id === ids[0])?.frequency;
  const tab = current.filter((row) => row.frequency === frequency);
  if (!complete(current) && !complete(tab)) {
    throw badRequest({ ids: kpisMessages.kpiOrderMismatch }, kpisMessages.kpiOrderMismatch);
  }
  // The places the moved scores held, in order: a tab's scores keep the other tabs' places.
  const slots = (complete(current) ? current.map((_row, index) => index) : tab.map((row) => row.sort)).sort(
    (a, b) => a - b,
  );
  const rows = await ctx.db
    .update(scores)
    .set({
      sort: sql`(${intArray(slots)})[array_position(${uuidArray(ids)}, ${scores.id})]`,
    })
    .where(and(eq(scores.meetingId, meetingId), anyOf(scores.id, ids)))
    .returning();
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'kpi.order.changed', data: { meetingId, ids } });
  const periods = await goalPeriodsOf(ctx, ids);
  return rows.sort((a, b) => a.sort - b.sort).map((row) => toScore(row, periods.get(row.id)));
};

/** A meeting date of the score's meeting still on the scorecard; 404 otherwise. */
const findColumn = async (ctx: TenantContext, meetingId: string, sessionId: string) => {
  const [session] = await ctx.db
    .select({ id: sessions.id, sessionDate: sessions.sessionDate, removed: kpiRemovedSessions.sessionId })
    .from(sessions)
    .leftJoin(kpiRemovedSessions, eq(kpiRemovedSessions.sessionId, sessions.id))
    .where(and(eq(sessions.id, sessionId), eq(sessions.meetingId, meetingId), eq(sessions.tenantId, ctx.tenantId)));
  if (!session || session.removed) throw notFound();
  return session;
};

/**
 * `PUT scores/{scoreId}/cells/{sessionId}` (saveScoreBoard): the value and/or the note. `measured`
 * may be typed text ('1:30', 'Yes'): it is read in the measurable's unit (400 otherwise).
 */
export const saveCell = async (
  ctx: TenantContext,
  scoreId: string,
  sessionId: string,
  input: SaveCell,
): Promise<SavedCell> => {
  const { score, meeting } = await findVisibleScore(ctx, scoreId);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  const column = await findColumn(ctx, score.meetingId, sessionId);
  if (score.formula !== null)
    throw badRequest({ measured: kpisMessages.kpiFormulaReadOnly }, kpisMessages.kpiFormulaReadOnly);
  if (score.frequency !== 'weekly')
    throw badRequest({ sessionId: kpisMessages.kpiPeriodOnly }, kpisMessages.kpiPeriodOnly);
  const measured = valueAs(score.type as KpiType, input.measured, 'measured');
  return writeCell(ctx, score, column, {
    ...(measured !== undefined ? { measured } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    changedBy: ctx.userId,
  });
};

/** What writes a cell: a person's request, or another system's value through a feed. */
export type CellWriter = Pick<TenantContext, 'db' | 'tenantId' | 'publish'>;

/**
 * Writes a weekly cell's value and/or note (`changedBy` null: a feed's value) and tells the
 * meeting's room, with the formula cells the value changes. The caller has checked who may.
 */
export const writeCell = async (
  ctx: CellWriter,
  score: ScoreRow,
  column: { id: string; sessionDate: IsoDate },
  input: { measured?: string | null; note?: string | null; changedBy: string | null },
): Promise<SavedCell> => {
  const { measured, note, changedBy } = input;
  const patch = {
    ...(measured !== undefined ? { measured } : {}),
    ...(note !== undefined ? { note } : {}),
    changedAt: new Date(),
    changedBy,
  };
  const [row] = await ctx.db
    .insert(scoreCells)
    .values({ tenantId: ctx.tenantId, scoreId: score.id, sessionId: column.id, measured: null, note: null, ...patch })
    .onConflictDoUpdate({ target: [scoreCells.scoreId, scoreCells.sessionId], set: patch })
    .returning({ ...getTableColumns(scoreCells), fed: fedValueOn(score.id, column.sessionDate) });
  const periods = (await goalPeriodsOf(ctx, [score.id])).get(score.id) ?? [];
  const cell = { ...toCell(score, row!, periods, column.sessionDate), ...fedSource(row!.fed, changedBy === null) };
  const computed = measured !== undefined ? await recomputeAfter(ctx, score.meetingId, score.id, column.id) : [];
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: score.meetingId,
    type: 'kpi.cell.changed',
    data: { meetingId: score.meetingId, cell, computed },
  });
  return { ...cell, computed };
};

/**
 * `DELETE meetings/{id}/kpis/sessions/{sessionId}` (Delete meeting date): the column leaves the
 * scorecard with its cells; the meeting keeps the session. Leaders and workspace admins.
 */
export const deleteColumn = async (
  ctx: TenantContext,
  meetingId: string,
  sessionId: string,
): Promise<DeletedColumn> => {
  const meeting = await findEditableScorecard(ctx, meetingId);
  await findColumn(ctx, meetingId, sessionId);
  if (!canManage(ctx, meeting)) throw forbidden();
  const deleted = await ctx.db
    .delete(scoreCells)
    .where(eq(scoreCells.sessionId, sessionId))
    .returning({ scoreId: scoreCells.scoreId });
  await ctx.db
    .insert(kpiRemovedSessions)
    .values({ sessionId, tenantId: ctx.tenantId, meetingId, removedBy: ctx.userId })
    .onConflictDoNothing();
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'kpi.column.deleted', data: { meetingId, sessionId } });
  return { sessionId, cellsDeleted: deleted.length };
};
