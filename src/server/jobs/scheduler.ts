import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { extendSessionHorizons } from '../../features/meetings/server/sessions.service.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Background work of a running server: once shortly after start, then daily. Each job is
 * idempotent, so several instances may run them. Returns a function that stops them.
 */
export const startJobs = (database: Database, log: Pick<FastifyBaseLogger, 'info' | 'error'>) => {
  const run = async () => {
    try {
      const meetings = await extendSessionHorizons(database.db);
      log.info({ meetings }, 'session horizons extended');
    } catch (err) {
      log.error({ err }, 'session horizon job failed');
    }
  };
  const first = setTimeout(run, 10_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
};
