import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { statementCountingApp, testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import {
  agendaItems,
  attachments,
  boardLists,
  boards as boardsTable,
  taskMembers,
  tasks,
} from '../../../db/schema/index.ts';
import { success } from '../../../server/http.ts';
import { type Card, type Task, ZCard } from '../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../boards.messages.ts';
import {
  type Board,
  type BoardColumnPage,
  type BoardDetail,
  type BoardList,
  type Label,
  ZBoardColumnPage,
  ZBoardDetail,
  ZBoardGroup,
} from '../boards.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const setup = async () => {
  const admin = await signUp(app, { firstName: 'Ada' });
  const member = await joinWorkspace(app, admin, { firstName: 'Ben' });
  const meeting = await createMeeting(admin, [member.userId]);
  const make = async (name: string, lists: string[] = ['To do', 'Doing']) =>
    (await admin.api.post<Board>('/boards', { name, meetingIds: [meeting.id], lists })).body.result;
  return { admin, member, meeting, make };
};

const card = async (who: SignedUp, listId: string, extra: Record<string, unknown> = {}) =>
  (await who.api.post<Task>('/tasks', { title: 'Card', userId: who.userId, taskTypeId: listId, ...extra })).body.result;

describe('boards', () => {
  it('creates a board with lists for a meeting and lists the meeting’s boards in order', async () => {
    const { admin, member, meeting, make } = await setup();
    const first = await make('Sprint');
    const second = await make('Backlog');
    expect(first).toMatchObject({ name: 'Sprint', meetingIds: [meeting.id], archived: false, cardCount: 0 });
    const listed = (await member.api.get<Board[]>(`/meetings/${meeting.id}/boards`)).body.result;
    expect(listed.map((b) => b.name)).toEqual(['Sprint', 'Backlog']);
    expect(listed[0]!.permissions.canEdit).toBe(false);
    await admin.api.put('/boards/order', { boardIds: [second.id, first.id] });
    const reordered = (await member.api.get<Board[]>(`/meetings/${meeting.id}/boards`)).body.result;
    expect(reordered.map((b) => b.name)).toEqual(['Backlog', 'Sprint']);
    const lists = (await admin.api.get<BoardList[]>(`/boards/${first.id}/task-types`)).body.result;
    await admin.api.put(`/boards/${first.id}/task-types-order`, { listIds: [lists[1]!.id, lists[0]!.id] });
    const after = (await admin.api.get<BoardList[]>(`/boards/${first.id}/task-types`)).body.result;
    expect(after.map((l) => l.name)).toEqual(['Doing', 'To do']);
  });

  it('lets only leaders and workspace admins manage boards and lists', async () => {
    const { admin, member, meeting, make } = await setup();
    const board = await make('Sprint');
    expect((await member.api.post('/boards', { name: 'x', meetingIds: [meeting.id] })).status).toBe(403);
    expect((await member.api.patch(`/boards/${board.id}`, { name: 'x' })).status).toBe(403);
    expect((await member.api.post('/task-types', { boardId: board.id, name: 'x' })).status).toBe(403);
    expect((await admin.api.post('/task-types', { boardId: board.id, name: 'Done' })).status).toBe(201);
    expect((await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result).toHaveLength(3);
  });

  it('refuses to remove the last board of a meeting', async () => {
    const { admin, make } = await setup();
    const only = await make('Only', []);
    const answer = await admin.api.delete(`/boards/${only.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Last board cannot be removed');
    expect((await admin.api.patch(`/boards/${only.id}`, { archived: true })).body.message).toBe(
      'Last board cannot be removed',
    );
  });

  it('refuses to archive a board with active cards; archives it once they are done; deletes an empty one', async () => {
    const { admin, make } = await setup();
    await make('Keep');
    const board = await make('Sprint');
    const [list] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const task = await card(admin, list!.id);
    const refused = await admin.api.patch(`/boards/${board.id}`, { archived: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Please finish all active cards before archiving the board');
    expect((await admin.api.delete(`/boards/${board.id}`)).status).toBe(409);

    await admin.api.patch(`/tasks/${task.id}`, { status: '1' });
    const removed = await admin.api.delete<{ action: string }>(`/boards/${board.id}`);
    expect(removed.body.result.action).toBe('archived');
    const [row] = await app.database.db.select().from(boardsTable).where(eq(boardsTable.id, board.id));
    expect(row?.archivedAt).not.toBeNull();

    const empty = await make('Empty', []);
    expect((await admin.api.delete<{ action: string }>(`/boards/${empty.id}`)).body.result.action).toBe('deleted');
    expect(await app.database.db.select().from(boardsTable).where(eq(boardsTable.id, empty.id))).toEqual([]);
  });

  it('refuses to remove a board linked to an agenda item until it is unlinked', async () => {
    const { admin, meeting, make } = await setup();
    await make('Keep');
    const board = await make('Linked', []);
    const agenda = await admin.api.get<
      { title: string; keyName: string; duration: number; checked: boolean; embedUrl: string | null }[]
    >(`/meetings/${meeting.id}/agenda-items`);
    const saved = await admin.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [
        // Sent back as read, embedUrl null included.
        ...agenda.body.result.map(({ title, keyName, duration, checked, embedUrl }) => ({
          title,
          keyName,
          duration,
          checked,
          embedUrl,
        })),
        { title: 'Board', keyName: 'accountability_board', duration: 5, checked: true, boardId: board.id },
      ],
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ status: 'success' });
    const refused = await admin.api.delete(`/boards/${board.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(boardsMessages.boardLinkedToAgenda);
    await app.database.db.update(agendaItems).set({ boardId: null }).where(eq(agendaItems.meetingId, meeting.id));
    expect((await admin.api.delete(`/boards/${board.id}`)).status).toBe(200);
  });

  it('deleting a list keeps its action items off the board and deletes its other cards', async () => {
    const { admin, make } = await setup();
    const board = await make('Sprint');
    const [list] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const item = await card(admin, list!.id, { title: 'Action item' });
    const plain = await card(admin, list!.id, { title: 'Board only', showInTasks: '0' });
    expect((await admin.api.delete(`/task-types/${list!.id}`)).status).toBe(200);
    expect((await admin.api.get<Task>(`/tasks/${item.id}`)).body.result).toMatchObject({
      boardId: null,
      taskTypeId: null,
    });
    expect((await admin.api.get(`/tasks/${plain.id}`)).status).toBe(404);
  });

  it('labels default to #C2CDD8 and only the board’s or workspace labels go on its cards', async () => {
    const { admin, make } = await setup();
    const board = await make('Sprint');
    const other = await make('Other');
    const [list] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const label = (await admin.api.post<Label>('/labels', { name: 'Urgent', boardId: board.id })).body.result;
    expect(label.color).toBe('#C2CDD8');
    const foreign = (await admin.api.post<Label>('/labels', { name: 'x', boardId: other.id })).body.result;
    const task = await card(admin, list!.id);
    expect((await admin.api.patch<Task>(`/tasks/${task.id}`, { labelIds: [label.id] })).body.result.labelIds).toEqual([
      label.id,
    ]);
    expect((await admin.api.patch(`/tasks/${task.id}`, { labelIds: [foreign.id] })).status).toBe(400);
  });

  it('hides boards from other workspaces and from people outside their meetings (404, nothing changed)', async () => {
    const { admin, make } = await setup();
    const board = await make('Secret');
    const outsider = await joinWorkspace(app, admin);
    const stranger = await signUp(app);
    for (const who of [outsider, stranger]) {
      expect((await who.api.get(`/boards/${board.id}`)).status).toBe(404);
      expect((await who.api.patch(`/boards/${board.id}`, { name: 'Hacked' })).status).toBe(404);
      expect((await who.api.delete(`/boards/${board.id}`)).status).toBe(404);
      expect((await who.api.post('/task-types', { boardId: board.id, name: 'x' })).status).toBe(404);
      expect((await who.api.put('/boards/order', { boardIds: [board.id] })).status).toBe(404);
    }
    const [row] = await app.database.db.select().from(boardsTable).where(eq(boardsTable.id, board.id));
    expect(row?.name).toBe('Secret');
  });
});

describe('the board call', () => {
  it('returns lists and cards with members, labels and checklist progress, filtered', async () => {
    const { admin, member, make } = await setup();
    const board = await make('Sprint');
    const [doing, done] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const a = await card(admin, doing!.id, {
      title: 'Write spec',
      description: '<p>the API</p>',
      dueDate: '2020-01-01',
    });
    await card(admin, done!.id, { title: 'Ship', status: '1', members: [member.userId] });
    await admin.api.post('/checklists', { taskId: a.id, title: 'c' });
    const detail = (await member.api.get<BoardDetail>(`/boards/${board.id}`)).body.result;
    expect(detail.lists.map((l) => l.name)).toEqual(['To do', 'Doing']);
    expect(detail.cards.map((c) => c.title).sort()).toEqual(['Ship', 'Write spec']);
    expect(detail.people.map((p) => p.firstName).sort()).toEqual(['Ada', 'Ben']);

    const search = (await member.api.get<BoardDetail>(`/boards/${board.id}?search=api`)).body.result;
    expect(search.cards.map((c) => c.title)).toEqual(['Write spec']);
    const active = (await member.api.get<BoardDetail>(`/boards/${board.id}?state=active`)).body.result;
    expect(active.cards.map((c) => c.title)).toEqual(['Write spec']);
    const overdue = (await member.api.get<BoardDetail>(`/boards/${board.id}?due=overdue`)).body.result;
    expect(overdue.cards.map((c) => c.title)).toEqual(['Write spec']);
    const byMember = (await member.api.get<BoardDetail>(`/boards/${board.id}?memberIds=${member.userId}`)).body.result;
    expect(byMember.cards.map((c) => c.title)).toEqual(['Ship']);
  });

  it('answers what ZBoardDetail says, each card field for field as the card call shows it', async () => {
    // The board's cards are JSON written by PostgreSQL and not re-validated on the way out
    // (docs/decisions/014): this keeps them to the schema and to the card call's shape.
    const { admin, member, make } = await setup();
    const board = await make('Contract');
    const [todo, doing] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const label = (await admin.api.post<Label>('/labels', { name: 'Urgent', boardId: board.id })).body.result;
    const tricky = await card(admin, todo!.id, {
      title: 'Quotes " and \\ back\\slash, tab\t, “curly”, emoji 🚀, <b>tags</b> & ünïcode',
      description: '<p>words</p>',
      members: [admin.userId, member.userId],
      labelIds: [label.id],
      dueDate: '2026-03-01',
      reminder: 'weekly',
    });
    const overdueGoal = await card(admin, doing!.id, { title: 'Goal', type: '1', dueDate: '2020-01-01' });
    const done = await card(admin, doing!.id, { title: 'Done', status: '1', showInTasks: '0' });
    const headline = await card(member, todo!.id, { title: 'Headline', type: '3', isLocked: true });
    const checklist = (await admin.api.post<{ id: string }>('/checklists', { taskId: tricky.id, title: 'c' })).body
      .result;
    await admin.api.post('/checklist-items', { checklistId: checklist.id, title: 'one', status: '1' });
    await admin.api.post('/checklist-items', { checklistId: checklist.id, title: 'two' });
    await app.database.db.insert(attachments).values(
      [1, 2].map((n) => ({
        tenantId: admin.tenantId,
        taskId: overdueGoal.id,
        fileName: `${n}.txt`,
        mimeType: 'text/plain',
        size: 1,
        storageKey: `contract-${n}-${overdueGoal.id}`,
      })),
    );

    const answer = await member.api.get<BoardDetail>(`/boards/${board.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // Strict: no field more or less than the schema names.
    expect(() => success(ZBoardDetail).parse(answer.body)).not.toThrow();
    const strict = success(
      z.strictObject({
        ...ZBoardDetail.shape,
        board: z.strictObject(ZBoardDetail.shape.board.shape),
        groups: z.array(z.strictObject(ZBoardGroup.shape)),
        cards: z.array(z.strictObject(ZCard.shape)),
      }),
    );
    expect(() => strict.parse(answer.body)).not.toThrow();
    const detail = answer.body.result;
    expect(detail.cards).toHaveLength(4);
    expect(detail.groupBy).toBe('list');
    expect(detail.groups.map((g) => [g.key, g.count]).sort()).toEqual(
      [
        [todo!.id, 2],
        [doing!.id, 2],
      ].sort(),
    );
    // The column call's cards are the same cards, to the schema, strictly.
    const page = await member.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${doing!.id}`);
    expect(() =>
      success(z.strictObject({ ...ZBoardColumnPage.shape, cards: z.array(z.strictObject(ZCard.shape)) })).parse(
        page.body,
      ),
    ).not.toThrow();
    expect(page.body.result.cards).toEqual(detail.cards.filter((c) => c.taskTypeId === doing!.id));
    const sortedIds = (c: Card) => ({
      ...c,
      meetingIds: [...c.meetingIds].sort(),
      members: [...c.members].sort(),
      labelIds: [...c.labelIds].sort(),
    });
    for (const shown of detail.cards) {
      expect(Object.keys(shown)).toEqual(Object.keys(ZCard.shape));
      const full = (await member.api.get<Task>(`/tasks/${shown.id}`)).body.result;
      const asCardCall = Object.fromEntries(Object.keys(ZCard.shape).map((key) => [key, full[key as keyof Task]]));
      expect(sortedIds(shown)).toEqual(sortedIds(asCardCall as Card));
    }
    const byId = new Map(detail.cards.map((c) => [c.id, c]));
    expect(byId.get(tricky.id)!.title).toContain('Quotes " and \\ back\\slash');
    expect(byId.get(tricky.id)!.title).toContain('“curly”, emoji 🚀');
    expect(byId.get(tricky.id)).toMatchObject({
      hasDescription: true,
      checklist: { done: 1, total: 2 },
      labelIds: [label.id],
      reminder: 'weekly',
    });
    expect(byId.get(tricky.id)!.members.sort()).toEqual([admin.userId, member.userId].sort());
    expect(byId.get(overdueGoal.id)).toMatchObject({ status: '0', shownStatus: '4', attachmentCount: 2 });
    expect(byId.get(done.id)!.completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byId.get(headline.id)).toMatchObject({ isLocked: true, hasDescription: false, dueDate: null });
    // Ordered as the lists show them: by sort, then creation.
    const order = detail.cards.map((c) => [c.sort, c.createdAt] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
    // An empty board answers an empty list, not null.
    const empty = await make('Empty');
    expect((await admin.api.get<BoardDetail>(`/boards/${empty.id}`)).body.result.cards).toEqual([]);
  });

  it('uses the same number of SQL statements for 3 cards as for 600, in every grouping and for a column’s page', async () => {
    const { app: counted, database, statementsOf, close } = await statementCountingApp();
    try {
      const admin = await signUp(counted);
      const meeting = await createMeeting(admin, [], { title: 'M' });
      const board = (
        await admin.api.post<Board>('/boards', { name: 'Big', meetingIds: [meeting.id], lists: ['a', 'b', 'c'] })
      ).body.result;
      const lists = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
      const api = client(counted, admin.token);
      const statements = async () => {
        const counts: Record<string, number> = {};
        let shown = 0;
        for (const groupBy of ['list', 'user', 'status']) {
          const { result, count } = await statementsOf(() =>
            api.get<BoardDetail>(`/boards/${board.id}?groupBy=${groupBy}&limit=1000`),
          );
          counts[groupBy] = count;
          if (groupBy === 'list') shown = result.body.result.cards.length;
        }
        const page = await statementsOf(() =>
          api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${lists[0]!.id}&offset=1&limit=150`),
        );
        counts.page = page.count;
        return { counts, shown, paged: page.result.body.result.cards.length };
      };
      for (let i = 0; i < 3; i++) await card(admin, lists[i % 3]!.id);
      const small = await statements();
      // Many more cards, each with members and a label, written directly.
      const rows = Array.from({ length: 597 }, (_, i) => ({
        tenantId: admin.tenantId,
        title: `Card ${i}`,
        userId: admin.userId,
        boardId: board.id,
        boardListId: lists[i % 3]!.id,
        sort: i,
      }));
      const inserted = await database.db.insert(tasks).values(rows).returning({ id: tasks.id });
      await database.db.insert(taskMembers).values(inserted.map((t) => ({ taskId: t.id, userId: admin.userId })));
      const large = await statements();
      expect(small.shown).toBe(3);
      expect(large.shown).toBe(600);
      // Past the end of the small list: an empty page costs the same statements.
      expect(small.paged).toBe(0);
      expect(large.paged).toBe(150);
      expect(large.counts).toEqual(small.counts);
      expect(small.counts.list).toBeLessThanOrEqual(20);
    } finally {
      await close();
    }
  });
});

describe('board columns and pages', () => {
  /** A board whose first list holds `count` cards written directly (sort 0…count-1), the second three. */
  const bigBoard = async (count: number) => {
    const { admin, member, meeting, make } = await setup();
    const board = await make('Paged');
    const [first, second] = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result as [
      BoardList,
      BoardList,
    ];
    const inserted = await app.database.db
      .insert(tasks)
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenantId: admin.tenantId,
          title: `Card ${String(i).padStart(3, '0')}`,
          userId: admin.userId,
          boardId: board.id,
          boardListId: first.id,
          sort: i,
          // Every third card is done; every fifth is Ben's too.
          status: i % 3 === 2 ? '1' : '0',
        })),
      )
      .returning({ id: tasks.id, title: tasks.title });
    await app.database.db
      .insert(taskMembers)
      .values(
        inserted.flatMap((t, i) => [
          { taskId: t.id, userId: admin.userId },
          ...(i % 5 === 0 ? [{ taskId: t.id, userId: member.userId }] : []),
        ]),
      );
    for (const title of ['x', 'y', 'z']) await card(admin, second.id, { title });
    const ids = inserted.map((t) => t.id);
    return { admin, member, meeting, board, first, second, ids };
  };
  const groupOf = (detail: BoardDetail, key: string) => detail.groups.find((g) => g.key === key);

  it('sends the first 20 cards of each list with every list’s count; limit and limits ask for more', async () => {
    const { admin, board, first, second, ids } = await bigBoard(45);
    const detail = (await admin.api.get<BoardDetail>(`/boards/${board.id}`)).body.result;
    expect(groupOf(detail, first.id)).toEqual({ key: first.id, count: 45, cardIds: ids.slice(0, 20) });
    expect(groupOf(detail, second.id)?.count).toBe(3);
    expect(detail.cards).toHaveLength(23);
    expect(new Set(detail.cards.map((c) => c.id))).toEqual(
      new Set([...ids.slice(0, 20), ...groupOf(detail, second.id)!.cardIds]),
    );

    const five = (await admin.api.get<BoardDetail>(`/boards/${board.id}?limit=5`)).body.result;
    expect(groupOf(five, first.id)!.cardIds).toEqual(ids.slice(0, 5));
    expect(groupOf(five, second.id)!.cardIds).toHaveLength(3);
    // A refetch after "Show more" keeps what was loaded: 30 of the first list, the default elsewhere.
    const kept = (await admin.api.get<BoardDetail>(`/boards/${board.id}?limit=2&limits=${first.id}:30`)).body.result;
    expect(groupOf(kept, first.id)!.cardIds).toEqual(ids.slice(0, 30));
    expect(groupOf(kept, second.id)!.cardIds).toHaveLength(2);
    expect(kept.cards).toHaveLength(32);
    // A list asked for twice is still one column.
    const twice = (await admin.api.get<BoardDetail>(`/boards/${board.id}?limit=2&limits=${first.id}:4,${first.id}:6`))
      .body.result;
    expect(twice.groups.filter((g) => g.key === first.id)).toHaveLength(1);
    expect(groupOf(twice, first.id)!.cardIds).toHaveLength(6);
  });

  it('pages one list from an offset, in the list’s order, with its count as it is now', async () => {
    const { admin, board, first, ids } = await bigBoard(45);
    const page = (await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${first.id}&offset=20`)).body
      .result;
    expect(page).toMatchObject({ key: first.id, count: 45, offset: 20 });
    expect(page.cards.map((c) => c.id)).toEqual(ids.slice(20, 45));
    const small = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${first.id}&offset=40&limit=3`)
    ).body.result;
    expect(small.cards.map((c) => c.id)).toEqual(ids.slice(40, 43));
    const past = (await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${first.id}&offset=45`)).body
      .result;
    expect(past).toMatchObject({ count: 45, cards: [] });
    // By list, a status or person column holds nothing.
    const notAList = (await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=active`)).body.result;
    expect(notAList).toMatchObject({ key: 'active', count: 0, cards: [] });
  });

  it('applies every filter to the counts and to the pages', async () => {
    const { admin, member, board, first, ids } = await bigBoard(45);
    // Active: 30 of the 45 (every third is done).
    const activeIds = ids.filter((_, i) => i % 3 !== 2);
    const active = (await admin.api.get<BoardDetail>(`/boards/${board.id}?state=active`)).body.result;
    expect(groupOf(active, first.id)).toMatchObject({ count: 30, cardIds: activeIds.slice(0, 20) });
    const activePage = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${first.id}&offset=20&state=active`)
    ).body.result;
    expect(activePage.count).toBe(30);
    expect(activePage.cards.map((c) => c.id)).toEqual(activeIds.slice(20));
    // Search: "Card 01" matches Card 010…019.
    const search = (await admin.api.get<BoardDetail>(`/boards/${board.id}?search=Card%2001`)).body.result;
    expect(groupOf(search, first.id)).toMatchObject({ count: 10, cardIds: ids.slice(10, 20) });
    // Members: Ben is on every fifth card (9 of 45).
    const bens = (await admin.api.get<BoardDetail>(`/boards/${board.id}?memberIds=${member.userId}`)).body.result;
    expect(groupOf(bens, first.id)!.count).toBe(9);
    expect(bens.groups).toHaveLength(1);
    // Due: none of them has a due date.
    const late = (await admin.api.get<BoardDetail>(`/boards/${board.id}?due=overdue`)).body.result;
    expect(late.groups).toEqual([]);
    expect(late.cards).toEqual([]);
    const undated = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?group=${first.id}&offset=40&due=none`)
    ).body.result;
    expect(undated.count).toBe(45);
    expect(undated.cards).toHaveLength(5);
  });

  it('groups by user (owner and members, "No one" for neither) and by status, each with its counts and pages', async () => {
    const { admin, member, board, second, ids } = await bigBoard(45);
    // One card of the second list has nobody (its owner's account was removed from the database).
    const [orphan] = await app.database.db
      .insert(tasks)
      .values({ tenantId: admin.tenantId, title: 'Orphan', boardId: board.id, boardListId: second.id, sort: 9 })
      .returning({ id: tasks.id });
    const byUser = (await admin.api.get<BoardDetail>(`/boards/${board.id}?groupBy=user`)).body.result;
    expect(byUser.groupBy).toBe('user');
    // Ada owns all 48 other cards; Ben is a member of 9.
    expect(groupOf(byUser, admin.userId)).toMatchObject({ count: 48, cardIds: ids.slice(0, 20) });
    const bensIds = ids.filter((_, i) => i % 5 === 0);
    expect(groupOf(byUser, member.userId)).toEqual({ key: member.userId, count: 9, cardIds: bensIds });
    expect(groupOf(byUser, 'nobody')).toEqual({ key: 'nobody', count: 1, cardIds: [orphan!.id] });
    // A card in two columns comes once.
    expect(byUser.cards).toHaveLength(new Set([...ids.slice(0, 20), ...bensIds, orphan!.id]).size);
    // Ada's column goes on past the first list into the second, in the board's order.
    const adaPage = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?groupBy=user&group=${admin.userId}&offset=40`)
    ).body.result;
    expect(adaPage.count).toBe(48);
    expect(adaPage.cards.map((c) => c.title)).toEqual([
      ...ids.slice(40).map((_, i) => `Card ${String(40 + i).padStart(3, '0')}`),
      'x',
      'y',
      'z',
    ]);
    const nobodyPage = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?groupBy=user&group=nobody&state=active`)
    ).body.result;
    expect(nobodyPage.cards.map((c) => c.id)).toEqual([orphan!.id]);

    const byStatus = (await admin.api.get<BoardDetail>(`/boards/${board.id}?groupBy=status`)).body.result;
    expect(groupOf(byStatus, 'active')?.count).toBe(30 + 3 + 1);
    expect(groupOf(byStatus, 'done')).toMatchObject({ count: 15, cardIds: ids.filter((_, i) => i % 3 === 2) });
    const donePage = (
      await admin.api.get<BoardColumnPage>(`/boards/${board.id}/cards?groupBy=status&group=done&offset=10`)
    ).body.result;
    expect(donePage.cards.map((c) => c.id)).toEqual(ids.filter((_, i) => i % 3 === 2).slice(10));
  });

  it('refuses a column that no grouping has, and limits that do not parse (400)', async () => {
    const { admin, board } = await bigBoard(1);
    expect((await admin.api.get(`/boards/${board.id}/cards?group=everything`)).status).toBe(400);
    expect((await admin.api.get(`/boards/${board.id}/cards`)).status).toBe(400);
    expect((await admin.api.get(`/boards/${board.id}?limits=nobody:lots`)).status).toBe(400);
    expect((await admin.api.get(`/boards/${board.id}?limits=someone:3`)).status).toBe(400);
    expect((await admin.api.get(`/boards/${board.id}?groupBy=labels`)).status).toBe(400);
  });

  it('hides another workspace’s board and lists from the column call (404, nothing changed)', async () => {
    const { admin, board, first } = await bigBoard(3);
    const outsider = await joinWorkspace(app, admin);
    const stranger = await signUp(app);
    for (const who of [outsider, stranger]) {
      expect((await who.api.get(`/boards/${board.id}/cards?group=${first.id}`)).status).toBe(404);
      expect((await who.api.get(`/boards/${board.id}?limits=${first.id}:40`)).status).toBe(404);
    }
    // The stranger's own board does not open this board's list either.
    const strangerMeeting = await createMeeting(stranger, []);
    const own = (
      await stranger.api.post<Board>('/boards', { name: 'Mine', meetingIds: [strangerMeeting.id], lists: ['a'] })
    ).body.result;
    const peek = await stranger.api.get<BoardColumnPage>(`/boards/${own.id}/cards?group=${first.id}`);
    expect(peek.status).toBe(200);
    expect(peek.body.result).toMatchObject({ count: 0, cards: [] });
    const rows = await app.database.db.select().from(tasks).where(eq(tasks.boardListId, first.id));
    expect(rows.map((r) => r.title).sort()).toEqual(['Card 000', 'Card 001', 'Card 002']);
  });

  it('puts a card dropped into a list shown in part right after the card it follows; the others keep their places', async () => {
    const { admin, board, first, second, ids } = await bigBoard(30);
    const full = async () =>
      (await admin.api.get<BoardDetail>(`/boards/${board.id}?limit=1000`)).body.result.groups.find(
        (g) => g.key === first.id,
      )!.cardIds;
    const [moved] = (await admin.api.get<BoardDetail>(`/boards/${board.id}`)).body.result.groups.find(
      (g) => g.key === second.id,
    )!.cardIds;
    // The client shows the first 20 and drops "x" between the 5th and the 6th.
    const shown = [...ids.slice(0, 5), moved!, ...ids.slice(5, 20)];
    const answer = await admin.api.patch(`/tasks/${moved}/drop`, { taskTypeId: first.id, orderedIds: shown });
    expect(answer.status).toBe(200);
    expect(await full()).toEqual([...ids.slice(0, 5), moved, ...ids.slice(5)]);
    // Filtered (active only: every third card hidden), the 2nd shown card goes to the top.
    const active = ids.filter((_, i) => i % 3 !== 2);
    await admin.api.patch(`/tasks/${active[1]}/drop`, {
      taskTypeId: first.id,
      orderedIds: [active[1], active[0], ...active.slice(2, 20)],
    });
    expect(await full()).toEqual(
      [active[1], ...ids.slice(0, 5), moved, ...ids.slice(5)].filter((id, i, all) => all.indexOf(id) === i),
    );
  });
});

describe('board lists table', () => {
  it('keeps lists of a deleted board out (cascade)', async () => {
    const { admin, make } = await setup();
    await make('Keep');
    const board = await make('Empty');
    await admin.api.delete(`/boards/${board.id}`);
    expect(await app.database.db.select().from(boardLists).where(eq(boardLists.boardId, board.id))).toEqual([]);
  });
});
