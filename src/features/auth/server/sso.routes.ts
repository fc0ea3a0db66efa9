import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { API_ROOT } from '../../../shared/constants.ts';
import { ZSignInResult } from '../auth.schemas.ts';
import type { SsoErrorCode } from '../sso.messages.ts';
import {
  ZSsoCallbackQuery,
  ZSsoComplete,
  ZSsoDiscovered,
  ZSsoDiscoverQuery,
  ZSsoProviders,
  ZSsoSettings,
  ZSsoSettingsInput,
  ZSsoStartQuery,
  ZWorkspaceId,
} from '../sso.schemas.ts';
import { ZTwoFactorChallenge } from '../two-factor.schemas.ts';
import { countSignInStart } from './auth.limits.ts';
import { SsoRefused } from './oidc.client.ts';
import { callbackUrlOf, discoverProvider, environmentProviders, type SsoDeps } from './sso.providers.ts';
import { claimHandoff, claimLogin, completeSso, finishSso, newBrowserKey, startSso } from './sso.service.ts';
import { deleteSsoSettings, getSsoSettings, putSsoSettings } from './sso.settings.ts';

// Single sign-on (decision 103). The browser's part of the flow is two redirects (start, callback)
// and one JSON call (complete); a refusal goes back to the login page with a code it explains.

const tags = ['sso'];
const COOKIE = 'cadence_sso';
const COOKIE_PATH = `${API_ROOT}/auth/sso`;

const browserKeyOf = (request: FastifyRequest) => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
};

const setBrowserCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean) =>
  reply.header(
    'set-cookie',
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );

const toLogin = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;

const redirectAnswer = (description: string) => ({ 302: z.unknown().describe(description) });

