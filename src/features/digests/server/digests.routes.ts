import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZDigestSetting, ZSetDigestSetting } from '../digests.schemas.ts';
import { getDigestSetting, setDigestSetting } from './digests.service.ts';

// The before-meeting digest's setting (decision 125): whoever sees the meeting reads it; its
// leaders and workspace admins change it.

const tags = ['digests'];
const ZId = z.object({ id: z.uuid() });

export const digestRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/digest',
    {
      schema: {
        tags,
        operationId: 'getDigestSetting',
        summary:
          "When the meeting's people get their before-meeting digest: hours before each meeting date (24 unless set), or null (off)",
        params: ZId,
        response: { 200: success(ZDigestSetting), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getDigestSetting(ctx, request.params.id))),
  );

  app.put(
    '/meetings/:id/digest',
    {
      schema: {
        tags,
        operationId: 'setDigestSetting',
        summary:
          'Send each person of the meeting one digest of their empty KPIs, to-dos due and goals to update this many hours (1–72) before each meeting date; null turns it off. Leaders and admins',
        params: ZId,
        body: ZSetDigestSetting,
        response: { 200: success(ZDigestSetting), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setDigestSetting(ctx, request.params.id, request.body))),
  );
};
