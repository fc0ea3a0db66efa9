import pg from 'pg';

/**
 * On PostgreSQL (`npm run test:pg`) each vitest worker works in a database of its own, copied
 * from the one global setup migrated: the statement counts and the webhook job's claims need a
 * file to be alone in its database, as each worker's copy of the template is on the embedded
 * database. Runs before each file; the copy is made once per worker and named after it.
 */
export const workerDatabaseName = (base: string, worker: string) => `${base}_w${worker}`;

// Only in a worker (global setup imports the name above and must not copy anything).
const url = process.env.DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (url && worker && !process.env.CADENCE_TEST_BASE_URL) {
  const own = new URL(url);
  const base = own.pathname.slice(1);
  const name = workerDatabaseName(base, worker);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${base}`);
  } finally {
    await admin.end();
  }
  own.pathname = `/${name}`;
  process.env.CADENCE_TEST_BASE_URL = url;
  process.env.DATABASE_URL = own.toString();
}
