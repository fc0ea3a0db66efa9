import type { Db } from '../db/client.ts';
import type { RealtimeEventMap, RealtimeEventType } from '../shared/realtime.ts';
import type { Mail } from './mail/mailer.ts';

/** Who is calling, as resolved from the bearer token. */
export interface Auth {
  /** The session; for an API token, the token's id (no session route accepts a token). */
  sessionId: string;
  userId: string;
  /** The workspace the session works in; null when it has none it may still use. */
  tenantId: string | null;
  isAdmin: boolean;
  /**
   * The session's workspace when it requires two-factor sign-in and the person has none
   * (decision 102): `tenantId` is null then, and workspace calls answer 403 with a code.
   */
  twoFactorRequiredIn?: string | null;
  /** Set when the caller is an API token (decision 093) rather than a signed-in browser. */
  apiToken?: ApiTokenAuth | null;
}

/** The API token a request came with: what it may call is decided from its scopes. */
export interface ApiTokenAuth {
  id: string;
  name: string;
  scopes: readonly string[];
}

/** An event a service raises; it is published only after its transaction commits. */
export interface PendingEvent<K extends RealtimeEventType = RealtimeEventType> {
  tenantId: string;
  /** Set: the meeting's room `acc-{tenantId}-{meetingId}`; unset: the workspace room. */
  meetingId?: string;
  /** Set: only this person's sockets in the workspace (a notification); overrides `meetingId`. */
  receiverId?: string;
  type: K;
  data: RealtimeEventMap[K];
}

/** Where a request came from, as audits record it. */
export interface Actor {
  sessionId: string | null;
  /** The API token that made the call, if one did. */
  tokenId?: string | null;
  address: string | null;
}

/** What every service call gets: the transaction and a way to raise events. */

export interface TxContext {
  db: Db;
  userId: string | null;
  /** The API token the request came with (decision 093): records written now name it. */
  apiTokenId?: string | null;
  publish: <K extends RealtimeEventType>(event: PendingEvent<K>) => void;
  /** Writes the mail (or several, in one statement) to the outbox now; delivered only if the transaction commits. */
  sendMail: (mail: Mail | readonly Mail[]) => Promise<void>;
  /** The app's public address, for links in mails (PUBLIC_URL). */
  publicUrl: string;
  /** Closes the sockets of a session or of every session of a user, once committed. */
  disconnect: (target: { sessionId: string } | { userId: string }) => void;
  /**
   * Takes people who may have lost a meeting out of its room and live presence on every
   * instance, once committed and before this transaction's events go out. Call after the
   * writes: of `userIds`, those the room's rule still admits (its leaders and members, the
   * workspace's admins) stay. Without `userIds` everyone leaves (the meeting is deleted).
   */
  leaveMeetingRoom: (target: { tenantId: string; meetingId: string; userIds?: string[] }) => Promise<void>;
  /** Drops a user's sockets in a workspace they were removed from or disabled in, once committed. */
  leaveWorkspace: (target: { tenantId: string; userId: string }) => void;
}

/** A service call on behalf of a signed-in user, whatever workspace they are in. */
export interface UserContext extends TxContext {
  userId: string;
  sessionId: string;
}

/** A service call on behalf of a signed-in member of a workspace. */
export interface TenantContext extends TxContext {
  userId: string;
  tenantId: string;
  isAdmin: boolean;
}
