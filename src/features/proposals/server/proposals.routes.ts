import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZAcceptProposal,
  ZProposal,
  ZProposalListQuery,
  ZProposalPage,
  ZProposalSettings,
  ZRefreshResult,
  ZSetProposalSettings,
  ZSnoozeProposal,
} from '../proposals.schemas.ts';
import {
  acceptProposal,
  dismissProposal,
  listProposals,
  refreshProposals,
  restoreProposal,
  snoozeProposal,
} from './proposals.service.ts';
import { getProposalSettings, setProposalSettings } from './proposals.settings.ts';

// Proposed issues (decision 123): whoever sees the meeting reads its proposals and settings; its
// leaders and workspace admins refresh, accept, dismiss, snooze and restore them and change the settings.

const tags = ['proposals'];
const ZId = z.object({ id: z.uuid() });
const ZProposalId = z.object({ id: z.uuid(), proposalId: z.uuid() });
const ZEmpty = z.strictObject({}).optional();

export const proposalsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/proposals',
    {
      schema: {
        tags,
        operationId: 'listProposals',
        summary: 'The meeting’s proposed issues: open (default), hidden (dismissed and snoozed) or accepted; a page',
        params: ZId,
        querystring: ZProposalListQuery,
        response: { 200: success(ZProposalPage), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listProposals(ctx, request.params.id, request.query))),
  );

  app.post(
    '/meetings/:id/proposals/refresh',
    {
      schema: {
        tags,
        operationId: 'refreshProposals',
        summary: 'Runs the meeting’s rules now (as the job does before each session); proposes nothing twice. Leaders',
        params: ZId,
        body: ZEmpty,
        response: { 200: success(ZRefreshResult), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => refreshProposals(ctx, request.params.id))),
  );

  app.post(
    '/meetings/:id/proposals/:proposalId/accept',
    {
      schema: {
        tags,
        operationId: 'acceptProposal',
        summary:
          'Makes the proposal an issue of the meeting, linked to its origin (owner: `userId` or the caller). Leaders',
        params: ZProposalId,
        body: ZAcceptProposal,
        response: { 200: success(ZProposal), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          acceptProposal(ctx, request.params.id, request.params.proposalId, request.body),
        ),
      ),
  );

  app.post(
    '/meetings/:id/proposals/:proposalId/dismiss',
    {
      schema: {
        tags,
        operationId: 'dismissProposal',
        summary: 'Dismisses the proposal: not proposed again until its evidence changes. Leaders',
        params: ZProposalId,
        body: ZEmpty,
        response: { 200: success(ZProposal), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => dismissProposal(ctx, request.params.id, request.params.proposalId))),
  );

  app.post(
    '/meetings/:id/proposals/:proposalId/snooze',
    {
      schema: {
        tags,
        operationId: 'snoozeProposal',
        summary:
          'Snoozes the proposal until a day, or (null) until the next session is prepared; new evidence ends it sooner. Leaders',
        params: ZProposalId,
        body: ZSnoozeProposal,
        response: { 200: success(ZProposal), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          snoozeProposal(ctx, request.params.id, request.params.proposalId, request.body),
        ),
      ),
  );

  app.post(
    '/meetings/:id/proposals/:proposalId/restore',
    {
      schema: {
        tags,
        operationId: 'restoreProposal',
        summary: 'Undoes a dismiss or a snooze: the proposal is open again. Leaders',
        params: ZProposalId,
        body: ZEmpty,
        response: { 200: success(ZProposal), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => restoreProposal(ctx, request.params.id, request.params.proposalId))),
  );

  app.get(
    '/meetings/:id/proposals/settings',
    {
      schema: {
        tags,
        operationId: 'getProposalSettings',
        summary: 'When proposals are prepared before each session, and each rule on or off with its thresholds',
        params: ZId,
        response: { 200: success(ZProposalSettings), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getProposalSettings(ctx, request.params.id))),
  );

  app.put(
    '/meetings/:id/proposals/settings',
    {
      schema: {
        tags,
        operationId: 'setProposalSettings',
        summary: 'Changes the hours before a session proposals are prepared (1–168) and any rule. Leaders and admins',
        params: ZId,
        body: ZSetProposalSettings,
        response: { 200: success(ZProposalSettings), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setProposalSettings(ctx, request.params.id, request.body))),
  );
};
