import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';

/**
 * New, empty PostgreSQL databases of a test file's own, on the server of `DATABASE_URL` (the run of
 * `npm run test:pg`), each dropped after the file. `create` answers the database and its URL.
 */
export const pgDatabases = () => {
  const names: string[] = [];
  afterAll(async () => {
    if (names.length === 0) return;
    const admin = await openPostgres(process.env.DATABASE_URL!, 1);
    for (const name of names) await admin.pool!.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  });
  return async (prefix: string, poolSize: number): Promise<{ database: Database; url: string }> => {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(process.env.DATABASE_URL!, 1);
    await admin.pool!.query(`create database ${name}`);
    await admin.close();
    names.push(name);
    const own = new URL(process.env.DATABASE_URL!);
    own.pathname = `/${name}`;
    return { database: await openPostgres(own.toString(), poolSize), url: own.toString() };
  };
};
