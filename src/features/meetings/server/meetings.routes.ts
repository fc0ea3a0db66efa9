import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, IMMUTABLE_CACHE, ok, success } from '../../../server/http.ts';
import { ZIsoDate } from '../../../shared/dates.ts';
import {
  ZAgendaItem,
  ZArchivePage,
  ZArchiveQuery,
  ZCreateFileFolder,
  ZCreateFiles,
  ZCreateMeeting,
  ZCreateMeetingFolder,
  ZFileFolder,
  ZFileFolderContents,
  ZLastAndNext,
  ZMeeting,
  ZMeetingFolder,
  ZMeetingListQuery,
  ZMeetingPage,
  ZMeetingTemplate,
  ZMoveToFolder,
  ZRenameFileFolder,
  ZSaveAgenda,
  ZSession,
  ZSessionSummary,
  ZShortcutFile,
  ZSimpleMeeting,
  ZSimpleMeetingQuery,
  ZUpdateFile,
  ZUpdateMeeting,
  ZUpdateMeetingFolder,
  ZUpdateSession,
} from '../meetings.schemas.ts';
import { MEETING_TEMPLATES } from '../meetings.templates.ts';
import { getAgenda, saveAgenda } from './agenda.service.ts';
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
import { createFolder, deleteFolder, listFolders, updateFolder } from './folders.service.ts';
import { readMeetingImage } from './meeting-image.ts';
import {
  createMeeting,
  deleteMeeting,
  getMeeting,
  listMeetings,
  listMeetingsSimple,
  moveMeetingToFolder,
  nextMeetingOf,
  updateMeeting,
} from './meetings.service.ts';
import { deleteSession, lastAndNext, listArchives, listSessions, updateSession } from './sessions.service.ts';

