import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { testApp } from './app.ts';
import type { SignedUp } from './factories.ts';
import { cookieJar, type OidcStandin, settingsFor, signInAtProvider } from './oidc-provider.ts';

export { settingsFor };

// Single sign-on steps shared by the SSO test files (decision 103): a Cadence server that accepts
// loopback issuers, a workspace provider set through the API, and a browser's trip through it.

export const CALLBACK = 'http://cadence.test/api/v2/auth/sso/callback';

export const ssoApp = () => testApp({ oidc: { google: null, microsoft: null, allowPrivateIssuers: true } });

/** A domain of its own, so that discovery by domain finds this test's workspace only. */
export const uniqueDomain = () => `sso-${randomUUID().slice(0, 8)}.test`;

export const configureSso = async (
  admin: SignedUp,
  provider: OidcStandin,
  domain: string,
  extra: Record<string, unknown> = {},
) => {
  const saved = await admin.api.put(`/workspaces/${admin.tenantId}/sso`, settingsFor(provider, domain, extra));
  if (saved.status !== 200) throw new Error(`SSO settings refused: ${JSON.stringify(saved.body)}`);
  return saved;
};

/** One browser (its own cookies for Cadence) going through single sign-on. */
export const ssoBrowser = (app: FastifyInstance) => {
  const jar = cookieJar();
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie: jar.header() },
      ...(payload ? { payload } : {}),
    });
    jar.take(response.headers['set-cookie'] as string[] | string | undefined);
    return response;
  };
  return {
    jar,
    /** GET /auth/sso/start: the provider's authorization URL (or Cadence's refusal). */
    start: async (query: Record<string, string>) => {
      const response = await call('GET', `/api/v2/auth/sso/start?${new URLSearchParams(query)}`);
      return { status: response.statusCode, location: String(response.headers.location ?? '') };
    },
    /** The provider's redirect to Cadence's callback: where Cadence sends the browser next. */
    callback: async (url: URL | string) => {
      const target = new URL(url);
      const response = await call('GET', `${target.pathname}${target.search}`);
      return {
        status: response.statusCode,
        location: new URL(String(response.headers.location ?? ''), 'http://cadence.test'),
      };
    },
    complete: async (code: string) => {
      const response = await call('POST', '/api/v2/auth/sso/complete', { code });
      return { status: response.statusCode, body: response.json() };
    },
  };
};

/** The whole trip: start, the provider's login as `login`, the callback; returns where Cadence sends the browser. */
export const signInThrough = async (app: FastifyInstance, provider: string, login: string) => {
  const browser = ssoBrowser(app);
  const started = await browser.start({ provider, returnTo: '/meetings' });
  if (started.status !== 302) throw new Error(`start answered ${started.status}`);
  const back = await signInAtProvider(started.location, login);
  const landed = await browser.callback(back);
  return { browser, landed, authorizationUrl: started.location };
};
