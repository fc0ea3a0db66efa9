import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, sessions } from '../../../db/schema/index.ts';
import type { Auth } from '../../../server/context.ts';
import type { RoomRules } from '../../../server/realtime/access.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { isLiveSession } from '../../../shared/live.ts';
import { isUuid } from '../../../shared/validation.ts';
import { isParticipant, loadMeetingAccess } from './meetings.access.ts';

// Who may be in a meeting's real-time room (and so see its live presence): the meeting's own
// rule, handed to the real-time core by app.ts.

/** Whether the caller may join the room of a meeting: one of its leaders or members, or a workspace admin. */
const mayJoinMeeting = async (db: Db, auth: Auth, meetingId: string): Promise<boolean> => {
  if (!auth.tenantId || !isUuid(meetingId)) return false;
  const meeting = await loadMeetingAccess(db, auth.tenantId, meetingId);
  return meeting !== undefined && (auth.isAdmin || isParticipant(auth.userId, meeting));
};

/**
 * Of `userIds`, those who may no longer join the meeting's room by the rule above (no longer a
 * leader or member, and not an enabled admin of the workspace); everyone when the meeting is gone.
 */
const withoutMeetingAccess = async (
  db: Db,
  tenantId: string,
  meetingId: string,
  userIds: string[],
): Promise<string[]> => {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const meeting = await loadMeetingAccess(db, tenantId, meetingId);
  if (!meeting) return unique;
  const admins = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        inArray(memberships.userId, unique),
        eq(memberships.isAdmin, ADMIN_FLAG.yes),
        eq(memberships.disabled, false),
      ),
    );
  const adminIds = new Set(admins.map((row) => row.userId));
  return unique.filter((userId) => !adminIds.has(userId) && !isParticipant(userId, meeting));
};

/**
 * The meeting of a live session whose presence the caller may join (who may join that
 * meeting's room); undefined when the session is not live or not the caller's to see.
 */
const liveSessionMeeting = async (db: Db, auth: Auth, sessionId: string): Promise<string | undefined> => {
  if (!auth.tenantId || !isUuid(sessionId)) return undefined;
  const [session] = await db
    .select({ meetingId: sessions.meetingId, startedAt: sessions.startedAt, finishedAt: sessions.finishedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.tenantId, auth.tenantId)));
  if (!session || !isLiveSession(session)) return undefined;
  return (await mayJoinMeeting(db, auth, session.meetingId)) ? session.meetingId : undefined;
};

export const meetingRoomRules: RoomRules = { mayJoinMeeting, withoutMeetingAccess, liveSessionMeeting };
