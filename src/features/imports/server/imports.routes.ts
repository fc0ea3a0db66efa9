import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { failures, ok, success } from '../../../server/http.ts';
import { clientIdOf } from '../../../server/transaction.ts';
import {
  IMPORT_MAX_BYTES,
  ZCsvColumns,
  ZImportId,
  ZImportPage,
  ZImportPreview,
  ZImportRecord,
  ZImportsQuery,
} from '../imports.schemas.ts';
import { confirmImport, listImports, previewImport, undoImport } from './imports.service.ts';
import { readColumnsUpload, readImportUpload } from './imports.upload.ts';
import type { ImportProgress } from './planners.ts';

// Imports of outside data (decisions 111, 121, 122): workspace admins only. A preview and a confirmation
// take the same multipart body; the admin check comes before the upload is read.

const tags = ['imports'];
const UPLOAD =
  'Multipart: the field `options` (ImportOptions as JSON) first, then `file` (up to 20 MB): a CSV for the Ninety scorecards (UTF-8 with or without a byte order mark, or Windows-1252), a UTF-8 JSON export for the Trello and Planka boards, an .xlsx workbook for Ninety rocks and issues.';

/**
 * A confirmation's progress, sent at once to the importer's sockets (not after the commit: it
 * tells how far the writing is, nothing of what is written); only for a tab that said who it is.
 */
const progressOf = (fastify: FastifyInstance, request: FastifyRequest, tenantId: string): ImportProgress => {
  const clientId = clientIdOf(request);
  if (!clientId || !request.auth) return () => undefined;
  const receiverId = request.auth.userId;
  return (written, total) =>
    fastify.realtime.publish(
      { tenantId, receiverId, type: 'import.progress', data: { clientId, written, total } },
      { changedBy: receiverId, originClientId: null },
    );
};

export const importsRoutes = async (fastify: FastifyInstance) => {
  await fastify.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/imports/preview',
    {
      schema: {
        tags,
        operationId: 'previewImport',
        summary: 'What an import would create, match, skip or refuse, row by row; writes nothing',
        description: `${UPLOAD} 404 for a meeting or person of another workspace.`,
        consumes: ['multipart/form-data'],
        response: { 200: success(ZImportPreview), ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      await request.inTenant(async (ctx) => assertWorkspaceAdmin(ctx));
      const { options, file } = await readImportUpload(request);
      return ok(await request.inTenant((ctx) => previewImport(ctx, options, file)));
    },
  );

  app.post(
    '/imports/columns',
    {
      schema: {
        tags,
        operationId: 'readImportColumns',
        summary: "A generic CSV's headers, first rows and the column mapping suggested from the header names",
        description:
          'Multipart: the field `options` (CsvColumnsOptions as JSON: the generic kind) first, then `file`, a CSV as for the preview. Only the header and the first five rows are read; send the mapping back as `columns` in ImportOptions.',
        consumes: ['multipart/form-data'],
        response: { 200: success(ZCsvColumns), ...failures(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      await request.inTenant(async (ctx) => assertWorkspaceAdmin(ctx));
      return ok(await readColumnsUpload(request));
    },
  );

  app.post(
    '/imports',
    {
      schema: {
        tags,
        operationId: 'confirmImport',
        summary: 'Import a file as its preview showed, all or nothing; the record of what was created',
        description: `${UPLOAD} Send the same file and options as the preview. 400 while rows are in error unless \`skipInvalidRows\`. A large CSV is written a chunk at a time; after each chunk the importer's sockets hear \`import.progress\` (written and total) for the tab named by the \`x-client-id\` header.`,
        consumes: ['multipart/form-data'],
        response: { 201: success(ZImportRecord), ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      await request.inTenant(async (ctx) => assertWorkspaceAdmin(ctx));
      const { options, file } = await readImportUpload(request);
      const record = await request.inTenant((ctx) =>
        confirmImport(ctx, options, file, progressOf(fastify, request, ctx.tenantId)),
      );
      return reply.status(201).send(ok(record));
    },
  );

  app.get(
    '/imports',
    {
      schema: {
        tags,
        operationId: 'listImports',
        summary: "The workspace's imports, newest first: who imported what, when, and whether it was undone",
        querystring: ZImportsQuery,
        response: { 200: success(ZImportPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listImports(ctx, request.query.offset, request.query.limit))),
  );

  app.post(
    '/imports/:id/undo',
    {
      schema: {
        tags,
        operationId: 'undoImport',
        summary: 'Take a whole import back, while nothing it created has changed since (409 otherwise)',
        params: ZImportId,
        response: { 200: success(ZImportRecord), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => undoImport(ctx, request.params.id))),
  );
};
