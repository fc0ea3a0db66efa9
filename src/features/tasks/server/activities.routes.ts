import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZActivity, ZCreateActivity, ZUpdateActivity } from '../tasks.schemas.ts';
import { createActivity, deleteActivity, listActivities, updateActivity } from './activities.service.ts';

// A card's activity log (comments); called by tasksRoutes, in its plugin.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const activitiesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tasks/:id/activities',
    {
      schema: {
        tags,
        summary: 'The card’s activity log, oldest first (getActivities)',
        params: ZId,
        response: { 200: success(z.array(ZActivity)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listActivities(ctx, request.params.id))),
  );
  app.post(
    '/activities',
    {
      schema: {
        tags,
        summary: 'Comment on a card (saveActivity); HTML is sanitized',
        body: ZCreateActivity,
        response: { 201: success(ZActivity), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createActivity(ctx, request.body)))),
  );
  app.put(
    '/activities/:id',
    {
      schema: {
        tags,
        summary: 'Edit one’s own comment',
        params: ZId,
        body: ZUpdateActivity,
        response: { 200: success(ZActivity), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateActivity(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/activities/:id',
    {
      schema: {
        tags,
        summary: 'Delete one’s own comment (workspace admins: any)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteActivity(ctx, request.params.id))),
  );
};
