import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetingPeople, sessionAttendees, sessionGuests, users } from '../../../db/schema/index.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { isLeader, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import type { LiveAttendee } from '../live.schemas.ts';
import type { SessionRow } from './live.access.ts';

// The people of a live session: the meeting's leaders and members and whoever else joined,
// with their recap rows, and the guests added by email.

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
