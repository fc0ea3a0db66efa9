import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataLock, type LockOwner } from './data-lock.ts';
import * as schema from './schema/index.ts';

/**
 * One drizzle type for both drivers. A transaction (`db.transaction(tx => …)`) is also a
 * `Db`, so services take a `Db` and never know whether they run inside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** The pg pool, when on a PostgreSQL server (the socket.io adapter needs it). */
  pool: pg.Pool | undefined;
  /**
   * The embedded database only: its data folder as a gzipped tar (PGlite's dump), taken while no
   * statement or transaction runs, so it is a consistent copy of every committed write.
   */
  dumpDataDir?: () => Promise<Buffer>;
  close(): Promise<void>;
}

const gzipAsync = promisify(gzip);

const casing = 'snake_case' as const;

/**
 * Called with every SQL statement (the trace log, benchmarks counting queries per call). The
 * statement only: its parameters carry password hashes, token hashes and personal data, so
 * they are never handed on.
 */
export type QueryListener = (sql: string) => void;
const loggerFor = (onQuery: QueryListener | undefined) =>
  onQuery ? { logQuery: (sql: string, _params: unknown[]) => onQuery(sql) } : false;

/** The embedded database: PGlite with its files in `dataDir` (or in memory when undefined). */
export const openPglite = async (
  dataDir: string | undefined,
  onQuery?: QueryListener,
  /** A restore: a data folder dump (`dumpDataDir`) to create the database from. */
  loadDataDir?: Blob,
): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : undefined);
  const db = drizzlePglite({ client, schema, casing, logger: loggerFor(onQuery) }) as unknown as Db;
  // Inside a transaction of its own: PGlite runs one at a time, so no other is open meanwhile
  // and the dump holds whole transactions only (the BEGIN of this one writes nothing). Every
  // request waits for the copy, so it is the plain tar; compressing it (most of the time) runs
  // afterwards on libuv's threads while requests go on.
  const dumpDataDir = async () => {
    const tar = await client.transaction(async () =>
      Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()),
    );
    return gzipAsync(tar);
  };
  return { db, kind: 'pglite', pool: undefined, dumpDataDir, close: () => client.close() };
};

/** A PostgreSQL server. Checks that it answers, so a bad URL fails at start, not at first use. */
export const openPostgres = async (url: string, max = 10, onQuery?: QueryListener): Promise<Database> => {
  // No JIT compiling: a big workspace's plans cost enough to start it, and compiling takes far
  // longer than these short statements run (a month of the calendar: 2.3 s with it, 0.2 s without).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema, casing, logger: loggerFor(onQuery) }) as unknown as Db;
  return { db, kind: 'pg', pool, close: () => pool.end() };
};

/**
 * The configured database. The embedded one is first locked for this process (DATA_DIR/cadence.lock,
 * docs/decisions/025): a second process on the same folder is refused instead of losing writes.
 * Closing the database releases the lock.
 */
export const openDatabase = async (
  options: { databaseUrl: string | undefined; dataDir: string },
  owner: LockOwner = { command: 'server' },
  onQuery?: QueryListener,
): Promise<Database> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, undefined, onQuery);
  const lock = acquireDataLock(options.dataDir, owner);
  try {
    const database = await openPglite(`${options.dataDir}/db`, onQuery);
    return { ...database, close: () => database.close().finally(lock.release) };
  } catch (error) {
    lock.release();
    throw error;
  }
};
