import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { exportingWorkspace, sendPdf } from '../../../server/pdf.ts';
import { AGENCY_KINDS } from '../../../shared/constants.ts';
import {
  ZAgencyAnswer,
  ZAgencyCategoriesPage,
  ZAgencyCategoriesQuery,
  ZAgencyExportQuery,
  ZAgencyFrameworksPage,
  ZAgencyFrameworksQuery,
  ZAgencyItem,
  ZAgencyItemsPage,
  ZAgencyItemsQuery,
  ZAgencyReadQuery,
  ZAgencySingleColumn,
  ZAnswerPath,
  ZCreateAgencyCategory,
  ZCreateAgencyColumn,
  ZCreateAgencyItem,
  ZCreateAgencyQuestion,
  ZSaveAnswer,
  ZSetHidden,
  ZUpdateAgencyCategory,
  ZUpdateAgencyColumn,
  ZUpdateAgencyItem,
  ZUpdateAgencyQuestion,
} from '../agency.schemas.ts';
import {
  createCategory,
  createColumn,
  createItem,
  createQuestion,
  deleteContent,
  setHidden,
  updateCategory,
  updateColumn,
  updateItem,
  updateQuestion,
} from './agency.admin.service.ts';
import { removeAnswer, saveAnswer } from './agency.answers.service.ts';
import { agencyPdf } from './agency.pdf.ts';
import { getColumn, getItem, listCategories, listFrameworks, listItems } from './agency.service.ts';

// Agency tools (document 3 §7 getAtCategories, saveAnswer; decisions 052–053), as resources
// under /agency. Reads and answers for every member; content of the workspace's own and
// hiding for its admins.

const tags = ['agency tools'];
const ZId = z.object({ id: z.uuid() });
const ZCreated = z.object({ id: z.string() }).meta({ id: 'AgencyCreated' });

