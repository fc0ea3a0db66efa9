import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase, openPglite } from '../src/db/client.ts';
import { knownMigrations, migrate, migrationLevel } from '../src/db/migrate.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { earlierMigrations } from './migrations.ts';
import { pgDatabases } from './pg-databases.ts';
import { nodeProcesses, withMigratedDatabase } from './processes.ts';
import { scaled } from './slow.ts';

// Upgrades keep a real team's data: the demo workspace (a year of a team's work) is put into a
// database at every earlier migration level — each table gets the demo's rows in the columns it had
// then — and the migrations (schema and data) then run forward to the newest level. Each upgrade
// must succeed and keep every row of every table that still exists.

const run = nodeProcesses();
const root = mkdtempSync(path.join(os.tmpdir(), 'cadence-upgrade-'));
const demoDir = withMigratedDatabase(path.join(root, 'demo'));
const newPgDatabase = pgDatabases();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const tablesOf = async (db: Db) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);

const columnsOf = async (db: Db, table: string) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'`,
    )
  ).map((row) => row.name);

const countsOf = async (db: Db, tables: string[]) => {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table}"`));
    counts[table] = row!.n;
  }
  return counts;
};

/** Postgres' "check_violation". */
const CHECK_VIOLATION = '23514';
const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;

/**
 * Runs `load` in a savepoint. A row that breaks a check constraint rolls it back and runs
 * `instead` (null: counts one refused row); returns how many rows were refused.
 */
const loadedOrRefused = async (
  tx: Db,
  load: () => Promise<unknown>,
  instead: (() => Promise<number>) | null,
): Promise<number> => {
  await tx.execute(sql`savepoint demo_rows`);
  try {
    await load();
    await tx.execute(sql`release savepoint demo_rows`);
    return 0;
  } catch (error) {
    if (codeOf(error) !== CHECK_VIOLATION) throw error;
    await tx.execute(sql`rollback to savepoint demo_rows`);
    return instead ? instead() : 1;
  }
};

/** A database of the test's own: in memory, or on PostgreSQL (npm run test:pg) a new database. */
const ownDatabase = async (): Promise<Database> =>
  process.env.DATABASE_URL ? (await newPgDatabase('cadence_upgrade', 2)).database : openPglite(undefined);

/** Empties the database (every table, type and the migrations' record): as new, without the seconds a new one costs. */
const emptied = async (database: Database) => {
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  return database;
};

/** The demo's rows, as JSON text per table (the newest schema's columns). */
let demo: Map<string, { columns: string[]; json: string; count: number }>;

beforeAll(async () => {
  const seeded = await run(['scripts/seed-demo.ts'], { DATA_DIR: demoDir, LOG_LEVEL: 'silent' }).exited;
  expect(seeded.code, seeded.output).toBe(0);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: demoDir }, { command: 'test' });
  try {
    demo = new Map();
    for (const table of await tablesOf(database.db)) {
      const [row] = await rowsOf<{ json: string; count: number }>(
        database.db,
        sql.raw(`select coalesce(json_agg(t), '[]')::text as json, count(*)::int as count from "${table}" t`),
      );
      if (row!.count > 0) demo.set(table, { columns: await columnsOf(database.db, table), ...row! });
    }
  } finally {
    await database.close();
  }
}, scaled(180_000));

describe('upgrades from every earlier migration level', () => {
  it('runs forward with the demo workspace in the database and keeps every row', {
    timeout: scaled(600_000),
  }, async () => {
    const known = knownMigrations();
    expect(demo.get('tasks')?.count ?? 0).toBeGreaterThan(100);
    const database = await ownDatabase();
    try {
      for (let level = 1; level < known.length; level++) {
        await emptied(database);
        await migrate(database, {
          dataMigrations: [],
          migrationsFolder: earlierMigrations(path.join(root, `level-${level}`), level),
        });
        // The demo's rows into the tables of that level, in the columns they had then. Foreign
        // keys are not checked while loading (tables load in any order, as a data-only restore does).
        const loaded: string[] = [];
        const refused = new Map<string, number>();
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          for (const table of await tablesOf(tx)) {
            const rows = demo.get(table);
            if (!rows) continue;
            const then = new Set(await columnsOf(tx, table));
            const columns = rows.columns.filter((column) => then.has(column)).map((column) => `"${column}"`);
            const list = sql.raw(columns.join(', '));
            const name = sql.raw(`"${table}"`);
            const insert = (json: string) =>
              tx.execute(
                sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
              );
            const refusedRows = await loadedOrRefused(
              tx,
              () => insert(rows.json),
              async () => {
                // A value that level's checks did not know yet (a range goal, a yes/no unit): a team
                // then could not have had that row. The others go in one by one.
                let count = 0;
                for (const row of JSON.parse(rows.json) as unknown[]) {
                  if ((await loadedOrRefused(tx, () => insert(JSON.stringify([row])), null)) > 0) count += 1;
                }
                return count;
              },
            );
            if (refusedRows > 0) refused.set(table, refusedRows);
            loaded.push(table);
          }
        });
        const before = await countsOf(database.db, loaded);
        // Every row of the demo went in, wherever its table existed and its values were known then.
        for (const table of loaded)
          expect(before[table], table).toBe(demo.get(table)!.count - (refused.get(table) ?? 0));
        if (level === known.length - 1) expect(Object.fromEntries(refused), 'refused at the last level').toEqual({});

        await migrate(database, { dataMigrations });

        expect(await migrationLevel(database), `from ${known[level - 1]!.tag}`).toMatchObject({
          tag: known.at(-1)!.tag,
        });
        const still = new Set(await tablesOf(database.db));
        const after = await countsOf(
          database.db,
          loaded.filter((table) => still.has(table)),
        );
        for (const [table, count] of Object.entries(after)) {
          expect(count, `${table} after upgrading from ${known[level - 1]!.tag}`).toBe(before[table]);
        }
      }
    } finally {
      await database.close();
    }
  });
});
