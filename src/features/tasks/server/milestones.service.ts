import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { goalMilestones, tasks } from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import {
  type CreateMilestone,
  MILESTONES_MAX,
  type Milestone,
  type Milestones,
  MY_MILESTONES_MAX,
  type MyMilestones,
  type SetProgressSources,
  type UpdateMilestone,
} from '../milestones.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { combinedProgress, progressSources, setProgressSources } from './goal-progress.ts';
import { activeSql, notAllMeetingsHidden } from './task-lists.service.ts';
import { findVisibleTask, type TaskAccess, visibleTasksSql } from './tasks.access.ts';
import { notifyMilestoneOwner } from './tasks.notify.ts';
import { publishTaskPart } from './tasks.write.ts';

// A goal's milestones: whoever may work on the goal adds, edits, ticks and orders them. Their
// owner is someone of the goal's meetings (or, on a goal of no meeting, its owner or members);
// a milestone is due on or before the goal.

type Row = typeof goalMilestones.$inferSelect;
const toMilestone = (row: Row): Milestone => ({
  id: row.id,
  goalId: row.goalId,
  title: row.title,
  ownerId: row.ownerId,
  dueDate: row.dueDate,
  doneAt: row.doneAt?.toISOString() ?? null,
  sort: row.sort,
});

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Why a goal looks at risk, from its milestones (null when it does not): a milestone past its
 * due date and not done; or, at the pace so far (milestones done per day since the goal was
 * made), the open ones cannot be done by the goal's due date. Cadence suggests; the status the
 * team sets stays theirs.
 */
export const riskOf = (
  items: Pick<Milestone, 'title' | 'dueDate' | 'doneAt'>[],
  goal: { dueDate: string | null; createdAt: string },
  today: string,
): string | null => {
  const late = items.find((m) => !m.doneAt && m.dueDate !== null && m.dueDate < today);
  if (late) return tasksMessages.milestoneOverdue(late.title);
  const open = items.filter((m) => !m.doneAt).length;
  if (open === 0 || !goal.dueDate) return null;
  const left = daysBetween(today, goal.dueDate);
  if (left < 0) return null;
  const done = items.length - open;
  const spent = Math.max(1, daysBetween(goal.createdAt.slice(0, 10), today));
  // Nothing done yet is no pace: judged only once a first milestone is done or the time is gone.
  if (done === 0) return left === 0 ? tasksMessages.milestonesBehind(open, left) : null;
  const needed = (open * spent) / done;
  return needed > left ? tasksMessages.milestonesBehind(open, left) : null;
};

/** The goal's milestones as they now are, with its progress from them and its other sources. */
const summary = async (ctx: TenantContext, access: TaskAccess): Promise<Milestones> => {
  const items = (await rowsOf(ctx, access.task.id)).map(toMilestone);
  const sources = await progressSources(ctx, access.task.id);
  const done = items.filter((m) => m.doneAt).length;
  return {
    items,
    done,
    total: items.length,
    progress: combinedProgress([
      items.length ? done / items.length : null,
      sources.cards.total ? sources.cards.done / sources.cards.total : null,
      sources.kpi?.share ?? null,
    ]),
    sources,
    atRisk: riskOf(items, { dueDate: access.task.dueDate, createdAt: access.task.createdAt.toISOString() }, todayUtc()),
  };
};

const rowsOf = (ctx: TenantContext, goalId: string) =>
  ctx.db
    .select()
    .from(goalMilestones)
    .where(and(eq(goalMilestones.goalId, goalId), eq(goalMilestones.tenantId, ctx.tenantId)))
    .orderBy(asc(goalMilestones.sort), asc(goalMilestones.createdAt));

/** A goal the caller may see (404), and a goal (400 otherwise). */
const findGoal = async (ctx: TenantContext, goalId: string) => {
  const access = await findVisibleTask(ctx, goalId);
  if (access.task.type !== TASK_TYPE.goal) throw badRequest({}, tasksMessages.milestonesGoalsOnly);
  return access;
};

/** `PUT tasks/{id}/progress-sources`: the goal's linked cards and KPI; the answer is its milestones' summary. */
export const updateProgressSources = async (ctx: TenantContext, goalId: string, input: SetProgressSources) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: [goalId] });
  const access = await findGoal(ctx, goalId);
  await setProgressSources(ctx, access, input);
  publishTaskPart(ctx, access, 'milestone');
  return summary(ctx, access);
};

/** `GET tasks/{id}/milestones`. */
export const listMilestones = async (ctx: TenantContext, goalId: string) => {
  const access = await findGoal(ctx, goalId);
  return summary(ctx, access);
};

const cleanTitle = (title: string) => {
  const clean = sanitizePlainText(title);
  if (!clean) throw badRequest({ title: messages.required });
  return clean;
};

/** The owner may be someone of the goal's meetings, or its owner or members (400 on `ownerId`). */
const assertOwner = async (ctx: TenantContext, access: TaskAccess, ownerId: string | null | undefined) => {
  if (!ownerId) return;
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [ownerId] });
  const meetingIds = [...new Set([...access.meetingIds, ...access.boardMeetingIds])];
  const personal = ownerId === access.task.userId || access.members.includes(ownerId);
  if (meetingIds.length === 0) {
    if (!personal) throw badRequest({ ownerId: tasksMessages.milestoneOwnerNotOfGoal });
    return;
  }
  const result = await ctx.db.execute(sql`
    select 1 from meeting_people where meeting_id = any(${uuidArray(meetingIds)}) and user_id = ${ownerId} limit 1`);
  if ((result as unknown as { rows: unknown[] }).rows.length === 0 && !personal) {
    throw badRequest({ ownerId: tasksMessages.milestoneOwnerNotOfGoal });
  }
};

