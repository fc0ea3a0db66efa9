import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { cardDateLine } from '../../tasks/client/tasks.format.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';
import type { BoardDetail } from '../boards.schemas.ts';
import { buildColumns, NOBODY, placeAt, planDrop, removalBlocker } from './boards.format.ts';

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
  completedAt: null,
  hasDescription: false,
  checklist: { done: 0, total: 0 },
  attachmentCount: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  createdBy: OLGA,
  changedAt: '2026-03-02T10:00:00.000Z',
  changedBy: OLGA,
  ...overrides,
});

const detail = (cards: Card[]): BoardDetail => ({
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
  lists: [
    { id: 'l2', boardId: 'b', name: 'Doing', sort: 1 },
    { id: 'l1', boardId: 'b', name: 'To Do', sort: 0 },
  ],
  cards,
  labels: [],
  people: [
    { id: BEA, firstName: 'Bea', lastName: 'Mate', image: null, deleted: false },
    { id: OLGA, firstName: 'Olga', lastName: 'Owner', image: null, deleted: false },
  ],
});

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

  it('by list: the lists in their order, each with its cards by sort', () => {
    const columns = buildColumns(detail(cards), 'list');
    expect(columns.map((c) => c.title)).toEqual(['To Do', 'Doing']);
    expect(columns[0]!.cards.map((c) => c.id)).toEqual(['c1', 'c2', 'orphan']);
    expect(columns[1]!.cards.map((c) => c.id)).toEqual(['d1']);
  });

  it('by user: a column per person holding the cards they own or are members of, then no one', () => {
    const columns = buildColumns(detail(cards), 'user');
    expect(columns.map((c) => c.key)).toEqual([BEA, OLGA, NOBODY]);
    expect(columns[0]!.cards.map((c) => c.id)).toEqual(['d1']);
    expect(columns[1]!.cards.map((c) => c.id)).toEqual(['c1', 'c2', 'd1']);
    expect(columns[2]).toMatchObject({ title: messages.groupNobody, dropDisabled: true });
  });

  it('by status: Active and Done', () => {
    const columns = buildColumns(detail(cards), 'status');
    expect(columns.map((c) => c.cards.map((x) => x.id))).toEqual([['c1', 'c2', 'orphan'], ['d1']]);
  });
});

describe('planDrop', () => {
  const cards = [
    card('a', { sort: 0 }),
    card('b', { sort: 1 }),
    card('done', { taskTypeId: 'l2', status: '1' }),
    card('locked', { taskTypeId: 'l2', isLocked: true }),
  ];
  const board = detail(cards);

  it('ignores a drop without destination or at the same spot (document 2 §4)', () => {
    const columns = buildColumns(board, 'list');
    expect(planDrop(columns, 'list', drop('list:l1', 0, null, 0, 'l1::a'))).toEqual({ kind: 'ignore' });
    expect(planDrop(columns, 'list', drop('list:l1', 1, 'list:l1', 1, 'l1::b'))).toEqual({ kind: 'ignore' });
  });

  it('by list: sends the target list in its new order and shows it at once', () => {
    const columns = buildColumns(board, 'list');
    const plan = planDrop(columns, 'list', drop('list:l1', 1, 'list:l2', 0, 'l1::b'));
    expect(plan.kind).toBe('drop');
    if (plan.kind !== 'drop') return;
    expect(plan.cardId).toBe('b');
    expect(plan.body).toEqual({ taskTypeId: 'l2', orderedIds: ['b', 'done', 'locked'] });
    const after = plan.optimistic(board);
    expect(after.cards.find((c) => c.id === 'b')).toMatchObject({ taskTypeId: 'l2', sort: 0 });
    const moved = buildColumns(after, 'list');
    expect(moved[0]!.cards.map((c) => c.id)).toEqual(['a']);
    expect(moved[1]!.cards.map((c) => c.id)).toEqual(['b', 'done', 'locked']);

    const reorder = planDrop(columns, 'list', drop('list:l1', 1, 'list:l1', 0, 'l1::b'));
    expect(reorder.kind === 'drop' && reorder.body).toEqual({ taskTypeId: 'l1', orderedIds: ['b', 'a'] });
  });

  it('by status: done to active is refused with the spec text; a locked card cannot go to done', () => {
    const columns = buildColumns(board, 'status');
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
    const columns = buildColumns(board, 'user');
    const plan = planDrop(columns, 'user', drop(`user:${OLGA}`, 0, `user:${BEA}`, 0, `${OLGA}::a`));
    expect(plan.kind).toBe('drop');
    if (plan.kind !== 'drop') return;
    expect(plan.body).toEqual({ fromUserId: OLGA, toUserId: BEA, orderedIds: [] });
    expect(plan.optimistic(board).cards.find((c) => c.id === 'a')).toMatchObject({ userId: BEA, members: [BEA] });
    expect(planDrop(columns, 'user', drop(`user:${OLGA}`, 0, `user:${OLGA}`, 1, `${OLGA}::a`))).toEqual({
      kind: 'ignore',
    });
  });
});

describe('removalBlocker', () => {
  const board = { linkedToAgenda: false, activeCardCount: 0 };
  it('says why, in the server’s order, or null when the server should be asked', () => {
    expect(removalBlocker({ linkedToAgenda: true, activeCardCount: 3 }, 1)).toBe(messages.boardLinkedToAgenda);
    expect(removalBlocker({ ...board, activeCardCount: 3 }, 1)).toBe(messages.boardHasActiveCards);
    expect(removalBlocker(board, 1)).toBe(messages.lastBoard);
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
