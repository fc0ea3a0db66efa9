import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, sendDownload, success } from '../../../server/http.ts';
import { ZHealth, ZHealthItemsPage, ZHealthItemsQuery, ZHealthQuery } from '../os-health.schemas.ts';
import { healthCsv, healthFileName } from './os-health.export.ts';
import { healthItems } from './os-health.items.ts';
import { operatingHealth } from './os-health.service.ts';

// Operating-system health (decision 124): the figures by quarter, the items behind one figure,
// and the figures as CSV. Reads only.

const tags = ['os-health'];

export const osHealthRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/os-health',
    {
      schema: {
        tags,
        operationId: 'getOperatingHealth',
        summary:
          "Operating-system health by quarter (the workspace's quarters): goals completed, to-dos done when due, sessions held on schedule and started on time, average rating, issues solved per session and their median age, scorecard filled on time; for one meeting (its people and admins) or every meeting the caller sees",
        querystring: ZHealthQuery,
        response: { 200: success(ZHealth), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => operatingHealth(ctx, request.query))),
  );

  app.get(
    '/os-health/items',
    {
      schema: {
        tags,
        operationId: 'listOperatingHealthItems',
        summary:
          'The goals, to-dos, sessions, solved issues or scorecard values behind one figure of one quarter, a page at a time',
        querystring: ZHealthItemsQuery,
        response: { 200: success(ZHealthItemsPage), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => healthItems(ctx, request.query))),
  );

  app.get(
    '/os-health/export',
    {
      schema: {
        tags,
        operationId: 'exportOperatingHealth',
        summary: 'The same figures as CSV, a row per quarter',
        querystring: ZHealthQuery,
        produces: ['text/csv'],
        response: { 200: z.any(), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const health = await request.inTenant((ctx) => operatingHealth(ctx, request.query));
      return sendDownload(reply, healthCsv(health), 'text/csv; charset=utf-8', healthFileName(health));
    },
  );
};
