import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { timeEntries, timeTimers, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { MINUTES_PER_DAY } from '../../../shared/constants.ts';
import { addDays, utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type { Entry, SaveEntry, Timer, Week, ZStartTimer } from '../time.schemas.ts';
import { checkBudgetAlerts } from './alerts.service.ts';
import { announceProjects } from './time.audience.ts';

// Time entries, the week view and the server-owned timer (document 3 §2, §3, §4, §7:
// getProjectTimes, saveTimer). Each person logs only on projects they are on; the rate and
// billability in force are stored with the entry (decision 048).

const STOPPED: Timer = {
  timerStatus: 'STOPPED_TIMER',
  projectId: null,
  projectName: null,
  taskId: null,
  taskTitle: null,
  entryId: null,
  note: null,
  meetingId: null,
  startedAt: null,
};

interface Placement {
  rate: string;
  billable: boolean;
}

/**
 * Where time may go: the project and task of this workspace (404 otherwise), the caller on its
 * team (403), the task on that project and not removed (400). One statement; answers the rate in
 * force (by the project's rate mode) and whether the time is billable.
 */
const placeTime = async (ctx: TenantContext, projectId: string, taskId: string): Promise<Placement> => {
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
  if (!row.member) throw forbidden(messages.timeNotOnProject);
  if (row.task_project !== projectId || row.deleted) throw badRequest({ taskId: messages.timeTaskNotOnProject });
  return { rate: row.rate, billable: row.billable };
};

/** A day holds at most 24 hours of one person's time (400 on `minutes` otherwise). */
const assertDayRoom = async (ctx: TenantContext, spentOn: string, minutes: number, exceptId?: string) => {
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
  if ((logged?.minutes ?? 0) + minutes > MINUTES_PER_DAY) throw badRequest({ minutes: messages.timeDayFull });
};

const assertMeeting = async (ctx: TenantContext, meetingId: string | null | undefined) => {
  if (!meetingId) return;
  await assertInWorkspace(ctx.db, ctx.tenantId, { meetings: [meetingId] });
  await findVisibleMeeting(ctx, meetingId);
};

/** Entries with their names, by the given condition (SQL on `e`), oldest first. */
const entriesWhere = async (ctx: TenantContext, where: ReturnType<typeof sql>): Promise<Entry[]> => {
  const result = await ctx.db.execute(sql`
    select e.id, e.user_id as "userId", e.project_id as "projectId", p.name as "projectName",
      a.id as "accountId", a.title as "accountTitle", e.task_id as "taskId", t.title as "taskTitle",
      e.spent_on::text as "spentOn", e.minutes, e.note, e.meeting_id as "meetingId", mt.title as "meetingTitle",
      e.billable
    from time_entries e
    join time_projects p on p.id = e.project_id
    join time_accounts a on a.id = p.account_id
    join time_project_tasks t on t.id = e.task_id
    left join meetings mt on mt.id = e.meeting_id
    where e.tenant_id = ${ctx.tenantId} and ${where}
    order by e.spent_on, e.created_at, e.id`);
  return (result as unknown as { rows: Entry[] }).rows;
};

const findOwnEntry = async (ctx: TenantContext, id: string) => {
  const [entry] = await entriesWhere(ctx, sql`e.id = ${id} and e.user_id = ${ctx.userId}`);
  if (!entry) throw notFound();
  return entry;
};

/**
 * The person's other tabs reload the days; the budget bars reload the projects' figures for
 * those who may see them (decision 057), not the whole workspace.
 */
const entriesChanged = async (ctx: TenantContext, days: string[], projectIds: string[]) => {
  for (const spentOn of new Set(days)) {
    ctx.publish({ tenantId: ctx.tenantId, receiverId: ctx.userId, type: 'time.entries', data: { spentOn } });
  }
  await announceProjects(ctx, [...new Set(projectIds)], 'budget');
};

/** `GET time/week`: the caller's week from their first day of week, with day totals. One statement. */
export const getWeek = async (ctx: TenantContext, day: string): Promise<Week> => {
  const result = await ctx.db.execute(sql`
    select (${day}::date - ((extract(dow from ${day}::date)::int - u.first_day_of_week + 7) % 7))::text as start
    from users u where u.id = ${ctx.userId}`);
  const start = (result as unknown as { rows: { start: string }[] }).rows[0]!.start;
  const end = addDays(start, 7);
  const entries = await entriesWhere(
    ctx,
    sql`e.user_id = ${ctx.userId} and e.spent_on >= ${start}::date and e.spent_on < ${end}::date`,
  );
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(start, i);
    return { date, minutes: entries.filter((e) => e.spentOn === date).reduce((sum, e) => sum + e.minutes, 0) };
  });
  return { start, days, totalMinutes: days.reduce((sum, d) => sum + d.minutes, 0), entries };
};

