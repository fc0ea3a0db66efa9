import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, type SignedUp } from '../../../../test/factories.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { boardMeetings, tasks } from '../../../db/schema/index.ts';
import type { Board, BoardDetail } from '../../boards/boards.schemas.ts';
import type { Activity, Checklist, Task } from '../../tasks/tasks.schemas.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview, ImportRecord } from '../imports.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const TRELLO = fixture('trello-board.json');
const trello = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'trello-board',
  meetingId,
  ...extra,
});
const planka = (admin: SignedUp, member: SignedUp) =>
  Buffer.from(
    fixture('planka-board.json').toString('utf8').replace('{{ada}}', admin.email).replace('{{ben}}', member.email),
  );

const boardsOf = async (who: SignedUp, meetingId: string) =>
  (await who.api.get<Board[]>(`/meetings/${meetingId}/boards`)).body.result;
const detailOf = async (who: SignedUp, boardId: string) =>
  (await who.api.get<BoardDetail>(`/boards/${boardId}?limit=100`)).body.result;
const cardCount = async (meetingId: string) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(tasks)
      .innerJoin(boardMeetings, eq(boardMeetings.boardId, tasks.boardId))
      .where(eq(boardMeetings.meetingId, meetingId))
  )[0]!.n;

describe('a Trello board preview', () => {
  it('shows the board, people matched by name, each card in error by its place, and writes nothing', async () => {
    const { admin, member, meeting } = await setup();
    const before = (await boardsOf(admin, meeting.id)).length;
    const answer = await send<ImportPreview>(admin, '/imports/preview', TRELLO, trello(meeting.id), 'board.json');
    expect(answer.status).toBe(200);
    const preview = answer.body.result;
    expect(preview).toMatchObject({
      kind: 'trello-board',
      rows: 8,
      create: { kpis: 4, values: 5 },
      merge: { kpis: 0 },
      skip: { kpis: 0 },
      errorCount: 2,
      board: {
        name: 'Product launch',
        existingId: null,
        lists: 3,
        labels: 3,
        cards: 4,
        checklistItems: 3,
        comments: 2,
      },
    });
    expect(preview.errors).toEqual([
      { row: 4, reason: importsMessages.rowTitleMissing },
      { row: 5, reason: importsMessages.rowDueInvalid('next tuesday') },
    ]);
    expect(preview.notes).toEqual([
      { row: 1, reason: importsMessages.noteArchivedLeftOut(1, 2) },
      { row: 7, reason: importsMessages.noteFormula },
    ]);
    expect(preview.people.map((p) => [p.source, p.rows, p.matched?.id ?? null, p.assigned?.id ?? null])).toEqual([
      ['Carla Unknown', 1, null, null],
      ['Ada Person', 1, admin.userId, admin.userId],
      ['Ben Person', 1, member.userId, member.userId],
    ]);
    // Lists in Trello's order (by position), cards in their list's order.
    expect(preview.items.map((item) => [item.row, item.title, item.group, item.action])).toEqual([
      [2, 'Book venue', 'Backlog', 'create'],
      [7, "'=cmd|' /C calc'!A0", 'Backlog', 'create'],
      [1, 'Write press release', 'Doing', 'create'],
      [3, 'Ship v1', 'Done', 'create'],
    ]);
    expect((await boardsOf(admin, meeting.id)).length).toBe(before);
  });
});

