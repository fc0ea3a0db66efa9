import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant works; it only has to be the same for every instance of Cadence.
const MIGRATION_LOCK = 7_318_004_211;

/**
 * A data migration: product data a version ships, written right after the schema migrations
 * (decision 065). Each one is versioned and idempotent: it records the version it applied in the
 * database and does nothing when that version is current. The product's list is
 * `src/server/data-migrations.ts`; db/ knows no feature, so the caller hands it in.
 */
export type DataMigration = (database: Database) => Promise<unknown>;

export type MigrateOptions = {
  /** Run in order after the schema migrations, inside the same lock. Required so no caller forgets them. */
  dataMigrations: readonly DataMigration[];
};

/**
 * Applies the committed drizzle migrations, then the data migrations given. Several instances
 * starting at once take turns (one advisory lock around both).
 */
export const migrate = async (database: Database, { dataMigrations }: MigrateOptions): Promise<void> => {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the pglite migrator wants its own driver type
    await migratePglite(database.db as any, { migrationsFolder });
    for (const step of dataMigrations) await step(database);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // biome-ignore lint/suspicious/noExplicitAny: the node-postgres migrator wants its own driver type
    await migratePg(database.db as any, { migrationsFolder });
    for (const step of dataMigrations) await step(database);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
};

/** True when the database answers a trivial query. */
export const databaseAnswers = async (database: Database): Promise<boolean> => {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
};
