import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZCreateMeetingFolder, ZMeetingFolder, ZUpdateMeetingFolder } from '../meetings.schemas.ts';
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders.service.ts';

// My Meetings: each person's own folders of meetings.

const tags = ['meetings'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const meetingFoldersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meeting-folders',
    { schema: { tags, summary: 'The caller’s meeting folders', response: { 200: success(z.array(ZMeetingFolder)) } } },
    async (request) => ok(await request.inTenant((ctx) => listFolders(ctx))),
  );

  app.post(
    '/meeting-folders',
    {
      schema: {
        tags,
        summary: 'Create a meeting folder',
        body: ZCreateMeetingFolder,
        response: { 201: success(ZMeetingFolder), ...failures(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createFolder(ctx, request.body.name)))),
  );

  app.patch(
    '/meeting-folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename a folder or remember whether it is open',
        params: ZId,
        body: ZUpdateMeetingFolder,
        response: { 200: success(ZMeetingFolder), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateFolder(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/meeting-folders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a folder for good',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteFolder(ctx, request.params.id))),
  );
};
