import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { databaseAnswers } from '../db/migrate.ts';
import { AppError } from '../shared/errors.ts';
import { ok, success, ZFail } from './http.ts';
import { serverMessages } from './server.messages.ts';

/** `GET /api/health`: 200 when the database answers, 503 otherwise (for load balancers). */
export const registerHealth = (app: FastifyInstance, database: Database) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: {
          200: success(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
          503: ZFail,
        },
      },
    },
    async () => {
      if (!(await databaseAnswers(database))) throw new AppError('unavailable', serverMessages.databaseDown);
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );
};