/** Due on or before the goal (400 on `dueDate`). */
const assertDue = (access: TaskAccess, dueDate: string | null | undefined) => {
  const goalDue = access.task.dueDate;
  if (dueDate && goalDue && dueDate > goalDue) throw badRequest({ dueDate: tasksMessages.milestoneAfterGoal(goalDue) });
};

/** `POST tasks/{id}/milestones`: a new milestone, last in the goal's order. */
export const createMilestone = async (ctx: TenantContext, goalId: string, input: CreateMilestone) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: [goalId], users: [input.ownerId] });
  const access = await findGoal(ctx, goalId);
  const title = cleanTitle(input.title);
  await assertOwner(ctx, access, input.ownerId);
  assertDue(access, input.dueDate);
  const [last] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${goalMilestones.sort}) + 1, 0)::int`, count: sql<number>`count(*)::int` })
    .from(goalMilestones)
    .where(eq(goalMilestones.goalId, goalId));
  if ((last?.count ?? 0) >= MILESTONES_MAX) throw badRequest({}, tasksMessages.milestonesTooMany(MILESTONES_MAX));
  await ctx.db.insert(goalMilestones).values({
    tenantId: ctx.tenantId,
    goalId,
    title,
    ownerId: input.ownerId ?? null,
    dueDate: input.dueDate ?? null,
    sort: last?.next ?? 0,
    changedBy: ctx.userId,
  });
  if (input.ownerId) await notifyMilestoneOwner(ctx, access.task, title, input.ownerId);
  publishTaskPart(ctx, access, 'milestone');
  return summary(ctx, access);
};

const findMilestone = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(goalMilestones)
    .where(and(eq(goalMilestones.id, id), eq(goalMilestones.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return { row, access: await findGoal(ctx, row.goalId) };
};

/** `PATCH milestones/{id}`: title, owner, due date, done (a field left out stays). */
export const updateMilestone = async (ctx: TenantContext, id: string, input: UpdateMilestone) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.ownerId] });
  const { row, access } = await findMilestone(ctx, id);
  if (input.ownerId !== undefined) await assertOwner(ctx, access, input.ownerId);
  if (input.dueDate !== undefined) assertDue(access, input.dueDate);
  await ctx.db
    .update(goalMilestones)
    .set({
      ...(input.title !== undefined ? { title: cleanTitle(input.title) } : {}),
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
      // Ticking keeps the first completion time; unticking clears it.
      ...(input.done !== undefined ? { doneAt: input.done ? (row.doneAt ?? new Date()) : null } : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(goalMilestones.id, id));
  if (input.ownerId && input.ownerId !== row.ownerId) {
    await notifyMilestoneOwner(
      ctx,
      access.task,
      input.title === undefined ? row.title : cleanTitle(input.title),
      input.ownerId,
    );
  }
  publishTaskPart(ctx, access, 'milestone');
  return summary(ctx, access);
};

/** `DELETE milestones/{id}`: for good. */
export const deleteMilestone = async (ctx: TenantContext, id: string) => {
  const { access } = await findMilestone(ctx, id);
  await ctx.db.delete(goalMilestones).where(eq(goalMilestones.id, id));
  publishTaskPart(ctx, access, 'milestone');
  return summary(ctx, access);
};

/** `PUT tasks/{id}/milestones/order`: every milestone of the goal, once each, in the new order (400 otherwise). */
export const orderMilestones = async (ctx: TenantContext, goalId: string, ids: string[]) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: [goalId], milestones: ids });
  const access = await findGoal(ctx, goalId);
  const rows = await rowsOf(ctx, goalId);
  const same = new Set(ids).size === ids.length && ids.length === rows.length && rows.every((r) => ids.includes(r.id));
  if (!same) throw badRequest({ ids: tasksMessages.milestonesOrderIncomplete });
  await ctx.db.execute(sql`
    update goal_milestones m set sort = o.position - 1
    from unnest(${uuidArray(ids)}) with ordinality as o(id, position)
    where m.id = o.id and m.goal_id = ${goalId}`);
  publishTaskPart(ctx, access, 'milestone');
  return summary(ctx, access);
};

/**
 * `GET milestones/mine`: the caller's open milestones on open goals they may see, soonest due
 * first (undated last), less those of goals whose meetings are all hidden on home. One statement.
 */
export const myMilestones = async (ctx: TenantContext, hiddenMeetingIds: string[] = []): Promise<MyMilestones> => {
  const rows = await ctx.db
    .select({
      id: goalMilestones.id,
      title: goalMilestones.title,
      dueDate: goalMilestones.dueDate,
      goalId: goalMilestones.goalId,
      goalTitle: tasks.title,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(goalMilestones)
    .innerJoin(tasks, eq(tasks.id, goalMilestones.goalId))
    .where(
      and(
        eq(goalMilestones.tenantId, ctx.tenantId),
        eq(goalMilestones.ownerId, ctx.userId),
        isNull(goalMilestones.doneAt),
        eq(tasks.tenantId, ctx.tenantId),
        activeSql,
        visibleTasksSql(ctx),
        hiddenMeetingIds.length ? notAllMeetingsHidden([...new Set(hiddenMeetingIds)]) : undefined,
      ),
    )
    .orderBy(sql`${goalMilestones.dueDate} nulls last`, sql`lower(${goalMilestones.title})`, goalMilestones.id)
    .limit(MY_MILESTONES_MAX);
  return { items: rows.map(({ total: _, ...item }) => item), total: rows[0]?.total ?? 0 };
};
