import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZCascadingMessage, ZRecapItems, ZSaveCascadingMessage } from '../live.schemas.ts';
import {
  createCascadingMessage,
  deleteCascadingMessage,
  listCascadingMessages,
  listRecapItems,
  updateCascadingMessage,
} from './live.conclude.ts';

// The conclude's calls (decision 081): the Recap step's read-back and the cascading messages.

const tags = ['live meeting'];
const ZId = z.object({ id: z.uuid() });
const ZMessageId = z.object({ id: z.uuid(), messageId: z.uuid() });

export const concludeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sessions/:id/recap-items',
    {
      schema: {
        tags,
        operationId: 'listSessionRecapItems',
        summary:
          'What the Recap step reads back: to-dos made or re-assigned while the session was live, and headlines turned into issues',
        params: ZId,
        response: { 200: success(ZRecapItems), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listRecapItems(ctx, request.params.id))),
  );

  app.get(
    '/sessions/:id/cascading-messages',
    {
      schema: {
        tags,
        operationId: 'listCascadingMessages',
        summary: 'The session’s cascading messages, oldest first',
        params: ZId,
        response: { 200: success(z.array(ZCascadingMessage)), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listCascadingMessages(ctx, request.params.id))),
  );

  app.post(
    '/sessions/:id/cascading-messages',
    {
      schema: {
        tags,
        operationId: 'createCascadingMessage',
        summary:
          'Add a cascading message (text; audience: a meeting, a group or everyone), sent when the meeting is finished: starter, leaders, admins',
        params: ZId,
        body: ZSaveCascadingMessage,
        response: { 201: success(ZCascadingMessage), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const made = await request.inTenant((ctx) => createCascadingMessage(ctx, request.params.id, request.body));
      return reply.code(201).send(ok(made));
    },
  );

  app.put(
    '/sessions/:id/cascading-messages/:messageId',
    {
      schema: {
        tags,
        operationId: 'updateCascadingMessage',
        summary: 'Change a cascading message not sent yet (409 once sent): starter, leaders, admins',
        params: ZMessageId,
        body: ZSaveCascadingMessage,
        response: { 200: success(ZCascadingMessage), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          updateCascadingMessage(ctx, request.params.id, request.params.messageId, request.body),
        ),
      ),
  );

  app.delete(
    '/sessions/:id/cascading-messages/:messageId',
    {
      schema: {
        tags,
        operationId: 'deleteCascadingMessage',
        summary: 'Remove a cascading message not sent yet (409 once sent): starter, leaders, admins',
        params: ZMessageId,
        response: { 200: success(z.boolean()), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => deleteCascadingMessage(ctx, request.params.id, request.params.messageId))),
  );
};
