import { and, eq, ne, sql } from 'drizzle-orm';
import { sessions, timeEntries } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { MINUTES_PER_DAY } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { timeMessages } from '../time.messages.ts';
import type { Entry, SaveEntry, Week } from '../time.schemas.ts';
import type { SetCell } from '../timesheet.schemas.ts';
import { checkBudgetAlerts } from './alerts.service.ts';
import { lockPersonDays } from './day-lock.ts';
import { announceProjects } from './time.audience.ts';
import { assertDaysOpen, weekSheet, weekStartOf } from './weeks.service.ts';

// Time entries and the week view (document 3 §2, §3, §7: getProjectTimes; the timer is in
// timer.service.ts). Each person logs only on projects they are on; the rate and
// billability in force are stored with the entry (decision 048).

export interface Placement {
  rate: string;
  billable: boolean;
}

/**
 * Where time may go: the project and task of this workspace (404 otherwise), the caller on its
 * team (403), the task on that project and not removed (400). One statement; answers the rate in
 * force (by the project's rate mode) and whether the time is billable.
 */
export const placeTime = async (ctx: TenantContext, projectId: string, taskId: string): Promise<Placement> => {
  const result = await ctx.db.execute(sql`
    select p.type, t.project_id as task_project, t.deleted, m.user_id is not null as member,
      (case p.hourly_rate when 'project' then p.project_hours_rate when 'task' then t.hourly_rate
        when 'person' then coalesce(m.hourly_rate, 0) else 0 end)::text as rate,
      (p.type <> 'non_billable' and t.billable) as billable
    from time_projects p
    join time_project_tasks t on t.id = ${taskId} and t.tenant_id = ${ctx.tenantId}
    left join time_project_members m on m.project_id = p.id and m.user_id = ${ctx.userId}
    where p.id = ${projectId} and p.tenant_id = ${ctx.tenantId}`);
  const [row] = (
    result as unknown as {
      rows: { task_project: string; deleted: boolean; member: boolean; rate: string; billable: boolean }[];
    }
  ).rows;
  if (!row) throw notFound();
  if (!row.member) throw forbidden(timeMessages.timeNotOnProject);
  if (row.task_project !== projectId || row.deleted) throw badRequest({ taskId: timeMessages.timeTaskNotOnProject });
  return { rate: row.rate, billable: row.billable };
};

/** Takes the caller's locks of these days (day-lock.ts), then refuses (409) a day in a submitted or approved week. */
export const lockDays = async (ctx: TenantContext, days: string[]) => {
  await lockPersonDays(ctx, ctx.userId, days);
  await assertDaysOpen(ctx, days);
};

