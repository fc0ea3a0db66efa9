import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { boardLists, taskLabels, taskMeetings, taskMembers, tasks } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { hasDueDate, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { ZCreateTask } from '../tasks.schemas.ts';
import { assertAssignable, assertVisibleMeetings, assignableUsers } from './tasks.access.ts';
import { assertCardParts, type BulkCardParts, bulkCardRow, inChunks, insertCardParts } from './tasks.bulk-parts.ts';
import { assertLabels, checkRules, resolvePlacement } from './tasks.rules.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { endOfList, publishTask } from './tasks.write.ts';

// Many cards on one board of a meeting at once (decision 127): what a board import makes. Each
// card is what `createTask` makes of the same fields — on the board in its list, at the list's
// end, with its members (the owner alone by default) and labels, linked to the meeting — plus
// its checklists and comments; the checks `createTask` makes per card are made once for all, and
// the rows are written a kind at a time in multi-row inserts. Nobody is notified, and each room
// of the board hears one event: open boards and lists refetch.

/** A card's own fields, checked as `POST tasks` checks them; `taskTypeId` is its list. */
const ZBoardCard = ZCreateTask.pick({
  title: true,
  description: true,
  status: true,
  dueDate: true,
  userId: true,
  taskTypeId: true,
  members: true,
  labelIds: true,
});
export type BulkBoardCard = z.input<typeof ZBoardCard> & BulkCardParts;

export interface BulkBoardCards {
  meetingId: string;
  type: TaskType;
  /** A board of the meeting. */
  boardId: string;
  /** Whether the cards also show in the lists of action items. */
  showInTasks: '0' | '1';
  cards: readonly BulkBoardCard[];
}

const parsedCards = (cards: readonly BulkBoardCard[]) =>
  cards.map((card, index) => {
    const parsed = ZBoardCard.safeParse(card);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw badRequest({ [`cards.${index}.${issue.path.join('.')}`]: issue.message }, issue.message);
  });

/** The lists named are the board's (400 otherwise, as for one card). */
const assertListsOn = async (ctx: TenantContext, boardId: string, listIds: string[]) => {
  if (listIds.length === 0) return;
  const found = await ctx.db
    .select({ id: boardLists.id })
    .from(boardLists)
    .where(and(eq(boardLists.boardId, boardId), anyOf(boardLists.id, listIds)));
  if (found.length !== listIds.length) throw badRequest({ taskTypeId: messages.listNotOnBoard });
};

/**
 * Creates the cards with their parts in the caller's transaction, all or none; answers their ids
 * and each one's new checklist and comment ids, in input order. Cards are stamped a microsecond
 * apart, the last at the transaction's moment, as `createCardsInBulk` stamps them.
 */
export const createBoardCardsInBulk = async (ctx: TenantContext, input: BulkBoardCards) => {
  const cards = parsedCards(input.cards);
  if (cards.length === 0) return { ids: [] as string[], parts: [] };
  assertCardParts(input.cards);
  const { meetingId, type, boardId, showInTasks } = input;
  const owners = [...new Set(cards.map((card) => card.userId))];
  const membersOf = cards.map((card) => [...new Set(card.members ?? [card.userId])]);
  const listIds = [...new Set(cards.flatMap((card) => (card.taskTypeId ? [card.taskTypeId] : [])))];
  const labelIds = [...new Set(cards.flatMap((card) => card.labelIds ?? []))];
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    meetings: [meetingId],
    boards: [boardId],
    lists: listIds,
    labels: labelIds,
    users: [...owners, ...membersOf.flat()],
  });
  await assertVisibleMeetings(ctx, [meetingId]);
  const { boardMeetingIds } = await resolvePlacement(ctx, boardId, null, [meetingId]);
  await assertListsOn(ctx, boardId, listIds);
  const assignable = await assignableUsers(ctx.db, ctx.tenantId, [meetingId, ...boardMeetingIds]);
  assertAssignable('userId', owners, assignable, []);
  assertAssignable('members', [...new Set(membersOf.flat())], assignable, []);
  // The rules of each kind of card once: its status, its number of members, whether in a list.
  const states = new Map(
    cards.map((card, i) => {
      const state = {
        type,
        status: card.status as TaskStatus,
        isLocked: false,
        showInTasks,
        memberCount: membersOf[i]!.length,
        boardId,
        boardListId: card.taskTypeId ?? null,
      };
      return [`${state.status} ${state.memberCount} ${state.boardListId === null}`, state];
    }),
  );
  for (const state of states.values()) checkRules(undefined, state);
  await assertLabels(ctx, labelIds, boardId);
  if (!hasDueDate(type) && cards.some((card) => card.dueDate))
    throw badRequest({ dueDate: tasksMessages.headlineNoDueDate });
  // Each list's new cards after its last one, in the input's order.
  const nextSort = new Map<string | null, number>([[null, 0]]);
  for (const listId of listIds) nextSort.set(listId, await endOfList(ctx, listId));
  const sorts = cards.map((card) => {
    const listId = card.taskTypeId ?? null;
    const sort = nextSort.get(listId)!;
    if (listId) nextSort.set(listId, sort + 1);
    return sort;
  });
  const ids = cards.map(() => randomUUID());
  await inChunks(cards, (chunk, offset) =>
    ctx.db.insert(tasks).values(
      chunk.map((card, i) =>
        bulkCardRow(ctx, card, {
          id: ids[offset + i]!,
          index: offset + i,
          count: cards.length,
          type,
          sort: sorts[offset + i]!,
          showInTasks,
          boardId,
          boardListId: card.taskTypeId ?? null,
        }),
      ),
    ),
  );
  await inChunks(ids, (chunk) => ctx.db.insert(taskMeetings).values(chunk.map((taskId) => ({ taskId, meetingId }))));
  const memberRows = membersOf.flatMap((userIds, i) => userIds.map((userId) => ({ taskId: ids[i]!, userId })));
  await inChunks(memberRows, (chunk) => ctx.db.insert(taskMembers).values(chunk));
  const labelRows = cards.flatMap((card, i) =>
    [...new Set(card.labelIds ?? [])].map((labelId) => ({ taskId: ids[i]!, labelId })),
  );
  await inChunks(labelRows, (chunk) => ctx.db.insert(taskLabels).values(chunk));
  const parts = await insertCardParts(ctx, ids, input.cards);
  const last = ids.at(-1)!;
  publishTask(ctx, last, boardId, [meetingId, ...boardMeetingIds], { action: 'created', part: 'many' });
  // Every card has the same viewers: the meeting's and board's people and the admins.
  tellViewers(ctx, last, await viewersOf(ctx, last, type));
  return { ids, parts };
};
