import { and, asc, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import {
  agendaItems,
  kpiRemovedSessions,
  meetingPeople,
  meetings,
  scoreCells,
  sessionArchives,
  sessionAttendees,
  sessionGuests,
  sessions,
} from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../shared/errors.ts';
import { LIVE_GUESTS_MAX, START_WINDOW_MS, type StartConfirmation } from '../../../shared/live.ts';
import { addCellsForSessions } from '../../kpis/server/cells.hooks.ts';
import { getAgenda } from '../../meetings/server/agenda.service.ts';
import { findVisibleMeeting, isLeader, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { toSessionSummary } from '../../meetings/server/sessions.service.ts';
import { notifyMeetingStarted } from '../../notifications/server/meetings.notify.ts';
import { liveMessages } from '../live.messages.ts';
import type {
  FinishMeeting,
  LiveSession,
  LiveSessionEntry,
  LiveState,
  MeetingArchive,
  SaveRating,
  StartChecks,
  StartedMeeting,
  StartMeeting,
} from '../live.schemas.ts';
import {
  canEditRecap,
  canManageLive,
  findLiveSession,
  findManagedLiveSession,
  findVisibleSession,
  type SessionRow,
} from './live.access.ts';
import { archiveSession } from './live.archive.ts';
import { loadAttendees, loadGuests, roleIn } from './live.attendees.ts';
import { dropUnsentMessages } from './live.conclude.ts';

// The live meeting (document 1 §2, §4; docs/decisions/017-live-meeting.md). The current step
// and when it began live on the session row, so every attendee (and a refresh, and a late
// join) sees the same step and the same clock: the server's.

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

const checkedAgenda = async (ctx: TenantContext, meetingId: string) =>
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

/** Adds the person to the session's attendees (the spec's meetingMembers); true when they were not there yet. */
const markJoined = async (ctx: TenantContext, session: SessionRow, meeting: MeetingAccess, at: Date) => {
  const [existing] = await ctx.db
    .select({ joinedAt: sessionAttendees.joinedAt, notAttended: sessionAttendees.notAttended })
    .from(sessionAttendees)
    .where(and(eq(sessionAttendees.sessionId, session.id), eq(sessionAttendees.userId, ctx.userId)));
  if (existing?.joinedAt && !existing.notAttended) return false;
  // Someone marked 'Did not attend' who then joins did attend after all.
  await ctx.db
    .insert(sessionAttendees)
    .values({
      sessionId: session.id,
      userId: ctx.userId,
      tenantId: ctx.tenantId,
      roleAtJoin: roleIn(meeting, ctx.userId),
      joinedAt: at,
      changedBy: ctx.userId,
    })
    .onConflictDoUpdate({
      target: [sessionAttendees.sessionId, sessionAttendees.userId],
      set: { joinedAt: sql`coalesce(${sessionAttendees.joinedAt}, excluded.joined_at)`, notAttended: false },
    });
  return true;
};

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

const publishAttendees = (ctx: TenantContext, session: Pick<SessionRow, 'id' | 'meetingId'>) =>
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.attendees.changed',
    data: { sessionId: session.id, meetingId: session.meetingId },
  });

