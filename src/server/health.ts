import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { databaseAnswers } from '../db/migrate.ts';
import { AppError } from '../shared/errors.ts';
import type { BackupHealth } from './backup/backup.schedule.ts';
import { ok, success, ZFail } from './http.ts';
import { serverMessages } from './server.messages.ts';

const ZBackupHealth = z
  .object({
    lastSuccessAt: z.string().nullable().meta({ description: 'When the last whole scheduled backup was made' }),
    ageSeconds: z.number().int().nullable().meta({ description: 'Its age in seconds (null: none yet)' }),
    lastFailed: z.boolean().meta({ description: 'The last scheduled backup failed (the log says why)' }),
    lastFailedAt: z.string().nullable(),
    nextAt: z.string().nullable().meta({ description: 'When the next one is due' }),
  })
  .meta({ description: 'Scheduled backups (BACKUP_DIR); absent when none are scheduled' });

/**
 * `GET /api/health`: 200 when the database answers, 503 otherwise (for load balancers). With
 * scheduled backups it tells the age of the last good one and whether the last one failed; a
 * failed backup does not make the server unhealthy (it still serves).
 */
export const registerHealth = (app: FastifyInstance, database: Database, backups?: () => BackupHealth) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: {
          200: success(
            z.object({ status: z.literal('ok'), database: z.literal('ok'), backups: ZBackupHealth.optional() }),
          ),
          503: ZFail,
        },
      },
    },
    async () => {
      if (!(await databaseAnswers(database))) throw new AppError('unavailable', serverMessages.databaseDown);
      return ok({ status: 'ok' as const, database: 'ok' as const, ...(backups ? { backups: backups() } : {}) });
    },
  );
};
