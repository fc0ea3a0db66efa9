import { and, asc, count, eq, gte, lte, max, notExists, sql } from 'drizzle-orm';
import { kpiRemovedSessions, meetings, scoreCells, scores, sessions, users } from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { addDays, type IsoDate, utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import {
  KPI_RANGE_MAX_DAYS,
  KPI_SCORES_MAX,
  type KpiGoal,
  type KpiType,
  kpiFigures,
  kpiMet,
  kpiNumber,
  quarterOf,
  quarterRange,
} from '../../../shared/kpis.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { canManage, isParticipant, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { nextAndLastSessions } from '../../meetings/server/sessions.service.ts';
import { quarterById, quartersBetween } from '../../quarters/server/quarters.service.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type {
  CloneScore,
  CreateScore,
  DeletedColumn,
  SaveCell,
  Score,
  ScoreCell,
  Scorecard,
  ScorecardCell,
  ScorecardOwner,
  ScorecardQuery,
  ScorecardRow,
  UpdateScore,
} from '../kpis.schemas.ts';
import { addCellsForScore } from './cells.hooks.ts';
import {
  canDeleteScore,
  canEditScorecard,
  findEditableScorecard,
  findVisibleScore,
  type ScoreRow,
} from './kpis.access.ts';

// The scorecard (document 2 §2–§7, docs/decisions/015). Scores are rows of a meeting; cells are
// one per score and meeting date (see cells.hooks.ts for how they follow the sessions). The
// scorecard view is read in a constant number of statements whatever its size.

/** Days a range reaches when only one of its ends is given (13 weeks, an EOS quarter). */
const OPEN_RANGE_DAYS = 90;

export const toScore = (row: ScoreRow): Score => ({
  id: row.id,
  meetingId: row.meetingId,
  userId: row.userId,
  title: row.title,
  goal: row.goal as KpiGoal,
  score: row.score,
  units: row.units,
  type: row.type as KpiType,
  sort: row.sort,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  changedAt: row.changedAt.toISOString(),
  changedBy: row.changedBy,
});

export const cellId = (scoreId: string, sessionId: string) => `${scoreId}/${sessionId}`;

/**
 * A score's cells with a value or a note, as the scorecard reads them (raw SQL: snake_case): one
 * row a score, the cells' columns (1-based places in the range) and contents in step. A row per
 * score instead of per cell: a year of 100 scores is 100 rows, not 5,200, which the embedded
 * database hands over in a third of the time.
 */
interface FilledCellsRow {
  score_id: string;
  columns: number[];
  measured: (string | null)[];
  notes: (string | null)[];
}

interface CellRow {
  scoreId: string;
  sessionId: string;
  measured: string | null;
  note: string | null;
  changedAt: Date | null;
  changedBy: string | null;
}

const toCell = (score: Pick<ScoreRow, 'goal' | 'score'>, row: CellRow): ScoreCell => ({
  id: cellId(row.scoreId, row.sessionId),
  scoreId: row.scoreId,
  sessionId: row.sessionId,
  measured: row.measured,
  value: kpiNumber(row.measured),
  note: row.note,
  met: kpiMet(score.goal as KpiGoal, score.score, row.measured),
  changedAt: row.changedAt?.toISOString() ?? null,
  changedBy: row.changedBy,
});

const publishScore = (ctx: TenantContext, id: string, meetingId: string, action: 'created' | 'updated' | 'deleted') =>
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'kpi.score.changed', data: { id, meetingId, action } });

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
      score: input.score!,
      units: input.units,
      type: input.type,
      sort: (last?.sort ?? -1) + 1,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  await addCellsForScore(ctx.db, row!.id);
  publishScore(ctx, row!.id, meetingId, 'created');
  return toScore(row!);
};

/** `PATCH scores/{id}`. */
export const updateScore = async (ctx: TenantContext, id: string, input: UpdateScore): Promise<Score> => {
  const { score, meeting } = await findVisibleScore(ctx, id);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  if (input.userId !== undefined && input.userId !== score.userId) {
    await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.userId] });
    assertOwner(meeting, input.userId, score.userId);
  }
  const [row] = await ctx.db
    .update(scores)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.userId !== undefined ? { userId: input.userId } : {}),
      ...(input.goal !== undefined ? { goal: input.goal } : {}),
      ...(input.score !== undefined && input.score !== null ? { score: input.score } : {}),
      ...(input.units !== undefined ? { units: input.units } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(scores.id, score.id))
    .returning();
  publishScore(ctx, id, score.meetingId, 'updated');
  return toScore(row!);
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
      goal: input.goal ?? score.goal,
      score: input.score ?? score.score,
      units: input.units !== undefined ? input.units : score.units,
      type: input.type ?? score.type,
      sort: score.sort + 1,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning();
  await addCellsForScore(ctx.db, row!.id);
  publishScore(ctx, row!.id, score.meetingId, 'created');
  return toScore(row!);
};

