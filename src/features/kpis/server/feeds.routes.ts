import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZFeedPush, ZFeedStatus, ZFeedWithSecret, ZPushedValue } from '../kpi-feeds.schemas.ts';
import {
  deleteFeed,
  FEED_SIGNATURE_HEADER,
  type FeedForPush,
  feedStatus,
  receivePush,
  setFeed,
  verifyPush,
} from './feeds.service.ts';

// A KPI fed by another system (decision 119): its managers make the feed here, and the other
// system posts signed values to `/kpi-feeds/{id}`, a route of its own that reads no session.

const tags = ['kpis'];
const ZId = z.object({ id: z.uuid() });

export const kpiFeedRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyring = () => fastify.vaultKeyring;

  app.get(
    '/scores/:id/feed',
    {
      schema: {
        tags,
        operationId: 'getKpiFeed',
        summary: "The KPI's feed: its address and when it last received a value; null when it has none",
        params: ZId,
        response: { 200: success(ZFeedStatus.nullable()), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => feedStatus(ctx, request.params.id))),
  );

  app.post(
    '/scores/:id/feed',
    {
      schema: {
        tags,
        operationId: 'setKpiFeed',
        summary:
          'Feed the KPI from another system, or give its feed a new secret (the old one stops at once); the secret is in this answer only. Its owner, its creator, leaders and admins',
        params: ZId,
        response: { 200: success(ZFeedWithSecret), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setFeed(ctx, keyring(), request.params.id))),
  );

  app.delete(
    '/scores/:id/feed',
    {
      schema: {
        tags,
        operationId: 'deleteKpiFeed',
        summary: 'Stop the feed: its address accepts no more values; the values it sent stay',
        params: ZId,
        response: { 200: success(z.boolean()), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteFeed(ctx, request.params.id))),
  );

  // The push reads its body as text first: the signature is over the exact bytes sent.
  await app.register(async (pushes) => {
    const rawBodies = new WeakMap<FastifyRequest, string>();
    const verified = new WeakMap<FastifyRequest, FeedForPush>();
    // JSON only: any other body is a 415.
    pushes.removeAllContentTypeParsers();
    pushes.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
      }
    });
    pushes.withTypeProvider<ZodTypeProvider>().post(
      '/kpi-feeds/:id',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'pushKpiValue',
          summary:
            "Another system's value for a fed KPI: JSON signed with the feed's secret (Cadence-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of `t.body`>, at most 5 minutes old); it goes to the meeting date of the week holding `date`",
          security: [],
          params: ZId,
          body: ZFeedPush,
          response: { 200: success(ZPushedValue), ...failures(400, 401, 404, 413, 415, 429) },
        },
        // Before the body is validated: an unsigned request learns nothing about what it sent.
        preValidation: async (request) => {
          const header = request.headers[FEED_SIGNATURE_HEADER];
          const push = await verifyPush(
            fastify.database.db,
            keyring(),
            (request.params as { id: string }).id,
            typeof header === 'string' ? header : undefined,
            rawBodies.get(request) ?? '',
          );
          verified.set(request, push);
        },
      },
      async (request) => ok(await request.inTransaction((tx) => receivePush(tx, verified.get(request)!, request.body))),
    );
  });
};