const publishSessionChange = (ctx: TenantContext, session: Pick<SessionRow, 'id' | 'meetingId'>) =>
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
const withStepTime = (session: SessionRow, steps: { id: string }[], now: Date) => {
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

/** Sets recap fields of some people of the session (their rows made when missing), in one statement. */
const upsertAttendees = async (
  ctx: TenantContext,
  session: SessionRow,
  meeting: MeetingAccess,
  userIds: string[],
  values: Partial<Pick<typeof sessionAttendees.$inferInsert, 'score' | 'note' | 'notAttended'>>,
) => {
  if (userIds.length === 0) return;
  const changed = { ...values, changedAt: new Date(), changedBy: ctx.userId };
  await ctx.db
    .insert(sessionAttendees)
    .values(
      userIds.map((userId) => ({
        sessionId: session.id,
        userId,
        tenantId: ctx.tenantId,
        roleAtJoin: roleIn(meeting, userId),
        ...changed,
      })),
    )
    .onConflictDoUpdate({ target: [sessionAttendees.sessionId, sessionAttendees.userId], set: changed });
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

/** A cancelled session that only existed for this start, with nothing typed into its scorecard, goes again. */
const isThrowAway = async (ctx: TenantContext, session: SessionRow) => {
  if (!session.unscheduled) return false;
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(scoreCells)
    .where(and(eq(scoreCells.sessionId, session.id), or(isNotNull(scoreCells.measured), isNotNull(scoreCells.note))));
  return !kept?.n;
};

/**
 * `POST sessions/{id}/finish` (finishMeetingSession). Save and Finish: marks who did not
 * attend, ends the session, keeps its archive and mails the recap to every attendee.
 * Cancel: the session goes back to not started and its attendance, ratings and guests go.
 * Either way the step is reset to '0' with no step start, and everyone is told.
 */
export const finishMeeting = async (
  ctx: TenantContext,
  sessionId: string,
  input: FinishMeeting,
  publicUrl: string,
): Promise<boolean> => {
  const { session, meeting } = await findManagedLiveSession(ctx, sessionId);
  const reset = { currentStep: 0, lastStepStartedAt: null };
  const [held] = await ctx.db
    .select({ snapshot: sessionArchives.snapshot })
    .from(sessionArchives)
    .where(eq(sessionArchives.sessionId, session.id));
  const heldBefore = held?.snapshot as MeetingArchive | undefined;
  if (input.cancelled && heldBefore) {
    // A day's session started again and then cancelled is as it was after its first finish.
    await dropUnsentMessages(ctx, session.id);
    await ctx.db
      .update(sessions)
      .set({ ...reset, startedAt: new Date(heldBefore.startedAt), finishedAt: new Date(heldBefore.finishedAt) })
      .where(eq(sessions.id, session.id));
  } else if (input.cancelled) {
    await dropUnsentMessages(ctx, session.id);
    if (await isThrowAway(ctx, session)) {
      await ctx.db.delete(sessions).where(eq(sessions.id, session.id));
    } else {
      await ctx.db.delete(sessionAttendees).where(eq(sessionAttendees.sessionId, session.id));
      await ctx.db.delete(sessionGuests).where(eq(sessionGuests.sessionId, session.id));
      await ctx.db
        .update(sessions)
        .set({ ...reset, startedAt: null, startedBy: null, stepSeconds: {}, discussedTaskId: null })
        .where(eq(sessions.id, session.id));
    }
  } else {
    // The list sent joins the marks already made: a mark made a moment ago elsewhere is kept.
    const marked = new Set(input.notAttended);
    const attendees = await loadAttendees(ctx.db, session, meeting);
    // Someone of the session may be marked whatever became of them; anyone else must be the workspace's.
    await assertInWorkspace(ctx.db, ctx.tenantId, {
      users: [...marked].filter((userId) => !attendees.some((person) => person.id === userId)),
    });
    const people = attendees.map((person) => (marked.has(person.id) ? { ...person, notAttended: true } : person));
    await upsertAttendees(
      ctx,
      session,
      meeting,
      people.filter((person) => marked.has(person.id)).map((person) => person.id),
      { notAttended: true },
    );
    const steps = await checkedAgenda(ctx, session.meetingId);
    const now = new Date();
    const [finished] = await ctx.db
      .update(sessions)
      .set({ ...reset, finishedAt: now, stepSeconds: withStepTime(session, steps, now), discussedTaskId: null })
      .where(eq(sessions.id, session.id))
      .returning();
    await archiveSession(ctx, finished!, people, meeting, publicUrl, steps, heldBefore);
  }
  const ended = { sessionId: session.id, meetingId: session.meetingId };
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.ended',
    data: { ...ended, cancelled: input.cancelled },
  });
  ctx.publish({ tenantId: ctx.tenantId, type: 'live.changed', data: { ...ended, live: false } });
  publishSessionChange(ctx, session);
  return true;
};

/** `GET sessions/{id}/archive/`: the snapshot, with the session's note and recording link as they are now. */
export const getArchive = async (ctx: TenantContext, sessionId: string): Promise<MeetingArchive> => {
  const { session } = await findVisibleSession(ctx, sessionId);
  const [archive] = await ctx.db
    .select({ snapshot: sessionArchives.snapshot })
    .from(sessionArchives)
    .where(eq(sessionArchives.sessionId, session.id));
  if (!archive) throw notFound(liveMessages.archiveNotFound);
  type Later =
    | 'issuesCreated'
    | 'goalsCreated'
    | 'goalsFinished'
    | 'headlines'
    | 'timing'
    | 'todosReassigned'
    | 'headlineIssues'
    | 'backburnerIssues'
    | 'goalsChanged'
    | 'cascadingMessages';
  type Stored = Omit<MeetingArchive, 'note' | 'link' | Later> & Partial<Pick<MeetingArchive, Later>>;
  return {
    issuesCreated: [],
    goalsCreated: [],
    goalsFinished: [],
    headlines: [],
    timing: null,
    todosReassigned: [],
    headlineIssues: [],
    backburnerIssues: [],
    goalsChanged: [],
    cascadingMessages: [],
    ...(archive.snapshot as Stored),
    note: session.note,
    link: session.link,
  };
};
