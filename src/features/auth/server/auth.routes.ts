import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { ZSelf, ZUser } from '../../../shared/self.ts';
import { ZSwitchResult, ZSwitchWorkspace } from '../../workspaces/workspaces.schemas.ts';
import { authMessages } from '../auth.messages.ts';
import {
  ZAuthConfig,
  ZForgotPassword,
  ZGoogleSignIn,
  ZGoogleSignInResult,
  ZMessageResult,
  ZRegister,
  ZResetPassword,
  ZSignIn,
  ZSignInResult,
  ZUpdateProfile,
} from '../auth.schemas.ts';
import { ZTwoFactorChallenge } from '../two-factor.schemas.ts';
import { countRegister, countResetPassword, countResetRequest, countSignIn } from './auth.limits.ts';
import {
  getSelf,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  signInWithGoogle,
  signOut,
  switchWorkspace,
  updateProfile,
} from './auth.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

const tags = ['auth'];

export const authRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(twoFactorRoutes);

  app.post(
    '/register',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign up: a new user and their first workspace',
        description:
          'Answers 201 with the same message whether or not the email has an account (then nothing is created and its owner is mailed); no token: sign in next. At most 10 per client address and 3 per email an hour, then 429 with Retry-After.',
        security: [],
        body: ZRegister,
        response: { 201: success(ZMessageResult), ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { google, log, database, config } = request.server;
      await countRegister(database.db, config.authLimits, request.body.user.email, request.ip);
      const result = await request.inTransaction((ctx) => register(ctx, request.body, google, log, config.publicUrl));
      return reply.status(201).send(ok(result));
    },
  );

  app.post(
    '/signin',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'At most 10 failed tries per account (over all addresses) and 100 per client address (over all accounts) in 15 minutes by default (README, "Limits"), then 429 with Retry-After, even for the right password. For a person with two-factor sign-in (decision 102) the answer holds no token but a challenge: send it with a code to `POST /signin/two-factor`.',
        security: [],
        body: ZSignIn,
        response: { 200: success(z.union([ZSignInResult, ZTwoFactorChallenge])), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      // Counted before the password is checked, atomically: concurrent tries cannot slip past.
      const { database, config } = request.server;
      const refund = await countSignIn(database.db, config.authLimits, request.body.email, request.ip);
      const result = await request.inTransaction((ctx) =>
        signIn(ctx, { ...request.body, userAgent: request.headers['user-agent'] }),
      );
      if (!result) throw unauthorized(authMessages.wrongCredentials);
      // The right password gives its try back even when a code is still needed: the code's
      // tries count on their own (POST /signin/two-factor).
      await refund();
      return ok(result);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the token',
        response: { 200: success(z.boolean()), ...failures(401) },
      },
    },
    async (request) => {
      await request.inUser((ctx) => signOut(ctx));
      return ok(true);
    },
  );

  app.get(
    '/self',
    {
      schema: {
        tags,
        summary: 'The signed-in user, their current workspace and admin flag',
        response: { 200: success(ZSelf), ...failures(401) },
      },
    },
    // Every page starts with it: the answer is remembered with the session, and cleared with it
    // by any write to the rows it is built from (decision 066).
    async (request) =>
      ok(
        await request.server.sessionCache.remember(`self:${request.auth!.sessionId}`, () =>
          request.inUser((ctx) => getSelf(ctx, request.auth!.tenantId, request.auth!.twoFactorRequiredIn ?? null)),
        ),
      ),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a password-reset link (same answer whether or not the email exists)',
        description: 'At most 5 per email and 20 per client address an hour, then 429 with Retry-After.',
        security: [],
        body: ZForgotPassword,
        response: { 200: success(ZMessageResult), ...failures(400, 429) },
      },
    },
    async (request) => {
      await countResetRequest(
        request.server.database.db,
        request.server.config.authLimits,
        request.body.email,
        request.ip,
      );
      // The lookup and the mail happen after the answer, so its timing cannot tell whether the
      // address has an account.
      const { email } = request.body;
      request.server.afterReply(() =>
        request.inTransaction((ctx) => requestPasswordReset(ctx, email, request.server.config.publicUrl)),
      );
      return ok({ message: authMessages.resetRequested });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password from an emailed link (reset or invitation); single use',
        security: [],
        body: ZResetPassword,
        description: 'At most 20 tries per client address in 15 minutes, then 429 with Retry-After.',
        response: { 200: success(ZMessageResult), ...failures(400, 429) },
      },
    },
    async (request) => {
      await countResetPassword(request.server.database.db, request.server.config.authLimits, request.ip);
      return ok(await request.inTransaction((ctx) => resetPassword(ctx, request.body)));
    },
  );

  app.post(
    '/auth/google',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with a Google ID token; an unknown email gets sign-up details instead',
        security: [],
        body: ZGoogleSignIn,
        response: { 200: success(ZGoogleSignInResult), ...failures(400, 401) },
      },
    },
    async (request) => {
      const { google, log } = request.server;
      return ok(
        await request.inTransaction((ctx) =>
          signInWithGoogle(ctx, { ...request.body, userAgent: request.headers['user-agent'] }, google, log),
        ),
      );
    },
  );

  app.get(
    '/auth/config',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign-in options of this server',
        security: [],
        response: { 200: success(ZAuthConfig) },
      },
    },
    // With GOOGLE_CLIENT_SECRET, Google signs in through OpenID Connect's button instead (decision 103).
    async (request) =>
      ok({ googleClientId: request.server.config.oidc.google ? null : (request.server.config.googleClientId ?? null) }),
  );

  app.patch(
    '/self',
    {
      schema: {
        tags,
        summary: "Change the signed-in user's name, job title or time zone",
        body: ZUpdateProfile,
        response: { 200: success(ZUser), ...failures(400, 401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => updateProfile(ctx, request.body))),
  );

  app.post(
    '/switch-tenant',
    {
      schema: {
        // The session's workspace: listed with the workspaces it switches between.
        tags: ['workspaces'],
        summary: "Work in another of the user's workspaces",
        body: ZSwitchWorkspace,
        response: { 200: success(ZSwitchResult), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => switchWorkspace(ctx, ctx.sessionId, request.body.id))),
  );
};
