import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZIsoDate } from '../../../shared/validation.ts';
import { ZArchivePage, ZArchiveQuery, ZLastAndNext, ZSession, ZUpdateSession } from '../meetings.schemas.ts';
import { deleteSession, lastAndNext, listArchives, listSessions, updateSession } from './sessions.service.ts';

// A meeting's sessions (its dates) and its archive of held ones.

const tags = ['meetings'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const sessionsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
        summary:
          'A session’s note or recording link (an empty value clears it); 409 when `noteBaseChangedAt` is given and someone changed the note since (nothing stored)',
        params: ZId,
        body: ZUpdateSession,
        response: { 200: success(ZSession), ...failures(400, 401, 404, 409) },
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
};
