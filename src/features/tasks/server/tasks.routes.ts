import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { messages } from '../../../shared/messages.ts';
import {
  ATTACHMENT_MAX_BYTES,
  ZActivity,
  ZAttachment,
  ZCard,
  ZChecklist,
  ZCreateActivity,
  ZCreateChecklist,
  ZCreateChecklistItem,
  ZCreateTask,
  ZDropTask,
  ZMoveTask,
  ZShareLink,
  ZTask,
  ZTaskCounts,
  ZTaskCountsQuery,
  ZTaskListQuery,
  ZTaskPage,
  ZTaskPreview,
  ZTasksOrder,
  ZUpdateActivity,
  ZUpdateChecklist,
  ZUpdateChecklistItem,
  ZUpdateTask,
  ZWatchers,
} from '../tasks.schemas.ts';
import { createActivity, deleteActivity, listActivities, updateActivity } from './activities.service.ts';
import {
  addAttachment,
  attachmentFile,
  deleteAttachment,
  listAttachments,
  removeStoredFiles,
} from './attachments.service.ts';
import {
  createChecklist,
  createChecklistItem,
  deleteChecklist,
  deleteChecklistItem,
  listChecklists,
  updateChecklist,
  updateChecklistItem,
} from './checklists.service.ts';
import { getShare, previewTask, revokeShare, shareTask } from './shares.service.ts';
import { countTasks, listTasks } from './task-lists.service.ts';
import { dropTask, orderListTasks } from './tasks.drop.ts';
import { copyTask, moveTask } from './tasks.move.ts';
import { moveQuestion } from './tasks.move-check.ts';
import { createTask, deleteTask, getTask, updateTask } from './tasks.service.ts';
import { addWatchers, listWatchers, removeWatchers } from './watchers.service.ts';

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
      reply.status(201).send(ok(await request.inTenant((ctx) => createTask(ctx, request.body)))),
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
    async (request) => ok(await request.inTenant((ctx) => updateTask(ctx, request.params.id, request.body))),
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

  // Watchers

  const ZWatcherIds = success(z.array(z.string()));
  app.get(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'The card’s watchers',
        params: ZId,
        response: { 200: ZWatcherIds, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listWatchers(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'Add watchers',
        params: ZId,
        body: ZWatchers,
        response: { 200: ZWatcherIds, ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => addWatchers(ctx, request.params.id, request.body.userIds))),
  );
  app.delete(
    '/tasks/:id/watchers',
    {
      schema: {
        tags,
        summary: 'Remove watchers',
        params: ZId,
        body: ZWatchers,
        response: { 200: ZWatcherIds, ...failures(400, 401, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => removeWatchers(ctx, request.params.id, request.body.userIds))),
  );

  // Checklists

  app.get(
    '/tasks/:id/checklists',
    {
      schema: {
        tags,
        summary: 'The card’s checklists with items and progress (getChecklist)',
        params: ZId,
        response: { 200: success(z.array(ZChecklist)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listChecklists(ctx, request.params.id))),
  );
  app.post(
    '/checklists',
    {
      schema: {
        tags,
        summary: 'Add a checklist, or copy one (copyFromId) (saveChecklist)',
        body: ZCreateChecklist,
        response: { 201: success(ZChecklist), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createChecklist(ctx, request.body)))),
  );
  app.put(
    '/checklists/:id',
    {
      schema: {
        tags,
        summary: 'Rename a checklist',
        params: ZId,
        body: ZUpdateChecklist,
        response: { 200: success(ZChecklist), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateChecklist(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/checklists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a checklist for good',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteChecklist(ctx, request.params.id))),
  );
  app.post(
    '/checklist-items',
    {
      schema: {
        tags,
        summary: 'Add an item (saveChecklistItem); answers the checklist',
        body: ZCreateChecklistItem,
        response: { 201: success(ZChecklist), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createChecklistItem(ctx, request.body)))),
  );
  app.put(
    '/checklist-items/:id',
    {
      schema: {
        tags,
        summary: 'Rename or tick an item; answers the checklist with its progress',
        params: ZId,
        body: ZUpdateChecklistItem,
        response: { 200: success(ZChecklist), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateChecklistItem(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/checklist-items/:id',
    {
      schema: {
        tags,
        summary: 'Delete an item; answers the checklist',
        params: ZId,
        response: { 200: success(ZChecklist), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteChecklistItem(ctx, request.params.id))),
  );

  // Activity

  app.get(
    '/tasks/:id/activities',
    {
      schema: {
        tags,
        summary: 'The card’s activity log, oldest first (getActivities)',
        params: ZId,
        response: { 200: success(z.array(ZActivity)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listActivities(ctx, request.params.id))),
  );
  app.post(
    '/activities',
    {
      schema: {
        tags,
        summary: 'Comment on a card (saveActivity); HTML is sanitized',
        body: ZCreateActivity,
        response: { 201: success(ZActivity), ...failures(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createActivity(ctx, request.body)))),
  );
  app.put(
    '/activities/:id',
    {
      schema: {
        tags,
        summary: 'Edit one’s own comment',
        params: ZId,
        body: ZUpdateActivity,
        response: { 200: success(ZActivity), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateActivity(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/activities/:id',
    {
      schema: {
        tags,
        summary: 'Delete one’s own comment (workspace admins: any)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteActivity(ctx, request.params.id))),
  );

  // Attachments

  app.get(
    '/tasks/:id/attachments',
    {
      schema: {
        tags,
        summary: 'The card’s attachments',
        params: ZId,
        response: { 200: success(z.array(ZAttachment)), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listAttachments(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/attachments',
    {
      schema: {
        tags,
        summary: `Attach a file (multipart, field "file"; at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB; type checked from its content)`,
        consumes: ['multipart/form-data'],
        params: ZId,
        response: { 201: success(ZAttachment), ...failures(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = await readSingleFile(request, messages.fileTooLarge(ATTACHMENT_MAX_BYTES / 1024 / 1024));
      const attachment = await request.inTenant((ctx) => addAttachment(ctx, dataDir, request.params.id, file));
      return reply.status(201).send(ok(attachment));
    },
  );
  app.get(
    '/attachments/:id/content',
    { schema: { tags, summary: 'The attached file', params: ZId } },
    async (request, reply) => {
      const file = await request.inTenant((ctx) => attachmentFile(ctx, dataDir, request.params.id));
      const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', disposition)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(file.path));
    },
  );
  app.delete(
    '/attachments/:id',
    {
      schema: {
        tags,
        summary: 'Remove an attachment (its uploader, or who may delete the card)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const { storageKeys } = await request.inTenant((ctx) => deleteAttachment(ctx, request.params.id));
      await removeStoredFiles(dataDir, storageKeys);
      return ok(true);
    },
  );

  // Share links

  app.get(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'The card’s public link, or null',
        params: ZId,
        response: { 200: success(ZShareLink.nullable()), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getShare(ctx, request.params.id))),
  );
  app.post(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'Share the card: gives its public link, making one when needed',
        params: ZId,
        response: { 200: success(ZShareLink), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => shareTask(ctx, request.params.id))),
  );
  app.delete(
    '/tasks/:id/share',
    {
      schema: {
        tags,
        summary: 'Revoke the card’s public link',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => revokeShare(ctx, request.params.id))),
  );
  app.get(
    '/task-preview/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A shared card, read-only, for anyone with the link (getSharedTask)',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: success(ZTaskPreview), ...failures(404) },
      },
    },
    async (request) => ok(await request.inTransaction((ctx) => previewTask(ctx.db, request.params.token))),
  );
};
