import { and, asc, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { csv } from '../../../../test/csv-imports-fixtures.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { inServiceTransaction } from '../../../../test/service-context.ts';
import { tasks } from '../../../db/schema/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ImportRecord } from '../../imports/imports.schemas.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Task, TaskPage } from '../tasks.schemas.ts';
import { type BulkCards, createCardsInBulk } from './tasks.bulk.ts';

// Cards made many at once (decision 127), as an import makes them: each the card `POST tasks`
// makes of the same fields, in the file's order, checked as strictly, told in one event.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { send } = importsFixtures(() => app);
/** `POST /imports` with the file and its options, as the import screen sends them. */
const importCsv = (who: SignedUp, bytes: Buffer, options: Record<string, unknown>) =>
  send<ImportRecord>(who, '/imports', bytes, options, 'cards.csv');

const COLUMNS = { title: 'Title', description: 'Notes', owner: 'Owner', dueDate: 'Due', status: 'Done' };

const listOf = async (who: SignedUp, meetingId: string, type: string) =>
  (await who.api.get<TaskPage>(`/tasks?meetingId=${meetingId}&type=${type}&limit=100`)).body.result;

/** A card as the API answers it, less what differs between any two cards made the same way. */
const comparable = ({ id, createdAt, changedAt, completedAt, meetingIds, meetingTitle, ...rest }: Task) => ({
  ...rest,
  done: completedAt !== null,
});

/** The bulk create as a request would run it. */
const inTransaction = (who: SignedUp, input: BulkCards, isAdmin = true) =>
  inServiceTransaction(app, who, (ctx) => createCardsInBulk(ctx, input), { isAdmin });

const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, errors: error.errors };
    throw error;
  }
  throw new Error('it was written');
};

const cardsTitled = async (tenantId: string, prefix: string) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenantId), like(tasks.title, `${prefix}%`)))
  )[0]!.n;