/** Minutes the caller may still log on a day (24:00 less what is logged, `exceptId` aside). */
export const dayRoom = async (ctx: TenantContext, spentOn: string, exceptId?: string) => {
  const [logged] = await ctx.db
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)`.mapWith(Number) })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.userId, ctx.userId),
        eq(timeEntries.spentOn, spentOn),
        exceptId ? ne(timeEntries.id, exceptId) : undefined,
      ),
    );
  return MINUTES_PER_DAY - (logged?.minutes ?? 0);
};

/** A day holds at most 24 hours of one person's time (400 on `minutes` otherwise). */
const assertDayRoom = async (ctx: TenantContext, spentOn: string, minutes: number, exceptId?: string) => {
  if (minutes > (await dayRoom(ctx, spentOn, exceptId))) throw badRequest({ minutes: timeMessages.timeDayFull });
};

/**
 * The meeting time is logged against: the workspace's (404) and one the caller sees (404); its
 * session, if any, the workspace's (404) and one of that meeting's (400 on `sessionId`).
 */
export const assertMeeting = async (
  ctx: TenantContext,
  meetingId: string | null | undefined,
  sessionId?: string | null,
) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { meetings: [meetingId], sessions: [sessionId] });
  if (meetingId) await findVisibleMeeting(ctx, meetingId);
  if (!sessionId) return;
  if (!meetingId) throw badRequest({ sessionId: timeMessages.timeSessionNeedsMeeting });
  const [session] = await ctx.db
    .select({ meetingId: sessions.meetingId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.tenantId, ctx.tenantId)));
  if (session?.meetingId !== meetingId) throw badRequest({ sessionId: timeMessages.timeSessionNotOfMeeting });
};

/** Entries with their names, by the given condition (SQL on `e`), oldest first. */
const entriesWhere = async (ctx: TenantContext, where: ReturnType<typeof sql>): Promise<Entry[]> => {
  const result = await ctx.db.execute(sql`
    select e.id, e.user_id as "userId", e.project_id as "projectId", p.name as "projectName",
      a.id as "accountId", a.title as "accountTitle", e.task_id as "taskId", t.title as "taskTitle",
      e.spent_on::text as "spentOn", e.minutes, e.note, e.meeting_id as "meetingId", mt.title as "meetingTitle",
      e.session_id as "sessionId", s.session_date::text as "sessionDate", e.billable
    from time_entries e
    join time_projects p on p.id = e.project_id
    join time_accounts a on a.id = p.account_id
    join time_project_tasks t on t.id = e.task_id
    left join meetings mt on mt.id = e.meeting_id
    left join sessions s on s.id = e.session_id
    where e.tenant_id = ${ctx.tenantId} and ${where}
    order by e.spent_on, e.created_at, e.id`);
  return (result as unknown as { rows: Entry[] }).rows;
};

export const findOwnEntry = async (ctx: TenantContext, id: string) => {
  const [entry] = await entriesWhere(ctx, sql`e.id = ${id} and e.user_id = ${ctx.userId}`);
  if (!entry) throw notFound();
  return entry;
};

/**
 * The person's other tabs reload the days; the budget bars reload the projects' figures for
 * those who may see them (decision 057), not the whole workspace.
 */
export const entriesChanged = async (ctx: TenantContext, days: string[], projectIds: string[]) => {
  for (const spentOn of new Set(days)) {
    ctx.publish({ tenantId: ctx.tenantId, receiverId: ctx.userId, type: 'time.entries', data: { spentOn } });
  }
  await announceProjects(ctx, [...new Set(projectIds)], 'budget');
};

/** `GET time/week`: the caller's week from their first day of week, with day totals. One statement. */
export const getWeek = async (ctx: TenantContext, day: string): Promise<Week> => {
  const start = await weekStartOf(ctx, day);
  const end = addDays(start, 7);
  const { sheet, lockedDays } = await weekSheet(ctx, start);
  const entries = await entriesWhere(
    ctx,
    sql`e.user_id = ${ctx.userId} and e.spent_on >= ${start}::date and e.spent_on < ${end}::date`,
  );
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(start, i);
    const minutes = entries.filter((e) => e.spentOn === date).reduce((sum, e) => sum + e.minutes, 0);
    return { date, minutes, locked: lockedDays.has(date) };
  });
  return { start, days, totalMinutes: days.reduce((sum, d) => sum + d.minutes, 0), entries, sheet };
};

/** `POST time/entries`: New Entry. */
export const createEntry = async (ctx: TenantContext, input: SaveEntry) => {
  const placement = await placeTime(ctx, input.projectId, input.taskId);
  await assertMeeting(ctx, input.meetingId, input.sessionId);
  await lockDays(ctx, [input.spentOn]);
  await assertDayRoom(ctx, input.spentOn, input.minutes);
  const [row] = await ctx.db
    .insert(timeEntries)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.userId,
      projectId: input.projectId,
      taskId: input.taskId,
      spentOn: input.spentOn,
      minutes: input.minutes,
      note: input.note,
      meetingId: input.meetingId ?? null,
      sessionId: input.sessionId ?? null,
      rate: placement.rate,
      billable: placement.billable,
      changedBy: ctx.userId,
    })
    .returning({ id: timeEntries.id });
  await checkBudgetAlerts(ctx, [input.projectId]);
  await entriesChanged(ctx, [input.spentOn], [input.projectId]);
  return findOwnEntry(ctx, row!.id);
};

/**
 * `PUT time/entries/{id}`: one's own entry. Moved to another project or task, it takes the rate
 * in force there; otherwise it keeps the rate it was logged with. Without `sessionId`, it keeps
 * its session while it stays on the same meeting (decision 068).
 */
export const updateEntry = async (ctx: TenantContext, id: string, input: SaveEntry) => {
  const before = await findOwnEntry(ctx, id);
  const placement = await placeTime(ctx, input.projectId, input.taskId);
  const meetingId = input.meetingId ?? null;
  // Left out, the session stays while the meeting does (a client that does not know sessions).
  const sessionId =
    input.sessionId === undefined ? (meetingId === before.meetingId ? before.sessionId : null) : input.sessionId;
  await assertMeeting(ctx, meetingId, sessionId);
  await lockDays(ctx, [before.spentOn, input.spentOn]);
  await assertDayRoom(ctx, input.spentOn, input.minutes, id);
  const moved = before.projectId !== input.projectId || before.taskId !== input.taskId;
  await ctx.db
    .update(timeEntries)
    .set({
      projectId: input.projectId,
      taskId: input.taskId,
      spentOn: input.spentOn,
      minutes: input.minutes,
      note: input.note,
      meetingId,
      sessionId,
      ...(moved ? { rate: placement.rate, billable: placement.billable } : {}),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(eq(timeEntries.id, id));
  await checkBudgetAlerts(ctx, [...new Set([before.projectId, input.projectId])]);
  await entriesChanged(ctx, [before.spentOn, input.spentOn], [before.projectId, input.projectId]);
  return findOwnEntry(ctx, id);
};

export const deleteEntry = async (ctx: TenantContext, id: string) => {
  const before = await findOwnEntry(ctx, id);
  await lockDays(ctx, [before.spentOn]);
  await ctx.db.delete(timeEntries).where(eq(timeEntries.id, id));
  await entriesChanged(ctx, [before.spentOn], [before.projectId]);
  return true;
};

/**
 * `PUT time/timesheet/cells`: the week grid sets a task's time on a day. No entry there: one is
 * logged; one entry: its minutes change (0 deletes it); several: 409, as the grid cannot tell
 * which to change (the day view can).
 */
export const setCell = async (ctx: TenantContext, input: SetCell) => {
  const placement = await placeTime(ctx, input.projectId, input.taskId);
  await lockDays(ctx, [input.spentOn]);
  const here = await ctx.db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.userId, ctx.userId),
        eq(timeEntries.projectId, input.projectId),
        eq(timeEntries.taskId, input.taskId),
        eq(timeEntries.spentOn, input.spentOn),
      ),
    );
  if (here.length > 1) throw conflict(timeMessages.timeCellHasEntries(here.length));
  const [entry] = here;
  if (input.minutes === 0) {
    if (entry) await ctx.db.delete(timeEntries).where(eq(timeEntries.id, entry.id));
  } else {
    await assertDayRoom(ctx, input.spentOn, input.minutes, entry?.id);
    if (entry) {
      await ctx.db
        .update(timeEntries)
        .set({ minutes: input.minutes, changedAt: new Date(), changedBy: ctx.userId })
        .where(eq(timeEntries.id, entry.id));
    } else {
      await ctx.db.insert(timeEntries).values({
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        projectId: input.projectId,
        taskId: input.taskId,
        spentOn: input.spentOn,
        minutes: input.minutes,
        rate: placement.rate,
        billable: placement.billable,
        changedBy: ctx.userId,
      });
    }
  }
  await checkBudgetAlerts(ctx, [input.projectId]);
  await entriesChanged(ctx, [input.spentOn], [input.projectId]);
  return { projectId: input.projectId, taskId: input.taskId, spentOn: input.spentOn, minutes: input.minutes };
};
