import type { DropResult } from '@hello-pangea/dnd';
import { messages } from '../../../shared/messages.ts';
import { fullName } from '../../../shared/person.ts';
import { isActive } from '../../../shared/tasks.ts';
import type { Card, DropTask } from '../../tasks/tasks.schemas.ts';
import { BOARD_PAGE_SIZE, type BoardGrouping, NOBODY } from '../boards.grouping.ts';
import { boardsMessages } from '../boards.messages.ts';
import type { Board, BoardColumnPage, BoardDetail, BoardList } from '../boards.schemas.ts';

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
  if (board.linkedToAgenda) return boardsMessages.boardLinkedToAgenda;
  if (board.activeCardCount > 0) return boardsMessages.boardHasActiveCards;
  if (boardsInMeeting <= 1) return boardsMessages.lastBoard;
  return null;
};

// Columns and drops of the board view

export type GroupBy = BoardGrouping;
export { NOBODY };

export interface Column {
  key: string;
  title: string;
  /** The cards loaded so far, in the column's order. */
  cards: Card[];
  /** All of its cards that match the filters ("Show N more" loads the rest). */
  count: number;
  list?: BoardList;
  dropDisabled?: boolean;
}

/** The columns a card sits in (the server's rule, docs/decisions/018): its list; each of its people, or No one; Active or Done. */
export const columnKeysOf = (card: Card, groupBy: GroupBy): string[] => {
  if (groupBy === 'list') return card.taskTypeId ? [card.taskTypeId] : [];
  if (groupBy === 'status') return [cardIsActive(card) ? 'active' : 'done'];
  const users = [...new Set([...(card.userId ? [card.userId] : []), ...card.members])];
  return users.length ? users : [NOBODY];
};

/** The order of cards inside a column: their list's place on the board, then their own. */
export const boardOrder = (lists: BoardList[]) => {
  const place = new Map([...lists].sort((a, b) => a.sort - b.sort).map((list, index) => [list.id, index]));
  return (a: Card, b: Card) =>
    (place.get(a.taskTypeId ?? '') ?? -1) - (place.get(b.taskTypeId ?? '') ?? -1) || a.sort - b.sort;
};

export const buildColumns = (detail: BoardDetail): Column[] => {
  const cardsById = new Map(detail.cards.map((card) => [card.id, card]));
  const groups = new Map(detail.groups.map((group) => [group.key, group]));
  const column = (key: string, title: string, extra: Partial<Column> = {}): Column => {
    const group = groups.get(key);
    const cards = (group?.cardIds ?? []).flatMap((id) => cardsById.get(id) ?? []);
    return { key, title, cards, count: group?.count ?? 0, ...extra };
  };
  if (detail.groupBy === 'status')
    return [column('active', boardsMessages.groupActive), column('done', boardsMessages.groupDone)];
  if (detail.groupBy === 'user') {
    const columns = detail.people
      .filter((person) => !person.deleted || groups.has(person.id))
      .map((person) => column(person.id, fullName(person)));
    // Cards of No one can be dragged to a person; nothing can be dropped on No one.
    if (groups.has(NOBODY)) columns.push(column(NOBODY, boardsMessages.groupNobody, { dropDisabled: true }));
    return columns;
  }
  return [...detail.lists].sort((a, b) => a.sort - b.sort).map((list) => column(list.id, list.name, { list }));
};

/**
 * The board after cards changed (`changed`: their new state; only those this view has), were
 * added, or went (`removedIds`), as the client shows it until the server answers. A column loses
 * the cards that left it and gains those that entered it where the board's order puts them —
 * or, when that is past the cards it has loaded, only in its count. `placed` is a card the user
 * dropped into a column at a spot they chose: it shows there whatever its order says.
 */
