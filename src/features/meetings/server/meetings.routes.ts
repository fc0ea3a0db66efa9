import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, IMMUTABLE_CACHE, ok, success } from '../../../server/http.ts';
import {
  ZAgendaItem,
  ZCreateMeeting,
  ZMeeting,
  ZMeetingListQuery,
  ZMeetingPage,
  ZMeetingTemplate,
  ZMoveToFolder,
  ZSaveAgenda,
  ZSessionSummary,
  ZSimpleMeeting,
  ZSimpleMeetingQuery,
  ZUpdateMeeting,
} from '../meetings.schemas.ts';
import { MEETING_TEMPLATES } from '../meetings.templates.ts';
import { getAgenda, saveAgenda } from './agenda.service.ts';
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

// The meetings themselves, their agendas and the templates a new one starts from. Sessions,
// My Meetings folders and Team Files have their own route modules, registered after this one.

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
          deleteMeeting(ctx, request.params.id, {
            sessionId: request.auth?.apiToken ? null : (request.auth?.sessionId ?? null),
            tokenId: request.auth?.apiToken?.id ?? null,
            address: request.ip,
          }),
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
};
