import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { cardsOf, csv } from '../../../../test/csv-imports-fixtures.ts';
import { PNG_PIXEL, uploadFile } from '../../../../test/factories.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { taskMeetings, taskMembers } from '../../../db/schema/index.ts';
import type { TaskPage } from '../../tasks/tasks.schemas.ts';
import type { ImportRecord } from '../imports.schemas.ts';

// Undo of a large import (decision 127): the cards go all at once, after the same refusal when
// any of them changed since.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const ROWS = 2_345;

/** A to-dos file of ROWS rows, every third one Ben's, every fifth one done. */
const bigFile = (benEmail: string) =>
  csv([
    'Task,Assignee,Done',
    ...Array.from(
      { length: ROWS },
      (_, i) => `To-do ${i + 1},${i % 3 === 0 ? benEmail : ''},${i % 5 === 0 ? 'yes' : 'no'}`,
    ),
  ]);

const importBig = async () => {
  const { admin, member, meeting } = await setup();
  const done = await send<ImportRecord>(admin, '/imports', bigFile(member.email), {
    kind: 'csv-todos',
    meetingId: meeting.id,
    columns: { title: 'Task', owner: 'Assignee', status: 'Done' },
  });
  expect(done.status).toBe(201);
  expect(done.body.result.counts).toEqual({ todos: ROWS });
  return { admin, member, meeting, record: done.body.result };
};

const linksOf = async (meetingId: string) =>
  (await app.database.db.select({ n: count() }).from(taskMeetings).where(eq(taskMeetings.meetingId, meetingId)))[0]!.n;

describe('Undo of a large CSV import', () => {
  it('takes back every to-do and its links at once, tells the meeting’s room once, and marks the import undone', async () => {
    const { admin, member, meeting, record } = await importBig();
    const cards = await cardsOf(app, meeting.id, '4');
    expect(cards).toHaveLength(ROWS);
    expect(await linksOf(meeting.id)).toBe(ROWS);
    const outsider = await setup();

    const benSocket = await connect(baseUrl, member.token);
    const eveSocket = await connect(baseUrl, outsider.admin.token);
    expect(await benSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await eveSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });

    const undo = await admin.api.post<ImportRecord>(`/imports/${record.id}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body.result).toMatchObject({ status: 'undone', undoneBy: { id: admin.userId } });
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);
    expect(await linksOf(meeting.id)).toBe(0);
    const members = await app.database.db
      .select({ n: count() })
      .from(taskMembers)
      .where(and(eq(taskMembers.userId, member.userId)));
    expect(members[0]!.n).toBe(0);
    const list = (await admin.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=4&limit=100`)).body.result;
    expect(list.total).toBe(0);
    const history = (await admin.api.get<{ items: ImportRecord[] }>('/imports')).body.result.items;
    expect(history.find((r) => r.id === record.id)?.status).toBe('undone');

    const heard = (s: typeof benSocket) => s.received.filter((m) => m.type === 'task.changed');
    await eventually(() => heard(benSocket).length >= 1);
    await settle();
    expect(heard(benSocket).map((m) => m.data)).toEqual([
      { id: expect.any(String), boardId: null, action: 'deleted', part: 'many' },
    ]);
    expect(eveSocket.received.filter((m) => m.type.startsWith('task.'))).toEqual([]);
    for (const s of [benSocket, eveSocket]) s.socket.disconnect();
  });

  it('refuses Undo once one to-do was edited, or a file was attached to one, and deletes none', async () => {
    const { admin, meeting, record } = await importBig();
    const cards = await cardsOf(app, meeting.id, '4');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const upload = await uploadFile(app, admin.token, 'POST', `/tasks/${cards[10]!.id}/attachments`, PNG_PIXEL);
    expect(upload.statusCode).toBeLessThan(300);
    expect((await admin.api.post(`/imports/${record.id}/undo`)).status).toBe(409);
    expect(await cardsOf(app, meeting.id, '4')).toHaveLength(ROWS);

    expect((await admin.api.delete(`/attachments/${upload.json().result.id}`)).status).toBe(200);
    expect((await admin.api.patch(`/tasks/${cards[1_234]!.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await admin.api.post(`/imports/${record.id}/undo`)).status).toBe(409);
    expect(await cardsOf(app, meeting.id, '4')).toHaveLength(ROWS);
    expect(await linksOf(meeting.id)).toBe(ROWS);
    const history = (await admin.api.get<{ items: ImportRecord[] }>('/imports')).body.result.items;
    expect(history.find((r) => r.id === record.id)?.status).not.toBe('undone');
  });
});