export const ssoRoutes = async (fastify: FastifyInstance, options: Pick<SsoDeps, 'secrets' | 'isPrivateUrl'>) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): SsoDeps => ({
    oidc: fastify.config.oidc,
    publicUrl: fastify.config.publicUrl,
    secrets: options.secrets,
    isPrivateUrl: options.isPrivateUrl,
  });
  const secure = () => fastify.config.publicUrl.startsWith('https:');
  /** Back to the login page with the reason; a workspace's sign-in keeps its link, to try again. */
  const refused = (reply: FastifyReply, request: FastifyRequest, error: unknown, provider?: string) => {
    const code: SsoErrorCode = error instanceof SsoRefused ? error.code : 'provider';
    request.log.warn({ reason: (error as Error).message, code }, 'single sign-on refused');
    const params: Record<string, string> = { ssoError: code };
    if (provider && /^[0-9a-f-]{36}$/.test(provider)) params.workspace = provider;
    return reply.redirect(toLogin(params));
  };

  app.get(
    '/auth/sso/providers',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'listSsoProviders',
        summary: "The providers of this server's environment (Google, Microsoft) that the sign-in pages offer",
        security: [],
        response: { 200: success(ZSsoProviders) },
      },
    },
    async () => ok({ providers: environmentProviders(fastify.config.oidc) }),
  );

  app.get(
    '/auth/sso/discover',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'discoverSsoProvider',
        summary: "A workspace's own provider, found from a work email's domain or from the workspace's id",
        security: [],
        querystring: ZSsoDiscoverQuery,
        response: { 200: success(ZSsoDiscovered), ...failures(400) },
      },
    },
    async (request) => ok({ provider: await discoverProvider(fastify.database.db, request.query) }),
  );

  app.get(
    '/auth/sso/start',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'startSso',
        summary:
          "Redirects to the provider's sign-in with state, nonce and a PKCE challenge (kept server-side for 10 minutes, bound to this browser by an httpOnly cookie)",
        description:
          'A provider that cannot be reached or is not configured redirects to /login?ssoError=provider instead. Each start keeps a row for 10 minutes: at most three times as many per client address as sign-in tries (README, "Limits"), then 429.',
        security: [],
        querystring: ZSsoStartQuery,
        response: {
          ...redirectAnswer("To the provider's sign-in page, or back to the login page"),
          ...failures(400, 429),
        },
      },
    },
    async (request, reply) => {
      await countSignInStart(fastify.database.db, fastify.config.authLimits, request.ip);
      const browserKey = newBrowserKey();
      try {
        const url = await startSso(fastify.database.db, deps(), request.query, browserKey);
        setBrowserCookie(reply, browserKey, 600, secure());
        return reply.redirect(url);
      } catch (error) {
        return refused(reply, request, error, request.query.provider);
      }
    },
  );

  app.get(
    '/auth/sso/callback',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'ssoCallback',
        summary:
          "The provider's redirect: the state is used up, the code exchanged, the ID token checked and the person matched by verified email",
        description:
          'Redirects to /login?ssoCode=… (exchanged by POST /auth/sso/complete) or to /login?ssoError=state|expired|cancelled|provider|token|unverified|domain.',
        security: [],
        querystring: ZSsoCallbackQuery,
        response: {
          ...redirectAnswer('To the login page, with a hand-off code or the reason of a refusal'),
          ...failures(400),
        },
      },
    },
    async (request, reply) => {
      const { db } = fastify.database;
      let provider: string | undefined;
      try {
        const login = await claimLogin(db, request.query.state, browserKeyOf(request));
        provider = login.provider;
        // The address the provider redirected to, as registered, with the parameters it sent.
        const callbackUrl = new URL(callbackUrlOf(fastify.config.publicUrl));
        callbackUrl.search = new URL(request.url, 'http://callback').search;
        const { code, returnTo } = await finishSso(db, deps(), login, callbackUrl);
        return reply.redirect(toLogin({ ssoCode: code, redirect: returnTo }));
      } catch (error) {
        if (!(error instanceof SsoRefused)) request.log.error({ err: error }, 'single sign-on failed');
        return refused(reply, request, error, provider);
      }
    },
  );

  app.post(
    '/auth/sso/complete',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'completeSso',
        summary: "Exchanges the callback's hand-off code (single use, 2 minutes, same browser) for a session",
        description:
          'The verified email is matched to an account (a workspace provider may make one and join it, when its admins allow). The session is opened as every sign-in opens one: the answer is that of POST /signin (a two-factor challenge for a person with two-factor sign-in). 401 for a used, expired or foreign code; 403 with the reason when no account may be signed in.',
        security: [],
        body: ZSsoComplete,
        response: { 200: success(z.union([ZSignInResult, ZTwoFactorChallenge])), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const handoff = await claimHandoff(fastify.database.db, request.body.code, browserKeyOf(request));
      const result = await request.inTransaction((ctx) =>
        completeSso(ctx, deps(), handoff, {
          userAgent: request.headers['user-agent'],
          trustedBrowser: request.body.trustedBrowser,
        }),
      );
      setBrowserCookie(reply, '', 0, secure());
      return ok(result);
    },
  );

  const settingsSchema = {
    tags,
    params: ZWorkspaceId,
  };
  app.get(
    '/workspaces/:id/sso',
    {
      schema: {
        ...settingsSchema,
        operationId: 'getWorkspaceSso',
        summary: "The workspace's own single sign-on provider (admins); never the client secret",
        response: { 200: success(ZSsoSettings), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getSsoSettings(ctx, request.params.id, deps()))),
  );
  app.put(
    '/workspaces/:id/sso',
    {
      schema: {
        ...settingsSchema,
        operationId: 'putWorkspaceSso',
        summary:
          "Set the workspace's provider (admins): its issuer must answer OpenID discovery; the client secret is sealed with the workspace's vault key, left out it stays",
        body: ZSsoSettingsInput,
        response: { 200: success(ZSsoSettings), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => putSsoSettings(ctx, request.params.id, request.body, deps()))),
  );
  app.delete(
    '/workspaces/:id/sso',
    {
      schema: {
        ...settingsSchema,
        operationId: 'deleteWorkspaceSso',
        summary: "Remove the workspace's provider (admins): members sign in with passwords again",
        response: { 200: success(ZSsoSettings), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteSsoSettings(ctx, request.params.id, deps()))),
  );
};