const tags = ['meetings'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const meetingsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Meetings

  app.get(
    '/images/meetings/:id/:hash',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A meeting’s image, at the address an answer gave',
        description:
          'The bytes (JPEG, PNG or GIF) with `Cache-Control: private, max-age=31536000, immutable`: the address ' +
          'changes with the picture. 404 when the picture changed or is gone.',
        security: [],
        params: z.object({ id: z.uuid(), hash: z.string().regex(/^[0-9a-f]{32}$/) }),
        response: { 200: z.any().describe('The image'), ...failures(404) },
      },
    },
    async (request, reply) => {
      const image = await readMeetingImage(request.server.database.db, request.params.id, request.params.hash);
      return reply
        .header('content-type', image.type)
        .header('cache-control', IMMUTABLE_CACHE)
        .header('etag', `"${request.params.hash}"`)
        .send(image.bytes);
    },
  );

  app.get(
    '/meetings',
    {
      schema: {
        tags,
        summary: 'A page of the meetings the caller leads or attends, by title',
        querystring: ZMeetingListQuery,
        response: { 200: success(ZMeetingPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listMeetings(ctx, request.query))),
  );

  app.get(
    '/admin/meetings',
    {
      schema: {
        tags,
        summary: 'A page of every meeting of the workspace (workspace admins; the spec’s getAllMeetings)',
        querystring: ZMeetingListQuery,
        response: { 200: success(ZMeetingPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listMeetings(ctx, request.query, { all: true }))),
  );

  app.get(
    '/meetings/simple',
    {
      schema: {
        tags,
        summary: 'Id, title, type and colour of the meetings the caller may see (getMeetingsSimple)',
        querystring: ZSimpleMeetingQuery,
        response: { 200: success(z.array(ZSimpleMeeting)), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listMeetingsSimple(ctx, request.query))),
  );

  app.get(
    '/meetings/next',
    {
      schema: {
        tags,
        summary: 'The caller’s next meeting, for the top bar; null when none is planned',
        response: {
          200: success(z.object({ meetingId: z.string(), title: z.string(), session: ZSessionSummary }).nullable()),
        },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => nextMeetingOf(ctx))),
  );

  app.post(
    '/meetings',
    {
      schema: {
        tags,
        summary: 'Create a meeting: the default agenda, a template’s (templateId), or a clone (sourceMeetingId)',
        body: ZCreateMeeting,
        response: { 201: success(ZMeeting), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createMeeting(ctx, request.body)))),
  );

  app.get(
    '/meetings/:id',
    {
      schema: {
        tags,
        summary: 'One meeting',
        params: ZId,
        response: { 200: success(ZMeeting), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getMeeting(ctx, request.params.id))),
  );

  app.patch(
    '/meetings/:id',
    {
      schema: {
        tags,
        summary: 'Edit a meeting, its rule or its people (leaders and workspace admins)',
        params: ZId,
        body: ZUpdateMeeting,
        response: { 200: success(ZMeeting), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateMeeting(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/meetings/:id',
    {
      schema: {
        tags,
        summary: 'Delete a meeting for good (leaders and workspace admins)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          deleteMeeting(ctx, request.params.id, { sessionId: request.auth?.sessionId ?? null, address: request.ip }),
        ),
      ),
  );

  app.patch(
    '/meetings/:id/folder',
    {
      schema: {
        tags,
        summary: 'Move the meeting into one of the caller’s folders, or out with null',
        params: ZId,
        body: ZMoveToFolder,
        response: { 200: success(ZMeeting), ...failures(400, 401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => moveMeetingToFolder(ctx, request.params.id, request.body.folderId))),
  );

  // Agenda and templates

  app.get(
    '/meetings/:id/agenda-items',
    {
      schema: {
        tags,
        summary: 'The agenda in its order (getMeetingAgendaItems)',
        params: ZId,
        response: { 200: success(z.array(ZAgendaItem)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getAgenda(ctx, request.params.id))),
  );

  app.put(
    '/meetings/:id/agenda-items',
    {
      schema: {
        tags,
        summary: 'Save the whole agenda in its order (leaders and workspace admins)',
        params: ZId,
        body: ZSaveAgenda,
        response: { 200: success(z.array(ZAgendaItem)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveAgenda(ctx, request.params.id, request.body))),
  );

  app.get(
    '/meeting-templates',
    {
      schema: {
        tags,
        summary: 'Agendas a new meeting can start from',
        response: { 200: success(z.array(ZMeetingTemplate)) },
      },
    },
    async () => ok(MEETING_TEMPLATES),
  );

  // Sessions and archives

  app.get(
    '/meetings/:id/sessions',
    {
      schema: {
        tags,
        summary: 'The meeting’s sessions (meeting dates) between two local dates',
        params: ZId,
        querystring: z.object({ from: ZIsoDate.optional(), until: ZIsoDate.optional() }),
        response: { 200: success(z.array(ZSession)), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listSessions(ctx, request.params.id, request.query))),
  );

  app.get(
    '/sessions/:id/last-and-next',
    {
      schema: {
        tags,
        summary: 'The sessions just before and after this one',
        params: ZId,
        response: { 200: success(ZLastAndNext), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => lastAndNext(ctx, request.params.id))),
  );

  app.patch(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'A session’s note or recording link (an empty value clears it)',
        params: ZId,
        body: ZUpdateSession,
        response: { 200: success(ZSession), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateSession(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Remove a meeting date (leaders and workspace admins)',
        params: ZId,
        response: { 200: ZDone, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteSession(ctx, request.params.id))),
  );

  app.get(
    '/meetings/:id/archives',
    {
      schema: {
        tags,
        summary: 'Held sessions, newest first, a page at a time',
        params: ZId,
        querystring: ZArchiveQuery,
        response: { 200: success(ZArchivePage), ...failures(400, 401, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          listArchives(ctx, request.params.id, request.query.page, request.query.perPage),
        ),
      ),
  );

  // My Meetings folders

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

  // Meeting Shortcuts (Team Files)

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
