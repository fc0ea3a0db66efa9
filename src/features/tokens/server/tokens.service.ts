import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens, memberships, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { type PersonSummaryRow, personSummary, personSummaryColumns } from '../../../server/people.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { addDays, todayUtc, utcToZonedParts, zonedTimeToUtc } from '../../../shared/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../shared/errors.ts';
import type {} from '../tokens.events.ts';
import { tokensMessages } from '../tokens.messages.ts';
import {
  type ApiToken,
  type CreatedToken,
  type CreateToken,
  type CurrentToken,
  TOKEN_PREFIX,
  type TokenKind,
} from '../tokens.schemas.ts';
import { hashSecret } from './tokens.auth.ts';

// Personal and workspace API tokens: made, listed and revoked (decision 093). The secret is
// returned once, by `createToken`; only its hash and its first characters are kept.

/** Tokens in use at once, per person (personal) or per workspace (workspace): the lists stay short. */
export const MAX_ACTIVE_TOKENS = 50;
/** How far ahead an expiry may be. */
const MAX_EXPIRY_YEARS = 5;
/** `cad_` and this many characters of the secret are shown in lists. */
const SHOWN_CHARACTERS = 8;

const mask = (prefix: string) => `${prefix}…`;

/** The tokens a caller may see of `kind`: their own personal ones, or the workspace's (admins). */
const whereVisible = (ctx: TenantContext, kind: TokenKind) =>
  and(
    eq(apiTokens.tenantId, ctx.tenantId),
    eq(apiTokens.kind, kind),
    isNull(apiTokens.revokedAt),
    kind === 'personal' ? eq(apiTokens.userId, ctx.userId) : undefined,
  );

const assertMayManage = (ctx: TenantContext, kind: TokenKind) => {
  if (kind === 'workspace') assertWorkspaceAdmin(ctx);
};

type TokenRow = typeof apiTokens.$inferSelect;

const toApiToken = (row: TokenRow, creator: PersonSummaryRow | null, now: Date): ApiToken => ({
  id: row.id,
  kind: row.kind as TokenKind,
  name: row.name,
  masked: mask(row.prefix),
  scopes: row.scopes,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  expired: row.expiresAt !== null && row.expiresAt <= now,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedAddress: row.lastUsedAddress,
  createdAt: row.createdAt.toISOString(),
  createdBy: creator?.id ? personSummary(creator) : null,
});

/** The caller's personal tokens, or the workspace's tokens (admins), newest first, revoked ones left out. */
export const listTokens = async (ctx: TenantContext, kind: TokenKind): Promise<ApiToken[]> => {
  assertMayManage(ctx, kind);
  const rows = await ctx.db
    .select({ token: apiTokens, creator: personSummaryColumns })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(whereVisible(ctx, kind))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(MAX_ACTIVE_TOKENS);
  const now = new Date();
  return rows.map(({ token, creator }) => toApiToken(token, creator, now));
};

/** The instant a token made to work through `expiresOn` stops: the next midnight where its creator lives. */
const expiryOf = async (ctx: TenantContext, expiresOn: string | null | undefined): Promise<Date | null> => {
  if (!expiresOn) return null;
  const [creator] = await ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, ctx.userId));
  const timezone = creator?.timezone ?? 'UTC';
  const today = utcToZonedParts(new Date(), timezone).date;
  if (expiresOn < today) throw badRequest({ expiresOn: tokensMessages.expiryInPast });
  if (expiresOn > addDays(todayUtc(), MAX_EXPIRY_YEARS * 366))
    throw badRequest({ expiresOn: tokensMessages.expiryTooFar });
  return zonedTimeToUtc(addDays(expiresOn, 1), '00:00', timezone);
};

/**
 * The service account a workspace token acts as: a person row with no membership, no password
 * and an address nobody can receive mail at, so it cannot sign in, be invited or be assigned;
 * history shows the token's name where it changed something.
 */
const createServiceAccount = async (ctx: TenantContext, name: string) => {
  const [account] = await ctx.db
    .insert(users)
    .values({
      email: `api-token-${randomUUID()}@tokens.cadence.invalid`,
      passwordHash: null,
      firstName: name,
      lastName: tokensMessages.serviceAccountLastName,
    })
    .returning({ id: users.id });
  return account!.id;
};

/** Tells the pages that list these tokens to reload: the person's, or every admin's of the workspace. */
const announce = async (ctx: TenantContext, kind: TokenKind) => {
  const receivers =
    kind === 'personal'
      ? [ctx.userId]
      : (
          await ctx.db
            .select({ id: memberships.userId })
            .from(memberships)
            .where(
              and(
                eq(memberships.tenantId, ctx.tenantId),
                eq(memberships.isAdmin, ADMIN_FLAG.yes),
                eq(memberships.disabled, false),
              ),
            )
        ).map((row) => row.id);
  for (const receiverId of receivers)
    ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'apiTokens.changed', data: { kind } });
};

/** A new token; the answer is the only place its secret ever appears. */
export const createToken = async (ctx: TenantContext, kind: TokenKind, input: CreateToken): Promise<CreatedToken> => {
  assertMayManage(ctx, kind);
  const expiresAt = await expiryOf(ctx, input.expiresOn);
  const [active] = await ctx.db.select({ n: count() }).from(apiTokens).where(whereVisible(ctx, kind));
  if ((active?.n ?? 0) >= MAX_ACTIVE_TOKENS) throw conflict(tokensMessages.tooMany(MAX_ACTIVE_TOKENS));
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const userId = kind === 'personal' ? ctx.userId : await createServiceAccount(ctx, input.name);
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      tenantId: ctx.tenantId,
      kind,
      userId,
      createdBy: ctx.userId,
      name: input.name,
      prefix: secret.slice(0, TOKEN_PREFIX.length + SHOWN_CHARACTERS),
      tokenHash: hashSecret(secret),
      scopes: input.scopes,
      expiresAt,
    })
    .returning();
  const [creator] = await ctx.db.select(personSummaryColumns).from(users).where(eq(users.id, ctx.userId));
  await announce(ctx, kind);
  return { ...toApiToken(row!, creator ?? null, new Date()), secret };
};

/** Revokes a token at once: its next call is 401. Another's token, or one already revoked, is 404. */
export const revokeToken = async (ctx: TenantContext, kind: TokenKind, id: string): Promise<boolean> => {
  assertMayManage(ctx, kind);
  const revoked = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), whereVisible(ctx, kind)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw notFound();
  await announce(ctx, kind);
  return true;
};

/** `GET api-token`: the token the call came with and whom it acts as; a signed-in browser has none (403). */
export const currentToken = async (ctx: TenantContext): Promise<CurrentToken> => {
  if (!ctx.apiTokenId) throw forbidden(tokensMessages.onlyWithToken);
  const [row] = await ctx.db
    .select({ token: apiTokens, person: personSummaryColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.id, ctx.apiTokenId), eq(apiTokens.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return {
    id: row.token.id,
    kind: row.token.kind as TokenKind,
    name: row.token.name,
    scopes: row.token.scopes,
    expiresAt: row.token.expiresAt?.toISOString() ?? null,
    tenantId: row.token.tenantId,
    person: personSummary(row.person),
  };
};
