import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { limitPerUser } from '../../../server/rate-limit.ts';
import { serverMessages } from '../../../server/server.messages.ts';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../../shared/errors.ts';
import { cadenceImportMessages as text } from '../cadence-import.messages.ts';
import { CADENCE_IMPORT_MAX_MB, ZCadenceImportFields, ZCadenceImportResult } from '../cadence-import.schemas.ts';
import { importCadenceExport, readExport, removeWrittenFiles } from './cadence-import.service.ts';

// "Import a Cadence export" (decision 114): any signed-in person may make a new workspace from a
// workspace export's zip, as they may make an empty one; they become its admin.

const tags = ['imports'];
const MB = 1024 * 1024;
/** Imports per person: each one unpacks a large file and writes a whole workspace. */
const IMPORTS_PER_HOUR = { max: 10, windowMs: 60 * 60 * 1000 };

/** The upload's fields and its one file (the zip), read whole; 400/413/415 for anything else. */
const readUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw unsupportedMediaType(serverMessages.uploadNotMultipart);
  const tooLarge = () =>
    payloadTooLarge(text.tooLarge(CADENCE_IMPORT_MAX_MB), { file: text.tooLarge(CADENCE_IMPORT_MAX_MB) });
  const fields: Record<string, string> = {};
  let zip: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || zip) throw badRequest({ file: serverMessages.uploadMalformed });
        zip = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } else if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    throw badRequest({ file: serverMessages.uploadMalformed }, serverMessages.uploadMalformed);
  }
  if (!zip) throw badRequest({ file: serverMessages.fileMissing }, serverMessages.fileMissing);
  const parsed = ZCadenceImportFields.safeParse(fields);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]),
    );
    throw badRequest(errors);
  }
  return { zip, ...parsed.data };
};

export const cadenceImportRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, {
    limits: { fileSize: CADENCE_IMPORT_MAX_MB * MB, files: 1, fields: 4, fieldSize: 1000, parts: 6 },
  });
  const dataDir = fastify.config.dataDir;

  app.post(
    '/workspace-imports',
    {
      schema: {
        tags,
        operationId: 'importCadenceExport',
        summary:
          'Import a Cadence workspace export (multipart: "file" the zip, optional "name" and "passphrase") into a NEW workspace whose admin is the caller; the exported people are invited. All or nothing; the format is docs/workspace-export.md',
        consumes: ['multipart/form-data'],
        response: { 201: success(ZCadenceImportResult), ...failures(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await limitPerUser(request, 'cadence-import', IMPORTS_PER_HOUR);
      const upload = await readUpload(request);
      const parsed = await readExport(upload.zip, upload.passphrase);
      const written: string[] = [];
      try {
        const result = await request.inUser((ctx) =>
          importCadenceExport(ctx, { dataDir, vaultKeyring: fastify.vaultKeyring, written }, parsed, upload.name),
        );
        request.log.info(
          { userId: request.auth?.userId, tenantId: result.workspace.id, rows: result.rows, invited: result.invited },
          'workspace export imported',
        );
        return reply.status(201).send(ok(result));
      } catch (error) {
        await removeWrittenFiles(written);
        throw error;
      }
    },
  );
};
