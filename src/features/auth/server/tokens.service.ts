import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import {
  authSessions,
  memberships,
  tenants,
  trustedBrowsers,
  twoFactorSecrets,
  users,
} from '../../../db/schema/index.ts';
import type { Auth } from '../../../server/context.ts';
import { ADMIN_FLAG, SESSION_TTL_MS } from '../../../shared/constants.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';

// Bearer tokens: 256 random bits given to the client once; only their SHA-256 is stored, so a
// copy of the database cannot be used to sign in. (A slow hash is not needed for 256-bit secrets.)

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

export const createSession = async (
  db: Db,
  input: { userId: string; tenantId: string | null; remember: boolean; userAgent?: string | null; method?: string },
): Promise<NewSession> => {
  const token = randomBytes(32).toString('base64url');
  const ttl = input.remember ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.default;
  const expiresAt = new Date(Date.now() + ttl);
  const [row] = await db
    .insert(authSessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      tenantId: input.tenantId,
      remember: input.remember,
      userAgent: input.userAgent?.slice(0, 300) || null,
      method: input.method ?? null,
      expiresAt,
    })
    .returning({ id: authSessions.id });
  return { sessionId: row!.id, token, expiresAt };
};

/** The session lookup runs on every authenticated request: a prepared statement (decision 040). */
const sessionLookup = (db: Db) =>
  db
    .select({
      sessionId: authSessions.id,
      userId: authSessions.userId,
      tenantId: authSessions.tenantId,
      isAdmin: memberships.isAdmin,
      disabled: memberships.disabled,
      expiresAt: authSessions.expiresAt,
      // The workspace requires two-factor sign-in and this person has not turned it on (decision 102).
      mustEnrol: sql<boolean>`coalesce(${tenants.requireTwoFactor}, false) and ${twoFactorSecrets.enabledAt} is null`,
    })
    .from(authSessions)
    .innerJoin(users, and(eq(users.id, authSessions.userId), isNull(users.deletedAt)))
    .leftJoin(
      memberships,
      and(eq(memberships.tenantId, authSessions.tenantId), eq(memberships.userId, authSessions.userId)),
    )
    .leftJoin(tenants, eq(tenants.id, authSessions.tenantId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql.placeholder('now')),
      ),
    );

const lookupSession = async (db: Db, tokenHash: string): Promise<CachedSession | null> => {
  const [row] = await runPrepared(db, 'cadence_session_lookup', sessionLookup, { tokenHash, now: new Date() });
  if (!row) return null;
  // A workspace the user was removed from (or disabled in) is not theirs to use any more.
  const member = row.isAdmin !== null && row.disabled === false;
  // Nor, until they enrol, one that requires two-factor sign-in: its calls answer 403 with a code.
  const blocked = member && row.mustEnrol === true;
  return {
    auth: {
      sessionId: row.sessionId,
      userId: row.userId,
      tenantId: member && !blocked ? row.tenantId : null,
      isAdmin: member && !blocked && row.isAdmin === ADMIN_FLAG.yes,
      ...(blocked ? { twoFactorRequiredIn: row.tenantId } : {}),
    },
    expiresAt: row.expiresAt,
  };
};

/**
 * The caller behind a token, or null when the token is unknown, expired, revoked or its user
 * deleted. With a cache (the embedded database only, see session-cache.ts) a recent answer is
 * reused; without one, every call reads the database.
 */
export const resolveToken = async (db: Db, token: string, cache?: SessionCache): Promise<Auth | null> => {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  if (cache) return cache.resolve(tokenHash, () => lookupSession(db, tokenHash));
  return (await lookupSession(db, tokenHash))?.auth ?? null;
};

export const revokeSession = async (db: Db, sessionId: string) => {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
};

/** Moves a session into another workspace (the caller has checked the membership). */
export const setSessionTenant = async (db: Db, sessionId: string, tenantId: string) => {
  await db.update(authSessions).set({ tenantId }).where(eq(authSessions.id, sessionId));
};

/**
 * Ends every session of a user (new password, sign out everywhere, deleted account), and forgets
 * the browsers they trusted to skip two-factor codes (decision 102).
 */
export const revokeAllSessions = async (db: Db, userId: string) => {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await db
    .update(trustedBrowsers)
    .set({ revokedAt: new Date() })
    .where(and(eq(trustedBrowsers.userId, userId), isNull(trustedBrowsers.revokedAt)));
};

/** Ends every session of a user but `keepSessionId` (a password change keeps the one that made it). */
export const revokeOtherSessions = async (db: Db, userId: string, keepSessionId: string) => {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
};

/** Ends the sessions of a user that work in `tenantId` (they were disabled there); their ids. */
export const revokeWorkspaceSessions = async (db: Db, userId: string, tenantId: string) => {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), eq(authSessions.tenantId, tenantId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
};
