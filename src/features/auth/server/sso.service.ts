import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, ssoLogins, users } from '../../../db/schema/index.ts';
import type { TxContext } from '../../../server/context.ts';
import { ADMIN_FLAG, DEFAULT_TIMEZONE } from '../../../shared/constants.ts';
import { forbidden, unauthorized } from '../../../shared/errors.ts';
import { SSO_ERRORS } from '../sso.messages.ts';
import { isSameOriginPath } from '../sso.schemas.ts';
import {
  authorizationRequest,
  checkMicrosoftIssuer,
  exchangeCode,
  SsoRefused,
  verifiedEmailOf,
} from './oidc.client.ts';
import { callbackUrlOf, type ResolvedProvider, resolveProvider, type SsoDeps } from './sso.providers.ts';
import { openSessionOrChallenge } from './two-factor.gate.ts';

// Single sign-on's flow (decision 103). The browser goes to the provider with a state, a nonce and
// a PKCE challenge, kept server-side (only the state's hash is a key) and bound to the browser by
// a random key in a short-lived httpOnly cookie. The callback deletes the row first (single use,
// in its own statement so a refusal cannot roll it back), checks the ID token, finds the person by
// their verified email, and leaves a hand-off row whose code the login page exchanges for a session
// through the same `openSession` as every other sign-in.

const LOGIN_TTL_MS = 10 * 60 * 1000;
const ACCOUNT_PICKERS = ['https://accounts.google.com', 'https://login.microsoftonline.com/'];
const HANDOFF_TTL_MS = 2 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newBrowserKey = () => randomBytes(32).toString('base64url');

export interface StartInput {
  provider: string;
  returnTo?: string | undefined;
  remember?: boolean | undefined;
}

/** The provider's authorization URL; the checks are stored for the callback. */
export const startSso = async (db: Db, deps: SsoDeps, input: StartInput, browserKey: string): Promise<string> => {
  const provider = await resolveProvider(db, deps, input.provider);
  const request = await authorizationRequest(
    provider.client,
    callbackUrlOf(deps.publicUrl),
    // Google's and Microsoft's own: let the person pick among their signed-in accounts.
    ACCOUNT_PICKERS.some((origin) => provider.client.issuer.startsWith(origin)) ? { prompt: 'select_account' } : {},
  );
  // Old rows go with each start: one indexed delete.
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values({
    keyHash: sha256(request.state),
    provider: provider.key,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    browserHash: sha256(browserKey),
    returnTo: input.returnTo && isSameOriginPath(input.returnTo) ? input.returnTo : '/',
    remember: input.remember ?? false,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  return request.url.href;
};

/** Takes the login row of `state` away for good: whatever happens next, it cannot be used again. */
export const claimLogin = async (db: Db, state: string | undefined, browserKey: string | undefined) => {
  if (!state) throw new SsoRefused('state', 'callback without a state');
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.keyHash, sha256(state)), isNull(ssoLogins.profile)))
    .returning();
  if (!row) throw new SsoRefused('state', 'unknown or used state');
  if (!browserKey || sha256(browserKey) !== row.browserHash)
    throw new SsoRefused('state', 'the state belongs to another browser');
  if (row.expiresAt.getTime() < Date.now()) throw new SsoRefused('expired', 'the sign-in took over 10 minutes');
  return { ...row, state };
};
export type ClaimedLogin = Awaited<ReturnType<typeof claimLogin>>;

