import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZAuditPage,
  ZCoreValue,
  ZCoreValueOrder,
  ZCoreValues,
  ZCreateCoreValue,
  ZCreatePair,
  ZPage,
  ZPair,
  ZPairs,
  ZReportingLine,
  ZReportingLines,
  ZReportingQuery,
  ZSetManager,
  ZUpdateCoreValue,
  ZUpdatePair,
} from '../people-tools.schemas.ts';
import { analyzerRoutes } from './analyzer.routes.ts';
import { listAudit } from './audit.service.ts';
import { createCoreValue, listCoreValues, reorderCoreValues, updateCoreValue } from './core-values.service.ts';
import { oneOnOneRoutes } from './one-on-ones.routes.ts';
import { createPair, getPair, listPairs, upcomingOneOnOne, updatePair } from './pairs.service.ts';
import { clearManager, listReportingLines, setManager } from './reporting.service.ts';

// Core values, reporting lines and the 1:1 pairs (decisions 108–110); a 1:1's own calls and the
// conversations are in one-on-ones.routes.ts.

const tags = ['people tools'];
const ZId = z.object({ id: z.uuid() });

export const peopleToolsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/core-values',
    {
      schema: {
        tags,
        operationId: 'listCoreValues',
        summary: "The workspace's core values in their order (admins also see retired ones, last)",
        response: { 200: success(ZCoreValues), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listCoreValues(ctx))),
  );

  app.post(
    '/core-values',
    {
      schema: {
        tags,
        operationId: 'createCoreValue',
        summary: 'Add a core value at the end (workspace admins); 409 past 20 values',
        body: ZCreateCoreValue,
        response: { 201: success(ZCoreValue), ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createCoreValue(ctx, request.body)))),
  );

  app.patch(
    '/core-values/:id',
    {
      schema: {
        tags,
        operationId: 'updateCoreValue',
        summary: 'Describe, rename, retire or bring back a core value (workspace admins)',
        params: ZId,
        body: ZUpdateCoreValue,
        response: { 200: success(ZCoreValue), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateCoreValue(ctx, request.params.id, request.body))),
  );

  app.put(
    '/core-values/order',
    {
      schema: {
        tags,
        operationId: 'reorderCoreValues',
        summary:
          'The order of the values not retired: each of their ids once (workspace admins); 409 when the list changed',
        body: ZCoreValueOrder,
        response: { 200: success(z.array(ZCoreValue)), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => reorderCoreValues(ctx, request.body.ids))),
  );

  app.get(
    '/reporting-lines',
    {
      schema: {
        tags,
        operationId: 'listReportingLines',
        summary:
          "Who reports to whom: the org chart's parent seat gives the manager unless an admin overrode it; `unplaced=true`: people without a seat",
        querystring: ZReportingQuery,
        response: { 200: success(ZReportingLines), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listReportingLines(ctx, request.query))),
  );

  app.put(
    '/reporting-lines/:id',
    {
      schema: {
        tags,
        operationId: 'setReportingManager',
        summary: "Override the person's manager (workspace admins); null: nobody; 409 when it would make a loop",
        params: ZId,
        body: ZSetManager,
        response: { 200: success(ZReportingLine), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setManager(ctx, request.params.id, request.body.managerId))),
  );

  app.delete(
    '/reporting-lines/:id',
    {
      schema: {
        tags,
        operationId: 'clearReportingManager',
        summary: "Drop the override: the org chart says who the person's manager is again (workspace admins)",
        params: ZId,
        response: { 200: success(ZReportingLine), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => clearManager(ctx, request.params.id))),
  );

  app.get(
    '/one-on-ones',
    {
      schema: {
        tags,
        operationId: 'listOneOnOnes',
        summary:
          "The caller's 1:1 pairs (as manager or report) first; an admin also sees the workspace's other pairs, without content",
        querystring: ZPage,
        response: { 200: success(ZPairs), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listPairs(ctx, request.query))),
  );

  app.post(
    '/one-on-ones',
    {
      schema: {
        tags,
        operationId: 'createOneOnOne',
        summary:
          'Schedule a weekly 1:1 of a manager (the caller unless an admin names one) and a person reporting to them; 409 when the pair has one or the person does not report to the manager',
        body: ZCreatePair,
        response: { 201: success(ZPair), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createPair(ctx, request.body)))),
  );

  app.get(
    '/one-on-ones/:id',
    {
      schema: {
        tags,
        operationId: 'getOneOnOnePair',
        summary: 'A 1:1 pair and its schedule (the pair, or an admin); 404 for anyone else',
        params: ZId,
        response: { 200: success(ZPair), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getPair(ctx, request.params.id))),
  );

  app.patch(
    '/one-on-ones/:id',
    {
      schema: {
        tags,
        operationId: 'updateOneOnOnePair',
        summary: "Change the pair's schedule, or (the report only) share the pair's 1:1s and conversations with admins",
        params: ZId,
        body: ZUpdatePair,
        response: { 200: success(ZPair), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updatePair(ctx, request.params.id, request.body))),
  );

  app.post(
    '/one-on-ones/:id/upcoming',
    {
      schema: {
        tags,
        operationId: 'openUpcomingOneOnOne',
        summary: "The pair's current 1:1 (live now, or the next scheduled one, made on first call)",
        params: ZId,
        response: { 200: success(z.object({ id: z.string() })), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => upcomingOneOnOne(ctx, request.params.id))),
  );

  app.get(
    '/people-tools/audit',
    {
      schema: {
        tags,
        operationId: 'listPeopleToolsAudit',
        summary: 'Reads of 1:1s and conversations by people outside the pair, newest first (workspace admins)',
        querystring: ZPage,
        response: { 200: success(ZAuditPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listAudit(ctx, request.query))),
  );

  await fastify.register(oneOnOneRoutes);
  await fastify.register(analyzerRoutes);
};
