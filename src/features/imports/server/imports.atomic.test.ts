import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { imports, scores } from '../../../db/schema/index.ts';

// A failure in the middle of writing an import: the KPIs and values already written go too. The
// database refuses one value of the file (a trigger on a value nobody else writes), the way a
// lost connection or a constraint would, after two KPIs and their values were written.

const POISON = '-987654.321';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  // One statement a call: the embedded database's extended protocol takes no more.
  for (const statement of [
    `create or replace function imports_test_refuse() returns trigger language plpgsql as $$
     begin
       if new.measured = '${POISON}' then raise exception 'refused for the test'; end if;
       return new;
     end $$`,
    'drop trigger if exists imports_test_refuse on score_cells',
    `create trigger imports_test_refuse before insert or update on score_cells
     for each row execute function imports_test_refuse()`,
  ]) {
    await app.database.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await app.database.db.execute(sql.raw('drop trigger if exists imports_test_refuse on score_cells'));
  await app.database.db.execute(sql.raw('drop function if exists imports_test_refuse()'));
  await app.close();
});

const { send, setup } = importsFixtures(() => app);

const FILE = [
  '#,Group,Status,Title,Description,Owner,Goal,Average,Dec 29 - Jan 4,Jan 5 - Jan 11',
  '1,G,Active,First,,Ada Person,>= 1,1,1,1',
  '2,G,Active,Second,,Ada Person,>= 1,1,1,1',
  `3,G,Active,Third,,Ada Person,>= 1,1,1,${POISON}`,
  '4,G,Active,Fourth,,Ada Person,>= 1,1,1,1',
].join('\n');

describe('an import that fails half way', () => {
  it('writes nothing at all', async () => {
    const { admin, meeting } = await setup();
    const options = { kind: 'ninety-scorecard', meetingId: meeting.id, latestWeekYear: 2026 };
    const preview = await send(admin, '/imports/preview', Buffer.from(FILE), options);
    expect(preview.status).toBe(200);
    const answer = await send(admin, '/imports', Buffer.from(FILE), options);
    expect(answer.status).toBe(500);
    expect(answer.body.status).toBe('fail');
    const db = app.database.db;
    expect((await db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meeting.id)))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(imports).where(eq(imports.tenantId, admin.tenantId)))[0]!.n).toBe(0);
  });
});
