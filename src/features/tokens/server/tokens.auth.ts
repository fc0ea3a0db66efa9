import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { apiTokens, memberships, users } from '../../../db/schema/index.ts';
import type { Auth } from '../../../server/context.ts';
import { countTry } from '../../../server/rate-limit.ts';
import { ADMIN_FLAG, RATE_LIMITS } from '../../../shared/constants.ts';
import { forbidden } from '../../../shared/errors.ts';
import { tokensMessages } from '../tokens.messages.ts';
import { scopeAllows, TOKEN_PREFIX } from '../tokens.schemas.ts';
import { ANY_TOKEN, requiredScope } from './tokens.scopes.ts';

// Who an API token is, and whether it may make the call it came with (decision 093). Nothing
// here is cached: a revoked token, a disabled person or a lost admin flag counts from the next call.

/** Only the SHA-256 of a secret is stored; 256 random bits need no slow hash. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a bearer token is an API token's secret (and not a browser session's). */
export const isApiTokenSecret = (token: string) => token.startsWith(TOKEN_PREFIX);

const tokenLookup = (db: Db) =>
  db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      kind: apiTokens.kind,
      scopes: apiTokens.scopes,
      tenantId: apiTokens.tenantId,
      userId: apiTokens.userId,
      isAdmin: memberships.isAdmin,
      disabled: memberships.disabled,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), isNull(users.deletedAt)))
    .leftJoin(memberships, and(eq(memberships.tenantId, apiTokens.tenantId), eq(memberships.userId, apiTokens.userId)))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
      ),
    );

/**
 * The caller behind an API token's secret, or null (401) when it is unknown, revoked or expired,
 * or, for a personal token, when its person was deleted, removed from the workspace or disabled
 * there. The lookup is by the secret's hash through a unique index: equality on a hash leaks
 * nothing about the secret's characters, so no constant-time comparison of secrets is needed.
 */
export const resolveApiToken = async (db: Db, secret: string): Promise<Auth | null> => {
  if (secret.length > 200) return null;
  const [row] = await runPrepared(db, 'cadence_api_token_lookup', tokenLookup, {
    tokenHash: hashSecret(secret),
    now: new Date(),
  });
  if (!row) return null;
  let isAdmin: boolean;
  if (row.kind === 'personal') {
    // Never beyond the person's rights: their membership as it is now.
    if (row.isAdmin === null || row.disabled !== false) return null;
    isAdmin = row.isAdmin === ADMIN_FLAG.yes;
  } else {
    // A workspace token's service account is no member: it acts as an admin, within its scopes.
    isAdmin = true;
  }
  return {
    sessionId: row.id,
    userId: row.userId,
    tenantId: row.tenantId,
    isAdmin,
    apiToken: { id: row.id, name: row.name, scopes: row.scopes },
  };
};

/** Notes when and from where a token was used; at most one write a minute per token and address. */
const touch = (db: Db, tokenId: string, address: string | null) =>
  db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(), lastUsedAddress: address })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(
          isNull(apiTokens.lastUsedAt),
          sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`,
          sql`${apiTokens.lastUsedAddress} is distinct from ${address}`,
        ),
      ),
    );

/**
 * Every call made with an API token passes here (the auth hook): it counts against the token's
 * rate limit (429), then must be one its scopes allow (403; a route with no scope is refused).
 */
export const checkApiTokenCall = async (request: FastifyRequest) => {
  const token = request.auth?.apiToken;
  if (!token) return;
  const { database, config } = request.server;
  const limit = config.authLimits?.apiTokenCalls ?? RATE_LIMITS.apiTokenCalls;
  await countTry(database.db, [{ key: `api-token:${token.id}`, limit }], tokensMessages.tooManyCalls);
  const scope = requiredScope(request.method, request.routeOptions.url ?? '', request.routeOptions.schema?.tags);
  if (!scope) throw forbidden(tokensMessages.notForTokens);
  if (scope !== ANY_TOKEN && !scopeAllows(token.scopes, scope)) throw forbidden(tokensMessages.missingScope(scope));
  await touch(database.db, token.id, request.ip ?? null);
};