describe('importing a Trello board', () => {
  it('makes the board with its lists, labels, cards, checklists, comments and members, all or nothing', async () => {
    const { admin, member, meeting } = await setup();
    const refused = await send(admin, '/imports', TRELLO, trello(meeting.id));
    expect([refused.status, refused.body.message]).toEqual([400, importsMessages.importHasErrors]);
    expect(await cardCount(meeting.id)).toBe(0);

    const done = await send<ImportRecord>(
      admin,
      '/imports',
      TRELLO,
      trello(meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': member.userId } }),
      'board.json',
    );
    expect(done.status).toBe(201);
    expect(done.body.result).toMatchObject({
      kind: 'trello-board',
      meetingId: meeting.id,
      counts: { boards: 1, lists: 3, cards: 4, checklistItems: 3, comments: 2 },
    });
    const board = (await boardsOf(admin, meeting.id)).find((b) => b.name === 'Product launch')!;
    expect(board).toBeDefined();
    const detail = await detailOf(admin, board.id);
    expect(detail.lists.map((list) => list.name)).toEqual(['Backlog', 'Doing', 'Done']);
    expect(detail.labels.filter((l) => l.boardId === board.id).map((l) => [l.name, l.color])).toEqual([
      ['Marketing', '#4BCE97'],
      ['Urgent', '#F87168'],
      ['', '#6CC3E0'],
    ]);
    const byTitle = new Map(detail.cards.map((card) => [card.title, card]));
    expect([...byTitle.keys()].sort()).toEqual(["'=cmd|' /C calc'!A0", 'Book venue', 'Ship v1', 'Write press release']);
    const listName = (id: string | null) => detail.lists.find((l) => l.id === id)?.name;
    const press = byTitle.get('Write press release')!;
    expect(listName(press.taskTypeId)).toBe('Doing');
    expect(press).toMatchObject({
      type: '4',
      status: '0',
      dueDate: '2026-02-10',
      userId: admin.userId,
      members: [admin.userId],
    });
    expect(press.labelIds).toHaveLength(2);
    expect(byTitle.get('Book venue')).toMatchObject({ userId: member.userId, members: [member.userId] });
    expect(byTitle.get('Ship v1')).toMatchObject({ status: '1', userId: member.userId, dueDate: '2026-01-20' });

    const task = (await admin.api.get<Task>(`/tasks/${press.id}`)).body.result;
    expect(task.description).toContain('<p>Draft the announcement.</p>');
    expect(task.description).not.toContain('<script');
    const lists = (await admin.api.get<Checklist[]>(`/tasks/${press.id}/checklists`)).body.result;
    expect(lists.map((l) => [l.title, l.items.map((i) => [i.title, i.status])])).toEqual([
      [
        'Steps',
        [
          ['Outline', '1'],
          ['Get quotes', '0'],
          ['Send to press', '0'],
        ],
      ],
    ]);
    const comments = (await admin.api.get<Activity[]>(`/tasks/${press.id}/activities`)).body.result;
    expect(
      comments.map((c) =>
        c.description
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    ).toEqual([
      `${importsMessages.commentBy('Ada Person', '2026-01-05')} First draft &lt;b&gt;ready&lt;/b&gt;.`,
      `${importsMessages.commentBy('Ben Person', '2026-01-06')} Second draft is in the doc.`,
    ]);
  });

  it('skips cards already on the board of that name, or adds what they lack (merge), and undoes either', async () => {
    const { admin, meeting } = await setup();
    const first = await send<ImportRecord>(admin, '/imports', TRELLO, trello(meeting.id, { skipInvalidRows: true }));
    expect(first.status).toBe(201);
    const skip = await send<ImportPreview>(admin, '/imports/preview', TRELLO, trello(meeting.id));
    expect(skip.body.result).toMatchObject({ create: { kpis: 0 }, merge: { kpis: 0 }, skip: { kpis: 4 } });
    expect(skip.body.result.board?.existingId).toBeTruthy();
    const nothing = await send(admin, '/imports', TRELLO, trello(meeting.id, { skipInvalidRows: true }));
    expect([nothing.status, nothing.body.message]).toEqual([400, importsMessages.previewNothing]);

    // Someone deletes the checklist of the press release: merging brings it back, with the comments.
    const board = (await boardsOf(admin, meeting.id)).find((b) => b.name === 'Product launch')!;
    const press = (await detailOf(admin, board.id)).cards.find((c) => c.title === 'Write press release')!;
    const [steps] = (await admin.api.get<Checklist[]>(`/tasks/${press.id}/checklists`)).body.result;
    expect((await admin.api.delete(`/checklists/${steps!.id}`)).status).toBe(200);
    const merge = await send<ImportPreview>(
      admin,
      '/imports/preview',
      TRELLO,
      trello(meeting.id, { duplicates: 'merge' }),
    );
    expect(merge.body.result).toMatchObject({ create: { kpis: 0 }, merge: { kpis: 4, values: 5 } });
    const merged = await send<ImportRecord>(
      admin,
      '/imports',
      TRELLO,
      trello(meeting.id, { duplicates: 'merge', skipInvalidRows: true }),
    );
    expect(merged.status).toBe(201);
    expect(merged.body.result.counts).toMatchObject({ boards: 0, cards: 0, checklistItems: 3, comments: 2 });
    expect((await admin.api.get<Checklist[]>(`/tasks/${press.id}/checklists`)).body.result).toHaveLength(1);
    expect((await admin.api.get<Activity[]>(`/tasks/${press.id}/activities`)).body.result).toHaveLength(4);

    const undone = await admin.api.post<ImportRecord>(`/imports/${merged.body.result.id}/undo`);
    expect(undone.status).toBe(200);
    expect((await admin.api.get<Checklist[]>(`/tasks/${press.id}/checklists`)).body.result).toHaveLength(0);
    expect((await admin.api.get<Activity[]>(`/tasks/${press.id}/activities`)).body.result).toHaveLength(2);
    expect(await cardCount(meeting.id)).toBe(4);
  });
});

describe('undoing a board import', () => {
  it('deletes the board and its cards, once; refused after a card was changed or added', async () => {
    const { admin, meeting } = await setup();
    const boardsBefore = (await boardsOf(admin, meeting.id)).length;
    const done = await send<ImportRecord>(admin, '/imports', TRELLO, trello(meeting.id, { skipInvalidRows: true }));
    const undone = await admin.api.post<ImportRecord>(`/imports/${done.body.result.id}/undo`);
    expect([undone.status, undone.body.result.status]).toEqual([200, 'undone']);
    expect(await cardCount(meeting.id)).toBe(0);
    expect((await boardsOf(admin, meeting.id)).length).toBe(boardsBefore);
    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(409);

    const again = await send<ImportRecord>(admin, '/imports', TRELLO, trello(meeting.id, { skipInvalidRows: true }));
    const board = (await boardsOf(admin, meeting.id)).find((b) => b.name === 'Product launch')!;
    const detail = await detailOf(admin, board.id);
    const venue = detail.cards.find((c) => c.title === 'Book venue')!;
    expect((await admin.api.patch(`/tasks/${venue.id}`, { title: 'Book the venue' })).status).toBe(200);
    const refused = await admin.api.post(`/imports/${again.body.result.id}/undo`);
    expect([refused.status, refused.body.message]).toEqual([409, importsMessages.undoChanged]);
    expect(await cardCount(meeting.id)).toBe(4);

    // A checklist of an imported card deleted is a change too.
    const fourth = await setup();
    const made = await send<ImportRecord>(
      fourth.admin,
      '/imports',
      TRELLO,
      trello(fourth.meeting.id, { skipInvalidRows: true }),
    );
    const fourthBoard = (await boardsOf(fourth.admin, fourth.meeting.id)).find((b) => b.name === 'Product launch')!;
    const press = (await detailOf(fourth.admin, fourthBoard.id)).cards.find((c) => c.title === 'Write press release')!;
    const [steps] = (await fourth.admin.api.get<Checklist[]>(`/tasks/${press.id}/checklists`)).body.result;
    expect((await fourth.admin.api.delete(`/checklists/${steps!.id}`)).status).toBe(200);
    expect((await fourth.admin.api.post(`/imports/${made.body.result.id}/undo`)).status).toBe(409);
    expect(await cardCount(fourth.meeting.id)).toBe(4);

    const third = await setup();
    const other = await send<ImportRecord>(
      third.admin,
      '/imports',
      TRELLO,
      trello(third.meeting.id, { skipInvalidRows: true }),
    );
    const otherBoard = (await boardsOf(third.admin, third.meeting.id)).find((b) => b.name === 'Product launch')!;
    const added = await third.admin.api.post('/tasks', {
      title: 'Added later',
      userId: third.admin.userId,
      meetingIds: [third.meeting.id],
      boardId: otherBoard.id,
      taskTypeId: (await detailOf(third.admin, otherBoard.id)).lists[0]!.id,
      showInTasks: '0',
    });
    expect(added.status).toBe(201);
    expect((await third.admin.api.post(`/imports/${other.body.result.id}/undo`)).status).toBe(409);
  });
});

describe('a Planka board', () => {
  it('matches people by email, reads tasks as a checklist and comments, and refuses a card of no list', async () => {
    const { admin, member, meeting } = await setup();
    const file = planka(admin, member);
    const options = { kind: 'planka-board', meetingId: meeting.id };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, options, 'support.json');
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      rows: 3,
      create: { kpis: 2 },
      errorCount: 1,
      errors: [{ row: 3, reason: importsMessages.rowListMissing }],
      board: { name: 'Support', lists: 2, labels: 2, cards: 2, checklistItems: 2, comments: 1 },
    });
    expect(preview.body.result.people.map((p) => [p.source, p.matched?.id ?? null])).toEqual([
      [admin.email, admin.userId],
      [member.email, member.userId],
      ['dora@elsewhere.example', null],
    ]);
    const done = await send<ImportRecord>(admin, '/imports', file, { ...options, skipInvalidRows: true });
    expect(done.status).toBe(201);
    const board = (await boardsOf(admin, meeting.id)).find((b) => b.name === 'Support')!;
    const detail = await detailOf(admin, board.id);
    expect(detail.lists.map((l) => l.name)).toEqual(['Inbox', 'Solved']);
    const login = detail.cards.find((c) => c.title === 'Login fails on Safari')!;
    expect(login).toMatchObject({ dueDate: '2026-03-01', userId: admin.userId });
    expect([...login.members].sort()).toEqual([admin.userId, member.userId].sort());
    // Dora is nobody here: the card goes to the meeting's leader.
    expect(detail.cards.find((c) => c.title === 'How do I export?')).toMatchObject({
      status: '1',
      userId: admin.userId,
    });
    const lists = (await admin.api.get<Checklist[]>(`/tasks/${login.id}/checklists`)).body.result;
    expect(lists.map((l) => [l.title, l.items.length])).toEqual([[importsMessages.tasksChecklist, 2]]);
  });
});

