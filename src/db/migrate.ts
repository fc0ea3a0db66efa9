import { readFileSync } from 'node:fs';
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
  /** Tests only: another folder of migrations (an earlier level, or one that fails). */
  migrationsFolder?: string;
};

/** One schema migration of the committed list: its name and drizzle's timestamp for it. */
export interface MigrationStep {
  tag: string;
  when: number;
}

/** The schema migrations this Cadence ships, in order (drizzle-kit's journal). */
export const knownMigrations = (folder = migrationsFolder): MigrationStep[] =>
  (
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));

/** Where a database stands: the last schema migration applied and how many were; undefined when none. */
export interface MigrationLevel extends MigrationStep {
  count: number;
}

/** The last migration applied to this database (drizzle records each one's timestamp). */
export const migrationLevel = async (
  database: Database,
  folder = migrationsFolder,
): Promise<MigrationLevel | undefined> => {
  const result = await database.db
    .execute<{ when: string | number; count: string | number }>(
      sql`select max(created_at) as "when", count(*) as "count" from drizzle.__drizzle_migrations`,
    )
    .catch(() => undefined);
  const row = (result as unknown as { rows?: { when: string | number | null; count: string | number }[] } | undefined)
    ?.rows?.[0];
  if (!row || row.when === null || row.when === undefined) return undefined;
  const when = Number(row.when);
  const step = knownMigrations(folder).find((known) => known.when === when);
  return { tag: step?.tag ?? `unknown migration of ${new Date(when).toISOString()}`, when, count: Number(row.count) };
};

/**
 * A schema migration failed. Every pending schema migration runs in one transaction, so the
 * database is left exactly as it was; the message says so, with the statement's error.
 */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

const failedMigration = (error: unknown, before: MigrationLevel | undefined) => {
  const cause = error instanceof Error ? error : new Error(String(error));
  // drizzle wraps the driver's error: the database's own message is the useful one.
  const reason = ((cause.cause as Error | undefined)?.message ?? cause.message).split('\n')[0];
  return new MigrationError(
    `the database could not be upgraded to this version of Cadence: a migration failed (${reason}). ` +
      `Nothing was changed: the database is still at ${before ? before.tag : 'no migration'}. ` +
      'Start the previous version of Cadence again, or restore a backup, and report the error.',
  );
};

/**
 * Applies the committed drizzle migrations, then the data migrations given. Several instances
 * starting at once take turns (one advisory lock around both).
 */
export const migrate = async (
  database: Database,
  { dataMigrations, migrationsFolder: folder = migrationsFolder }: MigrateOptions,
): Promise<void> => {
  if (database.kind === 'pglite') {
    const before = await migrationLevel(database, folder);
    // biome-ignore lint/suspicious/noExplicitAny: the pglite migrator wants its own driver type
    await migratePglite(database.db as any, { migrationsFolder: folder }).catch((error: unknown) => {
      throw failedMigration(error, before);
    });
    for (const step of dataMigrations) await step(database);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const before = await migrationLevel(database, folder);
    // biome-ignore lint/suspicious/noExplicitAny: the node-postgres migrator wants its own driver type
    await migratePg(database.db as any, { migrationsFolder: folder }).catch((error: unknown) => {
      throw failedMigration(error, before);
    });
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
