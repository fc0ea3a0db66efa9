import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZCreateFileFolder,
  ZCreateFiles,
  ZFileFolder,
  ZFileFolderContents,
  ZRenameFileFolder,
  ZShortcutFile,
  ZUpdateFile,
} from '../meetings.schemas.ts';
import {
  addFiles,
  createFileFolder,
  deleteFile,
  deleteFileFolder,
  getFolderContents,
  listTopLevel,
  renameFileFolder,
  updateFile,
} from './files.service.ts';

// A meeting's Team Files: folders of shortcuts (links to files).

const tags = ['meetings'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const teamFilesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/file-folders',
    {
      schema: {
        tags,
        summary: 'Top-level Team Files folders and the files outside any folder',
        params: ZId,
        response: {
          200: success(z.object({ subFolders: z.array(ZFileFolder), files: z.array(ZShortcutFile) })),
          ...failures(401, 404),
        },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listTopLevel(ctx, request.params.id))),
  );

  app.get(
    '/meetings/:id/file-folders/:folderId',
    {
      schema: {
        tags,
        summary: 'A Team Files folder with its subfolders and files',
        params: z.object({ id: z.uuid(), folderId: z.uuid() }),
        response: { 200: success(ZFileFolderContents), ...failures(401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => getFolderContents(ctx, request.params.id, request.params.folderId))),
  );

  app.post(
    '/meetings/:id/file-folders',
    {
      schema: {
        tags,
        summary: 'Create a Team Files folder (409 when the name is taken in that folder)',
        params: ZId,
        body: ZCreateFileFolder,
        response: { 201: success(ZFileFolder), ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await request.inTenant((ctx) => createFileFolder(ctx, request.params.id, request.body)))),
  );

  app.patch(
    '/meetings/:id/file-folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Rename a Team Files folder (409 when the name is taken beside it)',
        params: z.object({ id: z.uuid(), folderId: z.uuid() }),
        body: ZRenameFileFolder,
        response: { 200: success(ZFileFolder), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          renameFileFolder(ctx, request.params.id, request.params.folderId, request.body.name),
        ),
      ),
  );

  app.delete(
    '/meetings/:id/file-folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Delete a Team Files folder for good, with its subfolders and files',
        params: z.object({ id: z.uuid(), folderId: z.uuid() }),
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => deleteFileFolder(ctx, request.params.id, request.params.folderId))),
  );

  app.post(
    '/meetings/:id/files',
    {
      schema: {
        tags,
        summary: 'Add shortcuts (links to files)',
        params: ZId,
        body: ZCreateFiles,
        response: { 201: success(z.array(ZShortcutFile)), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => addFiles(ctx, request.params.id, request.body.files)))),
  );

  app.patch(
    '/meetings/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Change a shortcut',
        params: z.object({ id: z.uuid(), fileId: z.uuid() }),
        body: ZUpdateFile,
        response: { 200: success(ZShortcutFile), ...failures(400, 401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => updateFile(ctx, request.params.id, request.params.fileId, request.body))),
  );

  app.delete(
    '/meetings/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Delete a shortcut',
        params: z.object({ id: z.uuid(), fileId: z.uuid() }),
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteFile(ctx, request.params.id, request.params.fileId))),
  );
};
