import { z } from 'zod';
import { importsMessages } from '../imports.messages.ts';
import {
  BOARD_CARDS_MAX,
  exportError,
  firstIssue,
  labelColour,
  type SourceBoard,
  type SourceCard,
} from './board-source.ts';

// Trello's board export ("Menu → Print, export and share → Export as JSON"), read into the
// common board shape. Only the fields used are validated (an export carries many more, which
// are ignored, never walked). Its members have no email: they are matched by full name.

const id = z.string().min(1).max(100);
const text = (max: number) => z.string().max(max);
const pos = z.number().finite().default(0);

const ZTrelloBoard = z.object({
  name: text(16384),
  lists: z.array(z.object({ id, name: text(16384), closed: z.boolean().default(false), pos })).max(1000),
  cards: z
    .array(
      z.object({
        id,
        name: text(16384),
        desc: text(16384).nullish(),
        idList: id,
        idLabels: z.array(id).max(100).default([]),
        idChecklists: z.array(id).max(100).default([]),
        idMembers: z.array(id).max(100).default([]),
        due: z.string().max(40).nullish(),
        dueComplete: z.boolean().default(false),
        closed: z.boolean().default(false),
        pos,
      }),
    )
    .max(BOARD_CARDS_MAX, { error: importsMessages.tooManyCards(BOARD_CARDS_MAX) }),
  labels: z
    .array(z.object({ id, name: text(16384).nullish(), color: z.string().max(40).nullish() }))
    .max(1000)
    .default([]),
  checklists: z
    .array(
      z.object({
        id,
        idCard: id,
        name: text(16384),
        pos,
        checkItems: z
          .array(z.object({ name: text(16384), state: z.enum(['complete', 'incomplete']), pos }))
          .max(1000)
          .default([]),
      }),
    )
    .max(50_000)
    .default([]),
  actions: z
    .array(
      z.object({
        type: z.string().max(100),
        date: z.string().max(40).nullish(),
        data: z.object({ text: text(16384).optional(), card: z.object({ id }).optional() }).optional(),
        memberCreator: z.object({ fullName: text(500).nullish(), username: text(500).nullish() }).nullish(),
      }),
    )
    .max(100_000)
    .default([]),
  members: z
    .array(z.object({ id, fullName: text(500).nullish(), username: text(500).nullish() }))
    .max(5000)
    .default([]),
});

const byPos = <T extends { pos: number }>(list: T[]) => [...list].sort((a, b) => a.pos - b.pos);

/** The board of a Trello export; a 400 naming the first field that is not as Trello writes it. */
export const readTrelloBoard = (data: unknown): SourceBoard => {
  const parsed = ZTrelloBoard.safeParse(data);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.find(
      (issue) => issue.message === importsMessages.tooManyCards(BOARD_CARDS_MAX),
    );
    throw exportError(tooMany ? tooMany.message : importsMessages.notTrelloBoard(firstIssue(parsed.error)));
  }
  const board = parsed.data;
  const personOf = new Map(board.members.map((m) => [m.id, (m.fullName || m.username || '').trim()]));
  const checklistsOf = new Map<string, typeof board.checklists>();
  for (const checklist of board.checklists) {
    checklistsOf.set(checklist.idCard, [...(checklistsOf.get(checklist.idCard) ?? []), checklist]);
  }
  const commentsOf = new Map<string, SourceCard['comments']>();
  // Trello lists actions newest first; a card's comments read oldest first.
  for (const action of [...board.actions].reverse()) {
    const cardId = action.data?.card?.id;
    if (action.type !== 'commentCard' || !cardId || !action.data?.text) continue;
    const author = (action.memberCreator?.fullName || action.memberCreator?.username || '').trim();
    commentsOf.set(cardId, [
      ...(commentsOf.get(cardId) ?? []),
      { author, date: (action.date ?? '').slice(0, 10), text: action.data.text },
    ]);
  }
  const listOrder = new Map(byPos(board.lists).map((list, i) => [list.id, i]));
  const cards = board.cards
    .map((card, i) => ({ card, row: i + 1 }))
    .sort(
      (a, b) =>
        (listOrder.get(a.card.idList) ?? 1e9) - (listOrder.get(b.card.idList) ?? 1e9) || a.card.pos - b.card.pos,
    );
  return {
    name: board.name,
    lists: byPos(board.lists).map((list) => ({ key: list.id, name: list.name, archived: list.closed })),
    labels: board.labels.map((label) => ({ key: label.id, name: label.name ?? '', color: labelColour(label.color) })),
    cards: cards.map(({ card, row }) => ({
      row,
      title: card.name,
      description: card.desc ?? '',
      listKey: card.idList,
      labelKeys: card.idLabels,
      due: card.due ?? null,
      done: card.dueComplete,
      archived: card.closed,
      people: card.idMembers.map((member) => personOf.get(member) ?? '').filter(Boolean),
      checklists: byPos(checklistsOf.get(card.id) ?? []).map((checklist) => ({
        title: checklist.name,
        items: byPos(checklist.checkItems).map((item) => ({ title: item.name, done: item.state === 'complete' })),
      })),
      comments: commentsOf.get(card.id) ?? [],
    })),
  };
};
