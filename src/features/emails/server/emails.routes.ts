import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZEmailPreview,
  ZEmailTemplate,
  ZEmailTemplateKey,
  ZEmailVariable,
  ZPreviewEmailTemplate,
  ZSaveEmailTemplate,
} from '../emails.schemas.ts';
import {
  getEmailTemplate,
  listEmailTemplates,
  listEmailVariables,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
} from './emails.service.ts';

const tags = ['administration'];

/** Administration → Emails (admins only; decision 050). */
export const emailRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/email-templates',
    {
      schema: {
        tags,
        operationId: 'listEmailTemplates',
        summary:
          "Every email Cadence sends, with its default text, this workspace's custom text and its variables (admins; a fixed list, one page)",
        response: { 200: success(z.array(ZEmailTemplate)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listEmailTemplates(ctx))),
  );

  app.get(
    '/email-templates/:id',
    {
      schema: {
        tags,
        operationId: 'getEmailTemplate',
        summary: 'One email template by its key, e.g. reset-password (admins)',
        params: ZEmailTemplateKey,
        response: { 200: success(ZEmailTemplate), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getEmailTemplate(ctx, request.params.id))),
  );

  app.put(
    '/email-templates/:id',
    {
      schema: {
        tags,
        operationId: 'saveEmailTemplate',
        summary:
          "Save this workspace's subject and message of an email (admins): only its own variables, its link kept, at most 20,000 characters",
        params: ZEmailTemplateKey,
        body: ZSaveEmailTemplate,
        response: { 200: success(ZEmailTemplate), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveEmailTemplate(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/email-templates/:id',
    {
      schema: {
        tags,
        operationId: 'resetEmailTemplate',
        summary: 'Reset an email to its default subject and message (admins)',
        params: ZEmailTemplateKey,
        response: { 200: success(ZEmailTemplate), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => resetEmailTemplate(ctx, request.params.id))),
  );

  app.post(
    '/email-templates/:id/preview',
    {
      schema: {
        tags,
        operationId: 'previewEmailTemplate',
        summary:
          'The mail an email template makes with sample values: of the draft sent, or of the stored text where it is left out (admins)',
        params: ZEmailTemplateKey,
        body: ZPreviewEmailTemplate,
        response: { 200: success(ZEmailPreview), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => previewEmailTemplate(ctx, request.params.id, request.body))),
  );

  app.get(
    '/email-variables',
    {
      schema: {
        tags,
        operationId: 'listEmailVariables',
        summary: 'Every variable an email template may use, with its code and description (admins)',
        response: { 200: success(z.array(ZEmailVariable)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant(async (ctx) => listEmailVariables(ctx))),
  );
};