interface Profile {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The account of the proven email; a new one in the workspace when its admins let people join.
 * Runs in the completing call's transaction (a write: its events and webhooks go out on commit).
 */
const matchPerson = async (
  ctx: TxContext,
  provider: ResolvedProvider,
  profile: Profile,
): Promise<{ userId: string; tenantId: string | null }> => {
  const { email } = profile;
  const [user] = await ctx.db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email));
  const workspace = provider.workspace;
  if (!workspace) {
    // Google and Microsoft vouch for the address itself: any account with it.
    if (!user || user.deletedAt) throw new SsoRefused('noAccount', `no account for ${email}`);
    return { userId: user.id, tenantId: null };
  }
  if (user && !user.deletedAt) {
    // A workspace's provider speaks for that workspace only: it never opens an account that is
    // not a member there (its admin could otherwise claim anyone's address).
    const [member] = await ctx.db
      .select({ disabled: memberships.disabled })
      .from(memberships)
      .where(and(eq(memberships.tenantId, workspace.tenantId), eq(memberships.userId, user.id)));
    if (!member || member.disabled) throw new SsoRefused('notMember', `${email} is not a member of the workspace`);
    return { userId: user.id, tenantId: workspace.tenantId };
  }
  if (user) throw new SsoRefused('noAccount', `${email} belongs to a deleted account`);
  if (!workspace.joinOnFirstSignIn) throw new SsoRefused('noJoin', `${email} may not join by SSO`);
  const [created] = await ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: null,
      firstName: profile.firstName || email.split('@')[0]!.slice(0, 100),
      lastName: profile.lastName,
      timezone: DEFAULT_TIMEZONE,
    })
    .returning({ id: users.id });
  await ctx.db
    .insert(memberships)
    .values({ tenantId: workspace.tenantId, userId: created!.id, isAdmin: ADMIN_FLAG.no });
  ctx.publish({ tenantId: workspace.tenantId, type: 'workspace.memberJoined', data: { userId: created!.id } });
  return { userId: created!.id, tenantId: workspace.tenantId };
};

/**
 * The provider's answer: the code exchanged and the ID token checked (state, nonce, issuer,
 * audience, expiry, signature), a verified email of an allowed domain; then a hand-off code for
 * the login page, its row bound to the same browser. Throws SsoRefused. Writes outside a request
 * transaction: the callback is a GET, and its rows must stay used up whatever happens next.
 */
export const finishSso = async (
  db: Db,
  deps: SsoDeps,
  login: ClaimedLogin,
  callbackUrl: URL,
): Promise<{ code: string; returnTo: string }> => {
  const provider = await resolveProvider(db, deps, login.provider);
  const claims = await exchangeCode(provider.client, callbackUrl, {
    state: login.state,
    codeVerifier: login.codeVerifier ?? '',
    nonce: login.nonce ?? '',
  });
  if (provider.microsoftTenant) checkMicrosoftIssuer(provider.microsoftTenant, claims);
  const email = verifiedEmailOf(claims, provider.microsoftTenant !== null);
  if (provider.workspace && !provider.workspace.allowedDomains.includes(email.split('@')[1]!))
    throw new SsoRefused('domain', `${email} is outside the workspace's domains`);
  const code = randomBytes(32).toString('base64url');
  await db.insert(ssoLogins).values({
    keyHash: sha256(code),
    provider: provider.key,
    browserHash: login.browserHash,
    returnTo: login.returnTo,
    remember: login.remember,
    profile: {
      email,
      firstName: String(claims.given_name ?? '').slice(0, 100),
      lastName: String(claims.family_name ?? '').slice(0, 100),
    },
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return { code, returnTo: login.returnTo };
};

/** The login page's last step: the hand-off code (single use, 2 minutes, same browser) is taken away. */
export const claimHandoff = async (db: Db, code: string, browserKey: string | undefined) => {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.keyHash, sha256(code)), isNotNull(ssoLogins.profile)))
    .returning();
  if (!row || !browserKey || sha256(browserKey) !== row.browserHash || row.expiresAt.getTime() < Date.now())
    throw unauthorized(SSO_ERRORS.state);
  return { ...row, profile: row.profile! };
};

/**
 * The person matched (or made), then the session through the door every sign-in goes through
 * (decision 102): a person with two-factor sign-in gets a challenge here as after a password. The
 * method names the provider for the sessions list ('sso:google', 'sso:<workspace provider>').
 */
export const completeSso = async (
  ctx: TxContext,
  deps: SsoDeps,
  handoff: Awaited<ReturnType<typeof claimHandoff>>,
  browser: { userAgent: string | undefined; trustedBrowser: string | undefined },
) => {
  let person: { userId: string; tenantId: string | null };
  let provider: ResolvedProvider;
  try {
    provider = await resolveProvider(ctx.db, deps, handoff.provider);
    person = await matchPerson(ctx, provider, handoff.profile);
  } catch (error) {
    if (error instanceof SsoRefused) throw forbidden(SSO_ERRORS[error.code]);
    throw error;
  }
  return openSessionOrChallenge(ctx.db, person.userId, {
    method: `sso:${provider.workspace ? provider.name : provider.key}`.slice(0, 80),
    rememberUser: handoff.remember,
    lastTenantSelected: person.tenantId ?? undefined,
    userAgent: browser.userAgent,
    trustedBrowser: browser.trustedBrowser,
  });
};
