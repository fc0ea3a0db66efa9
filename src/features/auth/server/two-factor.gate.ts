import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tenants, trustedBrowsers, twoFactorChallenges, twoFactorSecrets, users } from '../../../db/schema/index.ts';
import type { TxContext } from '../../../server/context.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { hasOpenInvitation } from '../../workspaces/server/invitations.service.ts';
import { disabledWorkspacesOf, findMyWorkspace, listMyWorkspaces } from '../../workspaces/server/workspaces.service.ts';
import { authMessages } from '../auth.messages.ts';
import type { SignInResult } from '../auth.schemas.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';
import { TWO_FACTOR, type TwoFactorChallenge, type TwoFactorSignIn } from '../two-factor.schemas.ts';
import { refuseIfSsoRequired } from './sso.providers.ts';
import { createSession, hashToken } from './tokens.service.ts';
import { useSecondFactor } from './two-factor.verify.ts';

// The one door every sign-in goes through before a session exists (decision 102): a password,
// Google, single sign-on… each proves a first factor and calls `openSessionOrChallenge`. A person
// with two-factor sign-in gets a challenge, never a token, until a code goes with it.

/** What a proven first factor brings to the door. */
export interface FirstFactor {
  /** How the person proved who they are: 'password', 'google', 'oidc'… (recorded on the session). */
  method: string;
  rememberUser: boolean;
  lastTenantSelected?: string | null | undefined;
  userAgent?: string | undefined;
  /** The browser's "trust this browser" token, if it has one. */
  trustedBrowser?: string | undefined;
}

/** The workspace a new session starts in: the remembered one, the only one, or none (pick one). */
const startingWorkspace = async (db: Db, userId: string, remembered: string | null | undefined) => {
  if (remembered) {
    const found = await findMyWorkspace(db, userId, remembered).catch(() => null);
    if (found) return found;
  }
  const mine = await listMyWorkspaces(db, userId);
  return mine.length === 1 ? mine[0]! : null;
};

export const hasTwoFactor = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return Boolean(row);
};

