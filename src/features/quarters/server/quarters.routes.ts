import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { badRequest } from '../../../shared/errors.ts';
import { quartersMessages } from '../quarters.messages.ts';
import {
  ZAnnual,
  ZAnnualChoices,
  ZAnnualsPage,
  ZAnnualsQuery,
  ZQuarter,
  ZQuarterRecord,
  ZQuarterRecordsPage,
  ZQuartersQuery,
  ZSaveAnnual,
  ZSaveQuarterRecord,
} from '../quarters.schemas.ts';
import {
  annualChoices,
  createAnnual,
  deleteAnnual,
  listAnnuals,
  listQuarterRecords,
  quartersBetween,
  saveQuarterRecord,
  updateAnnual,
} from './quarters.service.ts';

const tags = ['quarters'];
const ZId = z.object({ id: z.uuid() });
const ZDeleted = success(z.object({ id: z.string() }));
/** A window of at most this many days for `GET /quarters` (a picker looks a year or two ahead). */
const QUARTERS_WINDOW_DAYS = 3 * 366;

export const quartersRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/annuals',
    {
      schema: {
        tags,
        operationId: 'getAnnuals',
        summary: "A page of the workspace's annuals with their periods, the latest year first (admins)",
        querystring: ZAnnualsQuery,
        response: { 200: success(ZAnnualsPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listAnnuals(ctx, request.query))),
  );

  app.get(
    '/annuals/choices',
    {
      schema: {
        tags,
        operationId: 'getAnnualChoices',
        summary: 'The years an annual can be added for: the current year and the next two without one (admins)',
        response: { 200: success(ZAnnualChoices), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => annualChoices(ctx))),
  );

  app.post(
    '/annuals',
    {
      schema: {
        tags,
        operationId: 'createAnnual',
        summary: 'Add the periods of the current year or one of the next two (admins)',
        description:
          'Four period starts, strictly increasing, and the end of the last period. A calendar year runs Jan 1 – Dec 31; a custom year starts in its year and lasts at most twelve months. No overlap with the neighbouring years. 409 when the year has its annual.',
        body: ZSaveAnnual,
        response: { 201: success(ZAnnual), ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createAnnual(ctx, request.body)))),
  );

  app.put(
    '/annuals/:id',
    {
      schema: {
        tags,
        operationId: 'updateAnnual',
        summary: "Change a year's periods (admins): dates already past are locked, the year stays",
        params: ZId,
        body: ZSaveAnnual,
        response: { 200: success(ZAnnual), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateAnnual(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/annuals/:id',
    {
      schema: {
        tags,
        operationId: 'deleteAnnual',
        summary: "Delete a year's periods (admins): its quarters are the calendar quarters again",
        params: ZId,
        response: { 200: ZDeleted, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteAnnual(ctx, request.params.id))),
  );

  // The spec's getQuartals / saveQuartals / deleteQuartals: the same records as the annuals.

  app.get(
    '/quartals',
    {
      schema: {
        tags,
        operationId: 'getQuartals',
        summary: "A page of the workspace's quarter records (year, four starts, end of Q4), the latest year first",
        querystring: ZAnnualsQuery,
        response: { 200: success(ZQuarterRecordsPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listQuarterRecords(ctx, request.query))),
  );

  for (const method of ['post', 'put'] as const) {
    app[method](
      '/quartals',
      {
        schema: {
          tags,
          operationId: method === 'post' ? 'saveQuartals' : 'saveQuartalsPut',
          summary: 'Add a year of quarters, or change one by `id` (admins); the same rules as the annuals',
          body: ZSaveQuarterRecord,
          response: { 200: success(ZQuarterRecord), ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => saveQuarterRecord(ctx, request.body))),
    );
  }

  app.delete(
    '/quartals/:id',
    {
      schema: {
        tags,
        operationId: 'deleteQuartals',
        summary: 'Delete a year of quarters (admins)',
        params: ZId,
        response: { 200: ZDeleted, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteAnnual(ctx, request.params.id))),
  );

  app.get(
    '/quarters',
    {
      schema: {
        tags,
        operationId: 'getQuarters',
        summary: "The workspace's quarters touching a window of days (its own periods, else calendar quarters)",
        querystring: ZQuartersQuery,
        response: { 200: success(z.array(ZQuarter)), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const { since, until } = request.query;
      const span = (Date.parse(until) - Date.parse(since)) / 86_400_000;
      if (span < 0 || span > QUARTERS_WINDOW_DAYS) throw badRequest({ until: quartersMessages.quartersWindow });
      return ok(await request.inTenant((ctx) => quartersBetween(ctx.db, ctx.tenantId, since, until)));
    },
  );
};
