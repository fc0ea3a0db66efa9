import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZBoard,
  ZBoardColumnPage,
  ZBoardColumnQuery,
  ZBoardDetail,
  ZBoardDetailQuery,
  ZBoardList,
  ZBoardListOrder,
  ZBoardOrder,
  ZBoardRemoval,
  ZBoardsQuery,
  ZCreateBoard,
  ZCreateBoardList,
  ZLabel,
  ZLabelsQuery,
  ZSaveLabel,
  ZUpdateBoard,
  ZUpdateBoardList,
} from '../boards.schemas.ts';
import {
  boardColumnPage,
  boardDetailJson,
  createBoard,
  createLabel,
  createList,
  deleteLabel,
  deleteList,
  listBoards,
  listLabels,
  listLists,
  orderBoards,
  orderLists,
  removeBoard,
  updateBoard,
  updateLabel,
  updateList,
} from './boards.service.ts';

const tags = ['boards'];

/** Fastify sends a string with a JSON content type as it is, without the route's serializer. */
const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const boardsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/boards',
    {
      schema: {
        tags,
        summary: 'The meeting’s boards in order (getBoards); archived ones with ?archived=true',
        params: ZId,
        querystring: ZBoardsQuery,
        response: { 200: success(z.array(ZBoard)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listBoards(ctx, request.params.id, request.query.archived))),
  );

  app.post(
    '/boards',
    {
      schema: {
        tags,
        summary: 'Create a board in meetings the caller leads (saveBoards)',
        body: ZCreateBoard,
        response: { 201: success(ZBoard), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createBoard(ctx, request.body)))),
  );

  app.put(
    '/boards/order',
    {
      schema: {
        tags,
        summary: 'The boards in their new order (saveBoardOrder)',
        body: ZBoardOrder,
        response: { 200: ZDone, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => orderBoards(ctx, request.body.boardIds))),
  );

  app.get(
    '/boards/:id',
    {
      schema: {
        tags,
        summary:
          'A board with its lists, the first cards of each column (filtered, grouped by list, user or status) with the columns’ counts, labels and people',
        params: ZId,
        querystring: ZBoardDetailQuery,
        response: { 200: success(ZBoardDetail), ...failures(400, 401, 404) },
      },
    },
    // Sent as JSON text built by the service (thousands of cards): not re-validated against
    // the schema, which still documents it; a test checks real answers against it instead.
    async (request, reply) => {
      const result = await request.inTenant((ctx) => boardDetailJson(ctx, request.params.id, request.query));
      return sendJsonText(reply, `{"status":"success","result":${result}}`);
    },
  );

  app.get(
    '/boards/:id/cards',
    {
      schema: {
        tags,
        summary: 'The next cards of one column of a board ("Show N more"), under the board call’s filters and grouping',
        params: ZId,
        querystring: ZBoardColumnQuery,
        response: { 200: success(ZBoardColumnPage), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => boardColumnPage(ctx, request.params.id, request.query))),
  );

  app.patch(
    '/boards/:id',
    {
      schema: {
        tags,
        summary: 'Edit a board; archived: true archives it (leaders of its meetings, workspace admins)',
        params: ZId,
        body: ZUpdateBoard,
        response: { 200: success(ZBoard), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateBoard(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/boards/:id',
    {
      schema: {
        tags,
        summary: 'Remove a board: archived when it has cards, deleted when empty',
        params: ZId,
        response: { 200: success(ZBoardRemoval), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => removeBoard(ctx, request.params.id))),
  );

  // Lists (the spec's task types)

  app.get(
    '/boards/:id/task-types',
    {
      schema: {
        tags,
        summary: 'The board’s lists in order (getTaskTypes)',
        params: ZId,
        response: { 200: success(z.array(ZBoardList)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listLists(ctx, request.params.id))),
  );

  app.put(
    '/boards/:id/task-types-order',
    {
      schema: {
        tags,
        summary: 'The board’s lists in their new order (saveBoardListOrder)',
        params: ZId,
        body: ZBoardListOrder,
        response: { 200: success(z.array(ZBoardList)), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => orderLists(ctx, request.params.id, request.body.listIds))),
  );

  app.post(
    '/task-types',
    {
      schema: {
        tags,
        summary: 'Add a list at the end of a board (saveTaskType)',
        body: ZCreateBoardList,
        response: { 201: success(ZBoardList), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createList(ctx, request.body)))),
  );

  app.put(
    '/task-types/:id',
    {
      schema: {
        tags,
        summary: 'Rename a list (saveTaskType)',
        params: ZId,
        body: ZUpdateBoardList,
        response: { 200: success(ZBoardList), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateList(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/task-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete a list: its action items leave the board, its other cards are deleted (deleteTaskType)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteList(ctx, request.params.id))),
  );

  // Labels

  app.get(
    '/labels',
    {
      schema: {
        tags,
        summary: 'Workspace labels, and a board’s own with ?boardId=',
        querystring: ZLabelsQuery,
        response: { 200: success(z.array(ZLabel)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listLabels(ctx, request.query.boardId))),
  );
  app.post(
    '/labels',
    {
      schema: {
        tags,
        summary: 'Create a label (saveLabel); colour #C2CDD8 unless given',
        body: ZSaveLabel,
        response: { 201: success(ZLabel), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createLabel(ctx, request.body)))),
  );
  app.put(
    '/labels/:id',
    {
      schema: {
        tags,
        summary: 'Edit a label (saveLabel)',
        params: ZId,
        body: ZSaveLabel,
        response: { 200: success(ZLabel), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateLabel(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/labels/:id',
    {
      schema: {
        tags,
        summary: 'Delete a label (deleteLabel)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteLabel(ctx, request.params.id))),
  );
};