/** `DELETE scores/{id}`: the score and its cells. */
export const deleteScore = async (ctx: TenantContext, id: string) => {
  const { score, meeting } = await findVisibleScore(ctx, id);
  if (!canDeleteScore(ctx, meeting, score)) throw forbidden();
  await ctx.db.delete(scores).where(eq(scores.id, score.id));
  publishScore(ctx, id, score.meetingId, 'deleted');
  return true;
};

/** `PUT meetings/{id}/scores/order`: every score of the meeting once, in the new order; one statement. */
export const orderScores = async (ctx: TenantContext, meetingId: string, ids: string[]): Promise<Score[]> => {
  await findEditableScorecard(ctx, meetingId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { scores: ids });
  const current = await ctx.db.select({ id: scores.id }).from(scores).where(eq(scores.meetingId, meetingId));
  const known = new Set(current.map((row) => row.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((scoreId) => known.has(scoreId))) {
    throw badRequest({ ids: kpisMessages.kpiOrderMismatch }, kpisMessages.kpiOrderMismatch);
  }
  const rows = await ctx.db
    .update(scores)
    .set({
      sort: sql`(array_position(${uuidArray(ids)}, ${scores.id}) - 1)`,
    })
    .where(eq(scores.meetingId, meetingId))
    .returning();
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'kpi.order.changed', data: { meetingId, ids } });
  return rows.sort((a, b) => a.sort - b.sort).map(toScore);
};

/** A meeting date of the score's meeting still on the scorecard; 404 otherwise. */
const findColumn = async (ctx: TenantContext, meetingId: string, sessionId: string) => {
  const [session] = await ctx.db
    .select({ id: sessions.id, removed: kpiRemovedSessions.sessionId })
    .from(sessions)
    .leftJoin(kpiRemovedSessions, eq(kpiRemovedSessions.sessionId, sessions.id))
    .where(and(eq(sessions.id, sessionId), eq(sessions.meetingId, meetingId), eq(sessions.tenantId, ctx.tenantId)));
  if (!session || session.removed) throw notFound();
  return session;
};

/** `PUT scores/{scoreId}/cells/{sessionId}` (saveScoreBoard): the value and/or the note. */
export const saveCell = async (
  ctx: TenantContext,
  scoreId: string,
  sessionId: string,
  input: SaveCell,
): Promise<ScoreCell> => {
  const { score, meeting } = await findVisibleScore(ctx, scoreId);
  if (!canEditScorecard(ctx, meeting)) throw forbidden();
  await findColumn(ctx, score.meetingId, sessionId);
  const patch = {
    ...(input.measured !== undefined ? { measured: input.measured } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    changedAt: new Date(),
    changedBy: ctx.userId,
  };
  const [row] = await ctx.db
    .insert(scoreCells)
    .values({ tenantId: ctx.tenantId, scoreId, sessionId, measured: null, note: null, ...patch })
    .onConflictDoUpdate({ target: [scoreCells.scoreId, scoreCells.sessionId], set: patch })
    .returning();
  const cell = toCell(score, row!);
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: score.meetingId,
    type: 'kpi.cell.changed',
    data: { meetingId: score.meetingId, cell },
  });
  return cell;
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

/**
 * The range asked for: a quarter of the workspace (its own periods from the Quarters page, or the
 * calendar quarter of a year without them, decision 043), dates (an open end reaches 90 days), or
 * the workspace's quarter holding the meeting's today. One statement for a quarter, none for dates.
 */
export const resolveRange = async (ctx: TenantContext, query: ScorecardQuery, today: IsoDate) => {
  if (query.quarterId || (!query.dateSince && !query.dateUntil)) {
    const quarter = query.quarterId
      ? await quarterById(ctx.db, ctx.tenantId, query.quarterId)
      : (await quartersBetween(ctx.db, ctx.tenantId, today, today)).find(
          (q) => q.startDate <= today && today <= q.endDate,
        );
    if (quarter) return { quarterId: quarter.id, dateSince: quarter.startDate, dateUntil: quarter.endDate };
    if (query.quarterId)
      throw badRequest({ quarterId: kpisMessages.kpiInvalidQuarter }, kpisMessages.kpiInvalidQuarter);
    // Today in no period (the days before a fiscal year that follows a year without periods):
    // the calendar quarter's dates, as a custom range.
    return { quarterId: null, ...quarterRange(quarterOf(today))! };
  }
  const dateSince = query.dateSince ?? addDays(query.dateUntil!, -OPEN_RANGE_DAYS);
  const dateUntil = query.dateUntil ?? addDays(query.dateSince!, OPEN_RANGE_DAYS);
  if (addDays(dateSince, KPI_RANGE_MAX_DAYS) < dateUntil) {
    throw badRequest({ dateUntil: kpisMessages.kpiRangeTooLong }, kpisMessages.kpiRangeTooLong);
  }
  return { quarterId: null, dateSince, dateUntil };
};

/**
 * `GET meetings/{id}/kpis` (getScoreBoard): the columns in the range, every score (of one owner
 * when asked) with one cell per column (null where empty), figures per score and per owner.
 * Eight statements (seven when asked by dates), whatever the number of scores and dates.
 */