describe('cards created in bulk', () => {
  it('are the cards POST tasks makes of the same fields, and notify nobody', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const typed = await createMeeting(ada, [ben.userId]);
    const imported = await createMeeting(ada, [ben.userId]);
    const rows = [
      { title: 'Call <b>the</b> bank & co', notes: 'Ask & listen', owner: ben.email, due: '2026-04-13', done: 'yes' },
      { title: 'Plan the offsite', notes: '', owner: ada.email, due: '', done: 'no' },
    ];
    for (const row of rows) {
      const made = await ada.api.post<Task>('/tasks', {
        title: row.title,
        // What the import makes of the text: a paragraph, escaped.
        description: row.notes ? '<p>Ask &amp; listen</p>' : null,
        type: '4',
        status: row.done === 'yes' ? '1' : '0',
        dueDate: row.due || null,
        userId: row.owner === ben.email ? ben.userId : ada.userId,
        meetingIds: [typed.id],
        members: [row.owner === ben.email ? ben.userId : ada.userId],
        showInTasks: '1',
      });
      expect(made.status).toBe(201);
    }
    const file = csv([
      'Title,Notes,Owner,Due,Done',
      ...rows.map((r) => [`"${r.title}"`, r.notes, r.owner, r.due, r.done].join(',')),
    ]);
    const answer = await importCsv(ada, file, { kind: 'csv-todos', meetingId: imported.id, columns: COLUMNS });
    expect(answer.status).toBe(201);

    const byTitle = async (meetingId: string) => {
      const page = await listOf(ada, meetingId, '4');
      const cards = await Promise.all(
        page.items.map(async (card) => (await ada.api.get<Task>(`/tasks/${card.id}`)).body.result),
      );
      return cards.sort((a, b) => a.title.localeCompare(b.title));
    };
    const expected = await byTitle(typed.id);
    const bulk = await byTitle(imported.id);
    expect(bulk.map((card) => card.title)).toEqual(['Call the bank & co', 'Plan the offsite']);
    expect(bulk.map(comparable)).toEqual(expected.map(comparable));
    expect(bulk.map((card) => card.meetingIds)).toEqual([[imported.id], [imported.id]]);

    // Ben heard of the card handed to him by hand, not of the imported one.
    const bell = (await ben.api.get<NotificationPage>('/notifications')).body.result.items;
    expect(bell.filter((n) => n.taskId).map((n) => n.taskId)).toEqual([expected[0]!.id]);
  });

  it('keep the file’s order across statements: created one after the other, the last row newest', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(ada);
    // Not in alphabetical order, and more rows than one insert holds.
    const titles = Array.from({ length: 2_345 }, (_, i) => `Row ${(i * 7919) % 10_007}`);
    const answer = await importCsv(ada, csv(['Title', ...titles]), {
      kind: 'csv-todos',
      meetingId: meeting.id,
      columns: { title: 'Title' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.result.counts).toEqual({ todos: titles.length });
    const stored = await app.database.db
      .select({ title: tasks.title })
      .from(tasks)
      .where(eq(tasks.tenantId, ada.tenantId))
      .orderBy(asc(tasks.createdAt));
    expect(stored.map((row) => row.title)).toEqual(titles);
    // The meeting's list, newest first, as if each row had been typed in turn.
    const page = await listOf(ada, meeting.id, '4');
    expect(page.total).toBe(titles.length);
    expect(page.items.map((card) => card.title)).toEqual(titles.slice(-100).reverse());
  });

  it('refuse an owner outside the meeting, ids of another workspace and what a card may not be: nothing is written', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const sam = await joinWorkspace(app, ada, { firstName: 'Sam' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const eve = await signUp(app, { firstName: 'Eve' });
    const eveMeeting = await createMeeting(eve);
    const card = (title: string, userId: string, extra: Record<string, unknown> = {}) => ({
      title,
      userId,
      ...extra,
    });
    const todos = (cards: BulkCards['cards'], meetingId = meeting.id): BulkCards => ({
      meetingId,
      type: '4',
      cards,
    });

    // Sam is in the workspace, not in the meeting: no card of it may be his.
    expect(
      await failureOf(inTransaction(ada, todos([card('Bulk one', ben.userId), card('Bulk two', sam.userId)]))),
    ).toEqual({ code: 'validation', errors: { userId: tasksMessages.notAssignable } });
    // Another workspace's person as owner, another workspace's meeting: 404 either way.
    for (const input of [
      todos([card('Bulk one', eve.userId)]),
      todos([card('Bulk one', ada.userId)], eveMeeting.id),
      todos([card('Bulk one', eve.userId)], eveMeeting.id),
    ])
      expect((await failureOf(inTransaction(ada, input)))?.code).toBe('not_found');
    // A meeting the caller (no admin) is not part of reads as not there.
    expect((await failureOf(inTransaction(sam, todos([card('Bulk one', ben.userId)]), false)))?.code).toBe('not_found');
    // The card's own rules, named by its place where the field is the card's.
    const invalid = await failureOf(inTransaction(ada, todos([card('Bulk one', ben.userId), card('  ', ben.userId)])));
    expect(invalid).toMatchObject({ code: 'validation', errors: { 'cards.1.title': expect.any(String) } });
    expect(
      (await failureOf(inTransaction(ada, todos([card('Bulk one', ben.userId, { dueDate: '2026-02-30' })]))))?.code,
    ).toBe('validation');
    expect(
      (await failureOf(inTransaction(ada, todos([card('Bulk one', ben.userId, { status: '2' })]))))?.errors,
    ).toHaveProperty('status');
    expect(
      (
        await failureOf(
          inTransaction(ada, {
            meetingId: meeting.id,
            type: '3',
            cards: [card('Bulk one', ben.userId, { dueDate: '2026-03-01' })],
          }),
        )
      )?.errors,
    ).toEqual({ dueDate: tasksMessages.headlineNoDueDate });
    expect(await cardsTitled(ada.tenantId, 'Bulk')).toBe(0);
    expect(await cardsTitled(eve.tenantId, 'Bulk')).toBe(0);

    // The same cards with owners of the meeting are written, in order.
    const ids = await inTransaction(ada, todos([card('Bulk one', ben.userId), card('Bulk two', ada.userId)]));
    expect(ids).toHaveLength(2);
    const made = await Promise.all(ids.map(async (id) => (await ada.api.get<Task>(`/tasks/${id}`)).body.result));
    expect(made.map((c) => [c.title, c.userId, c.members, c.meetingIds])).toEqual([
      ['Bulk one', ben.userId, [ben.userId], [meeting.id]],
      ['Bulk two', ada.userId, [ada.userId], [meeting.id]],
    ]);
  });

  it('tell the meeting’s room once, and each viewer of goals once; nobody outside hears of them', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const sam = await joinWorkspace(app, ada, { firstName: 'Sam' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const eve = await signUp(app, { firstName: 'Eve' });

    const benSocket = await connect(baseUrl, ben.token);
    const samSocket = await connect(baseUrl, sam.token);
    const eveSocket = await connect(baseUrl, eve.token);
    expect(await benSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await samSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
    expect(await eveSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });

    const titles = ['Open Lisbon', 'Hire a CFO', 'Ship v2'];
    const answer = await importCsv(ada, csv(['Title,Status', ...titles.map((t) => `${t},on track`)]), {
      kind: 'csv-goals',
      meetingId: meeting.id,
      columns: { title: 'Title', status: 'Status' },
    });
    expect(answer.status).toBe(201);
    const newest = (await listOf(ada, meeting.id, '1')).items[0]!;
    expect(newest.title).toBe('Ship v2');

    const heard = (s: typeof benSocket) => s.received.filter((m) => m.type.startsWith('task.'));
    await eventually(() => heard(benSocket).length >= 2);
    await settle();
    expect(heard(benSocket).map((m) => [m.type, m.data])).toEqual([
      ['task.changed', { id: newest.id, boardId: null, action: 'created', part: 'many' }],
      ['task.visibleChanged', { id: newest.id }],
    ]);
    expect(heard(samSocket)).toEqual([]);
    expect(heard(eveSocket)).toEqual([]);
    for (const s of [benSocket, samSocket, eveSocket]) s.socket.disconnect();
  });
});
