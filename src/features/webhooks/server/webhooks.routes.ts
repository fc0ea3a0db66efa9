import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZCreateWebhook,
  ZDeliveryIds,
  ZDeliveryQuery,
  ZRotateSecret,
  ZUpdateWebhook,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookId,
  ZWebhookWithSecret,
} from '../webhooks.schemas.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateSecret,
  sendTest,
  updateWebhook,
} from './webhooks.service.ts';

// Outbound webhooks (decision 097): workspace admins only; API tokens need admin scopes.

const tags = ['webhooks'];
const ONCE = 'The answer is the only time the signing secret (`secret`) is shown.';

export const webhooksRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = () => ({ allowPrivate: fastify.config.webhooksAllowPrivate, keyring: fastify.vaultKeyring });

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "The workspace's webhooks, newest first, with each one's last delivery; never a secret",
        response: { 200: success(z.array(ZWebhook)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listWebhooks(ctx))),
  );
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Subscribe a URL to event kinds',
        description: `${ONCE} 400 for a bad URL, an unknown kind, or a private address this server refuses; 409 over the limit.`,
        body: ZCreateWebhook,
        response: { 201: success(ZWebhookWithSecret), ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createWebhook(ctx, request.body, settings())))),
  );
  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'One webhook',
        params: ZWebhookId,
        response: { 200: success(ZWebhook), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getWebhook(ctx, request.params.id))),
  );
  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change the URL, kinds or description; `paused` pauses or resumes it',
        params: ZWebhookId,
        body: ZUpdateWebhook,
        response: { 200: success(ZWebhook), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => updateWebhook(ctx, request.params.id, request.body, settings()))),
  );
  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook with its delivery log; nothing more is sent',
        params: ZWebhookId,
        response: { 200: success(z.boolean()), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteWebhook(ctx, request.params.id))),
  );
  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret; the old one keeps signing alongside for `overlapHours` (24 by default)',
        description: ONCE,
        params: ZWebhookId,
        body: ZRotateSecret,
        response: { 200: success(ZWebhookWithSecret), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => rotateSecret(ctx, request.params.id, request.body, settings()))),
  );
  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        operationId: 'sendWebhookTest',
        summary: 'Queue a `webhook.test` delivery (sent even while paused, not retried)',
        params: ZWebhookId,
        response: { 201: success(ZWebhookDelivery), ...failures(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => sendTest(ctx, request.params.id)))),
  );
  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "The webhook's delivery log, newest first, a page at a time",
        params: ZWebhookId,
        querystring: ZDeliveryQuery,
        response: { 200: success(ZWebhookDeliveryPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listDeliveries(ctx, request.params.id, request.query))),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a delivery again: a new entry of the log with the same event id and body',
        params: ZDeliveryIds,
        response: { 201: success(ZWebhookDelivery), ...failures(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await request.inTenant((ctx) => redeliver(ctx, request.params.id, request.params.deliveryId)))),
  );
};
