import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { meetingPeople, meetings, sessionGuests, sessions } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { LIVE_GUESTS_MAX } from '../../../shared/live.ts';
import { getAgenda } from '../../meetings/server/agenda.service.ts';
import type { MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { toSessionSummary } from '../../meetings/server/sessions.service.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveSession, LiveSessionEntry, LiveState, SaveRating } from '../live.schemas.ts';
import {
  canEditRecap,
  canManageLive,
  findLiveSession,
  findManagedLiveSession,
  findVisibleSession,
  type SessionRow,
} from './live.access.ts';
import { loadAttendees, loadGuests, markJoined, publishAttendees, upsertAttendees } from './live.attendees.ts';

// The live meeting (document 1 §2, §4; docs/decisions/017-live-meeting.md). The current step
// and when it began live on the session row, so every attendee (and a refresh, and a late
// join) sees the same step and the same clock: the server's. Starting a session is in
// live.start.ts, finishing it in live.finish.ts.

export const toLiveSession = (row: SessionRow): LiveSession => ({
  ...toSessionSummary(row),
  meetingId: row.meetingId,
  startedBy: row.startedBy,
  currentStep: row.currentStep,
  lastStepStartedAt: row.lastStepStartedAt?.toISOString() ?? null,
  note: row.note,
  link: row.link,
  discussedTaskId: row.discussedTaskId,
});

export const checkedAgenda = async (ctx: TenantContext, meetingId: string) =>
  (await getAgenda(ctx, meetingId)).filter((item) => item.checked);

/** `GET meetings/live-sessions`: the workspace's meetings under way, for everyone's sidebar. */
export const listLiveSessions = async (ctx: TenantContext): Promise<LiveSessionEntry[]> => {
  const rows = await runPrepared(ctx.db, 'cadence_live_sessions', liveSessionsQuery, {
    userId: ctx.userId,
    tenantId: ctx.tenantId,
  });
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt!.toISOString(),
    participant: Boolean(row.participant),
  }));
};
/** The sidebar asks on every page: a prepared statement (decision 040). */
const liveSessionsQuery = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      meetingId: sessions.meetingId,
      meetingTitle: meetings.title,
      meetingColor: meetings.color,
      startedAt: sessions.startedAt,
      startedBy: sessions.startedBy,
      participant: sql<boolean>`exists (
        select 1 from ${meetingPeople}
        where ${meetingPeople.meetingId} = ${sessions.meetingId} and ${meetingPeople.userId} = ${sql.placeholder('userId')}
      )`,
    })
    .from(sessions)
    .innerJoin(meetings, eq(meetings.id, sessions.meetingId))
    .where(
      and(
        eq(sessions.tenantId, sql.placeholder('tenantId')),
        isNotNull(sessions.startedAt),
        isNull(sessions.finishedAt),
      ),
    )
    .orderBy(asc(meetings.title));

export const publishSessionChange = (ctx: TenantContext, session: Pick<SessionRow, 'id' | 'meetingId'>) =>
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'session.changed',
    data: { id: session.id, meetingId: session.meetingId },
  });

const describeState = async (ctx: TenantContext, session: SessionRow, access: MeetingAccess): Promise<LiveState> => {
  const [meeting] = await ctx.db
    .select({ id: meetings.id, title: meetings.title, color: meetings.color, sharepointUrl: meetings.sharepointUrl })
    .from(meetings)
    .where(eq(meetings.id, session.meetingId));
  return {
    session: toLiveSession(session),
    meeting: { ...meeting!, administratorIds: access.leaderIds, shareWithIds: access.memberIds },
    agendaItems: await checkedAgenda(ctx, session.meetingId),
    attendees: await loadAttendees(ctx.db, session, access),
    guests: await loadGuests(ctx.db, session.id),
    canManage: canManageLive(ctx, session, access),
    canEditRecap: canEditRecap(ctx, access),
    serverNow: new Date().toISOString(),
  };
};

/** `GET sessions/{id}/live`: everything the live screen shows, live or not (a finished one says so). */
export const getLiveState = async (ctx: TenantContext, sessionId: string) => {
  const { session, meeting } = await findVisibleSession(ctx, sessionId);
  return describeState(ctx, session, meeting);
};

