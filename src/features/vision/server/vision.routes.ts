import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { exportingWorkspace, sendPdf } from '../../../server/pdf.ts';
import {
  ZCreateSection,
  ZCreateTemplate,
  ZSection,
  ZTemplate,
  ZTemplatesPage,
  ZTemplatesQuery,
  ZUpdateSection,
  ZUpdateTemplate,
  ZVisionExportQuery,
} from '../vision.schemas.ts';
import { visionPdf } from './vision.pdf.ts';
import {
  createSection,
  createTemplate,
  deleteSection,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateSection,
  updateTemplate,
} from './vision.service.ts';

// document 2 §7: getTemplates, saveTemplate, saveSection (POST/PUT), deleteSection, as
// resources under /vision.

const tags = ['vision board'];
const ZId = z.object({ id: z.uuid() });

export const visionRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/vision/templates',
    {
      schema: {
        tags,
        operationId: 'getTemplates',
        summary:
          "getTemplates: one page of the workspace's templates by title (search by title), and the product's catalogue",
        querystring: ZTemplatesQuery,
        response: { 200: success(ZTemplatesPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listTemplates(ctx, request.query))),
  );

  app.get(
    '/vision/templates/:id',
    {
      schema: {
        tags,
        operationId: 'getTemplate',
        summary: 'A template with its sections; live sections carry the items the caller may see, read now',
        params: ZId,
        response: { 200: success(ZTemplate), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getTemplate(ctx, request.params.id))),
  );

  app.post(
    '/vision/templates',
    {
      schema: {
        tags,
        operationId: 'saveTemplate',
        summary:
          'saveTemplate: a new template copied from the catalogue (`catalogKey`) or from a template of the workspace (`fromTemplateId`, Save template)',
        body: ZCreateTemplate,
        response: { 201: success(ZTemplate), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createTemplate(ctx, request.body)))),
  );

  app.patch(
    '/vision/templates/:id',
    {
      schema: {
        tags,
        operationId: 'updateTemplate',
        summary: 'Rename a template or set its columns (1 or 2)',
        params: ZId,
        body: ZUpdateTemplate,
        response: { 200: success(ZTemplate), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateTemplate(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/vision/templates/:id',
    {
      schema: {
        tags,
        operationId: 'deleteTemplate',
        summary: 'Delete a template and its sections (workspace admins)',
        params: ZId,
        response: { 200: success(z.boolean()), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteTemplate(ctx, request.params.id))),
  );

  app.post(
    '/vision/templates/:id/sections',
    {
      schema: {
        tags,
        operationId: 'saveSection',
        summary:
          'saveSection (POST): Add Section at the end of the template; the description is sanitized rich text up to 60,000 characters',
        params: ZId,
        body: ZCreateSection,
        response: { 201: success(ZSection), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createSection(ctx, request.params.id, request.body)))),
  );

  app.put(
    '/vision/sections/:id',
    {
      schema: {
        tags,
        operationId: 'updateSection',
        summary:
          'saveSection (PUT): Update Section from `version`; 409 when `version` is given and someone saved other text in between (nothing stored); without `version` the last save wins',
        params: ZId,
        body: ZUpdateSection,
        response: { 200: success(ZSection), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateSection(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/vision/sections/:id',
    {
      schema: {
        tags,
        operationId: 'deleteSection',
        summary: 'deleteSection',
        params: ZId,
        response: { 200: success(z.boolean()), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteSection(ctx, request.params.id))),
  );

  app.get(
    '/vision/templates/:id/export',
    {
      schema: {
        tags,
        operationId: 'exportTemplate',
        summary: 'The board as a PDF (A4 or Letter) with the workspace name and logo, in its columns',
        params: ZId,
        querystring: ZVisionExportQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { workspace, template } = await request.inTenant(async (ctx) => ({
        template: await getTemplate(ctx, request.params.id),
        workspace: await exportingWorkspace(ctx.db, ctx.tenantId),
      }));
      return sendPdf(reply, await visionPdf(workspace, template, request.query.paper), 'vision-board.pdf');
    },
  );
};
