import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { workerDatabaseName } from './pg-worker.ts';

/**
 * Runs once before the suite. Embedded database: migrate one template data directory that
 * every worker copies (PGlite takes seconds to initialise; copying takes milliseconds).
 * PostgreSQL (`DATABASE_URL`): migrate the given database once; each worker copies it
 * (test/pg-worker.ts), and the copies are dropped at the end.
 */
export async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openPostgres(url, 2);
    await migrate(database, { dataMigrations });
    const base = new URL(url).pathname.slice(1);
    await database.close();
    return async () => {
      const admin = await openPostgres(url, 1);
      const copies = await admin.pool!.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${workerDatabaseName(base, '')}%`],
      );
      for (const { datname } of copies.rows) await admin.pool!.query(`drop database if exists ${datname} with (force)`);
      await admin.close();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-template-'));
  const database = await openPglite(dir);
  await migrate(database, { dataMigrations });
  await database.close();
  provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
