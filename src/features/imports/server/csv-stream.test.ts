import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { csv } from '../../../../test/csv-imports-fixtures.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { importItems, imports, taskMeetings, tasks } from '../../../db/schema/index.ts';
import { CLIENT_ID_HEADER } from '../../../shared/constants.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview, ImportRecord } from '../imports.schemas.ts';

// A CSV of more cards than one chunk of the streamed confirmation (decision 129): the cards are
// written a thousand at a time, yet the import stays one transaction, its record lists every card,
// and the cards keep the file's order. The database refuses one title of the file (a trigger on a
// title nobody else writes), the way a lost connection or a constraint would, in the second chunk.

const POISON = 'Refused by the database';
const ROWS = 2000;
/** Row 1,500 as a spreadsheet counts (the header is row 1): in the second chunk of 1,000. */
const BAD_ROW = 1500;

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  // One statement a call: the embedded database's extended protocol takes no more.
  for (const statement of [
    `create or replace function imports_test_refuse_title() returns trigger language plpgsql as $$
     begin
       if new.title = '${POISON}' then raise exception 'refused for the test'; end if;
       return new;
     end $$`,
    'drop trigger if exists imports_test_refuse_title on tasks',
    `create trigger imports_test_refuse_title before insert on tasks
     for each row execute function imports_test_refuse_title()`,
  ]) {
    await app.database.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await app.database.db.execute(sql.raw('drop trigger if exists imports_test_refuse_title on tasks'));
  await app.database.db.execute(sql.raw('drop function if exists imports_test_refuse_title()'));
  await app.close();
});

const { send, setup } = importsFixtures(() => app);

/** ROWS to-dos; the row BAD_ROW's title is `bad` ('' for none). */
const file = (bad: string) =>
  csv([
    'Task,Done',
    ...Array.from({ length: ROWS }, (_, i) => (i + 2 === BAD_ROW ? `${bad},no` : `To-do ${i + 2},no`)),
  ]);
const options = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'csv-todos',
  meetingId,
  columns: { title: 'Task', status: 'Done' },
  ...extra,
});

const cardsIn = (meetingId: string) =>
  app.database.db
    .select({ id: tasks.id, title: tasks.title, createdAt: tasks.createdAt })
    .from(tasks)
    .innerJoin(taskMeetings, eq(taskMeetings.taskId, tasks.id))
    .where(eq(taskMeetings.meetingId, meetingId))
    .orderBy(asc(tasks.createdAt));

describe('a CSV of more cards than a chunk', () => {
  it('writes nothing when the database refuses a row of the second chunk', async () => {
    const { admin, meeting } = await setup();
    const preview = await send<ImportPreview>(admin, '/imports/preview', file(POISON), options(meeting.id));
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({ rows: ROWS, create: { kpis: ROWS }, errorCount: 0 });
    const answer = await send(admin, '/imports', file(POISON), options(meeting.id));
    expect(answer.status).toBe(500);
    expect(await cardsIn(meeting.id)).toEqual([]);
    const db = app.database.db;
    expect((await db.select({ n: count() }).from(imports).where(eq(imports.tenantId, admin.tenantId)))[0]!.n).toBe(0);
  });

  it('refuses a row in error after the first chunk unless told to leave it out, then records every card in order', async () => {
    const { admin, meeting } = await setup();
    const refused = await send(admin, '/imports', file(''), options(meeting.id));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: importsMessages.importHasErrors });
    expect(await cardsIn(meeting.id)).toEqual([]);

    const preview = await send<ImportPreview>(admin, '/imports/preview', file(''), options(meeting.id));
    expect(preview.body.result).toMatchObject({ rows: ROWS, create: { kpis: ROWS - 1 }, errorCount: 1 });
    expect(preview.body.result.errors).toEqual([{ row: BAD_ROW, reason: importsMessages.rowTitleMissing }]);
    expect(preview.body.result.items).toHaveLength(200);

    const answer = await send<ImportRecord>(
      admin,
      '/imports',
      file(''),
      options(meeting.id, { skipInvalidRows: true }),
    );
    expect(answer.status).toBe(201);
    const record = answer.body.result;
    expect(record.counts).toEqual({ todos: ROWS - 1 });
    const cards = await cardsIn(meeting.id);
    expect(cards).toHaveLength(ROWS - 1);
    // The file's order across chunks: each card a moment after the one of the row above.
    const expected = Array.from({ length: ROWS }, (_, i) => i + 2)
      .filter((row) => row !== BAD_ROW)
      .map((row) => `To-do ${row}`);
    expect(cards.map((card) => card.title)).toEqual(expected);
    expect(new Set(cards.map((card) => card.createdAt.getTime())).size).toBeGreaterThan(1);
    expect(cards.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(new Date(record.createdAt).getTime());
    const items = await app.database.db
      .select({ entityId: importItems.entityId })
      .from(importItems)
      .where(and(eq(importItems.importId, record.id), eq(importItems.entity, 'task')));
    expect(new Set(items.map((item) => item.entityId))).toEqual(new Set(cards.map((card) => card.id)));
    expect(items).toHaveLength(ROWS - 1);

    const undone = await admin.api.post<ImportRecord>(`/imports/${record.id}/undo`);
    expect(undone.status).toBe(200);
    expect(await cardsIn(meeting.id)).toEqual([]);
  });

  it('tells the importing tab how far the writing is after each chunk, and nobody else', async () => {
    const { admin, member, meeting } = await setup();
    const baseUrl = await listen(app);
    const [adminSocket, memberSocket] = await Promise.all([
      connect(baseUrl, admin.token),
      connect(baseUrl, member.token),
    ]);
    const progressOf = (received: typeof adminSocket.received) =>
      received.filter((message) => message.type === 'import.progress').map((message) => message.data);
    try {
      const answer = await send<ImportRecord>(
        admin,
        '/imports',
        file(''),
        options(meeting.id, { skipInvalidRows: true }),
        'todos.csv',
        { [CLIENT_ID_HEADER]: 'tab-1' },
      );
      expect(answer.status).toBe(201);
      await eventually(() => progressOf(adminSocket.received).length === 2);
      expect(progressOf(adminSocket.received)).toEqual([
        { clientId: 'tab-1', written: 1000, total: ROWS - 1 },
        { clientId: 'tab-1', written: ROWS - 1, total: ROWS - 1 },
      ]);
      await settle();
      expect(progressOf(memberSocket.received)).toEqual([]);
    } finally {
      adminSocket.socket.close();
      memberSocket.socket.close();
    }
  });
});
