import type { DropResult } from '@hello-pangea/dnd';
import { messages } from '../../../shared/messages.ts';
import { isActive } from '../../../shared/tasks.ts';
import { fullName } from '../../meetings/client/meetings.format.ts';
import type { Card, DropTask } from '../../tasks/tasks.schemas.ts';
import type { Board, BoardDetail, BoardList } from '../boards.schemas.ts';

// Small pure helpers of the board screens. The card rules (active, lock, due colour) are in
// src/shared/tasks.ts; this file only decides how they show.

export const cardIsActive = (card: Pick<Card, 'type' | 'status'>) => isActive(card.type, card.status);

/** Where `id` lands in `ids` when dropped at `index` (it leaves its old place first). */
export const placeAt = (ids: string[], id: string, index: number): string[] => {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, id);
  return rest;
};

/**
 * Why a board cannot be archived or deleted, as far as the client can tell (document 2 §4,
 * §8): an agenda item points at it, it has active cards, or it is the meeting's last board.
 * Null when the server should be asked (it also checks the board's other meetings).
 */
export const removalBlocker = (
  board: Pick<Board, 'linkedToAgenda' | 'activeCardCount'>,
  boardsInMeeting: number,
): string | null => {
  // The server's order, so that both say the same thing.
  if (board.linkedToAgenda) return messages.boardLinkedToAgenda;
  if (board.activeCardCount > 0) return messages.boardHasActiveCards;
  if (boardsInMeeting <= 1) return messages.lastBoard;
  return null;
};

// Columns and drops of the board view

export type GroupBy = 'list' | 'user' | 'status';

/** The column of cards with neither owner nor members (grouped by user); nothing can be dropped on it. */
export const NOBODY = 'nobody';

export interface Column {
  key: string;
  title: string;
  cards: Card[];
  list?: BoardList;
  dropDisabled?: boolean;
}

const bySort = (a: Card, b: Card) => a.sort - b.sort;

const cardUsers = (card: Card) => [...new Set([...(card.userId ? [card.userId] : []), ...card.members])];

export const buildColumns = (detail: BoardDetail, groupBy: GroupBy): Column[] => {
  const lists = [...detail.lists].sort((a, b) => a.sort - b.sort);
  const listOrder = new Map(lists.map((list, index) => [list.id, index]));
  // Across lists (user and status groups) a card keeps its list's place, then its own.
  const byBoardOrder = (a: Card, b: Card) =>
    (listOrder.get(a.taskTypeId ?? '') ?? 0) - (listOrder.get(b.taskTypeId ?? '') ?? 0) || bySort(a, b);
  if (groupBy === 'status') {
    const cards = [...detail.cards].sort(byBoardOrder);
    return [
      { key: 'active', title: messages.groupActive, cards: cards.filter(cardIsActive) },
      { key: 'done', title: messages.groupDone, cards: cards.filter((c) => !cardIsActive(c)) },
    ];
  }
  if (groupBy === 'user') {
    const byUser = new Map<string, Card[]>();
    for (const card of [...detail.cards].sort(byBoardOrder)) {
      const users = cardUsers(card);
      for (const id of users.length ? users : [NOBODY]) byUser.set(id, [...(byUser.get(id) ?? []), card]);
    }
    const columns: Column[] = detail.people
      .filter((person) => !person.deleted || byUser.has(person.id))
      .map((person) => ({ key: person.id, title: fullName(person), cards: byUser.get(person.id) ?? [] }));
    const nobody = byUser.get(NOBODY);
    if (nobody) columns.push({ key: NOBODY, title: messages.groupNobody, cards: nobody, dropDisabled: true });
    return columns;
  }
  const byList = new Map<string, Card[]>(lists.map((list) => [list.id, []]));
  for (const card of detail.cards) if (card.taskTypeId) byList.get(card.taskTypeId)?.push(card);
  return lists.map((list) => ({
    key: list.id,
    title: list.name,
    list,
    cards: (byList.get(list.id) ?? []).sort(bySort),
  }));
};

/**
 * What one drop means (document 2 §4): ignored (no destination, the same spot, or a place where
 * order is not kept), refused on the client with the spec's text, or the `PATCH tasks/{id}/drop`
 * body with the board as it looks after it (the optimistic update).
 */
export const planDrop = (
  columns: Column[],
  groupBy: GroupBy,
  result: Pick<DropResult, 'source' | 'destination' | 'draggableId'>,
):
  | { kind: 'ignore' }
  | { kind: 'refuse'; message: string }
  | { kind: 'drop'; cardId: string; body: DropTask; optimistic: (detail: BoardDetail) => BoardDetail } => {
  const { source, destination, draggableId } = result;
  // document 2 §4: no destination, or the same spot, is ignored.
  if (!destination) return { kind: 'ignore' };
  if (source.droppableId === destination.droppableId && source.index === destination.index) return { kind: 'ignore' };
  const cardId = draggableId.split('::')[1] ?? '';
  const from = source.droppableId.slice(source.droppableId.indexOf(':') + 1);
  const to = destination.droppableId.slice(destination.droppableId.indexOf(':') + 1);
  const target = columns.find((column) => column.key === to);
  const card = columns.find((column) => column.key === from)?.cards.find((c) => c.id === cardId);
  if (!target || !card) return { kind: 'ignore' };

  if (groupBy === 'list') {
    const orderedIds = placeAt(
      target.cards.map((c) => c.id),
      cardId,
      destination.index,
    );
    const position = new Map(orderedIds.map((id, index) => [id, index]));
    return {
      kind: 'drop',
      cardId,
      body: { taskTypeId: to, orderedIds },
      optimistic: (d) => ({
        ...d,
        cards: d.cards.map((c) =>
          position.has(c.id)
            ? { ...c, sort: position.get(c.id) ?? c.sort, taskTypeId: c.id === cardId ? to : c.taskTypeId }
            : c,
        ),
      }),
    };
  }
  if (groupBy === 'status') {
    // Within Active or Done the order follows the lists.
    if (from === to) return { kind: 'ignore' };
    if (to === 'active' && !cardIsActive(card)) return { kind: 'refuse', message: messages.doneToActive };
    if (to === 'done' && card.isLocked) return { kind: 'refuse', message: messages.cardLocked };
    const column = to === 'done' ? 'done' : 'active';
    return {
      kind: 'drop',
      cardId,
      body: { column, orderedIds: [] },
      optimistic: (d) => ({
        ...d,
        cards: d.cards.map((c) => (c.id === cardId ? { ...c, status: column === 'done' ? '1' : '0' } : c)),
      }),
    };
  }
  // Grouped by user: the card leaves `from` for `to`; owner and membership follow.
  if (from === to || to === NOBODY || from === NOBODY) return { kind: 'ignore' };
  return {
    kind: 'drop',
    cardId,
    body: { fromUserId: from, toUserId: to, orderedIds: [] },
    optimistic: (d) => ({
      ...d,
      cards: d.cards.map((c) => {
        if (c.id !== cardId) return c;
        const members = [...new Set(c.members.map((m) => (m === from ? to : m)))];
        if (c.userId === from && !members.includes(to)) members.push(to);
        return { ...c, userId: c.userId === from ? to : c.userId, members };
      }),
    }),
  };
};
