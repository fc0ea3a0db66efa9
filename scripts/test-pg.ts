import { spawnSync } from 'node:child_process';
import pg from 'pg';

// `npm run test:pg`: the vitest suite on a PostgreSQL server. With DATABASE_URL set it uses
// that database (CI gives it a fresh one); otherwise it creates a throw-away database on the
// local server (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and drops it after.

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const run = (databaseUrl: string) =>
  spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  }).status ?? 1;

const withAdmin = async (sql: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

const main = async () => {
  if (process.env.DATABASE_URL) return run(process.env.DATABASE_URL);
  const name = `cadence_test_${Date.now()}`;
  await withAdmin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return run(url.toString());
  } finally {
    await withAdmin(`drop database if exists ${name} with (force)`);
  }
};

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`test:pg could not prepare the database: ${error.message}\n`);
    process.exit(1);
  },
);
