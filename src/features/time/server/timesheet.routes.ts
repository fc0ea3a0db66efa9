import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZApproval,
  ZApprovalPage,
  ZApprovalsQuery,
  ZCell,
  ZCostRate,
  ZCostRateParams,
  ZProfitPage,
  ZProfitQuery,
  ZReturnWeek,
  ZSaveCostRate,
  ZSetCell,
  ZSubmitWeek,
  ZWeekSheet,
} from '../timesheet.schemas.ts';
import { setCell } from './entries.service.ts';
import { deleteCostRate, listCostRates, profitability, saveCostRate } from './profit.service.ts';
import { approveWeek, listApprovals, returnWeek, submitWeek, withdrawWeek } from './weeks.service.ts';

// The weekly timesheet, its approval, cost rates and profitability (decision 090).

const tags = ['time'];
const ZId = z.object({ id: z.uuid() });
const ZRates = success(z.array(ZCostRate));

export const timesheetRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/time/timesheet/cells',
    {
      schema: {
        tags,
        summary: "The week grid sets the caller's time of a task on a day (0 removes it)",
        description:
          'No entry there: one is logged; one: its minutes change; several: 409 (change them one by one). 409 also when the day is in a submitted or approved week.',
        body: ZSetCell,
        response: { 200: success(ZCell), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setCell(ctx, request.body))),
  );
  app.post(
    '/time/weeks',
    {
      schema: {
        tags,
        summary: 'Submit the week holding `week` for approval: its time is locked until returned or withdrawn',
        body: ZSubmitWeek,
        response: { 201: success(ZWeekSheet), ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => submitWeek(ctx, request.body.week)))),
  );
  app.delete(
    '/time/weeks/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw one of your weeks still waiting for approval (409 once decided)',
        params: ZId,
        response: { 200: success(z.boolean()), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => withdrawWeek(ctx, request.params.id))),
  );
  app.get(
    '/time/approvals',
    {
      schema: {
        tags,
        summary:
          'Submitted, approved or returned weeks the caller approves (admins: all; project managers: the weeks with time on their projects)',
        querystring: ZApprovalsQuery,
        response: { 200: success(ZApprovalPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listApprovals(ctx, request.query))),
  );
  app.post(
    '/time/weeks/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a submitted week (an admin, or a manager of a project it has time on; not your own)',
        params: ZId,
        response: { 200: success(ZApproval), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => approveWeek(ctx, request.params.id))),
  );
  app.post(
    '/time/weeks/:id/return',
    {
      schema: {
        tags,
        summary: 'Return a week to its person with a comment: open again (an approved week: admins only)',
        params: ZId,
        body: ZReturnWeek,
        response: { 200: success(ZApproval), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => returnWeek(ctx, request.params.id, request.body.comment))),
  );

  app.get(
    '/time/people/:id/cost-rates',
    {
      schema: {
        tags,
        summary: "A person's hourly cost rates, newest first (workspace admins)",
        params: ZId,
        response: { 200: ZRates, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listCostRates(ctx, request.params.id))),
  );
  app.put(
    '/time/people/:id/cost-rates',
    {
      schema: {
        tags,
        summary: "A person's hourly cost from a day on; a rate from the same day is replaced (workspace admins)",
        params: ZId,
        body: ZSaveCostRate,
        response: { 200: ZRates, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveCostRate(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/time/people/:id/cost-rates/:validFrom',
    {
      schema: {
        tags,
        summary: "Remove a person's cost rate from that day (workspace admins)",
        params: ZCostRateParams,
        response: { 200: ZRates, ...failures(401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => deleteCostRate(ctx, request.params.id, request.params.validFrom))),
  );
  app.get(
    '/time/profitability',
    {
      schema: {
        tags,
        summary: "Each project's hours, revenue, cost, profit and margin over its life, with totals (workspace admins)",
        querystring: ZProfitQuery,
        response: { 200: success(ZProfitPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => profitability(ctx, request.query))),
  );
};
