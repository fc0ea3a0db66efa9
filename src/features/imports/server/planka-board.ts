import { z } from 'zod';
import { importsMessages } from '../imports.messages.ts';
import { BOARD_CARDS_MAX, exportError, firstIssue, labelColour, type SourceBoard } from './board-source.ts';

// A Planka board as its API answers `GET /api/boards/{id}` (what Planka's export tools save):
// `item` is the board, `included` its users (with emails), lists, labels, cards, the cards'
// members and labels, tasks (checklist items, grouped by task list when the version has them)
// and comments. Read into the common board shape; people are matched by email.

const id = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const text = (max: number) => z.string().max(max);
const position = z.number().finite().default(0);

const ZPlankaBoard = z.object({
  item: z.object({ id, name: text(1024) }),
  included: z.object({
    users: z
      .array(z.object({ id, email: text(320).nullish(), name: text(500).nullish(), username: text(500).nullish() }))
      .max(5000)
      .default([]),
    lists: z
      .array(z.object({ id, name: text(1024).nullish(), position, type: z.string().max(40).nullish() }))
      .max(1000),
    labels: z
      .array(z.object({ id, name: text(1024).nullish(), color: z.string().max(40).nullish() }))
      .max(1000)
      .default([]),
    cards: z
      .array(
        z.object({
          id,
          listId: id,
          name: text(1024),
          description: text(1_048_576).nullish(),
          dueDate: z.string().max(40).nullish(),
          isDueDateCompleted: z.boolean().nullish(),
          isClosed: z.boolean().nullish(),
          position,
        }),
      )
      .max(BOARD_CARDS_MAX, { error: importsMessages.tooManyCards(BOARD_CARDS_MAX) }),
    cardMemberships: z
      .array(z.object({ cardId: id, userId: id }))
      .max(100_000)
      .default([]),
    cardLabels: z
      .array(z.object({ cardId: id, labelId: id }))
      .max(100_000)
      .default([]),
    taskLists: z
      .array(z.object({ id, cardId: id, name: text(1024), position }))
      .max(50_000)
      .default([]),
    tasks: z
      .array(
        z.object({
          id,
          cardId: id.optional(),
          taskListId: id.optional(),
          name: text(1024),
          isCompleted: z.boolean().default(false),
          position,
        }),
      )
      .max(100_000)
      .default([]),
    comments: z
      .array(
        z.object({ cardId: id, userId: id.nullish(), text: text(1_048_576), createdAt: z.string().max(40).nullish() }),
      )
      .max(100_000)
      .default([]),
  }),
});

const byPosition = <T extends { position: number }>(list: T[]) => [...list].sort((a, b) => a.position - b.position);
const groupBy = <T>(list: T[], key: (item: T) => string | undefined) => {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
};

/** The board of a Planka export; a 400 naming the first field that is not as Planka writes it. */
export const readPlankaBoard = (data: unknown): SourceBoard => {
  const parsed = ZPlankaBoard.safeParse(data);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.find(
      (issue) => issue.message === importsMessages.tooManyCards(BOARD_CARDS_MAX),
    );
    throw exportError(tooMany ? tooMany.message : importsMessages.notPlankaBoard(firstIssue(parsed.error)));
  }
  const { item, included } = parsed.data;
  const personOf = new Map(included.users.map((u) => [u.id, (u.email || u.name || u.username || '').trim()]));
  const membersOf = groupBy(included.cardMemberships, (m) => m.cardId);
  const labelsOf = groupBy(included.cardLabels, (l) => l.cardId);
  const taskListsOf = groupBy(included.taskLists, (l) => l.cardId);
  const tasksOfList = groupBy(included.tasks, (t) => t.taskListId);
  const looseTasksOf = groupBy(
    included.tasks.filter((t) => t.taskListId === undefined),
    (t) => t.cardId,
  );
  const commentsOf = groupBy(included.comments, (c) => c.cardId);
  // Planka's archive and trash are lists of their own; their cards are archived ones.
  const lists = byPosition(included.lists).map((list) => ({
    key: list.id,
    name: list.name ?? '',
    archived: list.type === 'archive' || list.type === 'trash',
  }));
  const listOrder = new Map(lists.map((list, i) => [list.key, i]));
  const archivedLists = new Set(lists.filter((list) => list.archived).map((list) => list.key));
  const cards = included.cards
    .map((card, i) => ({ card, row: i + 1 }))
    .sort(
      (a, b) =>
        (listOrder.get(a.card.listId) ?? 1e9) - (listOrder.get(b.card.listId) ?? 1e9) ||
        a.card.position - b.card.position,
    );
  const done = (tasks: { isCompleted: boolean; name: string; position: number }[]) =>
    byPosition(tasks).map((task) => ({ title: task.name, done: task.isCompleted }));
  return {
    name: item.name,
    lists,
    labels: included.labels.map((label) => ({
      key: label.id,
      name: label.name ?? '',
      color: labelColour(label.color),
    })),
    cards: cards.map(({ card, row }) => {
      const loose = looseTasksOf.get(card.id) ?? [];
      return {
        row,
        title: card.name,
        description: card.description ?? '',
        listKey: card.listId,
        labelKeys: (labelsOf.get(card.id) ?? []).map((l) => l.labelId),
        due: card.dueDate ?? null,
        done: card.isDueDateCompleted ?? false,
        archived: (card.isClosed ?? false) || archivedLists.has(card.listId),
        people: (membersOf.get(card.id) ?? []).map((m) => personOf.get(m.userId) ?? '').filter(Boolean),
        checklists: [
          ...(loose.length > 0 ? [{ title: importsMessages.tasksChecklist, items: done(loose) }] : []),
          ...byPosition(taskListsOf.get(card.id) ?? []).map((list) => ({
            title: list.name,
            items: done(tasksOfList.get(list.id) ?? []),
          })),
        ],
        comments: (commentsOf.get(card.id) ?? []).map((comment) => ({
          author: (comment.userId && personOf.get(comment.userId)) || '',
          date: (comment.createdAt ?? '').slice(0, 10),
          text: comment.text,
        })),
      };
    }),
  };
};
