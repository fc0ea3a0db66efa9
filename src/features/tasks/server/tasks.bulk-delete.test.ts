import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  createMeeting,
  joinWorkspace,
  PNG_PIXEL,
  type SignedUp,
  signUp,
  uploadFile,
} from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { inServiceTransaction } from '../../../../test/service-context.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Task } from '../tasks.schemas.ts';
import { deleteCardsInBulk } from './tasks.bulk-delete.ts';

// Cards deleted many at once (decision 127), as Undo of an import deletes them: the same rows go
// as when each is deleted by DELETE /tasks/{id}, checked as strictly, told once a room.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

/** The bulk delete as a request would run it; its events are sent after the commit. */
const inTransaction = (who: SignedUp, ids: string[], isAdmin = true) =>
  inServiceTransaction(app, who, (ctx) => deleteCardsInBulk(ctx, ids), { isAdmin });

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('it was deleted');
};

/** Rows of every table of the database, by table. */
const rowCounts = async () => {
  const result = await app.database.db.execute(sql`
    select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { name } of (result as unknown as { rows: { name: string }[] }).rows) {
    const [row] = (
      (await app.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    counts[name] = row!.n;
  }
  return counts;
};

const minus = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(
    Object.keys(before)
      .map((name) => [name, (after[name] ?? 0) - before[name]!] as const)
      .filter(([, delta]) => delta !== 0),
  );

/** A card on a board with everything a card may carry: checklist items, a comment, a label, members, watchers, a file. */
const fullCard = async (
  ada: SignedUp,
  ben: SignedUp,
  ctx: { meetingId: string; boardId: string; listId: string; labelId: string },
  title: string,
) => {
  const card = (
    await ada.api.post<Task>('/tasks', {
      title,
      userId: ada.userId,
      meetingIds: [ctx.meetingId],
      boardId: ctx.boardId,
      taskTypeId: ctx.listId,
      members: [ada.userId, ben.userId],
      labelIds: [ctx.labelId],
    })
  ).body.result;
  const checklist = (await ada.api.post<{ id: string }>('/checklists', { taskId: card.id, title: 'Steps' })).body
    .result;
  for (const item of ['One', 'Two'])
    expect((await ada.api.post('/checklist-items', { checklistId: checklist.id, title: item })).status).toBe(201);
  expect((await ben.api.post('/activities', { taskId: card.id, description: 'Looks good' })).status).toBe(201);
  expect((await ada.api.post(`/tasks/${card.id}/watchers`, { userIds: [ben.userId] })).status).toBeLessThan(300);
  const upload = await uploadFile(app, ada.token, 'POST', `/tasks/${card.id}/attachments`, PNG_PIXEL);
  expect(upload.statusCode).toBeLessThan(300);
  return card.id;
};

describe('cards deleted in bulk', () => {
  it('leave the same rows in every table as deleting each by DELETE /tasks/{id}, and answer their files', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const board = (
      await ada.api.post<{ id: string }>('/boards', { name: 'Sprint', meetingIds: [meeting.id], lists: ['Doing'] })
    ).body.result;
    const lists = (await ada.api.get<{ id: string }[]>(`/boards/${board.id}/task-types`)).body.result;
    const label = (await ada.api.post<{ id: string }>('/labels', { name: 'Red', color: '#ff0000', boardId: board.id }))
      .body.result;
    const where = { meetingId: meeting.id, boardId: board.id, listId: lists[0]!.id, labelId: label.id };
    const oneByOne = [await fullCard(ada, ben, where, 'Alpha'), await fullCard(ada, ben, where, 'Beta')];
    const atOnce = [await fullCard(ada, ben, where, 'Alpha'), await fullCard(ada, ben, where, 'Beta')];
    const kept = await fullCard(ada, ben, where, 'Kept');

    const start = await rowCounts();
    for (const id of oneByOne) expect((await ada.api.delete(`/tasks/${id}`)).status).toBe(200);
    const afterSingle = await rowCounts();
    const { storageKeys } = await inTransaction(ada, atOnce);
    const afterBulk = await rowCounts();

    const single = minus(afterSingle, start);
    // Something went from each kind of dependent row, so the comparison below can tell.
    for (const table of [
      'tasks',
      'task_meetings',
      'task_members',
      'task_watchers',
      'task_labels',
      'checklists',
      'attachments',
    ])
      expect(single[table], table).toBeLessThan(0);
    expect(minus(afterBulk, afterSingle)).toEqual(single);
    expect(storageKeys).toHaveLength(2);
    expect((await ada.api.get<Task>(`/tasks/${kept}`)).body.result.title).toBe('Kept');
    for (const id of atOnce) expect((await ada.api.get(`/tasks/${id}`)).status).toBe(404);
  });

  it('refuse cards of another workspace, or not the caller’s to see or delete: nothing is deleted', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const sam = await joinWorkspace(app, ada, { firstName: 'Sam' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const eve = await signUp(app, { firstName: 'Eve' });
    const eveCard = (await eve.api.post<Task>('/tasks', { title: 'Eve’s', userId: eve.userId })).body.result;
    const made = async (title: string) =>
      (await ada.api.post<Task>('/tasks', { title, userId: ada.userId, meetingIds: [meeting.id] })).body.result.id;
    const ids = [await made('One'), await made('Two')];

    expect(await codeOf(inTransaction(ada, [...ids, eveCard.id]))).toBe('not_found');
    expect(await codeOf(inTransaction(eve, ids))).toBe('not_found');
    // Sam is not in the meeting; Ben is, but neither owns, made nor leads it.
    expect(await codeOf(inTransaction(sam, ids, false))).toBe('not_found');
    expect(await codeOf(inTransaction(ben, ids, false))).toBe('forbidden');
    for (const id of ids) expect((await ada.api.get(`/tasks/${id}`)).status).toBe(200);
    expect((await eve.api.get(`/tasks/${eveCard.id}`)).status).toBe(200);
    // The meeting's leader may.
    await inTransaction(ada, ids, false);
    for (const id of ids) expect((await ada.api.get(`/tasks/${id}`)).status).toBe(404);
  });

  it('tell the meeting’s room once, and each viewer of goals once; nobody outside hears of it', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const sam = await joinWorkspace(app, ada, { firstName: 'Sam' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const eve = await signUp(app, { firstName: 'Eve' });
    const goal = async (title: string) =>
      (await ada.api.post<Task>('/tasks', { title, type: '1', userId: ben.userId, meetingIds: [meeting.id] })).body
        .result.id;
    const ids = [await goal('Open Lisbon'), await goal('Hire a CFO'), await goal('Ship v2')];

    const sockets = await Promise.all([ben, sam, eve].map((who) => connect(baseUrl, who.token)));
    const [benSocket, samSocket, eveSocket] = sockets;
    expect(await benSocket!.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    // What making the goals told (on PostgreSQL it can arrive after the sockets joined) is not this test's.
    await settle();
    for (const s of sockets) s.received.splice(0);
    await inTransaction(ada, ids);
    const heard = (s: (typeof sockets)[number]) => s.received.filter((m) => m.type.startsWith('task.'));
    await eventually(() => heard(benSocket!).length >= 2);
    await settle();
    // Two rooms (the meeting's, Ben's own): their order is not promised.
    const told = heard(benSocket!).map((m) => [m.type, m.data]);
    expect(told.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['task.changed', { id: ids[2], boardId: null, action: 'deleted', part: 'many' }],
      ['task.visibleChanged', { id: ids[2] }],
    ]);
    expect(heard(samSocket!)).toEqual([]);
    expect(heard(eveSocket!)).toEqual([]);
    for (const s of sockets) s.socket.disconnect();
  });
});
