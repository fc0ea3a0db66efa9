import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { exportingWorkspace, sendPdf } from '../../../server/pdf.ts';
import {
  ZConversation,
  ZConversationSummary,
  ZConversations,
  ZConvertPoint,
  ZCreateConversation,
  ZCreatePoint,
  ZHistory,
  ZHistoryQuery,
  ZOneOnOne,
  ZPage,
  ZSaveForm,
  ZSaveSummary,
  ZTalkingPoint,
  ZUpdateOneOnOne,
  ZUpdatePoint,
} from '../people-tools.schemas.ts';
import { readHistory } from './agenda.query.ts';
import { conversationPdf } from './conversations.pdf.ts';
import {
  acknowledgeSummary,
  createConversation,
  getConversation,
  listConversations,
  saveForm,
  saveSummary,
} from './conversations.service.ts';
import {
  addTalkingPoint,
  convertTalkingPoint,
  getOneOnOne,
  updateOneOnOne,
  updateTalkingPoint,
} from './one-on-ones.service.ts';
import { pairAccess, readerOf } from './pairs.policy.ts';

// A 1:1's agenda, notes, talking points and history, and the pair's conversations. Every call
// answers 404 to anyone but the pair and the workspace's admins; admins get 403 on writes and,
// unless the report shared, dates without content; each admin read is audit-logged.

const tags = ['people tools'];
const ZId = z.object({ id: z.uuid() });
const ZPointId = z.object({ id: z.uuid(), pointId: z.uuid() });

export const oneOnOneRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/one-on-ones/:id/history',
    {
      schema: {
        tags,
        operationId: 'listOneOnOneHistory',
        summary:
          "The pair's finished 1:1s, newest first, paged; `q` searches shared notes, talking points and the caller's own private notes",
        params: ZId,
        querystring: ZHistoryQuery,
        response: { 200: success(ZHistory), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant(async (ctx) =>
          readHistory(ctx, readerOf(request), await pairAccess(ctx, request.params.id), request.query),
        ),
      ),
  );

  app.get(
    '/one-on-one-meetings/:id',
    {
      schema: {
        tags,
        operationId: 'getOneOnOne',
        summary:
          "A 1:1: talking points, what is pulled in from the report's work, shared notes and the caller's private notes",
        params: ZId,
        response: { 200: success(ZOneOnOne), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getOneOnOne(ctx, readerOf(request), request.params.id))),
  );

  app.patch(
    '/one-on-one-meetings/:id',
    {
      schema: {
        tags,
        operationId: 'updateOneOnOne',
        summary: "Shared notes, the caller's private notes, start or finish (the pair); 409 finishing one not started",
        params: ZId,
        body: ZUpdateOneOnOne,
        response: { 200: success(ZOneOnOne), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => updateOneOnOne(ctx, readerOf(request), request.params.id, request.body))),
  );

  app.post(
    '/one-on-one-meetings/:id/points',
    {
      schema: {
        tags,
        operationId: 'addTalkingPoint',
        summary: 'Add a talking point (either side, before or during); recurring ones come back every 1:1',
        params: ZId,
        body: ZCreatePoint,
        response: { 201: success(ZTalkingPoint), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await request.inTenant((ctx) => addTalkingPoint(ctx, request.params.id, request.body)))),
  );

  app.patch(
    '/one-on-one-meetings/:id/points/:pointId',
    {
      schema: {
        tags,
        operationId: 'updateTalkingPoint',
        summary: 'Rename, mark discussed, write its note in this 1:1, or stop a recurring point',
        params: ZPointId,
        body: ZUpdatePoint,
        response: { 200: success(ZTalkingPoint), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          updateTalkingPoint(ctx, request.params.id, request.params.pointId, request.body),
        ),
      ),
  );

  app.post(
    '/one-on-one-meetings/:id/points/:pointId/convert',
    {
      schema: {
        tags,
        operationId: 'convertTalkingPoint',
        summary: "A talking point becomes the report's to-do, or an issue of a team meeting; 409 when it already did",
        params: ZPointId,
        body: ZConvertPoint,
        response: { 200: success(ZTalkingPoint), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          convertTalkingPoint(ctx, request.params.id, request.params.pointId, request.body),
        ),
      ),
  );

  app.get(
    '/one-on-ones/:id/conversations',
    {
      schema: {
        tags,
        operationId: 'listConversations',
        summary: "The pair's quarterly and annual conversations, newest first, paged",
        params: ZId,
        querystring: ZPage,
        response: { 200: success(ZConversations), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listConversations(ctx, request.params.id, request.query))),
  );

  app.post(
    '/one-on-ones/:id/conversations',
    {
      schema: {
        tags,
        operationId: 'createConversation',
        summary: 'A quarterly (period 2026-Q3) or annual (2026) conversation of the pair; 409 when it exists',
        params: ZId,
        body: ZCreateConversation,
        response: { 201: success(ZConversationSummary), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await request.inTenant((ctx) => createConversation(ctx, request.params.id, request.body)))),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        operationId: 'getConversation',
        summary: "A conversation: the caller's form, the other side's once both submitted, the summary",
        params: ZId,
        response: { 200: success(ZConversation), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getConversation(ctx, readerOf(request), request.params.id))),
  );

  app.put(
    '/conversations/:id/form',
    {
      schema: {
        tags,
        operationId: 'saveConversationForm',
        summary: "Save the caller's own form, as a draft or submitted; 409 once submitted",
        params: ZId,
        body: ZSaveForm,
        response: { 200: success(ZConversation), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveForm(ctx, readerOf(request), request.params.id, request.body))),
  );

  app.put(
    '/conversations/:id/summary',
    {
      schema: {
        tags,
        operationId: 'saveConversationSummary',
        summary: 'Write the summary once both forms are in (409 before); both have to acknowledge it again',
        params: ZId,
        body: ZSaveSummary,
        response: { 200: success(ZConversation), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveSummary(ctx, readerOf(request), request.params.id, request.body.summary))),
  );

  app.post(
    '/conversations/:id/acknowledge',
    {
      schema: {
        tags,
        operationId: 'acknowledgeConversation',
        summary: 'The caller acknowledges the summary as it is; 409 when there is none',
        params: ZId,
        response: { 200: success(ZConversation), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => acknowledgeSummary(ctx, readerOf(request), request.params.id))),
  );

  app.get(
    '/conversations/:id/export',
    {
      schema: {
        tags,
        operationId: 'exportConversation',
        summary: 'The conversation as a PDF: both forms side by side (as the caller may see them) and the summary',
        params: ZId,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), ...failures(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { workspace, conversation } = await request.inTenant(async (ctx) => ({
        workspace: await exportingWorkspace(ctx.db, ctx.tenantId),
        conversation: await getConversation(ctx, readerOf(request), request.params.id),
      }));
      return sendPdf(reply, await conversationPdf(workspace, conversation), `conversation-${conversation.period}.pdf`);
    },
  );
};
