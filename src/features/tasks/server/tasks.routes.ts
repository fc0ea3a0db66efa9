import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ATTACHMENT_MAX_BYTES,
  ZCard,
  ZCreateTask,
  ZDropTask,
  ZMoveTask,
  ZTask,
  ZTaskCounts,
  ZTaskCountsQuery,
  ZTaskListQuery,
  ZTaskPage,
  ZTasksOrder,
  ZUpdateTask,
} from '../tasks.schemas.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { attachmentsRoutes } from './attachments.routes.ts';
import { removeStoredFiles } from './attachments.service.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import { milestonesRoutes } from './milestones.routes.ts';
import { repeatRoutes } from './repeat.routes.ts';
import { createRepeating, updateFollowing } from './repeat.service.ts';
import { sharesRoutes } from './shares.routes.ts';
import { countTasks, listTasks } from './task-lists.service.ts';
import { dropTask, orderListTasks } from './tasks.drop.ts';
import { copyTask, moveTask } from './tasks.move.ts';
import { moveQuestion } from './tasks.move-check.ts';
import { deleteTask, getTask, updateTask } from './tasks.service.ts';
import { watchersRoutes } from './watchers.routes.ts';

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const tasksRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5 } });
  const dataDir = fastify.config.dataDir;

  // Cards

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'A page of the action items of a meeting, of a member (getTasksByMember) or of the caller',
        description:
          'Active and all: by priority, newest first within it; done: the most recently finished first. ' +
          '`total` counts the whole list under the same filters.',
        querystring: ZTaskListQuery,
        response: { 200: success(ZTaskPage), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listTasks(ctx, request.query))),
  );

  app.get(
    '/tasks/counts',
    {
      schema: {
        tags,
        summary: "How many of a meeting's action items of each type are active and done",
        querystring: ZTaskCountsQuery,
        response: { 200: success(ZTaskCounts), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => countTasks(ctx, request.query))),
  );

  app.post(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Create a card or action item (saveTask)',
        body: ZCreateTask,
        response: { 201: success(ZTask), ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createRepeating(ctx, request.body)))),
  );

  app.get(
    '/tasks/:id',
    {
      schema: { tags, summary: 'One card', params: ZId, response: { 200: success(ZTask), ...failures(401, 404) } },
    },
    async (request) => ok(await request.inTenant((ctx) => getTask(ctx, request.params.id))),
  );

  app.patch(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Change a card: fields, status, lock, members, labels, board and list, action items',
        params: ZId,
        body: ZUpdateTask,
        response: { 200: success(ZTask), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          request.body.repeatScope === 'following'
            ? updateFollowing(ctx, request.params.id, request.body)
            : updateTask(ctx, request.params.id, request.body),
        ),
      ),
  );

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a card for good (deleteTask)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const { storageKeys } = await request.inTenant((ctx) => deleteTask(ctx, request.params.id));
      await removeStoredFiles(dataDir, storageKeys);
      return ok(true);
    },
  );

  app.post(
    '/tasks/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a card to a meeting, board and list (moveTask); status becomes 0',
        params: ZId,
        body: ZMoveTask,
        response: { 200: success(ZTask), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => moveTask(ctx, request.params.id, request.body))),
  );

  app.post(
    '/tasks/:id/move-check',
    {
      schema: {
        tags,
        summary:
          'The question Move or Copy would ask for this target (members not in the target meeting), or null; the client asks before it moves',
        params: ZId,
        body: ZMoveTask,
        response: { 200: success(z.object({ confirm: z.string().nullable() })), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => moveQuestion(ctx, request.params.id, request.body))),
  );

  app.post(
    '/tasks/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy a card to a meeting, board and list; the copy is open (status 0)',
        params: ZId,
        body: ZMoveTask,
        response: { 201: success(ZTask), ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => copyTask(ctx, request.params.id, request.body)))),
  );

  app.patch(
    '/tasks/:id/drop',
    {
      schema: {
        tags,
        summary: 'One drag and drop of a card: list, active/done column, user group, order',
        params: ZId,
        body: ZDropTask,
        response: { 200: success(ZTask), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => dropTask(ctx, request.params.id, request.body))),
  );

  app.patch(
    '/task-types/:id/update-tasks-order',
    {
      schema: {
        tags,
        summary: 'The cards of a board list in their new order (saveTaskOrder); cards of the board move in',
        params: ZId,
        body: ZTasksOrder,
        response: { 200: success(z.array(ZCard)), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => orderListTasks(ctx, request.params.id, request.body))),
  );

  // The card's watchers and parts, in this plugin: attachments read its multipart parser.
  await watchersRoutes(fastify);
  await checklistsRoutes(fastify);
  await milestonesRoutes(fastify);
  await repeatRoutes(fastify);
  await activitiesRoutes(fastify);
  await attachmentsRoutes(fastify);
  await sharesRoutes(fastify);
};
