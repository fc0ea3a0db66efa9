import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';

/**
 * Runs once before the suite. Embedded database: migrate one template data directory that
 * every worker copies (PGlite takes seconds to initialise; copying takes milliseconds).
 * PostgreSQL (`DATABASE_URL`): migrate the given database once; workers share it, and every
 * test makes its own workspace, so tests never see each other's rows.
 */
export async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openPostgres(url, 2);
    await migrate(database, { dataMigrations });
    await database.close();
    return;
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
