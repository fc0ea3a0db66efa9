import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZGettingStarted } from '../home.schemas.ts';
import { dismissGettingStarted, getGettingStarted } from './getting-started.service.ts';

const tags = ['home'];

export const homeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/getting-started',
    {
      schema: {
        tags,
        operationId: 'getGettingStarted',
        summary:
          "The home's getting-started steps for the session's workspace, and whether the caller closed the panel",
        description:
          'Each step is done when the workspace has the data: `meeting` a meeting, `team` more than one member or ' +
          'an open invitation, `scorecard` a score. `dismissed` is per person and workspace.',
        response: { 200: success(ZGettingStarted), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getGettingStarted(ctx))),
  );

  app.post(
    '/getting-started/dismiss',
    {
      schema: {
        tags,
        operationId: 'dismissGettingStarted',
        summary: 'Close the getting-started panel for the caller in this workspace (on every device)',
        response: { 200: success(ZGettingStarted), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => dismissGettingStarted(ctx))),
  );
};