describe('who may import a board', () => {
  it("gives 404 for another workspace's meeting or person, and 403 to a member; nothing is written", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreign = await send(mine.admin, '/imports', TRELLO, trello(theirs.meeting.id, { skipInvalidRows: true }));
    expect(foreign.status).toBe(404);
    const foreignPerson = await send(
      mine.admin,
      '/imports',
      TRELLO,
      trello(mine.meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': theirs.member.userId } }),
    );
    expect(foreignPerson.status).toBe(404);
    const asMember = await send(mine.member, '/imports', TRELLO, trello(mine.meeting.id, { skipInvalidRows: true }));
    expect(asMember.status).toBe(403);
    expect(await cardCount(theirs.meeting.id)).toBe(0);
    expect(await cardCount(mine.meeting.id)).toBe(0);

    const done = await send<ImportRecord>(
      theirs.admin,
      '/imports',
      TRELLO,
      trello(theirs.meeting.id, { skipInvalidRows: true }),
    );
    expect((await mine.admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(404);
    expect(await cardCount(theirs.meeting.id)).toBe(4);
  });
});

describe('who hears of a board import', () => {
  it("tells the meeting's people, not someone of the workspace outside it nor another workspace", async () => {
    const { admin, member, meeting } = await setup();
    const sam = await joinWorkspace(app, admin, { firstName: 'Sam' });
    const eve = (await setup()).admin;
    const sockets = await Promise.all([member, sam, eve].map((who) => connect(baseUrl, who.token)));
    const [benSocket, samSocket, eveSocket] = sockets;
    expect(await benSocket!.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await samSocket!.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
    expect(await eveSocket!.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
    const heard = (s: (typeof sockets)[number]) => s.received.filter((m) => m.type === 'board.changed');

    // A preview and a refused confirmation tell nobody.
    await send(admin, '/imports/preview', TRELLO, trello(meeting.id));
    await send(admin, '/imports', TRELLO, trello(meeting.id));
    await settle();
    expect(heard(benSocket!)).toEqual([]);

    expect((await send(admin, '/imports', TRELLO, trello(meeting.id, { skipInvalidRows: true }))).status).toBe(201);
    await eventually(() => heard(benSocket!).length > 0);
    await settle();
    expect(heard(samSocket!)).toEqual([]);
    expect(heard(eveSocket!)).toEqual([]);
    expect(eveSocket!.received).toEqual([]);
    for (const s of sockets) s.socket.close();
  });
});
