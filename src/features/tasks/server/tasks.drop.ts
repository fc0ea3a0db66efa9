import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { taskMembers, tasks } from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { conflict } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { isActive, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import type { DropTask, TasksOrder } from '../tasks.schemas.ts';
import { findVisibleList } from './boards.access.ts';
import { describeCards } from './cards.query.ts';
import { advanceSeries } from './repeat.occurrences.ts';
import { inCallersMeetings, meetingOpenOrder } from './task-lists.service.ts';
import { assertAssignable, assignableUsers, findVisibleTask, roomsOf } from './tasks.access.ts';
import { notifyCardMoved, notifyCardPeople, notifyCardStatus } from './tasks.notify.ts';
import { finishedInSession } from './tasks.rules.ts';
import { getTask } from './tasks.service.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { publishTask, replaceRows } from './tasks.write.ts';

// Drag and drop: one drop of a card (list, column, person, place), and a board list's new order.

/** Rewrites `sort` of the given cards to their position, in one statement. */
const writeOrder = async (ctx: TenantContext, ids: string[], scope: SQL) => {
  if (ids.length === 0) return;
  await ctx.db.execute(sql`
    update ${tasks} set sort = ordered.position - 1
    from unnest(${uuidArray(ids)}) with ordinality as ordered(id, position)
    where ${tasks.id} = ordered.id and ${tasks.tenantId} = ${ctx.tenantId} and ${scope}`);
};

/**
 * The list's order after card `id` was dropped into it. `shown` is the list as the client shows
 * it after the drop, which may be only part of it (the first page, or the cards the filters let
 * through): the card goes right after the shown card before it (or right before the shown card
 * after it, when it is first); every other card of the list keeps its place. The list is then
 * renumbered in one statement.
 */
const placeInList = async (ctx: TenantContext, listId: string, id: string, shown: string[]) => {
  const rows = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.boardListId, listId), eq(tasks.tenantId, ctx.tenantId)))
    .orderBy(asc(tasks.sort), asc(tasks.createdAt));
  await writeOrder(
    ctx,
    placeAmong(
      rows.map((row) => row.id),
      id,
      shown,
    ),
    eq(tasks.boardListId, listId),
  );
};

/**
 * The whole order after card `id` was dropped where `shown` (part of `all`, as the client shows
 * it after the drop) puts it: right after the shown card before it, or right before the shown
 * card after it when it is first; every other card keeps its place.
 */
const placeAmong = (all: string[], id: string, shown: string[]) => {
  const rest = all.filter((other) => other !== id);
  const inList = new Set(rest);
  const at = shown.indexOf(id);
  const before = at < 0 ? undefined : shown.slice(0, at).findLast((other) => inList.has(other));
  const after = at < 0 ? undefined : shown.slice(at + 1).find((other) => inList.has(other));
  const index = before ? rest.indexOf(before) + 1 : after ? rest.indexOf(after) : rest.length;
  rest.splice(index, 0, id);
  return rest;
};

/**
 * `PATCH tasks/{id}/drop`: one drag and drop. To a list moves it there; to the done column
 * ticks it done (refused when locked); to the active column from done is refused ("You can't
 * put done task to active."); from one user's group to another's moves owner and membership.
 */
