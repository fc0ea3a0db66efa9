import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { type Config, loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { createMailer } from '../src/server/mail/mailer.ts';

let shared: Promise<Database> | undefined;

/** This worker's database: a copy of the migrated template, or the PostgreSQL test database. */
export const workerDatabase = (): Promise<Database> => {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    if (url) return openPostgres(url, 4);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-worker-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    return openPglite(dir);
  })();
  return shared;
};

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ DATA_DIR: os.tmpdir(), PUBLIC_URL: 'http://cadence.test', DATABASE_URL: process.env.DATABASE_URL }),
  clientDir: path.join(os.tmpdir(), 'cadence-no-client'),
  // The session cache works from the first request, so that the tests hold it to its promise.
  sessionCacheWarmUpMs: 0,
  ...overrides,
});

const quietLog = { info: () => {}, warn: () => {} };

/** A whole Cadence server for `app.inject`, on this worker's database. */
export const testApp = async (overrides: Partial<Config> = {}, logger?: FastifyBaseLogger): Promise<FastifyInstance> =>
  buildApp({
    database: await workerDatabase(),
    config: testConfig(overrides),
    mailer: createMailer(undefined, logger ?? quietLog),
    logger,
  });

/** A logger at the most verbose level whose lines the test can read. */
export const capturedLogger = () => {
  const lines: string[] = [];
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
};

/** What the counting database tells of each statement; set by the counting app in use. */
let onStatement: (sql: string) => void = () => {};
let counted: Promise<Database> | undefined;

/**
 * This worker's database whose statements are counted: a second copy of the template (the
 * PostgreSQL test database on its own pool), opened once per worker and kept like
 * `workerDatabase`, since opening a PGlite copy costs far more than the tests that count.
 */
const countingDatabase = (): Promise<Database> => {
  counted ??= (async () => {
    const listener = (sql: string) => onStatement(sql);
    if (process.env.DATABASE_URL) return openPostgres(process.env.DATABASE_URL, 2, listener);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-count-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    return openPglite(dir, listener);
  })();
  return counted;
};

/**
 * A server of its own whose database counts SQL statements (BEGIN/COMMIT/ROLLBACK aside), for
 * the tests that show a call's statement count does not grow with the data. `statementsOf`
 * runs `work` and returns its result with the count; `close` stops the server (the database
 * stays open for the worker's next counting test). One counting server at a time per worker.
 */
export const statementCountingApp = async () => {
  let counting = false;
  let count = 0;
  onStatement = (sql: string) => {
    if (counting && !/^(begin|commit|rollback)/i.test(sql.trim())) count++;
  };
  const database = await countingDatabase();
  const app = await buildApp({ database, config: testConfig(), mailer: createMailer(undefined, quietLog) });
  const statementsOf = async <T>(work: () => Promise<T>) => {
    count = 0;
    counting = true;
    try {
      const result = await work();
      return { result, count };
    } finally {
      counting = false;
    }
  };
  const close = () => app.close();
  return { app, database, statementsOf, close };
};
