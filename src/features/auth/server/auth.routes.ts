import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { ZRegister, ZRegisterResult, ZSelf, ZSignIn, ZSignInResult } from '../auth.schemas.ts';
import { getSelf, register, signIn, signOut } from './auth.service.ts';

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
        response: { 201: success(ZRegisterResult), ...failures(400, 409) },
      },
    },
    async (request, reply) => {
      const result = await request.inTransaction((ctx) => register(ctx, request.body));
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
      request.server.realtime.disconnectSession(request.auth!.sessionId);
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
};
