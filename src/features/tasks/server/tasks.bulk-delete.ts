import { and, eq, sql } from 'drizzle-orm';
import {
  attachments,
  boardMeetings,
  taskMeetings,
  taskMembers,
  tasks,
  taskWatchers,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { advanceSeries } from './repeat.occurrences.ts';
import { participation } from './tasks.access.ts';
import { tellViewers, viewersOfCards } from './tasks.viewers.ts';
import { publishTask } from './tasks.write.ts';

// Many cards deleted at once (decision 127): what Undo of an import removes. Each card goes as
// `deleteTask` takes it — the same rule for who may, its row deleted so that its links, members,
// watchers, labels, checklists, comments, attachments, shares and milestones go with it (the
// foreign keys cascade), its series moved on — but checked, deleted and told once for all: one
// `task.changed` a room, one `task.visibleChanged` a viewer.

/** Ids a statement: one uuid[] parameter each, so this only bounds the work of one statement. */
const IDS_PER_STATEMENT = 1000;

const chunksOf = <T>(items: readonly T[]) => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_STATEMENT)
    chunks.push(items.slice(start, start + IDS_PER_STATEMENT));
  return chunks;
};

type Card = Pick<
  typeof tasks.$inferSelect,
  'id' | 'type' | 'status' | 'userId' | 'createdBy' | 'boardId' | 'seriesId' | 'seriesDate'
>;

/** The cards with the meetings whose rooms hear of them (their own and their board's). */
const cardsOf = async (ctx: TenantContext, ids: string[]) => {
  const cards: Card[] = [];
  const rooms = new Map<string, Set<string>>();
  for (const chunk of chunksOf(ids)) {
    const rows = await ctx.db
      .select({
        id: tasks.id,
        type: tasks.type,
        status: tasks.status,
        userId: tasks.userId,
        createdBy: tasks.createdBy,
        boardId: tasks.boardId,
        seriesId: tasks.seriesId,
        seriesDate: tasks.seriesDate,
      })
      .from(tasks)
      .where(and(eq(tasks.tenantId, ctx.tenantId), anyOf(tasks.id, chunk)));
    cards.push(...rows);
    const links = await ctx.db.execute(sql`
      select ${taskMeetings.taskId}::text as "taskId", ${taskMeetings.meetingId}::text as "meetingId"
        from ${taskMeetings} where ${anyOf(taskMeetings.taskId, chunk)}
      union
      select ${tasks.id}::text, ${boardMeetings.meetingId}::text from ${tasks}
        join ${boardMeetings} on ${boardMeetings.boardId} = ${tasks.boardId}
        where ${anyOf(tasks.id, chunk)} and ${tasks.tenantId} = ${ctx.tenantId}`);
    for (const link of (links as unknown as { rows: { taskId: string; meetingId: string }[] }).rows) {
      if (!rooms.has(link.taskId)) rooms.set(link.taskId, new Set());
      rooms.get(link.taskId)!.add(link.meetingId);
    }
  }
  return { cards, roomsOf: (id: string) => [...(rooms.get(id) ?? [])] };
};

/** `findVisibleTask` and `assertCanDelete` for every card: 404 for one the caller may not see, 403 for one they may not delete. */
const assertMayDelete = async (ctx: TenantContext, cards: Card[], roomsOf: (id: string) => string[]) => {
  if (ctx.isAdmin) return;
  const allRooms = [...new Set(cards.flatMap((card) => roomsOf(card.id)))];
  const { participant, leader } = await participation(ctx.db, ctx.userId, allRooms);
  const personal = new Set<string>();
  for (const chunk of chunksOf(cards.map((card) => card.id))) {
    const rows = await ctx.db.execute(sql`
      select ${taskMembers.taskId}::text as "taskId" from ${taskMembers}
        where ${anyOf(taskMembers.taskId, chunk)} and ${taskMembers.userId} = ${ctx.userId}
      union
      select ${taskWatchers.taskId}::text from ${taskWatchers}
        where ${anyOf(taskWatchers.taskId, chunk)} and ${taskWatchers.userId} = ${ctx.userId}`);
    for (const row of (rows as unknown as { rows: { taskId: string }[] }).rows) personal.add(row.taskId);
  }
  const mine = (card: Card) => card.userId === ctx.userId;
  if (cards.some((card) => !(mine(card) || personal.has(card.id) || roomsOf(card.id).some((m) => participant.has(m)))))
    throw notFound();
  if (
    cards.some((card) => !(mine(card) || card.createdBy === ctx.userId || roomsOf(card.id).some((m) => leader.has(m))))
  )
    throw forbidden();
};

/**
 * Deletes the cards for good in the caller's transaction, all or none (404 when one is missing
 * or not the caller's to see, 403 when one is not theirs to delete). Returns the stored files
 * to remove once committed, as `deleteTask` does.
 */
export const deleteCardsInBulk = async (ctx: TenantContext, taskIds: readonly string[]) => {
  const ids = [...new Set(taskIds)];
  if (ids.length === 0) return { storageKeys: [] as string[] };
  const { cards, roomsOf } = await cardsOf(ctx, ids);
  if (cards.length !== ids.length) throw notFound();
  // In the order given, so that "the last card" of an event is the caller's last.
  const order = new Map(ids.map((id, index) => [id, index]));
  cards.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  await assertMayDelete(ctx, cards, roomsOf);
  const live = cards.filter((card) => card.type === TASK_TYPE.goal || card.type === TASK_TYPE.backburner);
  const seenBefore =
    live.length > 0
      ? await viewersOfCards(
          ctx,
          live.map((card) => card.id),
        )
      : [];
  const storageKeys: string[] = [];
  for (const chunk of chunksOf(ids)) {
    const files = await ctx.db
      .select({ storageKey: attachments.storageKey })
      .from(attachments)
      .where(anyOf(attachments.taskId, chunk));
    storageKeys.push(...files.map((file) => file.storageKey));
    await ctx.db.delete(tasks).where(and(eq(tasks.tenantId, ctx.tenantId), anyOf(tasks.id, chunk)));
  }
  // A series goes on from the latest of its deleted open occurrences only: moving on from an
  // earlier one would make again the very date of a later one deleted with it.
  const latestOpen = new Map<string, Card>();
  for (const card of cards) {
    if (card.status === '1' || !card.seriesId || !card.seriesDate) continue;
    const kept = latestOpen.get(card.seriesId);
    if (!kept || kept.seriesDate! < card.seriesDate) latestOpen.set(card.seriesId, card);
  }
  for (const card of latestOpen.values()) await advanceSeries(ctx, card, 'deleted');
  // One event a room, naming the last card of it; cards in no meeting are told to the workspace.
  const lastIn = new Map<string, Card>();
  let roomless: Card | undefined;
  for (const card of cards) {
    const rooms = roomsOf(card.id);
    if (rooms.length === 0) roomless = card;
    for (const meetingId of rooms) lastIn.set(meetingId, card);
  }
  for (const [meetingId, card] of lastIn)
    publishTask(ctx, card.id, card.boardId, [meetingId], { action: 'deleted', part: 'many' });
  if (roomless) publishTask(ctx, roomless.id, roomless.boardId, [], { action: 'deleted', part: 'many' });
  if (live.length > 0) tellViewers(ctx, live.at(-1)!.id, seenBefore);
  return { storageKeys };
};
