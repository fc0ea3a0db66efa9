import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { messages } from '../../../shared/messages.ts';
import { ATTACHMENT_MAX_BYTES, ZAttachment } from '../tasks.schemas.ts';
import {
  addAttachment,
  attachmentFile,
  deleteAttachment,
  listAttachments,
  removeStoredFiles,
} from './attachments.service.ts';

// A card's attachments; called by tasksRoutes, whose plugin registers the multipart parser they read.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const attachmentsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const dataDir = fastify.config.dataDir;

  app.get(
    '/tasks/:id/attachments',
    {
      schema: {
        tags,
        summary: 'The card’s attachments',
        params: ZId,
        response: { 200: success(z.array(ZAttachment)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listAttachments(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/attachments',
    {
      schema: {
        tags,
        summary: `Attach a file (multipart, field "file"; at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB; type checked from its content)`,
        consumes: ['multipart/form-data'],
        params: ZId,
        response: { 201: success(ZAttachment), ...failures(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = await readSingleFile(request, messages.fileTooLarge(ATTACHMENT_MAX_BYTES / 1024 / 1024));
      const attachment = await request.inTenant((ctx) => addAttachment(ctx, dataDir, request.params.id, file));
      return reply.status(201).send(ok(attachment));
    },
  );
  app.get(
    '/attachments/:id/content',
    { schema: { tags, summary: 'The attached file', params: ZId } },
    async (request, reply) => {
      const file = await request.inTenant((ctx) => attachmentFile(ctx, dataDir, request.params.id));
      const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', disposition)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(file.path));
    },
  );
  app.delete(
    '/attachments/:id',
    {
      schema: {
        tags,
        summary: 'Remove an attachment (its uploader, or who may delete the card)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const { storageKeys } = await request.inTenant((ctx) => deleteAttachment(ctx, request.params.id));
      await removeStoredFiles(dataDir, storageKeys);
      return ok(true);
    },
  );
};
