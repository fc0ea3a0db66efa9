import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { cardDateLine } from '../../tasks/client/tasks.format.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../boards.messages.ts';
import type { BoardDetail } from '../boards.schemas.ts';
import {
  boardOrder,
  buildColumns,
  type Column,
  columnKeysOf,
  type GroupBy,
  NOBODY,
  placeAt,
  planDrop,
  removalBlocker,
  shownLimits,
  withCards,
  withPage,
} from './boards.format.ts';

// The pure rules of the board screens: where a dropped id lands, what a drop means, how cards
// group, when a board cannot be removed, and the Due:/Created: line.

const OLGA = '00000000-0000-4000-8000-000000000001';
const BEA = '00000000-0000-4000-8000-000000000002';

const card = (id: string, overrides: Partial<Card> = {}): Card => ({
  id,
  title: id,
  type: '4',
  status: '0',
  shownStatus: '0',
  dueDate: null,
  reminder: 'none',
  userId: OLGA,
  meetingIds: [],
  boardId: 'b',
  taskTypeId: 'l1',
  members: [OLGA],
  labelIds: [],
  showInTasks: '0',
  quarterId: null,
  sort: 0,
  isLocked: false,
  repeats: false,
  completedAt: null,
  completedInSessionId: null,
  sourceTaskId: null,
  hasDescription: false,
  checklist: { done: 0, total: 0 },
  milestones: { done: 0, total: 0, next: null },
  attachmentCount: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  createdBy: OLGA,
  changedAt: '2026-03-02T10:00:00.000Z',
  changedBy: OLGA,
  ...overrides,
});

const LISTS = [
  { id: 'l2', boardId: 'b', name: 'Doing', sort: 1 },
  { id: 'l1', boardId: 'b', name: 'To Do', sort: 0 },
];

/** A board view as the server answers it: `limit` cards of each column, every column's count. */
const detail = (cards: Card[], groupBy: GroupBy = 'list', limit = 20): BoardDetail => {
  const columns = new Map<string, Card[]>();
  for (const c of [...cards].sort(boardOrder(LISTS)))
    for (const key of columnKeysOf(c, groupBy)) columns.set(key, [...(columns.get(key) ?? []), c]);
  const groups = [...columns].map(([key, inColumn]) => ({
    key,
    count: inColumn.length,
    cardIds: inColumn.slice(0, limit).map((c) => c.id),
  }));
  const loaded = new Set(groups.flatMap((g) => g.cardIds));
  return {
    board: {
      id: 'b',
      name: 'Board',
      color: null,
      meetingIds: [],
      sort: 0,
      archived: false,
      cardCount: cards.length,
      activeCardCount: 0,
      linkedToAgenda: false,
      changedAt: '',
      changedBy: null,
      permissions: { canEdit: true },
    },
    lists: LISTS,
    groupBy,
    groups,
    cards: cards.filter((c) => loaded.has(c.id)),
    labels: [],
    people: [
      { id: BEA, firstName: 'Bea', lastName: 'Mate', image: null, deleted: false },
      { id: OLGA, firstName: 'Olga', lastName: 'Owner', image: null, deleted: false },
    ],
  };
};
const idsOf = (column: Column | undefined) => column?.cards.map((c) => c.id);

const drop = (from: string, fromIndex: number, to: string | null, toIndex: number, draggableId: string) => ({
  source: { droppableId: from, index: fromIndex },
  destination: to === null ? null : { droppableId: to, index: toIndex },
  draggableId,
});

