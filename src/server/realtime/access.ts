import type { Db } from '../../db/client.ts';
import type { Auth } from '../context.ts';

// What the real-time core needs from features, handed to it by app.ts: the core knows rooms
// and sockets, the features know who a token is and who may be in a meeting.

/** Who may be in a meeting's room (the meetings feature's rule). */
export interface RoomRules {
  /** Whether the caller may join the room of a meeting. */
  mayJoinMeeting(db: Db, auth: Auth, meetingId: string): Promise<boolean>;
  /** Of `userIds`, those who may no longer join the meeting's room; everyone when it is gone. */
  withoutMeetingAccess(db: Db, tenantId: string, meetingId: string, userIds: string[]): Promise<string[]>;
  /** The meeting of a live session whose presence the caller may join; undefined otherwise. */
  liveSessionMeeting(db: Db, auth: Auth, sessionId: string): Promise<string | undefined>;
}

export interface RealtimeAccess {
  /**
   * The caller behind a token, read from the database now; null when the token is not a live
   * session. Throws when the database cannot answer (the socket is then told to retry).
   */
  resolveToken(token: string): Promise<Auth | null>;
  rooms: RoomRules;
  /** The instance's cache of resolved sessions, cleared on every instance after a revocation. */
  sessionCache: { clear(): void; ttlMs: number };
}
