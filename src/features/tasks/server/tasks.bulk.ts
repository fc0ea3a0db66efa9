import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { taskMeetings, taskMembers, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { badRequest } from '../../../shared/errors.ts';
import { hasDueDate, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { ZCreateTask } from '../tasks.schemas.ts';
import { assertAssignable, assertVisibleMeetings, assignableUsers } from './tasks.access.ts';
import { bulkCardRow, inChunks } from './tasks.bulk-parts.ts';
import { assertCardRefs, checkRules } from './tasks.rules.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { endOfList, publishTask } from './tasks.write.ts';

// Many cards of one meeting and type at once (decision 127): what an import makes. Each card is
// what `createTask` makes of the same fields (owner and sole member, linked to the meeting, shown
// in the lists, no board); the checks it makes per card are made once for all, and the rows are
// written with multi-row inserts. Nobody is notified per card, and the meeting's room hears one
// event: open lists refetch.

/** A card's own fields, checked as `POST tasks` checks them. */
const ZBulkCard = ZCreateTask.pick({ title: true, description: true, status: true, dueDate: true, userId: true });
export type BulkCard = z.input<typeof ZBulkCard>;

export interface BulkCards {
  meetingId: string;
  type: TaskType;
  cards: readonly BulkCard[];
  /**
   * These cards' place among the cards of one import written in several calls, in order, in one
   * transaction: the index of the first and the number in all. The stamps then run on from call
   * to call, and the room hears one event, after the last. Left out, the cards are the whole.
   */
  part?: { first: number; total: number };
}

const parsedCards = (cards: readonly BulkCard[], first: number) =>
  cards.map((card, index) => {
    const parsed = ZBulkCard.safeParse(card);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw badRequest({ [`cards.${first + index}.${issue.path.join('.')}`]: issue.message }, issue.message);
  });

/**
 * Creates the cards in the caller's transaction, all or none; answers their ids in input order.
 * They are stamped a microsecond apart, the last at the transaction's moment, so lists ordered
 * by creation keep the input's order (as if made one after the other).
 */
export const createCardsInBulk = async (ctx: TenantContext, input: BulkCards): Promise<string[]> => {
  const { first, total } = input.part ?? { first: 0, total: input.cards.length };
  const cards = parsedCards(input.cards, first);
  if (cards.length === 0) return [];
  const { meetingId, type } = input;
  const owners = [...new Set(cards.map((card) => card.userId))];
  await assertCardRefs(ctx, { meetingIds: [meetingId] }, owners);
  await assertVisibleMeetings(ctx, [meetingId]);
  assertAssignable('userId', owners, await assignableUsers(ctx.db, ctx.tenantId, [meetingId]), []);
  for (const status of new Set<TaskStatus>(cards.map((card) => card.status)))
    checkRules(undefined, {
      type,
      status,
      isLocked: false,
      showInTasks: '1',
      memberCount: 1,
      boardId: null,
      boardListId: null,
    });
  if (!hasDueDate(type) && cards.some((card) => card.dueDate))
    throw badRequest({ dueDate: tasksMessages.headlineNoDueDate });
  const sort = await endOfList(ctx, null);
  const ids = cards.map(() => randomUUID());
  await inChunks(cards, (chunk, offset) =>
    ctx.db.insert(tasks).values(
      chunk.map((card, i) =>
        bulkCardRow(ctx, card, {
          id: ids[offset + i]!,
          index: first + offset + i,
          count: total,
          type,
          sort,
          showInTasks: '1',
        }),
      ),
    ),
  );
  await inChunks(ids, (chunk) => ctx.db.insert(taskMeetings).values(chunk.map((taskId) => ({ taskId, meetingId }))));
  await inChunks(cards, (chunk, offset) =>
    ctx.db.insert(taskMembers).values(chunk.map((card, i) => ({ taskId: ids[offset + i]!, userId: card.userId }))),
  );
  if (first + cards.length < total) return ids;
  const last = ids.at(-1)!;
  publishTask(ctx, last, null, [meetingId], { action: 'created', part: 'many' });
  // Every card has the same viewers: the meeting's people (owners among them) and the admins.
  tellViewers(ctx, last, await viewersOf(ctx, last, type));
  return ids;
};
