import type { Db } from '../../db/client.ts';
import { isParticipant, loadMeetingAccess } from '../../features/meetings/server/meetings.access.ts';
import type { Auth } from '../context.ts';

/** Whether the caller may join the room of a meeting: one of its leaders or members, or a workspace admin. */
export const isMeetingParticipant = async (db: Db, auth: Auth, meetingId: string): Promise<boolean> => {
  if (!auth.tenantId || !/^[0-9a-f-]{36}$/i.test(meetingId)) return false;
  const meeting = await loadMeetingAccess(db, auth.tenantId, meetingId);
  return meeting !== undefined && (auth.isAdmin || isParticipant(auth.userId, meeting));
};
