import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { agendaItems, kpiRemovedSessions, meetings, sessions } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { utcToZonedParts } from '../../../shared/dates.ts';
import { conflict } from '../../../shared/errors.ts';
import { START_WINDOW_MS, type StartConfirmation } from '../../../shared/live.ts';
import { addCellsForSessions } from '../../kpis/server/cells.hooks.ts';
import { findVisibleMeeting, isLeader } from '../../meetings/server/meetings.access.ts';
import { toSessionSummary } from '../../meetings/server/sessions.service.ts';
import { notifyMeetingStarted } from '../../notifications/server/meetings.notify.ts';
import { liveMessages } from '../live.messages.ts';
import type { StartChecks, StartedMeeting, StartMeeting } from '../live.schemas.ts';
import type { SessionRow } from './live.access.ts';
import { markJoined, publishAttendees } from './live.attendees.ts';
import { publishSessionChange } from './live.service.ts';

// Starting a live meeting: which session a start takes, what it asks first, and the start.

/** The session scheduled nearest to now within 12 hours that has not been held, if any. */
const scheduledNearNow = async (ctx: TenantContext, meetingId: string, now: Date) => {
  const nowText = sql`${now.toISOString()}::timestamptz`;
  const windowSeconds = START_WINDOW_MS / 1000;
  const [scheduled] = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.meetingId, meetingId),
        isNull(sessions.startedAt),
        isNull(sessions.finishedAt),
        sql`abs(extract(epoch from (${sessions.startsAt} - ${nowText}))) <= ${windowSeconds}`,
      ),
    )
    .orderBy(sql`abs(extract(epoch from (${sessions.startsAt} - ${nowText})))`)
    .limit(1);
  return scheduled;
};

/**
 * Which session a start takes: the one scheduled nearest to now within 12 hours; otherwise
 * (after the caller confirmed) today's, made for the occasion when the rule has none today.
 * Today's session already held is started again: one session per date, so a second meeting
 * the same day continues that day's session (its archive then covers both; decision 027).
 */
const sessionToStart = async (
  ctx: TenantContext,
  meeting: { id: string; timezone: string },
  flags: StartMeeting,
  now: Date,
): Promise<SessionRow> => {
  const scheduled = await scheduledNearNow(ctx, meeting.id, now);
  if (scheduled) return scheduled;
  if (!flags.confirmUnscheduled) throw conflict(liveMessages.liveNotScheduled, { confirm: 'unscheduled' });

  const today = utcToZonedParts(now, meeting.timezone).date;
  const [ofToday] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.meetingId, meeting.id), eq(sessions.sessionDate, today)));
  if (ofToday) return ofToday;
  const [made] = await ctx.db
    .insert(sessions)
    .values({ tenantId: ctx.tenantId, meetingId: meeting.id, sessionDate: today, startsAt: now, unscheduled: true })
    .returning();
  return made!;
};

/**
 * `GET meetings/{id}/start`: what a start would ask right now (in the order the start asks),
 * or why it would be refused, so the client asks before it sends the start instead of
 * provoking 409s (which browsers log as errors). The start itself still checks everything.
 */
export const startChecks = async (ctx: TenantContext, meetingId: string): Promise<StartChecks> => {
  const access = await findVisibleMeeting(ctx, meetingId);
  const [live] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.meetingId, meetingId), isNotNull(sessions.startedAt), isNull(sessions.finishedAt)));
  if (live) return { confirm: [], refusal: null };
  const [agenda] = await ctx.db
    .select({ n: count() })
    .from(agendaItems)
    .where(and(eq(agendaItems.meetingId, meetingId), eq(agendaItems.checked, true)));
  if (!agenda?.n) return { confirm: [], refusal: liveMessages.liveNoAgenda };
  const confirm: StartConfirmation[] = [];
  if (!isLeader(ctx.userId, access)) confirm.push('notLeader');
  if (!(await scheduledNearNow(ctx, meetingId, new Date()))) confirm.push('unscheduled');
  return { confirm, refusal: null };
};

/**
 * `POST meetings/{id}/start` (startMeetingSession). Needs a checked agenda item. A caller who
 * is not a leader, or a start with no session scheduled within 12 hours, answers 409 with
 * `errors.confirm` until the caller confirms with the matching flag. A meeting already live is
 * joined instead of started twice.
 */
export const startMeeting = async (
  ctx: TenantContext,
  meetingId: string,
  flags: StartMeeting,
): Promise<StartedMeeting> => {
  const access = await findVisibleMeeting(ctx, meetingId);
  // One start at a time per meeting: a second one waits here, then finds the session live.
  const [meeting] = await ctx.db
    .select({ id: meetings.id, title: meetings.title, timezone: meetings.timezone })
    .from(meetings)
    .where(eq(meetings.id, meetingId))
    .for('update');
  const now = new Date();

  const [live] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.meetingId, meetingId), isNotNull(sessions.startedAt), isNull(sessions.finishedAt)));
  if (live) {
    if (await markJoined(ctx, live, access, now)) publishAttendees(ctx, live);
    return { sessionId: live.id, session: toSessionSummary(live) };
  }

  const [agenda] = await ctx.db
    .select({ n: count() })
    .from(agendaItems)
    .where(and(eq(agendaItems.meetingId, meetingId), eq(agendaItems.checked, true)));
  if (!agenda?.n) throw conflict(liveMessages.liveNoAgenda);
  if (!isLeader(ctx.userId, access) && !flags.confirmNotLeader) {
    throw conflict(liveMessages.liveNotLeader, { confirm: 'notLeader' });
  }

  const chosen = await sessionToStart(ctx, meeting!, flags, now);
  const [started] = await ctx.db
    .update(sessions)
    .set({ startedAt: now, startedBy: ctx.userId, finishedAt: null, currentStep: 0, lastStepStartedAt: now })
    .where(eq(sessions.id, chosen.id))
    .returning();
  // A started session is on the scorecard with a cell for every score (document 1 §4), even
  // one that had been taken off it with "Delete meeting date".
  await ctx.db.delete(kpiRemovedSessions).where(eq(kpiRemovedSessions.sessionId, chosen.id));
  await addCellsForSessions(ctx.db, meetingId, [chosen.id]);
  await markJoined(ctx, started!, access, now);

  ctx.publish({ tenantId: ctx.tenantId, type: 'live.changed', data: { meetingId, sessionId: chosen.id, live: true } });
  publishSessionChange(ctx, started!);
  await notifyMeetingStarted(ctx, meeting!, chosen.id, [...access.leaderIds, ...access.memberIds]);
  return { sessionId: chosen.id, session: toSessionSummary(started!) };
};
