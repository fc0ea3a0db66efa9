import { and, count, eq, isNotNull, or } from 'drizzle-orm';
import { scoreCells, sessionArchives, sessionAttendees, sessionGuests, sessions } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import type { FinishMeeting, MeetingArchive } from '../live.schemas.ts';
import { findManagedLiveSession, type SessionRow } from './live.access.ts';
import { archiveSession } from './live.archive.ts';
import { loadAttendees, upsertAttendees } from './live.attendees.ts';
import { dropUnsentMessages } from './live.conclude.ts';
import { checkedAgenda, publishSessionChange, withStepTime } from './live.service.ts';

// Ending a live meeting: Save and Finish (the archive and the recap mail) or Cancel.

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
