import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZSignInResult } from '../auth.schemas.ts';
import { ZAddPasskey, ZPasskey, ZPasskeyCeremony, ZPasskeyId, ZPasskeySignIn } from '../passkeys.schemas.ts';
import { countPasskeySignIn, countSignInStart } from './auth.limits.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  signInOptions,
  signInWithPasskey,
} from './passkeys.service.ts';

// Passkeys (decision 104). A person's own, whatever workspace they are in; no API token may call
// these (their tag maps to no scope).

const tags = ['passkeys'];

export const passkeysRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/self/passkeys',
    {
      schema: {
        tags,
        operationId: 'listPasskeys',
        summary: "The caller's passkeys, newest first",
        response: { 200: success(z.array(ZPasskey)), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => listPasskeys(ctx))),
  );

  app.post(
    '/self/passkeys/options',
    {
      schema: {
        tags,
        operationId: 'startPasskeyRegistration',
        summary: 'Options for the browser to create a passkey; valid for 5 minutes, once',
        description: '409 when the caller already has the most passkeys allowed (20).',
        response: { 200: success(ZPasskeyCeremony), ...failures(401, 409) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => registrationOptions(ctx))),
  );

  app.post(
    '/self/passkeys',
    {
      schema: {
        tags,
        operationId: 'addPasskey',
        summary: "Register the passkey the browser created with the options' challenge",
        description:
          '400 when the challenge is unknown, used or expired, or the answer does not verify (origin, RP ID, challenge, user verification); 409 for a passkey already registered or over the limit.',
        body: ZAddPasskey,
        response: { 201: success(ZPasskey), ...failures(400, 401, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await request.inUser((ctx) => addPasskey(ctx, request.body)))),
  );

  app.delete(
    '/self/passkeys/:id',
    {
      schema: {
        tags,
        operationId: 'removePasskey',
        summary: 'Remove a passkey: it no longer signs in (404 for one that is not the caller’s)',
        params: ZPasskeyId,
        response: { 200: success(z.boolean()), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => removePasskey(ctx, request.params.id))),
  );

  app.post(
    '/signin/passkey/options',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'startPasskeySignIn',
        summary: 'Options for the browser to sign in with a passkey; valid for 5 minutes, once',
        description: 'At most as many per client address as sign-in tries (README, "Limits"), then 429.',
        security: [],
        response: { 200: success(ZPasskeyCeremony), ...failures(429) },
      },
    },
    async (request) => {
      const { database, config } = request.server;
      await countSignInStart(database.db, config.authLimits, request.ip);
      return ok(await request.inTransaction((ctx) => signInOptions(ctx)));
    },
  );

  app.post(
    '/signin/passkey',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'signInWithPasskey',
        summary: 'Sign in with a passkey: a session, with no two-factor code (the passkey verified its user)',
        description:
          '400 when the challenge is unknown, used or expired; 401 for a passkey no one registered or an answer that does not verify. Failed tries count against the client address like wrong passwords (429 with Retry-After).',
        security: [],
        body: ZPasskeySignIn,
        response: { 200: success(ZSignInResult), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const { database, config } = request.server;
      const refund = await countPasskeySignIn(database.db, config.authLimits, request.ip);
      const result = await request.inTransaction((ctx) =>
        signInWithPasskey(ctx, { ...request.body, userAgent: request.headers['user-agent'] }),
      );
      await refund();
      return ok(result);
    },
  );
};