/** `POST time/entries`: New Entry. */
export const createEntry = async (ctx: TenantContext, input: SaveEntry) => {
  const placement = await placeTime(ctx, input.projectId, input.taskId);
  await assertMeeting(ctx, input.meetingId);
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
 * in force there; otherwise it keeps the rate it was logged with.
 */
export const updateEntry = async (ctx: TenantContext, id: string, input: SaveEntry) => {
  const before = await findOwnEntry(ctx, id);
  const placement = await placeTime(ctx, input.projectId, input.taskId);
  await assertMeeting(ctx, input.meetingId);
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
      meetingId: input.meetingId ?? null,
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
  await ctx.db.delete(timeEntries).where(eq(timeEntries.id, id));
  await entriesChanged(ctx, [before.spentOn], [before.projectId]);
  return true;
};

// The timer

/** Serializes the caller's timer calls: two tabs starting at once end with one timer. */
const lockTimer = (ctx: TenantContext) =>
  ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`time-timer:${ctx.tenantId}:${ctx.userId}`}))`);

/** `GET time/timer`: the caller's timer (document 3 §3 Timer state). */
export const getTimer = async (ctx: TenantContext): Promise<Timer> => {
  const result = await ctx.db.execute(sql`
    select r.project_id as "projectId", p.name as "projectName", r.task_id as "taskId", t.title as "taskTitle",
      r.entry_id as "entryId", r.note, r.meeting_id as "meetingId",
      to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt"
    from time_timers r
    join time_projects p on p.id = r.project_id
    join time_project_tasks t on t.id = r.task_id
    where r.tenant_id = ${ctx.tenantId} and r.user_id = ${ctx.userId}`);
  const [row] = (result as unknown as { rows: Omit<Timer, 'timerStatus'>[] }).rows;
  return row ? { timerStatus: 'STARTED_TIMER', ...row } : STOPPED;
};

const publishTimer = (ctx: TenantContext, timer: Timer) =>
  ctx.publish({ tenantId: ctx.tenantId, receiverId: ctx.userId, type: 'time.timer', data: timer });

/** Ends the running timer (if any), writing its time; answers the entry written or continued. */
const finishTimer = async (ctx: TenantContext): Promise<Entry | null> => {
  const [running] = await ctx.db
    .delete(timeTimers)
    .where(and(eq(timeTimers.tenantId, ctx.tenantId), eq(timeTimers.userId, ctx.userId)))
    .returning();
  if (!running) return null;
  const elapsed = Math.max(1, Math.round((Date.now() - running.startedAt.getTime()) / 60_000));
  if (running.entryId) {
    const entry = await findOwnEntry(ctx, running.entryId);
    const minutes = entry.minutes + elapsed;
    await assertDayRoom(ctx, entry.spentOn, minutes, entry.id);
    await ctx.db
      .update(timeEntries)
      .set({ minutes, changedAt: new Date(), changedBy: ctx.userId })
      .where(eq(timeEntries.id, entry.id));
    await checkBudgetAlerts(ctx, [entry.projectId]);
    await entriesChanged(ctx, [entry.spentOn], [entry.projectId]);
    return findOwnEntry(ctx, entry.id);
  }
  const [person] = await ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, ctx.userId));
  const spentOn = utcToZonedParts(running.startedAt, person?.timezone ?? 'UTC').date;
  return createEntry(ctx, {
    projectId: running.projectId,
    taskId: running.taskId,
    spentOn,
    minutes: Math.min(elapsed, MINUTES_PER_DAY),
    note: running.note,
    meetingId: running.meetingId,
  });
};

/**
 * `POST time/timer` (saveTimer): starts the caller's timer, for new time or to continue one of
 * their entries (its Start). A timer already running is stopped first and its time written.
 */
export const startTimer = async (ctx: TenantContext, input: z.output<typeof ZStartTimer>) => {
  await lockTimer(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    timeEntries: [input.entryId],
    timeProjects: [input.projectId],
    timeProjectTasks: [input.taskId],
    meetings: [input.meetingId],
  });
  let target: {
    projectId: string;
    taskId: string;
    note: string | null;
    meetingId: string | null;
    entryId: string | null;
  };
  if (input.entryId) {
    const entry = await findOwnEntry(ctx, input.entryId);
    target = { ...entry, entryId: entry.id };
  } else {
    if (!input.projectId || !input.taskId) {
      throw badRequest({
        ...(input.projectId ? {} : { projectId: messages.required }),
        ...(input.taskId ? {} : { taskId: messages.required }),
      });
    }
    target = {
      projectId: input.projectId,
      taskId: input.taskId,
      note: input.note,
      meetingId: input.meetingId ?? null,
      entryId: null,
    };
  }
  await placeTime(ctx, target.projectId, target.taskId);
  await assertMeeting(ctx, target.meetingId);
  const stopped = await finishTimer(ctx);
  await ctx.db.insert(timeTimers).values({
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    projectId: target.projectId,
    taskId: target.taskId,
    entryId: target.entryId,
    note: target.note,
    meetingId: target.meetingId,
  });
  const timer = await getTimer(ctx);
  publishTimer(ctx, timer);
  return { timer, entry: stopped };
};

/** `POST time/timer/stop`: writes the running time as an entry (or adds it to the continued one). */
export const stopTimer = async (ctx: TenantContext) => {
  await lockTimer(ctx);
  const entry = await finishTimer(ctx);
  if (!entry) throw badRequest({}, messages.timeNoTimer);
  publishTimer(ctx, STOPPED);
  return { timer: STOPPED, entry };
};

/** `POST time/timer/reset`: drops the running time without writing anything. */
export const resetTimer = async (ctx: TenantContext) => {
  await lockTimer(ctx);
  await ctx.db.delete(timeTimers).where(and(eq(timeTimers.tenantId, ctx.tenantId), eq(timeTimers.userId, ctx.userId)));
  publishTimer(ctx, STOPPED);
  return STOPPED;
};