export const dropTask = async (ctx: TenantContext, id: string, input: DropTask) => {
  const access = await findVisibleTask(ctx, id);
  const { task } = access;
  const onCard = [task.userId, ...access.members];
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    lists: [input.taskTypeId],
    meetings: [input.meetingId],
    tasks: input.orderedIds,
    users: [input.fromUserId, input.toUserId].filter((userId) => !onCard.includes(userId ?? null)),
  });
  const type = task.type as TaskType;
  const seenBefore = await viewersOf(ctx, id, type);
  let status = task.status as TaskStatus;
  if (input.column === 'active' && !isActive(type, status))
    throw conflict(messages.doneToActive, { column: messages.doneToActive });
  if (input.column === 'done') {
    if (task.isLocked) throw conflict(messages.cardLocked, { column: messages.cardLocked });
    status = '1';
  }
  let boardId = task.boardId;
  let listId = task.boardListId;
  let boardMeetingIds = access.boardMeetingIds;
  if (input.taskTypeId && input.taskTypeId !== listId) {
    const { list, board } = await findVisibleList(ctx, input.taskTypeId);
    listId = list.id;
    boardId = list.boardId;
    boardMeetingIds = board.meetingIds;
  }
  let members = access.members;
  let owner = task.userId;
  if (input.toUserId && input.fromUserId !== input.toUserId) {
    const assignable = await assignableUsers(ctx.db, ctx.tenantId, [...access.meetingIds, ...boardMeetingIds]);
    assertAssignable('toUserId', [input.toUserId], assignable, []);
    if (input.fromUserId) {
      members = [...new Set(members.map((m) => (m === input.fromUserId ? input.toUserId! : m)))];
      if (!members.includes(input.toUserId) && owner === input.fromUserId) members.push(input.toUserId);
      if (owner === input.fromUserId) owner = input.toUserId;
    } else {
      // From "No one" (a card with neither owner nor members): the person becomes its owner
      // (when it still has none) and a member.
      owner ??= input.toUserId;
      if (!members.includes(input.toUserId)) members = [...members, input.toUserId];
    }
  }
  const completedInSessionId = await finishedInSession(ctx, task, { type, status }, [
    ...access.meetingIds,
    ...boardMeetingIds,
  ]);
  await ctx.db
    .update(tasks)
    .set({
      status,
      completedInSessionId,
      completedAt: status === '1' ? (task.completedAt ?? new Date()) : task.completedAt,
      boardId,
      boardListId: listId,
      userId: owner,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(and(eq(tasks.id, id), eq(tasks.tenantId, ctx.tenantId)));
  if (members !== access.members) await replaceRows(ctx, id, 'members', members);
  await notifyCardPeople(ctx, task, { owner: task.userId, members: access.members }, { owner, members });
  if (status !== task.status) await notifyCardStatus(ctx, access, type, status);
  if (listId !== task.boardListId) await notifyCardMoved(ctx, access);
  if (status === '1' && task.status !== '1') await advanceSeries(ctx, task, 'done');
  if (input.orderedIds.length > 0) {
    if (listId && input.taskTypeId) await placeInList(ctx, listId, id, input.orderedIds);
    else if (input.meetingId && isActive(type, status)) {
      // A paged action-item list: the card moves among the meeting's whole open list of its type.
      await findVisibleMeeting(ctx, input.meetingId);
      const all = await meetingOpenOrder(ctx, input.meetingId, type);
      if (all.includes(id)) await writeOrder(ctx, placeAmong(all, id, input.orderedIds), sql`true`);
    } else await writeOrder(ctx, input.orderedIds, visibleToCaller(ctx));
  }
  publishTask(ctx, id, boardId, [...roomsOf(access), ...boardMeetingIds], { action: 'updated' });
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, type));
  return getTask(ctx, id);
};

/** Cards of meetings the caller is part of, or the caller's own (for reordering action items). */
const visibleToCaller = (ctx: TenantContext): SQL =>
  ctx.isAdmin
    ? sql`true`
    : or(
        inCallersMeetings(ctx),
        inArray(
          tasks.id,
          ctx.db.select({ id: taskMembers.taskId }).from(taskMembers).where(eq(taskMembers.userId, ctx.userId)),
        ),
      )!;

/**
 * `PATCH task-types/{id}/update-tasks-order` (saveTaskOrder): the list's cards in their new
 * order. Cards of the same board named here move into the list.
 */
export const orderListTasks = async (ctx: TenantContext, listId: string, input: TasksOrder) => {
  const { list, board } = await findVisibleList(ctx, listId);
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: input.taskIds });
  const ids = [...new Set(input.taskIds)];
  if (ids.length > 0) {
    const moved = await ctx.db
      .update(tasks)
      .set({ boardListId: listId, changedAt: new Date(), changedBy: ctx.userId })
      .where(
        and(
          eq(tasks.tenantId, ctx.tenantId),
          eq(tasks.boardId, list.boardId),
          anyOf(tasks.id, ids),
          sql`${tasks.boardListId} is distinct from ${listId}`,
        ),
      )
      .returning({ id: tasks.id });
    await writeOrder(ctx, ids, eq(tasks.boardListId, listId));
    for (const { id } of moved) publishTask(ctx, id, list.boardId, board.meetingIds, { action: 'updated' });
  }
  for (const meetingId of board.meetingIds)
    ctx.publish({
      tenantId: ctx.tenantId,
      meetingId,
      type: 'board.changed',
      data: { id: list.boardId, action: 'updated' },
    });
  const rows = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.boardListId, listId), eq(tasks.tenantId, ctx.tenantId)))
    .orderBy(asc(tasks.sort));
  return describeCards(ctx.db, rows);
};
