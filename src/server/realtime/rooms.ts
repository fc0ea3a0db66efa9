import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { isParticipant, loadMeetingAccess } from '../../features/meetings/server/meetings.access.ts';
import { isLiveSession } from '../../shared/live.ts';
import type { Auth } from '../context.ts';

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** Whether the caller may join the room of a meeting: one of its leaders or members, or a workspace admin. */
export const isMeetingParticipant = async (db: Db, auth: Auth, meetingId: string): Promise<boolean> => {
  if (!auth.tenantId || !isUuid(meetingId)) return false;
  const meeting = await loadMeetingAccess(db, auth.tenantId, meetingId);
  return meeting !== undefined && (auth.isAdmin || isParticipant(auth.userId, meeting));
};

/**
 * The meeting of a live session whose presence the caller may join (who may join that
 * meeting's room); undefined when the session is not live or not the caller's to see.
 */
export const liveSessionMeetingFor = async (db: Db, auth: Auth, sessionId: string): Promise<string | undefined> => {
  if (!auth.tenantId || !isUuid(sessionId)) return undefined;
  const [session] = await db
    .select({ meetingId: sessions.meetingId, startedAt: sessions.startedAt, finishedAt: sessions.finishedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.tenantId, auth.tenantId)));
  if (!session || !isLiveSession(session)) return undefined;
  return (await isMeetingParticipant(db, auth, session.meetingId)) ? session.meetingId : undefined;
};
