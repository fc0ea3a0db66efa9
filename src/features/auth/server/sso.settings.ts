import { eq } from 'drizzle-orm';
import { ssoProviders } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { ssoMessages } from '../sso.messages.ts';
import type { SsoSettings, SsoSettingsInput } from '../sso.schemas.ts';
import { configurationOf } from './oidc.client.ts';
import { callbackUrlOf, type SsoDeps } from './sso.providers.ts';

// A workspace's own provider, set by its admins (Administration → Single sign-on). The path names
// the workspace: any other than the session's is 404, like a record of another workspace.

const own = (ctx: TenantContext, tenantId: string) => {
  if (tenantId !== ctx.tenantId) throw notFound();
  assertWorkspaceAdmin(ctx);
};

const linksOf = (deps: SsoDeps, tenantId: string) => ({
  redirectUrl: callbackUrlOf(deps.publicUrl),
  signInUrl: `${deps.publicUrl}/login?workspace=${tenantId}`,
});

export const getSsoSettings = async (ctx: TenantContext, tenantId: string, deps: SsoDeps): Promise<SsoSettings> => {
  own(ctx, tenantId);
  const [row] = await ctx.db.select().from(ssoProviders).where(eq(ssoProviders.tenantId, tenantId));
  const links = linksOf(deps, tenantId);
  if (!row)
    return {
      configured: false,
      displayName: '',
      issuer: '',
      clientId: '',
      hasClientSecret: false,
      allowedDomains: [],
      joinOnFirstSignIn: false,
      requireSso: false,
      ...links,
    };
  return {
    configured: true,
    displayName: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.sealedClientSecret !== null,
    allowedDomains: row.allowedDomains,
    joinOnFirstSignIn: row.joinOnFirstSignIn,
    requireSso: row.requireSso,
    ...links,
  };
};

/** The issuer must be https on a public address (unless SSO_ALLOW_PRIVATE_ISSUERS), and answer discovery. */
const checkIssuer = async (input: SsoSettingsInput, secret: string | null, deps: SsoDeps) => {
  const issuer = input.issuer.replace(/\/$/, '');
  const url = new URL(issuer);
  if (!deps.oidc.allowPrivateIssuers) {
    if (url.protocol !== 'https:') throw badRequest({ issuer: ssoMessages.notHttps });
    if (deps.isPrivateUrl(issuer)) throw badRequest({ issuer: ssoMessages.privateIssuer });
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest({ issuer: ssoMessages.notHttps });
  }
  try {
    await configurationOf({
      issuer,
      clientId: input.clientId,
      clientSecret: secret,
      allowInsecure: deps.oidc.allowPrivateIssuers,
    });
  } catch {
    throw badRequest({ issuer: ssoMessages.discoveryFailed(issuer) }, ssoMessages.discoveryFailed(issuer));
  }
  return issuer;
};

/** Saves the provider; the client secret is sealed with the workspace's vault key (decision 099). */
export const putSsoSettings = async (
  ctx: TenantContext,
  tenantId: string,
  input: SsoSettingsInput,
  deps: SsoDeps,
): Promise<SsoSettings> => {
  own(ctx, tenantId);
  const issuer = await checkIssuer(input, input.clientSecret || null, deps);
  const values = {
    displayName: input.displayName,
    issuer,
    clientId: input.clientId,
    allowedDomains: [...new Set(input.allowedDomains)],
    joinOnFirstSignIn: input.joinOnFirstSignIn,
    requireSso: input.requireSso,
    changedAt: new Date(),
    changedBy: ctx.userId,
    // Left out or empty: the saved secret stays.
    ...(input.clientSecret
      ? {
          sealedClientSecret: await deps.secrets.seal(ctx.db, tenantId, input.clientSecret),
        }
      : {}),
  };
  await ctx.db
    .insert(ssoProviders)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: ssoProviders.tenantId, set: values });
  return getSsoSettings(ctx, tenantId, deps);
};

export const deleteSsoSettings = async (ctx: TenantContext, tenantId: string, deps: SsoDeps) => {
  own(ctx, tenantId);
  await ctx.db.delete(ssoProviders).where(eq(ssoProviders.tenantId, tenantId));
  return getSsoSettings(ctx, tenantId, deps);
};
