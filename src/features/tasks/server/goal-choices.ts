import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { boardMeetings, goalCards, meetings, scores, taskMeetings, tasks } from '../../../db/schema/index.ts';
import { containsPattern, pageTotal, uuidArray, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { badRequest } from '../../../shared/errors.ts';
import type { KpiGoal } from '../../../shared/kpis.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import type { GoalCardChoices, GoalChoicesQuery, GoalKpiChoices } from '../milestones.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { activeSql } from './task-lists.service.ts';
import { findVisibleTask, participation, roomsOf, type TaskAccess } from './tasks.access.ts';

// What a goal's progress may count (decision 092), for the dialog that chooses it: the KPIs and
// the open cards of every meeting of the goal the caller sees (its own meetings and its board's),
// a page at a time, searched by title. One statement per list after the goal's access.

/** A goal the caller may see (404), and a goal (400 otherwise). */
const findGoal = async (ctx: TenantContext, goalId: string) => {
  const access = await findVisibleTask(ctx, goalId);
  if (access.task.type !== TASK_TYPE.goal) throw badRequest({}, tasksMessages.milestonesGoalsOnly);
  return access;
};

/** The goal's meetings the caller sees: those they lead or attend, every one for a workspace admin. */
const seenMeetings = async (ctx: TenantContext, access: TaskAccess) => {
  const all = roomsOf(access);
  if (ctx.isAdmin || all.length === 0) return all;
  const { participant } = await participation(ctx.db, ctx.userId, all);
  return all.filter((id) => participant.has(id));
};

const titleContains = (column: Parameters<typeof ilike>[0], q: string | undefined) =>
  q ? ilike(column, containsPattern(q)) : undefined;

/** `GET tasks/{id}/progress-choices/kpis`: by meeting title, then the scorecard's order. */
export const kpiChoices = async (
  ctx: TenantContext,
  goalId: string,
  query: GoalChoicesQuery,
): Promise<GoalKpiChoices> => {
  const ids = await seenMeetings(ctx, await findGoal(ctx, goalId));
  if (ids.length === 0) return { items: [], total: 0, offset: query.offset };
  const where = and(
    eq(scores.tenantId, ctx.tenantId),
    sql`${scores.meetingId} = any(${uuidArray(ids)})`,
    titleContains(scores.title, query.q),
  );
  const rows = await ctx.db
    .select({
      id: scores.id,
      title: scores.title,
      meetingId: scores.meetingId,
      meetingTitle: meetings.title,
      comparator: scores.goal,
      target: scores.score,
      total: windowTotal(),
    })
    .from(scores)
    .innerJoin(meetings, eq(meetings.id, scores.meetingId))
    .where(where)
    .orderBy(sql`lower(${meetings.title})`, asc(meetings.id), asc(scores.sort), asc(scores.createdAt), asc(scores.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(rows, query.offset, async () => ctx.db.$count(scores, where));
  return {
    items: rows.map(({ total: _, comparator, ...row }) => ({ ...row, comparator: comparator as KpiGoal })),
    total,
    offset: query.offset,
  };
};

/**
 * `GET tasks/{id}/progress-choices/cards`: open cards that are no goal, linked to one of those
 * meetings or on one of their boards (cards the caller sees, as they lead or attend the
 * meeting), by title; each with the goal it counts in now.
 */
export const cardChoices = async (
  ctx: TenantContext,
  goalId: string,
  query: GoalChoicesQuery,
): Promise<GoalCardChoices> => {
  const ids = await seenMeetings(ctx, await findGoal(ctx, goalId));
  if (ids.length === 0) return { items: [], total: 0, offset: query.offset };
  const meetingIds = uuidArray(ids);
  const where = and(
    eq(tasks.tenantId, ctx.tenantId),
    ne(tasks.type, TASK_TYPE.goal),
    activeSql,
    // Each side reads by key: the meetings' links gathered first, then the cards by id or board.
    or(
      sql`${tasks.id} = any(array(select ${taskMeetings.taskId} from ${taskMeetings} where ${taskMeetings.meetingId} = any(${meetingIds})))`,
      sql`${tasks.boardId} = any(array(select ${boardMeetings.boardId} from ${boardMeetings} where ${boardMeetings.meetingId} = any(${meetingIds})))`,
    ),
    titleContains(tasks.title, query.q),
  );
  const rows = await ctx.db
    .select({ id: tasks.id, title: tasks.title, countsInGoalId: goalCards.goalId, total: windowTotal() })
    .from(tasks)
    .leftJoin(goalCards, eq(goalCards.cardId, tasks.id))
    .where(where)
    .orderBy(sql`lower(${tasks.title})`, asc(tasks.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(rows, query.offset, async () => ctx.db.$count(tasks, where));
  return { items: rows.map(({ total: _, ...row }) => row), total, offset: query.offset };
};
