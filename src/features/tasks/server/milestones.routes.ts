import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZCreateMilestone,
  ZGoalCardChoices,
  ZGoalChoicesQuery,
  ZGoalKpiChoices,
  ZMilestones,
  ZMyMilestones,
  ZOrderMilestones,
  ZSetProgressSources,
  ZUpdateMilestone,
} from '../milestones.schemas.ts';
import { ZMyItemsQuery } from '../tasks.schemas.ts';
import { cardChoices, kpiChoices } from './goal-choices.ts';
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  myMilestones,
  orderMilestones,
  updateMilestone,
  updateProgressSources,
} from './milestones.service.ts';

// A goal's milestones; called by tasksRoutes, in its plugin. Every answer is the goal's
// milestones as they now are, with their progress.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZAnswer = success(ZMilestones);

export const milestonesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/milestones/mine',
    {
      schema: {
        tags,
        summary: 'The caller’s open milestones on open goals, soonest due first (home’s To Do’s)',
        querystring: ZMyItemsQuery,
        response: { 200: success(ZMyMilestones), ...failures(400, 401) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => myMilestones(ctx, request.query.hiddenMeetingIds))),
  );
  app.get(
    '/tasks/:id/milestones',
    {
      schema: {
        tags,
        summary: 'A goal’s milestones in order, with progress and an at-risk reason',
        params: ZId,
        response: { 200: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listMilestones(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/milestones',
    {
      schema: {
        tags,
        summary: 'Add a milestone to a goal (owner: someone of its meetings; due on or before the goal)',
        params: ZId,
        body: ZCreateMilestone,
        response: { 201: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await request.inTenant((ctx) => createMilestone(ctx, request.params.id, request.body)))),
  );
  app.put(
    '/tasks/:id/progress-sources',
    {
      schema: {
        tags,
        summary:
          'What else counts in a goal’s progress: its linked cards (every one) and a KPI of its meetings with a target',
        params: ZId,
        body: ZSetProgressSources,
        response: { 200: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateProgressSources(ctx, request.params.id, request.body))),
  );
  app.get(
    '/tasks/:id/progress-choices/kpis',
    {
      schema: {
        tags,
        operationId: 'listGoalKpiChoices',
        summary:
          'The KPIs a goal’s progress may count: those of its meetings the caller sees, by meeting, a page at a time (q: words of the title)',
        params: ZId,
        querystring: ZGoalChoicesQuery,
        response: { 200: success(ZGoalKpiChoices), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => kpiChoices(ctx, request.params.id, request.query))),
  );
  app.get(
    '/tasks/:id/progress-choices/cards',
    {
      schema: {
        tags,
        operationId: 'listGoalCardChoices',
        summary:
          'The open cards a goal’s progress may count: those of its meetings the caller sees, by title, a page at a time (q: words of the title)',
        params: ZId,
        querystring: ZGoalChoicesQuery,
        response: { 200: success(ZGoalCardChoices), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => cardChoices(ctx, request.params.id, request.query))),
  );
  app.put(
    '/tasks/:id/milestones/order',
    {
      schema: {
        tags,
        summary: 'Reorder a goal’s milestones: every one of them, once, in the new order',
        params: ZId,
        body: ZOrderMilestones,
        response: { 200: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => orderMilestones(ctx, request.params.id, request.body.ids))),
  );
  app.patch(
    '/milestones/:id',
    {
      schema: {
        tags,
        summary: 'Change a milestone: title, owner, due date or done (a field left out stays)',
        params: ZId,
        body: ZUpdateMilestone,
        response: { 200: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateMilestone(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/milestones/:id',
    {
      schema: {
        tags,
        summary: 'Delete a milestone for good',
        params: ZId,
        response: { 200: ZAnswer, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteMilestone(ctx, request.params.id))),
  );
};
