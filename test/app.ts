import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { type Config, loadConfig } from '../src/server/config.ts';
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
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
};
