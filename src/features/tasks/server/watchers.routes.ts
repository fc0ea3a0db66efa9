import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZWatchers } from '../tasks.schemas.ts';
import { addWatchers, listWatchers, removeWatchers } from './watchers.service.ts';

// A card's watchers; called by tasksRoutes, in its plugin.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });

export const watchersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const ZWatcherIds = success(z.array(z.string()));
  app.get(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'The card’s watchers',
        params: ZId,
        response: { 200: ZWatcherIds, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listWatchers(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'Add watchers',
        params: ZId,
        body: ZWatchers,
        response: { 200: ZWatcherIds, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => addWatchers(ctx, request.params.id, request.body.userIds))),
  );
  app.delete(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'Remove watchers',
        params: ZId,
        body: ZWatchers,
        response: { 200: ZWatcherIds, ...failures(400, 401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => removeWatchers(ctx, request.params.id, request.body.userIds))),
  );
};