/** `POST sessions/{id}/join` (joinMeeting): the caller is an attendee from now on. */
export const joinSession = async (ctx: TenantContext, sessionId: string) => {
  const { session, meeting } = await findLiveSession(ctx, sessionId);
  if (await markJoined(ctx, session, meeting, new Date())) publishAttendees(ctx, session);
  return describeState(ctx, session, meeting);
};

/**
 * The session's time per agenda item with the step now ending added (the timing report): the
 * seconds since the step began go to its agenda item, by id, so a revisited step adds up.
 */
export const withStepTime = (session: SessionRow, steps: { id: string }[], now: Date) => {
  const spent = { ...session.stepSeconds };
  const item = steps[session.currentStep];
  if (item && session.lastStepStartedAt) {
    const seconds = Math.max(0, Math.round((now.getTime() - session.lastStepStartedAt.getTime()) / 1000));
    spent[item.id] = (spent[item.id] ?? 0) + seconds;
  }
  return spent;
};

/** `POST sessions/{id}/step` (moveStepAgenda): the step, by index into the checked items, starts now. */
export const moveStep = async (ctx: TenantContext, sessionId: string, step: number): Promise<LiveSession> => {
  const { session } = await findManagedLiveSession(ctx, sessionId);
  const steps = await checkedAgenda(ctx, session.meetingId);
  if (step >= steps.length)
    throw badRequest({ step: liveMessages.liveStepOutOfRange }, liveMessages.liveStepOutOfRange);
  const now = new Date();
  const [moved] = await ctx.db
    .update(sessions)
    .set({ currentStep: step, lastStepStartedAt: now, stepSeconds: withStepTime(session, steps, now) })
    .where(eq(sessions.id, session.id))
    .returning();
  const result = toLiveSession(moved!);
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.step',
    data: {
      sessionId: session.id,
      meetingId: session.meetingId,
      currentStep: result.currentStep,
      lastStepStartedAt: result.lastStepStartedAt,
    },
  });
  return result;
};

/** The recap row of one person of the session: a leader or member of the meeting, or someone who joined. */
const findRecapPerson = async (ctx: TenantContext, session: SessionRow, meeting: MeetingAccess, userId: string) => {
  const person = (await loadAttendees(ctx.db, session, meeting)).find((attendee) => attendee.id === userId);
  if (!person) throw notFound(liveMessages.liveNotAttendee);
  return person;
};

/** `PATCH sessions/{id}/ratings/{userId}`: a recap score and/or note, by that person or a leader. */
export const saveRating = async (ctx: TenantContext, sessionId: string, userId: string, input: SaveRating) => {
  const { session, meeting } = await findLiveSession(ctx, sessionId);
  const person = await findRecapPerson(ctx, session, meeting, userId);
  if (userId !== ctx.userId && !canEditRecap(ctx, meeting)) throw forbidden();
  const changes = {
    ...(input.score !== undefined && { score: input.score }),
    ...(input.note !== undefined && { note: input.note }),
  };
  await upsertAttendees(ctx, session, meeting, [userId], changes);
  publishAttendees(ctx, session);
  return { ...person, ...changes };
};

/** `PATCH sessions/{id}/attendees/{userId}`: a leader marks 'Did not attend', or takes it back. */
export const markAttendance = async (ctx: TenantContext, sessionId: string, userId: string, notAttended: boolean) => {
  const { session, meeting } = await findLiveSession(ctx, sessionId);
  const person = await findRecapPerson(ctx, session, meeting, userId);
  if (!canEditRecap(ctx, meeting)) throw forbidden();
  await upsertAttendees(ctx, session, meeting, [userId], { notAttended });
  publishAttendees(ctx, session);
  return { ...person, notAttended };
};

/** `POST sessions/{id}/guests` (saveEmail): someone outside the meeting attended; they get the recap email. */
export const addGuest = async (ctx: TenantContext, sessionId: string, email: string) => {
  const { session } = await findLiveSession(ctx, sessionId);
  const guests = await loadGuests(ctx.db, session.id);
  const address = email.trim().toLowerCase();
  if (guests.includes(address)) return guests;
  if (guests.length >= LIVE_GUESTS_MAX) {
    const full = liveMessages.liveGuestsFull(LIVE_GUESTS_MAX);
    throw badRequest({ email: full }, full);
  }
  await ctx.db
    .insert(sessionGuests)
    .values({ sessionId: session.id, email: address, tenantId: ctx.tenantId, addedBy: ctx.userId });
  publishAttendees(ctx, session);
  return [...guests, address];
};
