import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, sendDownload, success } from '../../../server/http.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import {
  ZStartWorkspaceExport,
  ZWorkspaceExport,
  ZWorkspaceExportsPage,
  ZWorkspaceExportsQuery,
} from '../reports.schemas.ts';
import { newExportKey } from './workspace-export.format.ts';
import { exportFile, getExport, listExports, requestExport, runExport } from './workspace-export.service.ts';

// The workspace export: every entity as JSON and CSV in one zip, attachments included, vault
// secrets only sealed under a passphrase the admin gives; a background job with progress;
// workspace admins only.

const tags = ['reports'];
const ZId = z.object({ id: z.uuid() });

export const exportsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dataDir = fastify.config.dataDir;

  app.post(
    '/workspace-exports',
    {
      schema: {
        tags,
        operationId: 'startWorkspaceExport',
        summary:
          'Starts an export of the whole workspace as a background job (admins; one at a time: 409 while one runs). Progress arrives as workspace-export.changed events; an email tells when it is ready. With a passphrase the vault passwords go into the zip sealed under it (docs/workspace-export.md)',
        body: ZStartWorkspaceExport,
        response: { 201: success(ZWorkspaceExport), ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await request.inTenant((ctx) => requestExport(ctx));
      // Derived once the caller is known to be an admin: the passphrase is kept nowhere, the key
      // only in the job's memory.
      const passphrase = request.body?.passphrase;
      const exportKey = passphrase ? await newExportKey(passphrase) : undefined;
      // After the commit: the job claims the row it reads.
      const deps = jobDepsOf(fastify);
      setImmediate(() => {
        runExport(deps, dataDir, created.id, exportKey).catch((err: unknown) =>
          request.log.error({ err, exportId: created.id }, 'workspace export failed'),
        );
      });
      return reply.status(201).send(ok(created));
    },
  );

  app.get(
    '/workspace-exports',
    {
      schema: {
        tags,
        operationId: 'listWorkspaceExports',
        summary: "The workspace's exports, newest first, a page at a time (admins)",
        querystring: ZWorkspaceExportsQuery,
        response: { 200: success(ZWorkspaceExportsPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listExports(ctx, request.query))),
  );

  app.get(
    '/workspace-exports/:id',
    {
      schema: {
        tags,
        operationId: 'getWorkspaceExport',
        summary: 'One export: its status and progress (admins)',
        params: ZId,
        response: { 200: success(ZWorkspaceExport), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getExport(ctx, request.params.id))),
  );

  app.get(
    '/workspace-exports/:id/download',
    {
      schema: {
        tags,
        operationId: 'downloadWorkspaceExport',
        summary:
          'The zip of a finished export (admins; 409 while it is not ready; 410 once expired: a zip is kept WORKSPACE_EXPORT_RETENTION_DAYS (7) days after it finished; 404 when its file is missing)',
        params: ZId,
        produces: ['application/zip'],
        response: { 200: z.any(), ...failures(401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const file = await request.inTenant((ctx) => exportFile(ctx, dataDir, request.params.id));
      return sendDownload(reply, createReadStream(file.path), 'application/zip', file.fileName);
    },
  );
};
