import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZApiToken, ZCreatedToken, ZCreateToken, ZCurrentToken, ZTokenId } from '../tokens.schemas.ts';
import { createToken, currentToken, listTokens, revokeToken } from './tokens.service.ts';

// API tokens (decision 093): a person's own under /self, the workspace's (admins) at the root.
// No API token may call these (their tag maps to no scope): a token cannot make or see tokens.

const tags = ['api tokens'];
const ZDone = success(z.boolean());
const ONCE = 'The answer is the only time the secret (`secret`) is shown; lists show `masked` only.';

export const tokensRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api-token',
    {
      schema: {
        tags,
        operationId: 'getCurrentApiToken',
        summary: 'The API token the call is made with: its name, scopes and expiry, and the person it acts as',
        description: 'Any token may call it, whatever its scopes; a signed-in browser has no token (403).',
        response: { 200: success(ZCurrentToken), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => currentToken(ctx))),
  );

  for (const { kind, path, who, names } of [
    {
      kind: 'personal',
      path: '/self/api-tokens',
      who: "The caller's personal tokens in this workspace",
      names: { list: 'listPersonalApiTokens', create: 'createPersonalApiToken', revoke: 'revokePersonalApiToken' },
    },
    {
      kind: 'workspace',
      path: '/api-tokens',
      who: "The workspace's tokens (workspace admins)",
      names: { list: 'listWorkspaceApiTokens', create: 'createWorkspaceApiToken', revoke: 'revokeWorkspaceApiToken' },
    },
  ] as const) {
    const forbidden = kind === 'workspace' ? failures(401, 403) : failures(401);
    app.get(
      path,
      {
        schema: {
          tags,
          operationId: names.list,
          summary: `${who}, newest first, without revoked ones; never a secret`,
          response: { 200: success(z.array(ZApiToken)), ...forbidden },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => listTokens(ctx, kind))),
    );
    app.post(
      path,
      {
        schema: {
          tags,
          operationId: names.create,
          summary: `New token: ${who.charAt(0).toLowerCase()}${who.slice(1)}`,
          description: `${ONCE} 400 for an unknown or repeated scope or an expiry before today; 409 over the limit of tokens in use.`,
          body: ZCreateToken,
          response: { 201: success(ZCreatedToken), ...failures(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await request.inTenant((ctx) => createToken(ctx, kind, request.body)))),
    );
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          operationId: names.revoke,
          summary: 'Revoke a token: its next call is 401 (404 for another\u2019s or one already revoked)',
          params: ZTokenId,
          response: { 200: ZDone, ...failures(401, 403, 404) },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => revokeToken(ctx, kind, request.params.id))),
    );
  }
};
