import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZChecklist,
  ZCreateChecklist,
  ZCreateChecklistItem,
  ZMeetingChecklistItems,
  ZMeetingChecklistItemsQuery,
  ZMyChecklistItems,
  ZMyItemsQuery,
  ZUpdateChecklist,
  ZUpdateChecklistItem,
} from '../tasks.schemas.ts';
import {
  createChecklist,
  createChecklistItem,
  deleteChecklist,
  deleteChecklistItem,
  listChecklists,
  meetingChecklistItems,
  myChecklistItems,
  updateChecklist,
  updateChecklistItem,
} from './checklists.service.ts';

// A card's checklists and their items; called by tasksRoutes, in its plugin.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const checklistsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/checklist-items/mine',
    {
      schema: {
        tags,
        summary: 'The caller’s open checklist items on open cards, soonest due first (home’s To Do’s)',
        querystring: ZMyItemsQuery,
        response: { 200: success(ZMyChecklistItems), ...failures(400, 401) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => myChecklistItems(ctx, request.query.hiddenMeetingIds))),
  );
  app.get(
    '/checklist-items',
    {
      schema: {
        tags,
        summary: 'The open checklist items with an owner on a meeting’s open cards (the live To-Do review)',
        querystring: ZMeetingChecklistItemsQuery,
        response: { 200: success(ZMeetingChecklistItems), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => meetingChecklistItems(ctx, request.query.meetingId))),
  );
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
        summary: 'Rename or tick an item, or set its owner and due date; answers the checklist with its progress',
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
};