export const withCards = (
  detail: BoardDetail,
  change: { changed?: Card[]; added?: Card[]; removedIds?: string[]; placed?: { key: string; id: string } },
): BoardDetail => {
  const before = new Map(detail.cards.map((card) => [card.id, card]));
  const changed = new Map((change.changed ?? []).filter((card) => before.has(card.id)).map((card) => [card.id, card]));
  const added = (change.added ?? []).filter((card) => !before.has(card.id));
  const removed = new Set((change.removedIds ?? []).filter((id) => before.has(id)));
  const cards = [
    ...detail.cards.flatMap((card) => (removed.has(card.id) ? [] : [changed.get(card.id) ?? card])),
    ...added,
  ];
  const after = new Map(cards.map((card) => [card.id, card]));
  const touched = [...changed.keys(), ...added.map((card) => card.id), ...removed];
  const keysIn = (map: Map<string, Card>, id: string) => {
    const card = map.get(id);
    return card ? columnKeysOf(card, detail.groupBy) : [];
  };
  const groups = new Map(detail.groups.map((group) => [group.key, group]));
  for (const id of touched)
    for (const key of keysIn(after, id)) if (!groups.has(key)) groups.set(key, { key, count: 0, cardIds: [] });
  const order = boardOrder(detail.lists);
  const next = [...groups.values()].map((group) => {
    // Where its loaded cards ended before the change: a card entering past it is not loaded.
    const complete = group.cardIds.length >= group.count;
    const last = before.get(group.cardIds.at(-1) ?? '');
    let count = group.count;
    const ids = new Set(group.cardIds);
    for (const id of touched) {
      const was = keysIn(before, id).includes(group.key);
      const is = keysIn(after, id).includes(group.key);
      if (was && !is) {
        count -= 1;
        ids.delete(id);
      } else if (!was && is) {
        count += 1;
        const card = after.get(id)!;
        const placed = change.placed?.key === group.key && change.placed.id === id;
        if (placed || complete || (last && order(card, last) < 0)) ids.add(id);
      }
    }
    const cardIds = [...ids]
      .flatMap((id) => after.get(id) ?? [])
      .sort(order)
      .map((card) => card.id);
    return { key: group.key, count, cardIds };
  });
  return { ...detail, cards, groups: next.filter((group) => group.count > 0) };
};

/** The board with the next page of one column ("Show N more") added. */
export const withPage = (detail: BoardDetail, page: BoardColumnPage): BoardDetail => {
  const fresh = new Map(page.cards.map((card) => [card.id, card]));
  const known = new Set(detail.cards.map((card) => card.id));
  const cards = [
    ...detail.cards.map((card) => fresh.get(card.id) ?? card),
    ...page.cards.filter((card) => !known.has(card.id)),
  ];
  const group = detail.groups.find((g) => g.key === page.key) ?? { key: page.key, count: 0, cardIds: [] };
  const cardIds = [...new Set([...group.cardIds, ...page.cards.map((card) => card.id)])];
  const groups = [...detail.groups.filter((g) => g.key !== page.key), { key: page.key, count: page.count, cardIds }];
  return { ...detail, cards, groups };
};

/**
 * The columns that show more than a first page, as the board call's `limits`: a refetch (after
 * a change, or someone else's) answers as many cards as each column shows, and a column shown
 * whole stays whole when cards arrive (it asks for a page more than it has).
 */
export const shownLimits = (detail: BoardDetail | undefined): string =>
  (detail?.groups ?? [])
    .flatMap(({ key, count, cardIds }) => {
      const whole = cardIds.length >= count;
      if (cardIds.length < BOARD_PAGE_SIZE || (cardIds.length === BOARD_PAGE_SIZE && !whole)) return [];
      return [`${key}:${cardIds.length + (whole ? BOARD_PAGE_SIZE : 0)}`];
    })
    .join(',');

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
  /** Every view of the board with `update` applied to the cards it has. */
  const change = (update: (card: Card) => Card | null, placed?: { key: string; id: string }) => (detail: BoardDetail) =>
    withCards(detail, {
      changed: detail.cards.flatMap((c) => update(c) ?? []),
      ...(placed ? { placed } : {}),
    });

  if (groupBy === 'list') {
    // The list as shown after the drop: perhaps only its first cards (the server places the
    // card after the one it follows here).
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
      optimistic: change(
        (c) =>
          position.has(c.id)
            ? { ...c, sort: position.get(c.id) ?? c.sort, taskTypeId: c.id === cardId ? to : c.taskTypeId }
            : null,
        { key: to, id: cardId },
      ),
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
      optimistic: change((c) => (c.id === cardId ? { ...c, status: column === 'done' ? '1' : '0' } : null)),
    };
  }
  // Grouped by user: the card leaves `from` for `to`; owner and membership follow. From No one,
  // the person becomes its owner and a member.
  if (from === to || to === NOBODY) return { kind: 'ignore' };
  if (from === NOBODY)
    return {
      kind: 'drop',
      cardId,
      body: { toUserId: to, orderedIds: [] },
      optimistic: change((c) =>
        c.id === cardId ? { ...c, userId: c.userId ?? to, members: [...new Set([...c.members, to])] } : null,
      ),
    };
  return {
    kind: 'drop',
    cardId,
    body: { fromUserId: from, toUserId: to, orderedIds: [] },
    optimistic: change((c) => {
      if (c.id !== cardId) return null;
      const members = [...new Set(c.members.map((m) => (m === from ? to : m)))];
      if (c.userId === from && !members.includes(to)) members.push(to);
      return { ...c, userId: c.userId === from ? to : c.userId, members };
    }),
  };
};
