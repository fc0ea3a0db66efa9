import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZCalendarEvents, ZCalendarFeed, ZCalendarQuery } from '../calendar.schemas.ts';
import { calendarEvents } from './calendar.service.ts';
import { createFeed, feedCalendar, feedStatus, revokeFeed } from './feed.service.ts';

const tags = ['calendar'];

export const calendarRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/calendar/events',
    {
      schema: {
        tags,
        summary: 'Sessions, cards and goals of a window of at most a year (getCalendarEvents)',
        querystring: ZCalendarQuery,
        response: { 200: success(ZCalendarEvents), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => calendarEvents(ctx, request.query))),
  );

  app.get(
    '/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Whether the caller has an active private ICS link',
        response: { 200: success(ZCalendarFeed), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => feedStatus(ctx))),
  );

  app.post(
    '/calendar/feed',
    {
      schema: {
        tags,
        summary: 'A new private ICS link (replaces the old one); its URL is answered only here',
        response: { 201: success(ZCalendarFeed), ...failures(401, 403) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await request.inTenant((ctx) => createFeed(ctx, request.server.config.publicUrl)));
    },
  );

  app.delete(
    '/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Turn the private ICS link off: its URL answers 404 from now on',
        response: { 200: success(ZCalendarFeed), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => revokeFeed(ctx))),
  );

  app.get(
    '/calendar/feed/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The private ICS feed (RFC 5545) of one person's meetings, cards and goals",
        params: z.object({ file: z.string().max(100) }),
        produces: ['text/calendar'],
        response: {
          200: z.string().meta({ description: 'An iCalendar file (text/calendar)' }),
          ...failures(404),
        },
      },
    },
    async (request, reply) => {
      const body = await request.inTransaction((ctx) =>
        feedCalendar(ctx.db, request.params.file, request.server.config.publicUrl),
      );
      reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300');
      return body;
    },
  );
};
