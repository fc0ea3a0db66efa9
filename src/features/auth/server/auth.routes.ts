import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import {
  ZAuthConfig,
  ZForgotPassword,
  ZGoogleSignIn,
  ZGoogleSignInResult,
  ZMessageResult,
  ZRegister,
  ZRegisterResult,
  ZResetPassword,
  ZSelf,
  ZSignIn,
  ZSignInResult,
  ZUpdateProfile,
  ZUser,
} from '../auth.schemas.ts';
import {
  getSelf,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  signInWithGoogle,
  signOut,
  updateProfile,
} from './auth.service.ts';

const tags = ['auth'];

export const authRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/register',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign up: a new user and their first workspace',
        security: [],
        body: ZRegister,
        response: { 201: success(ZRegisterResult), ...failures(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { google, log } = request.server;
      const result = await request.inTransaction((ctx) => register(ctx, request.body, google, log));
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
        description: `At most 10 failed tries per account and client address in 15 minutes, then 429.`,
        security: [],
        body: ZSignIn,
        response: { 200: success(ZSignInResult), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const result = await request.inTransaction((ctx) => signIn(ctx, request.body, request.ip));
      if (!result) throw unauthorized(messages.wrongCredentials);
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
    async (request) => ok(await request.inUser((ctx) => getSelf(ctx, request.auth!.tenantId))),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a password-reset link (same answer whether or not the email exists)',
        security: [],
        body: ZForgotPassword,
        response: { 200: success(ZMessageResult), ...failures(400, 429) },
      },
    },
    async (request) =>
      ok(
        await request.inTransaction((ctx) =>
          requestPasswordReset(ctx, request.body.email, request.ip, request.server.config.publicUrl),
        ),
      ),
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
        response: { 200: success(ZMessageResult), ...failures(400) },
      },
    },
    async (request) => ok(await request.inTransaction((ctx) => resetPassword(ctx, request.body))),
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
      return ok(await request.inTransaction((ctx) => signInWithGoogle(ctx, request.body, google, log)));
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
    async (request) => ok({ googleClientId: request.server.config.googleClientId ?? null }),
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
};
