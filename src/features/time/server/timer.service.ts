import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { timeEntries, timeTimers, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { utcToZonedParts } from '../../../shared/dates.ts';
import { AppError, badRequest } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes } from '../time.money.ts';
import type { Entry, StopResult, Timer, ZStartTimer } from '../time.schemas.ts';
import { checkBudgetAlerts } from './alerts.service.ts';
import {
  assertMeeting,
  dayRoom,
  entriesChanged,
  findOwnEntry,
  lockDays,
  type Placement,
  placeTime,
} from './entries.service.ts';
import { assertDaysOpen } from './weeks.service.ts';

// The server-owned timer (document 3 §3 Timer state, §4, §7 saveTimer): one per person and
// workspace, serialized by an advisory lock (decision 048). Stopping always ends it: its time
// goes on the day it started (or the day of the entry it continues), capped to the room left
// in that day; the answer says what was written and what was not (decision 064).

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

type Finished = Omit<StopResult, 'timer'>;

/** Why new time cannot be placed any more (the person left the team, the task was removed). */
const refusal = (error: unknown) => {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return Object.values(error.errors ?? {})[0] ?? error.message;
};

/**
 * Ends the running timer (if any) and writes its time: on the day it started in the person's
 * time zone, or added to the entry it continues, at most the room left in that day. Never
 * refuses: what does not fit (or cannot be placed) is dropped and said in `notice`.
 */
const finishTimer = async (ctx: TenantContext): Promise<Finished | null> => {
  const [running] = await ctx.db
    .delete(timeTimers)
    .where(and(eq(timeTimers.tenantId, ctx.tenantId), eq(timeTimers.userId, ctx.userId)))
    .returning();
  if (!running) return null;
  const elapsed = Math.max(1, Math.round((Date.now() - running.startedAt.getTime()) / 60_000));
  const continued: Entry | null = running.entryId ? await findOwnEntry(ctx, running.entryId) : null;
  let day = continued?.spentOn;
  if (!day) {
    const [person] = await ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, ctx.userId));
    day = utcToZonedParts(running.startedAt, person?.timezone ?? 'UTC').date;
  }
  let placement: Placement | null = null;
  let refused: string | null = null;
  if (!continued) {
    try {
      placement = await placeTime(ctx, running.projectId, running.taskId);
    } catch (error) {
      refused = refusal(error);
    }
  }
  try {
    await lockDays(ctx, [day]);
  } catch (error) {
    // A day in a submitted or approved week takes no more time.
    refused ??= refusal(error);
  }
  const room = Math.max(0, (await dayRoom(ctx, day, continued?.id)) - (continued?.minutes ?? 0));
  const written = refused ? 0 : Math.min(elapsed, room);
  const dropped = elapsed - written;
  const notice = refused
    ? timeMessages.timeTimerNotWritten(formatMinutes(elapsed), refused)
    : dropped === 0
      ? null
      : written > 0
        ? timeMessages.timeTimerCapped(formatMinutes(written), formatMinutes(dropped), day)
        : timeMessages.timeTimerDayFull(formatMinutes(dropped), day);
  if (written === 0) return { entry: null, droppedMinutes: dropped, notice };
  let entryId: string;
  if (continued) {
    entryId = continued.id;
    await ctx.db
      .update(timeEntries)
      .set({ minutes: continued.minutes + written, changedAt: new Date(), changedBy: ctx.userId })
      .where(eq(timeEntries.id, continued.id));
  } else {
    const [row] = await ctx.db
      .insert(timeEntries)
      .values({
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        projectId: running.projectId,
        taskId: running.taskId,
        spentOn: day,
        minutes: written,
        note: running.note,
        meetingId: running.meetingId,
        rate: placement!.rate,
        billable: placement!.billable,
        changedBy: ctx.userId,
      })
      .returning({ id: timeEntries.id });
    entryId = row!.id;
  }
  await checkBudgetAlerts(ctx, [running.projectId]);
  await entriesChanged(ctx, [day], [running.projectId]);
  return { entry: await findOwnEntry(ctx, entryId), droppedMinutes: dropped, notice };
};

/**
 * `POST time/timer` (saveTimer): starts the caller's timer, for new time or to continue one of
 * their entries (its Start). A timer already running is stopped first and its time written.
 */
export const startTimer = async (ctx: TenantContext, input: z.output<typeof ZStartTimer>): Promise<StopResult> => {
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
    await assertDaysOpen(ctx, [entry.spentOn]);
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
  return {
    timer,
    entry: stopped?.entry ?? null,
    droppedMinutes: stopped?.droppedMinutes ?? 0,
    notice: stopped?.notice ?? null,
  };
};

/** `POST time/timer/stop`: ends the timer and writes its time (see `finishTimer`). */
export const stopTimer = async (ctx: TenantContext): Promise<StopResult> => {
  await lockTimer(ctx);
  const finished = await finishTimer(ctx);
  if (!finished) throw badRequest({}, timeMessages.timeNoTimer);
  publishTimer(ctx, STOPPED);
  return { timer: STOPPED, ...finished };
};

/** `POST time/timer/reset`: drops the running time without writing anything. */
export const resetTimer = async (ctx: TenantContext) => {
  await lockTimer(ctx);
  await ctx.db.delete(timeTimers).where(and(eq(timeTimers.tenantId, ctx.tenantId), eq(timeTimers.userId, ctx.userId)));
  publishTimer(ctx, STOPPED);
  return STOPPED;
};
