import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SsoErrorCode } from '../sso.messages.ts';

// The OpenID Connect relying party (decision 103), on openid-client: discovery, the authorization
// code flow with PKCE, state and nonce, and the ID token checked for issuer, audience, expiry and
// its signature against the provider's JWKS (non-repudiation checks on: a token endpoint's answer
// is not taken on TLS alone).

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Plain http and loopback issuers (development and tests only: SSO_ALLOW_PRIVATE_ISSUERS). */
  allowInsecure: boolean;
}

/** A refusal whose code the login page turns into a sentence; `reason` is for the log only. */
export class SsoRefused extends Error {
  readonly code: SsoErrorCode;
  constructor(code: SsoErrorCode, reason: string) {
    super(reason);
    this.code = code;
  }
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const cache = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

const cacheKey = (s: OidcClientSettings) =>
  createHash('sha256')
    .update(JSON.stringify([s.issuer, s.clientId, s.clientSecret, s.allowInsecure]))
    .digest('base64url');

/** The provider's configuration from its discovery document, kept an hour (a failure is not kept). */
export const configurationOf = (settings: OidcClientSettings): Promise<oidc.Configuration> => {
  const key = cacheKey(settings);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.config;
  const config = oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret ?? undefined,
    settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
    {
      timeout: 10,
      execute: [oidc.enableNonRepudiationChecks, ...(settings.allowInsecure ? [oidc.allowInsecureRequests] : [])],
    },
  );
  cache.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
  config.catch(() => cache.delete(key));
  return config;
};

export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Where to send the browser, and the checks to keep for the callback. */
export const authorizationRequest = async (
  settings: OidcClientSettings,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationRequest> => {
  let config: oidc.Configuration;
  try {
    config = await configurationOf(settings);
  } catch (error) {
    throw new SsoRefused('provider', `discovery of ${settings.issuer}: ${(error as Error).message}`);
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, state, codeVerifier, nonce };
};

export type IdClaims = oidc.IDToken;

const TOKEN_ERRORS = new Set<string>([
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_PARSE_ERROR',
]);

/** The refusal a failed exchange stands for: the user cancelled, the provider failed, or the token did not hold. */
const refusalOf = (error: unknown): SsoRefused => {
  const e = error as { name?: string; code?: string; error?: string; message?: string };
  if (e.name === 'AuthorizationResponseError')
    return new SsoRefused(e.error === 'access_denied' ? 'cancelled' : 'provider', `provider answered ${e.error}`);
  if (e.code && TOKEN_ERRORS.has(e.code)) return new SsoRefused('token', `${e.code}: ${e.message}`);
  return new SsoRefused('provider', `${e.name ?? 'Error'}: ${e.message}`);
};

/**
 * Exchanges the callback's code (with the PKCE verifier) and checks the ID token: the expected
 * state and nonce, issuer, audience, expiry and signature. Returns its claims.
 */
export const exchangeCode = async (
  settings: OidcClientSettings,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<IdClaims> => {
  try {
    const config = await configurationOf(settings);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefused('token', 'no ID token');
    return claims;
  } catch (error) {
    if (error instanceof SsoRefused) throw error;
    throw refusalOf(error);
  }
};

/** Microsoft's personal-accounts directory: refused when the tenant is 'organizations'. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * A multi-tenant Entra ID issuer is `https://login.microsoftonline.com/{tenantid}/v2.0`: the
 * token's `iss` must be that template with the token's own `tid`, never another directory's.
 * (openid-client checks the same; this keeps the rule visible and tested here.)
 */
export const checkMicrosoftIssuer = (tenant: string, claims: { iss?: unknown; tid?: unknown }) => {
  const tid = typeof claims.tid === 'string' ? claims.tid : '';
  if (!/^[0-9a-f-]{36}$/i.test(tid)) throw new SsoRefused('token', 'Microsoft token without a tid');
  const expected = `https://login.microsoftonline.com/${tid}/v2.0`;
  if (claims.iss !== expected) throw new SsoRefused('token', `Microsoft issuer ${String(claims.iss)} for tid ${tid}`);
  const multi = tenant === 'common' || tenant === 'organizations';
  if (!multi && tenant.toLowerCase() !== tid.toLowerCase() && !tenant.includes('.'))
    throw new SsoRefused('token', `Microsoft tid ${tid} is not the configured tenant`);
  if (tenant === 'organizations' && tid === MICROSOFT_CONSUMERS_TENANT)
    throw new SsoRefused('token', 'a personal Microsoft account where only work accounts are allowed');
};

/**
 * The email the provider vouches for, lower-cased; refused when it is not verified. Entra ID
 * sends no `email_verified`: its optional claim `xms_edov` (the email's domain is verified by the
 * directory's owner) stands for it.
 */
export const verifiedEmailOf = (claims: Record<string, unknown>, microsoft: boolean): string => {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@')) throw new SsoRefused('unverified', 'no email claim');
  const verified = claims.email_verified === true || (microsoft && claims.xms_edov === true);
  if (!verified) throw new SsoRefused('unverified', `email ${email} not verified by the provider`);
  return email;
};
