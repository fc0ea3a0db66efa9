import { and, asc, eq } from 'drizzle-orm';
import { checklists, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { conflict } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import type { MoveTask } from '../tasks.schemas.ts';
import { copyChecklistInto } from './checklists.service.ts';
import { assertVisibleMeetings, assignableUsers, findVisibleTask, roomsOf, type TaskAccess } from './tasks.access.ts';
import { notifyCardMoved, notifyCardPeople } from './tasks.notify.ts';
import { assertCardRefs, assertLabelsKept, checkRules, resolvePlacement } from './tasks.rules.ts';
import { getTask } from './tasks.service.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { endOfList, publishTask, replaceRows } from './tasks.write.ts';

// Move and Copy: one plan for both, which tasks.move-check.ts also asks ahead of the dialog.

/**
 * Where Move and Copy put a card, and who stays on it: members not in the target meetings
 * need a confirmation (409 otherwise) and are then unassigned; watchers not in them are
 * dropped without asking (they would watch a card they can no longer open).
 */
export const planMove = async (ctx: TenantContext, access: TaskAccess, input: MoveTask) => {
  await assertCardRefs(ctx, input);
  const meetingIds = [...new Set(input.meetingIds)];
  await assertVisibleMeetings(ctx, meetingIds);
  const placement = await resolvePlacement(ctx, input.boardId, input.taskTypeId, meetingIds);
  const targetMeetings = [...new Set([...meetingIds, ...placement.boardMeetingIds])];
  let members = access.members;
  let watchers = access.watchers;
  let owner = access.task.userId;
  if (targetMeetings.length > 0) {
    const assignable = await assignableUsers(ctx.db, ctx.tenantId, targetMeetings);
    const absent = members.filter((m) => !assignable.has(m));
    if (absent.length > 0 && !input.confirm)
      throw conflict(messages.membersNotInMeeting, { confirm: messages.membersNotInMeeting });
    members = members.filter((m) => assignable.has(m));
    watchers = watchers.filter((w) => assignable.has(w));
    if (owner && !assignable.has(owner)) owner = assignable.has(ctx.userId) ? ctx.userId : (members[0] ?? null);
  }
  // A card off every board stays an action item, with at least its owner as member.
  const showInTasks: '0' | '1' = placement.listId ? (access.task.showInTasks as '0' | '1') : '1';
  if (showInTasks === '1' && members.length === 0 && owner) members = [owner];
  return { meetingIds, placement, members, watchers, owner, showInTasks };
};

/** `POST tasks/{id}/move` (moveTask): status '0', new meeting, board and list. */
export const moveTask = async (ctx: TenantContext, id: string, input: MoveTask) => {
  const access = await findVisibleTask(ctx, id);
  const plan = await planMove(ctx, access, input);
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  checkRules(undefined, {
    type: access.task.type as TaskType,
    status: '0',
    isLocked: access.task.isLocked,
    showInTasks: plan.showInTasks,
    memberCount: plan.members.length,
    boardId: plan.placement.boardId,
    boardListId: plan.placement.listId,
  });
  await ctx.db
    .update(tasks)
    .set({
      status: '0',
      completedAt: null,
      completedInSessionId: null,
      userId: plan.owner,
      boardId: plan.placement.boardId,
      boardListId: plan.placement.listId,
      showInTasks: plan.showInTasks,
      sort: await endOfList(ctx, plan.placement.listId),
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(and(eq(tasks.id, id), eq(tasks.tenantId, ctx.tenantId)));
  await replaceRows(ctx, id, 'meetings', plan.meetingIds);
  await replaceRows(ctx, id, 'members', plan.members);
  if (plan.watchers.length !== access.watchers.length) await replaceRows(ctx, id, 'watchers', plan.watchers);
  if (plan.placement.boardId !== access.task.boardId) {
    const kept = await assertLabelsKept(ctx, id, plan.placement.boardId);
    await replaceRows(ctx, id, 'labels', kept);
  }
  await notifyCardPeople(
    ctx,
    access.task,
    { owner: access.task.userId, members: access.members },
    {
      owner: plan.owner,
      members: plan.members,
    },
  );
  await notifyCardMoved(ctx, { ...access, watchers: plan.watchers });
  publishTask(
    ctx,
    id,
    plan.placement.boardId,
    [...roomsOf(access), ...plan.meetingIds, ...plan.placement.boardMeetingIds],
    {
      action: 'updated',
    },
  );
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, access.task.type));
  return getTask(ctx, id);
};

/** `POST tasks/{id}/copy`: a new open card with the same content and checklists (items reopened). */
export const copyTask = async (ctx: TenantContext, id: string, input: MoveTask) => {
  const access = await findVisibleTask(ctx, id);
  const plan = await planMove(ctx, access, input);
  const { task } = access;
  checkRules(undefined, {
    type: task.type as TaskType,
    status: '0',
    isLocked: false,
    showInTasks: plan.showInTasks,
    memberCount: plan.members.length,
    boardId: plan.placement.boardId,
    boardListId: plan.placement.listId,
  });
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      tenantId: ctx.tenantId,
      title: task.title,
      description: task.description,
      type: task.type,
      status: '0',
      dueDate: task.dueDate,
      reminder: task.reminder,
      userId: plan.owner,
      boardId: plan.placement.boardId,
      boardListId: plan.placement.listId,
      showInTasks: plan.showInTasks,
      quarterId: task.quarterId,
      sort: await endOfList(ctx, plan.placement.listId),
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning({ id: tasks.id });
  const copyId = row!.id;
  await replaceRows(ctx, copyId, 'meetings', plan.meetingIds);
  await replaceRows(ctx, copyId, 'members', plan.members);
  await replaceRows(ctx, copyId, 'watchers', plan.watchers);
  await replaceRows(ctx, copyId, 'labels', await assertLabelsKept(ctx, id, plan.placement.boardId));
  const sources = await ctx.db.select().from(checklists).where(eq(checklists.taskId, id)).orderBy(asc(checklists.sort));
  for (const source of sources) await copyChecklistInto(ctx, source.id, copyId, source.title, source.sort);
  await notifyCardPeople(ctx, { id: copyId, title: task.title }, null, { owner: plan.owner, members: plan.members });
  publishTask(ctx, copyId, plan.placement.boardId, [...plan.meetingIds, ...plan.placement.boardMeetingIds], {
    action: 'created',
  });
  tellViewers(ctx, copyId, await viewersOf(ctx, copyId, task.type));
  return getTask(ctx, copyId);
};
