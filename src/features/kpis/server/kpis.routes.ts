import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, sendDownload, success } from '../../../server/http.ts';
import {
  ZCloneScore,
  ZCreateScore,
  ZDeletedColumn,
  ZPeriodCell,
  ZPeriodCellPage,
  ZPeriodCellsQuery,
  ZPeriodStart,
  ZSaveCell,
  ZSavedCell,
  ZScore,
  ZScorecard,
  ZScorecardExportQuery,
  ZScorecardQuery,
  ZScoreOrder,
  ZUpdateScore,
} from '../kpis.schemas.ts';
import { EXPORT_TYPES, exportFileName, scorecardCsv, scorecardXlsx } from './kpis.export.ts';
import {
  cloneScore,
  createScore,
  deleteColumn,
  deleteScore,
  orderScores,
  saveCell,
  updateScore,
} from './kpis.service.ts';
import { listPeriodCells, savePeriodCell } from './period-cells.service.ts';
import { getScorecard } from './scorecard.service.ts';

const tags = ['kpis'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const kpisRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/kpis',
    {
      schema: {
        tags,
        summary: 'The scorecard (getScoreBoard) by quarterId or dateSince/dateUntil; the current quarter by default',
        params: ZId,
        querystring: ZScorecardQuery,
        response: { 200: success(ZScorecard), ...failures(400, 401, 404) },
      },
      // Up to thousands of cells: re-checking the answer against its zod schema on every call
      // cost a third of the call (bench/). The service builds it to ZScorecard exactly; the
      // tests check that (kpis.test.ts), and the schema still documents the route.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { meetingTitle: _title, ...scorecard } = await request.inTenant((ctx) =>
        getScorecard(ctx, request.params.id, request.query),
      );
      return ok(scorecard);
    },
  );

  app.get(
    '/meetings/:id/kpis/export',
    {
      schema: {
        tags,
        summary: 'The scorecard as CSV or XLSX (one row per measurable, one column per date), same filters',
        params: ZId,
        querystring: ZScorecardExportQuery,
        produces: Object.values(EXPORT_TYPES),
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const { meetingTitle, ...scorecard } = await request.inTenant((ctx) =>
        getScorecard(ctx, request.params.id, query),
      );
      const body = format === 'xlsx' ? await scorecardXlsx(scorecard, meetingTitle) : scorecardCsv(scorecard);
      const fileName = exportFileName(meetingTitle, scorecard, format);
      return sendDownload(reply, body, EXPORT_TYPES[format], fileName);
    },
  );

  app.delete(
    '/meetings/:id/kpis/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Delete meeting date: the column and its cells leave the scorecard (leaders, workspace admins)',
        params: z.object({ id: z.uuid(), sessionId: z.uuid() }),
        response: { 200: success(ZDeletedColumn), ...failures(401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => deleteColumn(ctx, request.params.id, request.params.sessionId))),
  );

  app.post(
    '/meetings/:id/scores',
    {
      schema: {
        tags,
        summary: 'Add a score (saveScore): it gets an empty cell on every meeting date',
        params: ZId,
        body: ZCreateScore,
        response: { 201: success(ZScore), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createScore(ctx, request.params.id, request.body)))),
  );

  app.put(
    '/meetings/:id/scores/order',
    {
      schema: {
        tags,
        summary: 'The meeting’s scores in their new order (saveScoreOrder): every id once',
        params: ZId,
        body: ZScoreOrder,
        response: { 200: success(z.array(ZScore)), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => orderScores(ctx, request.params.id, request.body.ids))),
  );

  app.patch(
    '/scores/:id',
    {
      schema: {
        tags,
        summary: 'Edit a score (saveScore)',
        params: ZId,
        body: ZUpdateScore,
        response: { 200: success(ZScore), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateScore(ctx, request.params.id, request.body))),
  );

  app.post(
    '/scores/:id/clone',
    {
      schema: {
        tags,
        summary: 'Clone a score with the changes given; placed after it, its cells empty',
        params: ZId,
        body: ZCloneScore,
        response: { 201: success(ZScore), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => cloneScore(ctx, request.params.id, request.body)))),
  );

  app.delete(
    '/scores/:id',
    {
      schema: {
        tags,
        summary: 'Delete a score and its cells (deleteScore): its owner, its creator, leaders, workspace admins',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteScore(ctx, request.params.id))),
  );

  app.put(
    '/scores/:id/cells/:sessionId',
    {
      schema: {
        tags,
        summary: 'Save a cell’s value and/or note (saveScoreBoard); the answer carries `met`',
        params: z.object({ id: z.uuid(), sessionId: z.uuid() }),
        body: ZSaveCell,
        response: { 200: success(ZSavedCell), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveCell(ctx, request.params.id, request.params.sessionId, request.body))),
  );

  app.get(
    '/scores/:id/periods',
    {
      schema: {
        tags,
        summary: 'The saved values of a monthly or quarterly score, newest first (offset/limit)',
        params: ZId,
        querystring: ZPeriodCellsQuery,
        response: { 200: success(ZPeriodCellPage), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listPeriodCells(ctx, request.params.id, request.query))),
  );

  app.put(
    '/scores/:id/periods/:periodStart',
    {
      schema: {
        tags,
        summary: 'Save the value and/or note of a monthly or quarterly score for the period starting that day',
        params: z.object({ id: z.uuid(), periodStart: ZPeriodStart }),
        body: ZSaveCell,
        response: {
          200: success(ZPeriodCell.extend({ computed: ZSavedCell.shape.computed })),
          ...failures(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          savePeriodCell(ctx, request.params.id, request.params.periodStart, request.body),
        ),
      ),
  );
};
