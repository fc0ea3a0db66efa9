import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZAnalyzerBar,
  ZAnalyzerHistory,
  ZAnalyzerPersonQuarter,
  ZAnalyzerQuery,
  ZAnalyzerRow,
  ZAnalyzerTable,
  ZPage,
  ZRatePerson,
  ZSaveAnalyzerBar,
} from '../people-tools.schemas.ts';
import { ratePerson, readAnalyzer, readAnalyzerHistory, saveBar } from './analyzer.service.ts';

// The People Analyzer (decision 116): only a person's manager and the workspace's admins see or
// change their ratings; to anyone else the person is absent from the table and their calls 404.

const tags = ['people tools'];

export const analyzerRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/people-analyzer',
    {
      schema: {
        tags,
        operationId: 'getPeopleAnalyzer',
        summary:
          "A page of the people the caller may rate (their reports; an admin everyone else), optionally a meeting's or a group's, with the quarter's ratings and the bar",
        querystring: ZAnalyzerQuery,
        response: { 200: success(ZAnalyzerTable), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => readAnalyzer(ctx, request.query))),
  );

  app.patch(
    '/people-analyzer/people/:id/ratings/:quarter',
    {
      schema: {
        tags,
        operationId: 'ratePerson',
        summary:
          "Set some of a person's core value marks and GWC answers in a quarter (their manager or an admin); null clears one; 409 for a retired value",
        params: ZAnalyzerPersonQuarter,
        body: ZRatePerson,
        response: { 200: success(ZAnalyzerRow), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => ratePerson(ctx, request.params.id, request.params.quarter, request.body))),
  );

  app.get(
    '/people-analyzer/people/:id/history',
    {
      schema: {
        tags,
        operationId: 'listPeopleAnalyzerHistory',
        summary: "A person's ratings, the latest quarter first, paged (their manager or an admin)",
        params: z.object({ id: z.uuid() }),
        querystring: ZPage,
        response: { 200: success(ZAnalyzerHistory), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => readAnalyzerHistory(ctx, request.params.id, request.query))),
  );

  app.put(
    '/people-analyzer/bar',
    {
      schema: {
        tags,
        operationId: 'setPeopleAnalyzerBar',
        summary: 'Set the bar people are measured against (workspace admins)',
        body: ZSaveAnalyzerBar,
        response: { 200: success(ZAnalyzerBar), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveBar(ctx, request.body))),
  );
};