export const agencyRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/agency/categories',
    {
      schema: {
        tags,
        operationId: 'getAtCategories',
        summary:
          'getAtCategories: one page of categories, each with its first 2 items and their count; admins may ask for hidden content (`hidden=true`)',
        querystring: ZAgencyCategoriesQuery,
        response: { 200: success(ZAgencyCategoriesPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listCategories(ctx, request.query))),
  );

  app.get(
    '/agency/categories/:id/items',
    {
      schema: {
        tags,
        operationId: 'getAtCategoryItems',
        summary: "Show All: one page of a category's items",
        params: ZId,
        querystring: ZAgencyItemsQuery,
        response: { 200: success(ZAgencyItemsPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listItems(ctx, request.params.id, request.query))),
  );

  app.get(
    '/agency/frameworks',
    {
      schema: {
        tags,
        operationId: 'getAtFrameworks',
        summary: "The frameworks an agenda item may show, by category, searched by title (the agenda form's picker)",
        querystring: ZAgencyFrameworksQuery,
        response: { 200: success(ZAgencyFrameworksPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listFrameworks(ctx, request.query))),
  );

  app.get(
    '/agency/items/:id',
    {
      schema: {
        tags,
        operationId: 'getAtItem',
        summary: "An item (framework) with its columns, their questions and the workspace's answers",
        params: ZId,
        querystring: ZAgencyReadQuery,
        response: { 200: success(ZAgencyItem), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getItem(ctx, request.params.id, request.query.hidden))),
  );

  app.get(
    '/agency/items/:id/export',
    {
      schema: {
        tags,
        operationId: 'exportAtItem',
        summary: "The framework with the workspace's answers as a PDF (landscape A4 or Letter)",
        params: ZId,
        querystring: ZAgencyExportQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { workspace, item } = await request.inTenant(async (ctx) => ({
        item: await getItem(ctx, request.params.id),
        workspace: await exportingWorkspace(ctx.db, ctx.tenantId),
      }));
      return sendPdf(reply, await agencyPdf(workspace, item, request.query.paper), 'framework.pdf');
    },
  );

  app.get(
    '/agency/columns/:id',
    {
      schema: {
        tags,
        operationId: 'getAtColumn',
        summary: 'One column on its own (/agency-single/{columnId}) with the column it follows and its followers',
        params: ZId,
        response: { 200: success(ZAgencySingleColumn), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getColumn(ctx, request.params.id))),
  );

  app.put(
    '/agency/questions/:id/answers/:position',
    {
      schema: {
        tags,
        operationId: 'saveAnswer',
        summary:
          "saveAnswer: the workspace's answer in slot `position` (from 0) of a question; 400 past numOfAnswers or over the question's length, 403 in a 'noneditable' column, 409 when `baseChangedAt` is given and someone changed the slot since",
        params: ZAnswerPath,
        body: ZSaveAnswer,
        response: { 200: success(ZAgencyAnswer), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveAnswer(ctx, request.params.id, request.params.position, request.body))),
  );

  app.delete(
    '/agency/questions/:id/answers/:position',
    {
      schema: {
        tags,
        operationId: 'deleteAnswer',
        summary: 'Removes an answer slot; the later answers move up by one',
        params: ZAnswerPath,
        response: { 200: success(z.boolean()), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => removeAnswer(ctx, request.params.id, request.params.position))),
  );

  // Content of the workspace's own (admins)

  app.post(
    '/agency/categories',
    {
      schema: {
        tags,
        operationId: 'createAtCategory',
        summary: 'A category of the workspace (admins)',
        body: ZCreateAgencyCategory,
        response: { 201: success(ZCreated), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createCategory(ctx, request.body)))),
  );

  app.patch(
    '/agency/categories/:id',
    {
      schema: {
        tags,
        operationId: 'updateAtCategory',
        summary: "Changes the workspace's own category (admins; shipped ones are 403)",
        params: ZId,
        body: ZUpdateAgencyCategory,
        response: { 200: success(ZCreated), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateCategory(ctx, request.params.id, request.body))),
  );

  app.post(
    '/agency/items',
    {
      schema: {
        tags,
        operationId: 'createAtItem',
        summary: 'A framework of the workspace in a category (shipped or its own; admins)',
        body: ZCreateAgencyItem,
        response: { 201: success(ZCreated), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createItem(ctx, request.body)))),
  );

  app.patch(
    '/agency/items/:id',
    {
      schema: {
        tags,
        operationId: 'updateAtItem',
        summary: "Changes the workspace's own framework (admins; shipped ones are 403)",
        params: ZId,
        body: ZUpdateAgencyItem,
        response: { 200: success(ZCreated), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateItem(ctx, request.params.id, request.body))),
  );

  app.post(
    '/agency/columns',
    {
      schema: {
        tags,
        operationId: 'createAtColumn',
        summary:
          'A column of the workspace in a framework, optionally following another column of it (admins; at most 40)',
        body: ZCreateAgencyColumn,
        response: { 201: success(ZCreated), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createColumn(ctx, request.body)))),
  );

  app.patch(
    '/agency/columns/:id',
    {
      schema: {
        tags,
        operationId: 'updateAtColumn',
        summary:
          "Changes the workspace's own column; a parent that would make a cycle or is in another framework is 400",
        params: ZId,
        body: ZUpdateAgencyColumn,
        response: { 200: success(ZCreated), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateColumn(ctx, request.params.id, request.body))),
  );

  app.post(
    '/agency/questions',
    {
      schema: {
        tags,
        operationId: 'createAtQuestion',
        summary: 'A question of the workspace in a column (admins; at most 30 per column)',
        body: ZCreateAgencyQuestion,
        response: { 201: success(ZCreated), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createQuestion(ctx, request.body)))),
  );

  app.patch(
    '/agency/questions/:id',
    {
      schema: {
        tags,
        operationId: 'updateAtQuestion',
        summary: "Changes the workspace's own question (admins; shipped ones are 403)",
        params: ZId,
        body: ZUpdateAgencyQuestion,
        response: { 200: success(ZCreated), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateQuestion(ctx, request.params.id, request.body))),
  );

  for (const kind of AGENCY_KINDS) {
    const name = kind.charAt(0).toUpperCase() + kind.slice(1);
    app.delete(
      `/agency/${kind}/:id`,
      {
        schema: {
          tags,
          operationId: `deleteAt${name}`,
          summary: `Deletes the workspace's own ${kind} with everything in it and its answers (admins; shipped content is 403)`,
          params: ZId,
          response: { 200: success(z.boolean()), ...failures(401, 403, 404) },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => deleteContent(ctx, kind, request.params.id))),
    );
    app.put(
      `/agency/${kind}/:id/hidden`,
      {
        schema: {
          tags,
          operationId: `hideAt${name}`,
          summary: `Hides ${kind} (shipped or own) for the workspace, or shows them again (admins)`,
          params: ZId,
          body: ZSetHidden,
          response: {
            200: success(z.object({ id: z.string(), hidden: z.boolean() })),
            ...failures(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        ok(await request.inTenant((ctx) => setHidden(ctx, kind, request.params.id, request.body.hidden))),
    );
  }
};