export const getScorecard = async (
  ctx: TenantContext,
  meetingId: string,
  query: ScorecardQuery,
): Promise<Scorecard & { meetingTitle: string }> => {
  const meeting = await findEditableScorecard(ctx, meetingId);
  const [info] = await ctx.db
    .select({ title: meetings.title, timezone: meetings.timezone })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  const today = utcToZonedParts(new Date(), info!.timezone).date;
  const range = await resolveRange(ctx, query, today);

  const columns = await ctx.db
    .select({
      id: sessions.id,
      sessionDate: sessions.sessionDate,
      startsAt: sessions.startsAt,
      startedAt: sessions.startedAt,
      finishedAt: sessions.finishedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.meetingId, meetingId),
        gte(sessions.sessionDate, range.dateSince),
        lte(sessions.sessionDate, range.dateUntil),
        notExists(
          ctx.db.select({ one: sql`1` }).from(kpiRemovedSessions).where(eq(kpiRemovedSessions.sessionId, sessions.id)),
        ),
      ),
    )
    .orderBy(asc(sessions.startsAt));
  const { next } = await nextAndLastSessions(ctx.db, [meetingId], { withLast: false });
  const currentSessionId = next.get(meetingId)?.id ?? null;

  const scoreRows = await ctx.db
    .select()
    .from(scores)
    .where(and(eq(scores.meetingId, meetingId), query.userId ? eq(scores.userId, query.userId) : undefined))
    .orderBy(asc(scores.sort), asc(scores.createdAt));
  const columnIds = columns.map((c) => c.id);
  // Only cells with something in them travel (decision 019): their place in the row is their
  // column, and an empty cell is null.
  const cellRows =
    scoreRows.length === 0 || columns.length === 0
      ? []
      : (
          (await ctx.db.execute(sql`
            select score_id, array_agg(array_position(${uuidArray(columnIds)}, session_id)) as columns,
                array_agg(measured) as measured, array_agg(note) as notes
              from score_cells
              where ${anyOf(
                scoreCells.scoreId,
                scoreRows.map((s) => s.id),
              )} and ${anyOf(scoreCells.sessionId, columnIds)}
                and (measured is not null or note is not null)
              group by score_id`)) as unknown as { rows: FilledCellsRow[] }
        ).rows;
  const cellsOf = new Map(cellRows.map((row) => [row.score_id, row]));

  const personIds = new Set<string>([...meeting.leaderIds, ...meeting.memberIds]);
  for (const s of scoreRows) personIds.add(s.userId);
  const peopleRows =
    personIds.size === 0
      ? []
      : await ctx.db
          .select(personSummaryColumns)
          .from(users)
          .where(anyOf(users.id, [...personIds]))
          .orderBy(asc(users.firstName), asc(users.lastName));
  const people: PersonSummary[] = peopleRows.map(personSummary);

  const rows: ScorecardRow[] = scoreRows.map((score) => {
    const cells: (ScorecardCell | null)[] = new Array(columns.length).fill(null);
    const filled = cellsOf.get(score.id);
    filled?.columns.forEach((place, i) => {
      const measured = filled.measured[i] ?? null;
      const met = kpiMet(score.goal as KpiGoal, score.score, measured);
      cells[place - 1] = { measured, met, note: filled.notes[i] ?? null };
    });
    return {
      ...toScore(score),
      cells,
      ...kpiFigures(cells),
      canDelete: canDeleteScore(ctx, meeting, score),
    };
  });

  const owners = new Map<string, ScorecardOwner>();
  for (const row of rows) {
    const owner = owners.get(row.userId) ?? { userId: row.userId, scoreCount: 0, hits: 0, counted: 0 };
    owner.scoreCount += 1;
    owner.hits += row.hits;
    owner.counted += row.counted;
    owners.set(row.userId, owner);
  }
  const nameOrder = new Map(people.map((p, index) => [p.id, index]));
  const byName = (a: string, b: string) => (nameOrder.get(a) ?? 0) - (nameOrder.get(b) ?? 0);

  return {
    meetingId,
    meetingTitle: info!.title,
    quarterId: range.quarterId,
    dateSince: range.dateSince,
    dateUntil: range.dateUntil,
    sessions: columns.map((c) => ({
      id: c.id,
      sessionDate: c.sessionDate,
      startsAt: c.startsAt.toISOString(),
      startedAt: c.startedAt?.toISOString() ?? null,
      finishedAt: c.finishedAt?.toISOString() ?? null,
      isCurrent: c.id === currentSessionId,
    })),
    currentSessionId,
    scores: rows,
    owners: [...owners.values()].sort((a, b) => byName(a.userId, b.userId)),
    people,
    assignableUserIds: people
      .filter((p) => !p.deleted && isParticipant(p.id, meeting))
      .map((p) => p.id)
      .sort(byName),
    permissions: { canEdit: canEditScorecard(ctx, meeting), canDeleteColumns: canManage(ctx, meeting) },
  };
};
