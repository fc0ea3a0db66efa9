import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZCalendarEvents, ZCalendarQuery } from '../calendar.schemas.ts';
import { calendarEvents } from './calendar.service.ts';

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
};
