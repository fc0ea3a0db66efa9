import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberships, ssoProviders, vaultKeys } from '../../../db/schema/index.ts';
import type { OidcConfig } from '../../../server/config.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { ssoMessages } from '../sso.messages.ts';
import type { SsoProvider } from '../sso.schemas.ts';
import { type OidcClientSettings, SsoRefused } from './oidc.client.ts';

// Which providers exist (decision 103): Google and Microsoft from the environment, and one per
// workspace that configured its own. A workspace provider is named by the workspace's id.

/**
 * The client secrets' sealing with the workspace's vault key (decision 099), and the check of
 * private addresses: both from other features, handed over by app.ts (features stay a DAG).
 */
export interface SsoDeps {
  oidc: OidcConfig;
  publicUrl: string;
  secrets: {
    seal: (db: Db, tenantId: string, secret: string) => Promise<Buffer>;
    open: (tenantId: string, sealed: Buffer, key: { wrappedKey: Buffer; masterKeyId: string }) => string;
  };
  isPrivateUrl: (url: string) => boolean;
}

export interface ResolvedProvider {
  /** 'google', 'microsoft', or the workspace's id. */
  key: string;
  name: string;
  client: OidcClientSettings;
  /** Set for Microsoft: the configured tenant ('common', 'organizations' or one directory). */
  microsoftTenant: string | null;
  /** Set for a workspace provider. */
  workspace: { tenantId: string; allowedDomains: string[]; joinOnFirstSignIn: boolean } | null;
}

/** The redirect URL every provider is registered with (one for all: the state names the provider). */
export const callbackUrlOf = (publicUrl: string) => `${publicUrl}/api/v2/auth/sso/callback`;

/** The buttons every sign-in page shows: the providers of this server's environment. */
export const environmentProviders = (oidc: OidcConfig): SsoProvider[] => [
  ...(oidc.google ? [{ id: 'google', name: 'Google' }] : []),
  ...(oidc.microsoft ? [{ id: 'microsoft', name: 'Microsoft' }] : []),
];

/** A workspace's provider from its id, or from a work email's domain; null when there is none. */
export const discoverProvider = async (
  db: Db,
  by: { email?: string | undefined; workspace?: string | undefined },
): Promise<SsoProvider | null> => {
  const domain = by.email?.split('@')[1];
  if (!by.workspace && !domain) return null;
  const [row] = await db
    .select({ id: ssoProviders.tenantId, name: ssoProviders.displayName })
    .from(ssoProviders)
    .where(
      by.workspace ? eq(ssoProviders.tenantId, by.workspace) : sql`${domain} = any(${ssoProviders.allowedDomains})`,
    )
    // Two workspaces may claim one domain: the oldest setting wins, the same every time.
    .orderBy(ssoProviders.changedAt)
    .limit(1);
  return row ?? null;
};

/** Everything a sign-in through `key` needs, the workspace's client secret opened. */
export const resolveProvider = async (db: Db, deps: SsoDeps, key: string): Promise<ResolvedProvider> => {
  const env = key === 'google' ? deps.oidc.google : key === 'microsoft' ? deps.oidc.microsoft : null;
  if (env) {
    return {
      key,
      name: key === 'google' ? 'Google' : 'Microsoft',
      client: {
        issuer: env.issuer,
        clientId: env.clientId,
        clientSecret: env.clientSecret,
        allowInsecure: deps.oidc.allowPrivateIssuers,
      },
      microsoftTenant: key === 'microsoft' ? (deps.oidc.microsoft?.tenant ?? null) : null,
      workspace: null,
    };
  }
  if (key === 'google' || key === 'microsoft') throw new SsoRefused('provider', `${key} is not configured`);
  // The provider and the workspace's wrapped key in one statement.
  const [row] = await db
    .select({
      name: ssoProviders.displayName,
      issuer: ssoProviders.issuer,
      clientId: ssoProviders.clientId,
      sealed: ssoProviders.sealedClientSecret,
      allowedDomains: ssoProviders.allowedDomains,
      joinOnFirstSignIn: ssoProviders.joinOnFirstSignIn,
      wrappedKey: vaultKeys.wrappedKey,
      masterKeyId: vaultKeys.masterKeyId,
    })
    .from(ssoProviders)
    .leftJoin(vaultKeys, eq(vaultKeys.tenantId, ssoProviders.tenantId))
    .where(eq(ssoProviders.tenantId, key));
  if (!row) throw new SsoRefused('provider', `no provider for workspace ${key}`);
  const clientSecret =
    row.sealed && row.wrappedKey && row.masterKeyId
      ? deps.secrets.open(key, row.sealed, { wrappedKey: row.wrappedKey, masterKeyId: row.masterKeyId })
      : null;
  return {
    key,
    name: row.name,
    client: { issuer: row.issuer, clientId: row.clientId, clientSecret, allowInsecure: deps.oidc.allowPrivateIssuers },
    microsoftTenant: null,
    workspace: { tenantId: key, allowedDomains: row.allowedDomains, joinOnFirstSignIn: row.joinOnFirstSignIn },
  };
};

/**
 * The provider a person must use instead of a password: that of any workspace they are an
 * enabled member of that requires SSO (the strictest one holds, since a password session could
 * switch into it). Null when none does.
 */
export const requiredProviderOf = async (db: Db, userId: string): Promise<string | null> => {
  const [row] = await db
    .select({ name: ssoProviders.displayName })
    .from(ssoProviders)
    .innerJoin(
      memberships,
      and(
        eq(memberships.tenantId, ssoProviders.tenantId),
        eq(memberships.userId, userId),
        eq(memberships.disabled, false),
      ),
    )
    .where(eq(ssoProviders.requireSso, true))
    .orderBy(ssoProviders.displayName)
    .limit(1);
  return row?.name ?? null;
};

/** The sign-in door's check (decision 103): refused, naming the provider, when a workspace requires SSO. */
export const refuseIfSsoRequired = async (db: Db, userId: string) => {
  const provider = await requiredProviderOf(db, userId);
  if (provider) throw unauthorized(ssoMessages.required(provider));
};