describe('placeAt', () => {
  it('moves an id to the index it was dropped at, within or into a list', () => {
    expect(placeAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(placeAt(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(placeAt(['a', 'b'], 'x', 1)).toEqual(['a', 'x', 'b']);
    expect(placeAt(['a'], 'x', 9)).toEqual(['a', 'x']);
  });
});

describe('buildColumns', () => {
  const cards = [
    card('c2', { sort: 1 }),
    card('c1', { sort: 0 }),
    card('d1', { taskTypeId: 'l2', userId: BEA, members: [BEA, OLGA], status: '1' }),
    card('orphan', { userId: null, members: [], sort: 2 }),
  ];

  it('by list: the lists in their order, each with its cards by sort and its count', () => {
    const columns = buildColumns(detail(cards, 'list'));
    expect(columns.map((c) => c.title)).toEqual(['To Do', 'Doing']);
    expect(idsOf(columns[0])).toEqual(['c1', 'c2', 'orphan']);
    expect(idsOf(columns[1])).toEqual(['d1']);
    expect(columns.map((c) => c.count)).toEqual([3, 1]);
  });

  it('by user: a column per person holding the cards they own or are members of, then no one', () => {
    const columns = buildColumns(detail(cards, 'user'));
    expect(columns.map((c) => c.key)).toEqual([BEA, OLGA, NOBODY]);
    expect(idsOf(columns[0])).toEqual(['d1']);
    expect(idsOf(columns[1])).toEqual(['c1', 'c2', 'd1']);
    expect(columns[2]).toMatchObject({ title: boardsMessages.groupNobody, dropDisabled: true, count: 1 });
  });

  it('by status: Active and Done', () => {
    const columns = buildColumns(detail(cards, 'status'));
    expect(columns.map(idsOf)).toEqual([['c1', 'c2', 'orphan'], ['d1']]);
  });

  it('shows the cards loaded so far and counts them all', () => {
    const many = Array.from({ length: 30 }, (_, i) => card(`m${i}`, { sort: i }));
    const [todo, doing] = buildColumns(detail(many, 'list', 20));
    expect(todo).toMatchObject({ count: 30 });
    expect(idsOf(todo)).toEqual(many.slice(0, 20).map((c) => c.id));
    expect(doing).toMatchObject({ count: 0, cards: [] });
  });
});

describe('withCards, withPage and shownLimits (a board loaded a page at a time)', () => {
  const many = Array.from({ length: 30 }, (_, i) => card(`m${i}`, { sort: i }));
  const doing = [card('d0', { taskTypeId: 'l2', sort: 0 }), card('d1', { taskTypeId: 'l2', sort: 1 })];
  const board = detail([...many, ...doing], 'list', 20);
  const column = (view: BoardDetail, key: string) => buildColumns(view).find((c) => c.key === key);

  it('moves a changed card between columns, where the order puts it, and counts it', () => {
    const moved = withCards(board, {
      changed: [{ ...board.cards.find((c) => c.id === 'd1')!, taskTypeId: 'l1', sort: 3 }],
    });
    expect(column(moved, 'l2')).toMatchObject({ count: 1 });
    expect(idsOf(column(moved, 'l2'))).toEqual(['d0']);
    expect(column(moved, 'l1')).toMatchObject({ count: 31 });
    expect(idsOf(column(moved, 'l1'))?.slice(0, 6)).toEqual(['m0', 'm1', 'm2', 'm3', 'd1', 'm4']);
    expect(idsOf(column(moved, 'l1'))).toHaveLength(21);
  });

  it('counts a card entering past the loaded cards without showing it, unless it was dropped there', () => {
    const late = { ...board.cards.find((c) => c.id === 'd0')!, taskTypeId: 'l1', sort: 99 };
    const counted = withCards(board, { changed: [late] });
    expect(column(counted, 'l1')).toMatchObject({ count: 31 });
    expect(idsOf(column(counted, 'l1'))).not.toContain('d0');
    const dropped = withCards(board, { changed: [late], placed: { key: 'l1', id: 'd0' } });
    expect(idsOf(column(dropped, 'l1'))).toContain('d0');
  });

  it('adds a new card to a column shown whole, only counts it in one shown in part; removes cards', () => {
    const added = withCards(board, {
      added: [card('new1', { taskTypeId: 'l2', sort: 5 }), card('new2', { taskTypeId: 'l1', sort: 40 })],
    });
    expect(idsOf(column(added, 'l2'))).toEqual(['d0', 'd1', 'new1']);
    expect(column(added, 'l1')).toMatchObject({ count: 31 });
    expect(idsOf(column(added, 'l1'))).not.toContain('new2');
    const removed = withCards(board, { removedIds: ['d0', 'd1', 'unknown'] });
    expect(removed.groups.map((g) => g.key)).toEqual(['l1']);
    expect(removed.cards).toHaveLength(20);
    expect(column(removed, 'l2')).toMatchObject({ count: 0, cards: [] });
  });

  it('appends the next page of a column once, with the count the server gives', () => {
    const page = { key: 'l1', count: 31, offset: 18, cards: many.slice(18, 30) };
    const more = withPage(board, page);
    expect(idsOf(column(more, 'l1'))).toEqual(many.map((c) => c.id));
    expect(column(more, 'l1')?.count).toBe(31);
    expect(more.cards).toHaveLength(32);
  });

  it('asks a refetch for as many cards as each column shows past the first page, and a page more when whole', () => {
    expect(shownLimits(board)).toBe('');
    expect(shownLimits(undefined)).toBe('');
    const part = withPage(board, { key: 'l1', count: 30, offset: 20, cards: many.slice(20, 25) });
    expect(shownLimits(part)).toBe('l1:25');
    // Shown whole: cards added meanwhile (at its end) come with the refetch.
    const whole = withPage(board, { key: 'l1', count: 30, offset: 20, cards: many.slice(20, 30) });
    expect(shownLimits(whole)).toBe('l1:50');
    const twenty = detail(many.slice(0, 20), 'list');
    expect(shownLimits(twenty)).toBe('l1:40');
  });
});

describe('planDrop', () => {
  const cards = [
    card('a', { sort: 0 }),
    card('b', { sort: 1 }),
    card('done', { taskTypeId: 'l2', status: '1' }),
    card('locked', { taskTypeId: 'l2', isLocked: true }),
  ];

  it('ignores a drop without destination or at the same spot (document 2 §4)', () => {
    const columns = buildColumns(detail(cards));
    expect(planDrop(columns, 'list', drop('list:l1', 0, null, 0, 'l1::a'))).toEqual({ kind: 'ignore' });
    expect(planDrop(columns, 'list', drop('list:l1', 1, 'list:l1', 1, 'l1::b'))).toEqual({ kind: 'ignore' });
  });

  it('by list: sends the target list in its new order and shows it at once', () => {
    const board = detail(cards);
    const columns = buildColumns(board);
    const plan = planDrop(columns, 'list', drop('list:l1', 1, 'list:l2', 0, 'l1::b'));
    expect(plan.kind).toBe('drop');
    if (plan.kind !== 'drop') return;
    expect(plan.cardId).toBe('b');
    expect(plan.body).toEqual({ taskTypeId: 'l2', orderedIds: ['b', 'done', 'locked'] });
    const after = plan.optimistic(board);
    expect(after.cards.find((c) => c.id === 'b')).toMatchObject({ taskTypeId: 'l2', sort: 0 });
    const moved = buildColumns(after);
    expect(idsOf(moved[0])).toEqual(['a']);
    expect(idsOf(moved[1])).toEqual(['b', 'done', 'locked']);
    expect(moved.map((c) => c.count)).toEqual([1, 3]);
    // The other views of the board (grouped by status here) follow too.
    const byStatus = plan.optimistic(detail(cards, 'status'));
    expect(byStatus.cards.find((c) => c.id === 'b')).toMatchObject({ taskTypeId: 'l2' });

    const reorder = planDrop(columns, 'list', drop('list:l1', 1, 'list:l1', 0, 'l1::b'));
    expect(reorder.kind === 'drop' && reorder.body).toEqual({ taskTypeId: 'l1', orderedIds: ['b', 'a'] });
  });

  it('by list: a card loaded by "Show more" drops at the end of what a list shows', () => {
    const many = Array.from({ length: 30 }, (_, i) => card(`m${i}`, { sort: i }));
    const doing = Array.from({ length: 25 }, (_, i) => card(`d${i}`, { taskTypeId: 'l2', sort: i }));
    const board = withPage(detail([...many, ...doing], 'list', 20), {
      key: 'l1',
      count: 30,
      offset: 20,
      cards: many.slice(20),
    });
    const columns = buildColumns(board);
    // m27 (loaded later) to the end of Doing, which shows its first 20 of 25.
    const plan = planDrop(columns, 'list', drop('list:l1', 27, 'list:l2', 20, 'l1::m27'));
    if (plan.kind !== 'drop') throw new Error(plan.kind);
    expect(plan.body).toEqual({ taskTypeId: 'l2', orderedIds: [...doing.slice(0, 20).map((c) => c.id), 'm27'] });
    const after = buildColumns(plan.optimistic(board));
    expect(after[0]).toMatchObject({ count: 29 });
    expect(idsOf(after[0])).not.toContain('m27');
    expect(after[1]).toMatchObject({ count: 26 });
    expect(idsOf(after[1])?.at(-1)).toBe('m27');
  });

  it('by status: done to active is refused with the spec text; a locked card cannot go to done', () => {
    const columns = buildColumns(detail(cards, 'status'));
    expect(planDrop(columns, 'status', drop('status:done', 0, 'status:active', 0, 'done::done'))).toEqual({
      kind: 'refuse',
      message: messages.doneToActive,
    });
    const lockedIndex = columns[0]!.cards.findIndex((c) => c.id === 'locked');
    expect(planDrop(columns, 'status', drop('status:active', lockedIndex, 'status:done', 0, 'active::locked'))).toEqual(
      { kind: 'refuse', message: messages.cardLocked },
    );
    const plan = planDrop(columns, 'status', drop('status:active', 0, 'status:done', 1, 'active::a'));
    expect(plan.kind === 'drop' && plan.body).toEqual({ column: 'done', orderedIds: [] });
    // Reordering inside Active means nothing.
    expect(planDrop(columns, 'status', drop('status:active', 0, 'status:active', 1, 'active::a'))).toEqual({
      kind: 'ignore',
    });
  });

  it('by user: owner and membership move from one person to the other', () => {
    const board = detail(cards, 'user');
    const columns = buildColumns(board);
    const plan = planDrop(columns, 'user', drop(`user:${OLGA}`, 0, `user:${BEA}`, 0, `${OLGA}::a`));
    expect(plan.kind).toBe('drop');
    if (plan.kind !== 'drop') return;
    expect(plan.body).toEqual({ fromUserId: OLGA, toUserId: BEA, orderedIds: [] });
    const after = plan.optimistic(board);
    expect(after.cards.find((c) => c.id === 'a')).toMatchObject({ userId: BEA, members: [BEA] });
    expect(idsOf(buildColumns(after)[0])).toEqual(['a']);
    expect(planDrop(columns, 'user', drop(`user:${OLGA}`, 0, `user:${OLGA}`, 1, `${OLGA}::a`))).toEqual({
      kind: 'ignore',
    });
  });

  it('by user: a card of No one dragged to a person gets them as owner and member; nothing drops on No one', () => {
    const board = detail([...cards, card('orphan', { userId: null, members: [] })], 'user');
    const columns = buildColumns(board);
    expect(columns.map((c) => c.key)).toEqual([BEA, OLGA, NOBODY]);
    const plan = planDrop(columns, 'user', drop(`user:${NOBODY}`, 0, `user:${OLGA}`, 0, `${NOBODY}::orphan`));
    if (plan.kind !== 'drop') throw new Error(plan.kind);
    expect(plan.body).toEqual({ toUserId: OLGA, orderedIds: [] });
    const after = buildColumns(plan.optimistic(board));
    expect(after.map((c) => c.key)).toEqual([BEA, OLGA]);
    expect(idsOf(after[1])).toContain('orphan');
    expect(after[1]!.count).toBe(5);
    expect(planDrop(columns, 'user', drop(`user:${OLGA}`, 0, `user:${NOBODY}`, 0, `${OLGA}::a`))).toEqual({
      kind: 'ignore',
    });
  });
});

describe('removalBlocker', () => {
  const board = { linkedToAgenda: false, activeCardCount: 0 };
  it('says why, in the server’s order, or null when the server should be asked', () => {
    expect(removalBlocker({ linkedToAgenda: true, activeCardCount: 3 }, 1)).toBe(boardsMessages.boardLinkedToAgenda);
    expect(removalBlocker({ ...board, activeCardCount: 3 }, 1)).toBe(boardsMessages.boardHasActiveCards);
    expect(removalBlocker(board, 1)).toBe(boardsMessages.lastBoard);
    expect(removalBlocker(board, 2)).toBeNull();
  });
});

describe('cardDateLine', () => {
  const today = '2026-03-10';
  it('shows Due: in the due colour for an action item with a due date', () => {
    expect(cardDateLine(card('x', { dueDate: '2026-03-09', showInTasks: '1' }), today, 'UTC')).toEqual({
      kind: 'due',
      text: messages.taskDue('Mar 9, 2026'),
      colour: 'red',
    });
    expect(cardDateLine(card('x', { dueDate: '2026-03-12', showInTasks: '1' }), today, 'UTC').colour).toBe('yellow');
    expect(cardDateLine(card('x', { dueDate: '2026-03-13', showInTasks: '1' }), today, 'UTC').colour).toBe('grey');
    expect(cardDateLine(card('x', { dueDate: '2026-03-09', showInTasks: '1', status: '1' }), today, 'UTC').colour).toBe(
      'green',
    );
  });

  it('shows Created: when there is no valid due date or the card is not in action items', () => {
    expect(cardDateLine(card('x', { dueDate: '2026-03-09' }), today, 'UTC')).toMatchObject({
      kind: 'created',
      text: messages.taskCreated('Mar 2, 2026'),
      colour: 'red',
    });
    expect(cardDateLine(card('x', { dueDate: 'Invalid date', showInTasks: '1' }), today, 'UTC')).toMatchObject({
      kind: 'created',
      colour: 'grey',
    });
  });
});
