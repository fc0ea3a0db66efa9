import type { Db } from '../../db/client.ts';
import type { Auth } from '../context.ts';

/**
 * Whether the caller may join the room of a meeting: they must be one of its leaders or
 * members. The workspace has no meetings yet (they arrive with the meetings feature), so no
 * one is part of one and every request is refused.
 */
export const isMeetingParticipant = async (_db: Db, _auth: Auth, _meetingId: string): Promise<boolean> => false;
