import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { workerDatabase } from '../../test/app.ts';
import { refreshPlannerStatistics } from './statistics.ts';

// The planner needs statistics; the embedded database has no autovacuum to gather them.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const name = `statistics_probe_${process.pid}`;
const table = sql.raw(name);

describe('planner statistics', () => {
  afterAll(async () => {
    const database = await workerDatabase();
    await database.db.execute(sql`drop table if exists ${table}`);
  });

  it('are gathered where autovacuum does not run, and left to autovacuum where it does', async () => {
    const database = await workerDatabase();
    await database.db.execute(sql`create table ${table} (n int)`);
    await database.db.execute(sql`insert into ${table} select generate_series(1, 500)`);
    const estimate = async () =>
      Number(
        rowsOf<{ reltuples: number }>(
          await database.db.execute(sql`select reltuples from pg_class where relname = ${name}`),
        )[0]?.reltuples,
      );
    expect(await estimate()).toBeLessThan(500);
    const autovacuum =
      database.kind === 'pg'
        ? rowsOf<{ setting: string }>(
            await database.db.execute(sql`select current_setting('autovacuum') as setting`),
          )[0]?.setting
        : 'off';

    const ran = await refreshPlannerStatistics(database);

    expect(ran).toBe(autovacuum === 'off');
    if (ran) expect(await estimate()).toBe(500);
  });
});