const workspaceRequiresTwoFactor = async (db: Db, tenantId: string) => {
  const [row] = await db.select({ required: tenants.requireTwoFactor }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.required ?? false;
};

/**
 * A session for someone whose identity is fully proven. Only this file calls createSession for
 * sign-in. `enrolled`: whether the person has two-factor sign-in, when the caller already knows.
 */
const issueSession = async (
  db: Db,
  userId: string,
  input: Omit<FirstFactor, 'trustedBrowser'>,
  { trustedBrowser, enrolled }: { trustedBrowser?: string; enrolled?: boolean } = {},
): Promise<SignInResult> => {
  const workspace = await startingWorkspace(db, userId, input.lastTenantSelected);
  // Someone with no workspace but an open invitation signs in to the picker, to accept it.
  if (!workspace && (await listMyWorkspaces(db, userId)).length === 0 && !(await hasOpenInvitation(db, userId))) {
    const disabledIn = await disabledWorkspacesOf(db, userId);
    throw unauthorized(disabledIn.length ? authMessages.disabledEverywhere(disabledIn) : authMessages.noWorkspaceLeft);
  }
  const session = await createSession(db, {
    userId,
    tenantId: workspace?.id ?? null,
    remember: input.rememberUser,
    userAgent: input.userAgent,
    method: input.method,
  });
  const mustEnrol = workspace
    ? (await workspaceRequiresTwoFactor(db, workspace.id)) && !(enrolled ?? (await hasTwoFactor(db, userId)))
    : false;
  return {
    accessToken: session.token,
    id: userId,
    isAdmin: workspace?.isAdmin ?? ADMIN_FLAG.no,
    tenantId: workspace?.id ?? null,
    expiresAt: session.expiresAt.toISOString(),
    ...(mustEnrol ? { twoFactorEnrolmentRequired: true } : {}),
    ...(trustedBrowser ? { trustedBrowser } : {}),
  };
};

/**
 * A workspace that requires single sign-on lets its members in through a provider only
 * (decision 103): every other way (password, Google's button, a passkey) is refused, naming it.
 */
const refuseUnlessSsoAllows = async (db: Db, userId: string, method: string) => {
  if (!method.startsWith('sso:')) await refuseIfSsoRequired(db, userId);
};

const trustsBrowser = async (db: Db, userId: string, token: string | undefined) => {
  if (!token) return false;
  const [row] = await db
    .select({ id: trustedBrowsers.id })
    .from(trustedBrowsers)
    .where(
      and(
        eq(trustedBrowsers.tokenHash, hashToken(token)),
        eq(trustedBrowsers.userId, userId),
        isNull(trustedBrowsers.revokedAt),
        gt(trustedBrowsers.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
};

/**
 * After a first factor: a session, or — for a person with two-factor sign-in on a browser they
 * have not trusted — a short-lived single-use challenge that authenticates nothing by itself.
 */
export const openSessionOrChallenge = async (
  db: Db,
  userId: string,
  input: FirstFactor,
): Promise<SignInResult | TwoFactorChallenge> => {
  await refuseUnlessSsoAllows(db, userId, input.method);
  if (!(await hasTwoFactor(db, userId))) return issueSession(db, userId, input, { enrolled: false });
  if (await trustsBrowser(db, userId, input.trustedBrowser))
    return issueSession(db, userId, { ...input, method: `${input.method}+trusted-browser` }, { enrolled: true });
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TWO_FACTOR.challengeTtlMs);
  await db.insert(twoFactorChallenges).values({
    tokenHash: hashToken(challenge),
    userId,
    method: input.method,
    remember: input.rememberUser,
    lastTenantSelected: input.lastTenantSelected?.slice(0, 100) ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt,
  });
  return { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() };
};

/** First factors that are two factors by themselves: a passkey verifies its user (PIN, biometrics). */
const MULTI_FACTOR_METHODS: ReadonlySet<string> = new Set(['passkey']);

/**
 * A session without a code, for a multi-factor credential only (a user-verified passkey). Any
 * other method of a person with two-factor sign-in is refused: use `openSessionOrChallenge`.
 */
export const openSession = async (db: Db, userId: string, input: Omit<FirstFactor, 'trustedBrowser'>) => {
  await refuseUnlessSsoAllows(db, userId, input.method);
  if (!MULTI_FACTOR_METHODS.has(input.method) && (await hasTwoFactor(db, userId)))
    throw unauthorized(twoFactorMessages.challengeExpired);
  return issueSession(db, userId, input);
};

export const isChallenge = (result: SignInResult | TwoFactorChallenge): result is TwoFactorChallenge =>
  'twoFactorRequired' in result;

/** The email of a challenge's person (the sign-in limits count per account), or null. */
export const challengeEmail = async (db: Db, challenge: string) => {
  if (challenge.length > 200) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(eq(twoFactorChallenges.tokenHash, hashToken(challenge)));
  return row?.email ?? null;
};

/**
 * The second step: the challenge is used up and the code checked in one transaction, so a wrong
 * code (a 401 thrown here rolls it back) leaves the challenge for another try until it expires,
 * and two requests racing with one challenge cannot both get a session.
 */
export const completeTwoFactorSignIn = async (
  ctx: TxContext,
  keyring: VaultKeyring,
  input: TwoFactorSignIn,
): Promise<SignInResult> => {
  const now = new Date();
  const [challenge] = await ctx.db
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashToken(input.challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!challenge) throw unauthorized(twoFactorMessages.challengeExpired);
  const factor = await useSecondFactor(ctx.db, keyring, challenge.userId, input.code, now.getTime());
  if (!factor) throw unauthorized(twoFactorMessages.wrongCode);
  let trustedBrowser: string | undefined;
  if (input.trustBrowser) {
    trustedBrowser = randomBytes(32).toString('base64url');
    await ctx.db.insert(trustedBrowsers).values({
      tokenHash: hashToken(trustedBrowser),
      userId: challenge.userId,
      expiresAt: new Date(now.getTime() + TWO_FACTOR.trustedBrowserTtlMs),
    });
  }
  // Challenges older than a day are deleted now and then, by sign-ins themselves.
  await ctx.db
    .delete(twoFactorChallenges)
    .where(sql`${twoFactorChallenges.expiresAt} < ${new Date(now.getTime() - 24 * 3600 * 1000)}`);
  return issueSession(
    ctx.db,
    challenge.userId,
    {
      method: `${challenge.method}+${factor}`,
      rememberUser: challenge.remember,
      lastTenantSelected: challenge.lastTenantSelected,
      userAgent: challenge.userAgent ?? undefined,
    },
    { enrolled: true, ...(trustedBrowser ? { trustedBrowser } : {}) },
  );
};
