import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZSetRepeat } from '../repeat.schemas.ts';
import { ZTask } from '../tasks.schemas.ts';
import { setRepeat, stopRepeat } from './repeat.service.ts';

// A card's repeat; called by tasksRoutes, in its plugin. Every answer is the card as it now is.

const tags = ['tasks'];
const ZId = z.object({ id: z.uuid() });

export const repeatRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/tasks/:id/repeat',
    {
      schema: {
        tags,
        summary: 'Make a to-do or card repeat, or change its rule from this occurrence on',
        description:
          'The card’s due date (or the rule’s first date from today, which becomes it) starts the series; the card as it is now is what the next occurrences get. The next one is made when this one is done (`advance: done`) or once its due date has passed in the owner’s time zone (`advance: due`).',
        params: ZId,
        body: ZSetRepeat,
        response: { 200: success(ZTask), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setRepeat(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/tasks/:id/repeat',
    {
      schema: {
        tags,
        summary: 'Stop a card’s repeat: no more occurrences; those made stay',
        params: ZId,
        response: { 200: success(ZTask), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => stopRepeat(ctx, request.params.id))),
  );
};
