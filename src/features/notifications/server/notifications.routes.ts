import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZChangeStatus,
  ZChangeStatusResult,
  ZNotificationPage,
  ZNotificationQuery,
  ZUnreadCount,
} from '../notifications.schemas.ts';
import { changeStatus, listNotifications, unreadCount } from './notifications.service.ts';

const tags = ['notifications'];

export const notificationsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications in this workspace, newest first, one page",
        querystring: ZNotificationQuery,
        response: { 200: success(ZNotificationPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listNotifications(ctx, request.query))),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: "How many of the signed-in user's notifications are unseen or sent (the bell's count)",
        response: { 200: success(ZUnreadCount), ...failures(401, 403) },
      },
    },
    async (request) => ok({ unread: await request.inTenant((ctx) => unreadCount(ctx)) }),
  );

  app.patch(
    '/notifications/change-status',
    {
      schema: {
        tags,
        summary: "Mark the named notifications (or all of the caller's) read or unread",
        body: ZChangeStatus,
        response: { 200: success(ZChangeStatusResult), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => changeStatus(ctx, request.body))),
  );
};
