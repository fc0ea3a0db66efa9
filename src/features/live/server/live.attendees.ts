import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetingPeople, sessionAttendees, sessionGuests, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { isLeader, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import type { LiveAttendee } from '../live.schemas.ts';
import type { SessionRow } from './live.access.ts';

// The people of a live session: the meeting's leaders and members and whoever else joined,
// with their recap rows, and the guests added by email; the writes of those rows (a join, recap
// fields) and the event that tells the room they changed.

export type Role = LiveAttendee['role'];
export const roleIn = (meeting: MeetingAccess, userId: string): Role =>
  isLeader(userId, meeting) ? 'leader' : meeting.memberIds.includes(userId) ? 'member' : 'other';

/**
 * The people of a session's recap and Online list: the meeting's leaders, then its members
 * (in their order), then anyone else who joined or was rated. Two statements.
 */
export const loadAttendees = async (
  db: Db,
  session: Pick<SessionRow, 'id' | 'meetingId'>,
  meeting: MeetingAccess,
): Promise<LiveAttendee[]> => {
  const people = await db
    .select(personSummaryColumns)
    .from(meetingPeople)
    .innerJoin(users, eq(users.id, meetingPeople.userId))
    .where(eq(meetingPeople.meetingId, session.meetingId))
    .orderBy(sql`${meetingPeople.role} = 'leader' desc`, asc(meetingPeople.sort), asc(users.firstName));
  const rows = await db
    .select({
      ...personSummaryColumns,
      roleAtJoin: sessionAttendees.roleAtJoin,
      joinedAt: sessionAttendees.joinedAt,
      score: sessionAttendees.score,
      note: sessionAttendees.note,
      notAttended: sessionAttendees.notAttended,
    })
    .from(sessionAttendees)
    .innerJoin(users, eq(users.id, sessionAttendees.userId))
    .where(eq(sessionAttendees.sessionId, session.id))
    .orderBy(asc(sessionAttendees.joinedAt), asc(users.firstName));
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<string>();
  const result: LiveAttendee[] = [];
  for (const p of [...people, ...rows]) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const row = rowOf.get(p.id);
    const role = roleIn(meeting, p.id);
    result.push({
      ...personSummary(p),
      role,
      removedFromMeeting: role === 'other' && row !== undefined && row.roleAtJoin !== 'other',
      joinedAt: row?.joinedAt?.toISOString() ?? null,
      score: row?.score ?? null,
      note: row?.note ?? null,
      notAttended: row?.notAttended ?? false,
    });
  }
  return result;
};

export const loadGuests = async (db: Db, sessionId: string) =>
  (
    await db
      .select({ email: sessionGuests.email })
      .from(sessionGuests)
      .where(eq(sessionGuests.sessionId, sessionId))
      .orderBy(asc(sessionGuests.addedAt), asc(sessionGuests.email))
  ).map((row) => row.email);

/** Adds the person to the session's attendees (the spec's meetingMembers); true when they were not there yet. */
export const markJoined = async (ctx: TenantContext, session: SessionRow, meeting: MeetingAccess, at: Date) => {
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

/** Sets recap fields of some people of the session (their rows made when missing), in one statement. */
export const upsertAttendees = async (
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

export const publishAttendees = (ctx: TenantContext, session: Pick<SessionRow, 'id' | 'meetingId'>) =>
  ctx.publish({
    tenantId: ctx.tenantId,
    meetingId: session.meetingId,
    type: 'live.attendees.changed',
    data: { sessionId: session.id, meetingId: session.meetingId },
  });
