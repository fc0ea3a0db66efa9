import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ROOT } from '../../shared/constants.ts';
import { unauthorized } from '../../shared/errors.ts';
import type { Auth } from '../context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request. */
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (sign-in, sign-up, password reset, health). */
    public?: boolean;
  }
}

export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
};

export interface AuthOptions {
  /** Who a bearer token is (a session's or an API token's; app.ts chooses). */
  resolveToken: (token: string) => Promise<Auth | null>;
  /**
   * Whether an API token may make this call (its scopes, its rate): throws the refusal. Runs for
   * every request made with an API token, before the route's own checks (decision 093).
   */
  checkApiTokenCall?: (request: FastifyRequest) => Promise<void>;
}

/**
 * Every /api route needs a valid session unless its route config says `public: true`. Who a
 * token is comes from `resolveToken` (the auth feature's, wired in app.ts).
 */
export const registerAuth = (app: FastifyInstance, { resolveToken, checkApiTokenCall }: AuthOptions) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Unknown routes fall through to the 404 handler; only real /api/v2 routes need a session.
    if (!request.routeOptions.url?.startsWith(`${API_ROOT}/`)) return;
    const token = bearerToken(request.headers.authorization);
    request.auth = token ? await resolveToken(token) : null;
    if (!request.auth && !request.routeOptions.config.public) throw unauthorized();
    if (request.auth?.apiToken) {
      // No API token without a rule for it: a missing check must refuse, not let everything through.
      if (!checkApiTokenCall) throw unauthorized();
      await checkApiTokenCall(request);
    }
  });
};
