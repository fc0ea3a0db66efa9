import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZShareLink, ZTaskPreview } from '../tasks.schemas.ts';
import { getShare, previewTask, revokeShare, shareTask } from './shares.service.ts';

// A card's public link and the read-only preview it opens; called by tasksRoutes, in its plugin.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const sharesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'The card’s public link, or null',
        params: ZId,
        response: { 200: success(ZShareLink.nullable()), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getShare(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'Share the card: gives its public link, making one when needed',
        params: ZId,
        response: { 200: success(ZShareLink), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => shareTask(ctx, request.params.id))),
  );
  app.delete(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'Revoke the card’s public link',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => revokeShare(ctx, request.params.id))),
  );
  app.get(
    '/task-preview/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A shared card, read-only, for anyone with the link (getSharedTask)',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: success(ZTaskPreview), ...failures(404) },
      },
    },
    async (request) => ok(await request.inTransaction((ctx) => previewTask(ctx.db, request.params.token))),
  );
};
