import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  attachments,
  boardLists,
  boards,
  labels,
  meetings,
  taskLabels,
  taskShares,
  tasks,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizeRichText } from '../../../server/sanitize.ts';
import { badRequest, conflict } from '../../../shared/errors.ts';
import { hasDueDate, statusForType, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { CreateTask, Task, UpdateTask } from '../tasks.schemas.ts';
import { describeCards } from './cards.query.ts';
import { advanceSeries, repeatOf } from './repeat.occurrences.ts';
import { activeSql } from './task-lists.service.ts';
import {
  assertAssignable,
  assertCanDelete,
  assertVisibleMeetings,
  assignableUsers,
  findVisibleTask,
  roomsOf,
  type TaskAccess,
} from './tasks.access.ts';
import { notifyCardMoved, notifyCardPeople, notifyCardStatus } from './tasks.notify.ts';
import {
  assertCardRefs,
  assertLabels,
  checkedQuarter,
  checkRules,
  cleanTitle,
  finishedInSession,
  resolvePlacement,
  stateOf,
} from './tasks.rules.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { endOfList, publishTask, replaceRows } from './tasks.write.ts';

// One card: read, create, change, delete. Move and copy are in tasks.move.ts, drag and drop in
// tasks.drop.ts, the rules every write checks in tasks.rules.ts.

/** The whole card for the card dialog. */
export const describeTask = async (ctx: TenantContext, access: TaskAccess): Promise<Task> => {
  const { task } = access;
  const [card] = await describeCards(ctx.db, [task]);
  const [names] = await ctx.db
    .select({
      meetingTitle: sql<
        string | null
      >`(select ${meetings.title} from ${meetings} where ${anyOf(meetings.id, roomsOf(access))} order by ${meetings.title} limit 1)`,
      boardName: sql<string | null>`(select ${boards.name} from ${boards} where ${boards.id} = ${task.boardId})`,
      taskTypeName: sql<
        string | null
      >`(select ${boardLists.name} from ${boardLists} where ${boardLists.id} = ${task.boardListId})`,
      shared: sql<boolean>`exists (select 1 from ${taskShares} where ${taskShares.taskId} = ${task.id})`,
    })
    .from(sql`(select 1) as one`);
  return {
    ...card!,
    description: task.description,
    watchers: access.watchers,
    meetingTitle: names?.meetingTitle ?? null,
    boardName: names?.boardName ?? null,
    taskTypeName: names?.taskTypeName ?? null,
    shared: names?.shared ?? false,
    permissions: { canEdit: true, canDelete: access.canDelete },
    repeat: await repeatOf(ctx, task),
  };
};

export const getTask = async (ctx: TenantContext, id: string) => describeTask(ctx, await findVisibleTask(ctx, id));

/** `POST tasks` (saveTask). */
export const createTask = async (ctx: TenantContext, input: CreateTask) => {
  const title = cleanTitle(input.title);
  await assertCardRefs(ctx, input, [input.userId, ...(input.members ?? []), ...(input.watchers ?? [])]);
  const meetingIds = [...new Set(input.meetingIds)];
  await assertVisibleMeetings(ctx, meetingIds);
  const placement = await resolvePlacement(ctx, input.boardId, input.taskTypeId, meetingIds);
  if (!hasDueDate(input.type) && input.dueDate) throw badRequest({ dueDate: tasksMessages.headlineNoDueDate });
  const members = [...new Set(input.members ?? [input.userId])];
  const watchers = [...new Set(input.watchers ?? [])];
  const assignable = await assignableUsers(ctx.db, ctx.tenantId, [...meetingIds, ...placement.boardMeetingIds]);
  assertAssignable('userId', [input.userId], assignable, []);
  assertAssignable('members', members, assignable, []);
  assertAssignable('watchers', watchers, assignable, []);
  const isLocked = input.isLocked ?? false;
  checkRules(undefined, {
    type: input.type,
    status: input.status,
    isLocked,
    showInTasks: input.showInTasks,
    memberCount: members.length,
    boardId: placement.boardId,
    boardListId: placement.listId,
  });
  const labelIds = await assertLabels(ctx, input.labelIds ?? [], placement.boardId);
  const quarterId = (await checkedQuarter(ctx, input.quarterId)) ?? null;
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      tenantId: ctx.tenantId,
      title,
      description: sanitizeRichText(input.description ?? null),
      type: input.type,
      status: input.status,
      dueDate: hasDueDate(input.type) ? input.dueDate : null,
      reminder: input.reminder,
      userId: input.userId,
      boardId: placement.boardId,
      boardListId: placement.listId,
      showInTasks: input.showInTasks,
      quarterId,
      sort: await endOfList(ctx, placement.listId),
      isLocked,
      completedAt: input.status === '1' ? new Date() : null,
      createdBy: ctx.userId,
      changedBy: ctx.userId,
    })
    .returning({ id: tasks.id });
  const id = row!.id;
  await replaceRows(ctx, id, 'meetings', meetingIds);
  await replaceRows(ctx, id, 'members', members);
  await replaceRows(ctx, id, 'watchers', watchers);
  await replaceRows(ctx, id, 'labels', labelIds);
  await notifyCardPeople(ctx, { id, title }, null, { owner: input.userId, members });
  publishTask(ctx, id, placement.boardId, [...meetingIds, ...placement.boardMeetingIds], { action: 'created' });
  tellViewers(ctx, id, await viewersOf(ctx, id, input.type));
  return getTask(ctx, id);
};

/** `PATCH tasks/{id}`: any field, with every rule of the card checked. */
export const updateTask = async (ctx: TenantContext, id: string, input: UpdateTask) => {
  const access = await findVisibleTask(ctx, id);
  const { task } = access;
  // People already on the card may stay (deleted users included); new ones must be the workspace's.
  const onCard = [task.userId, ...access.members];
  await assertCardRefs(
    ctx,
    input,
    [input.userId, ...(input.members ?? [])].filter((userId) => !onCard.includes(userId ?? null)),
  );
  const type = (input.type ?? task.type) as TaskType;
  const seenBefore = await viewersOf(ctx, id, task.type);
  const status =
    input.status ?? (input.type ? statusForType(type, task.status as TaskStatus) : (task.status as TaskStatus));
  const isLocked = input.isLocked ?? task.isLocked;

  const meetingIds = input.meetingIds ? [...new Set(input.meetingIds)] : access.meetingIds;
  if (input.meetingIds)
    await assertVisibleMeetings(
      ctx,
      meetingIds.filter((m) => !access.meetingIds.includes(m)),
    );

  let boardId = task.boardId;
  let listId = task.boardListId;
  if (input.taskTypeId !== undefined) {
    listId = input.taskTypeId;
    boardId = input.boardId !== undefined ? input.boardId : listId ? null : task.boardId;
  } else if (input.boardId !== undefined) {
    boardId = input.boardId;
    if (boardId !== task.boardId) listId = null;
  }
  if (boardId === null) listId = null;
  let boardMeetingIds = access.boardMeetingIds;
  if (boardId !== task.boardId || listId !== task.boardListId) {
    const placement = await resolvePlacement(ctx, boardId, listId, null);
    boardId = placement.boardId;
    boardMeetingIds = placement.boardMeetingIds;
  }

  const members = input.members ? [...new Set(input.members)] : access.members;
  const showInTasks = input.showInTasks ?? (task.showInTasks as '0' | '1');
  checkRules(stateOf(access), {
    type,
    status,
    isLocked,
    showInTasks,
    memberCount: members.length,
    boardId,
    boardListId: listId,
  });

  if (!hasDueDate(type) && input.dueDate) throw badRequest({ dueDate: tasksMessages.headlineNoDueDate });
  const dueDate = !hasDueDate(type) ? null : input.dueDate !== undefined ? input.dueDate : task.dueDate;

  const userId = input.userId ?? task.userId;
  if (input.userId || input.members || input.meetingIds || boardId !== task.boardId) {
    const assignable = await assignableUsers(ctx.db, ctx.tenantId, [...meetingIds, ...boardMeetingIds]);
    if (input.userId && userId) assertAssignable('userId', [userId], assignable, task.userId ? [task.userId] : []);
    if (input.members) assertAssignable('members', members, assignable, access.members);
  }
  const labelIds = input.labelIds ? await assertLabels(ctx, input.labelIds, boardId) : undefined;
  const quarterId = await checkedQuarter(ctx, input.quarterId, task.quarterId);

  const becameDone = status === '1' && task.status !== '1';
  const completedInSessionId = await finishedInSession(ctx, task, { type, status }, [
    ...meetingIds,
    ...boardMeetingIds,
  ]);
  const description = input.description !== undefined ? sanitizeRichText(input.description ?? null) : undefined;
  const updated = await ctx.db
    .update(tasks)
    .set({
      completedInSessionId,
      ...(input.title !== undefined ? { title: cleanTitle(input.title) } : {}),
      ...(description !== undefined ? { description } : {}),
      type,
      status,
      dueDate,
      ...(input.reminder ? { reminder: input.reminder, reminderSentFor: null } : {}),
      userId,
      boardId,
      boardListId: listId,
      showInTasks,
      ...(quarterId !== undefined ? { quarterId } : {}),
      ...(listId !== task.boardListId ? { sort: await endOfList(ctx, listId) } : {}),
      isLocked,
      completedAt: status === '1' ? (becameDone ? new Date() : task.completedAt) : null,
      changedAt: new Date(),
      changedBy: ctx.userId,
    })
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.tenantId, ctx.tenantId),
        // Typed over a description someone has since replaced: nothing is written (one statement).
        description !== undefined && input.descriptionBase !== undefined
          ? sql`(${tasks.description} is not distinct from ${input.descriptionBase ?? null} or ${tasks.description} is not distinct from ${description})`
          : undefined,
      ),
    )
    .returning({ id: tasks.id });
  if (updated.length === 0) throw conflict(tasksMessages.descriptionChangedMeanwhile);
  if (input.meetingIds) await replaceRows(ctx, id, 'meetings', meetingIds);
  if (input.members) await replaceRows(ctx, id, 'members', members);
  if (labelIds) await replaceRows(ctx, id, 'labels', labelIds);
  // Labels of another board do not follow the card.
  if (boardId !== task.boardId && !labelIds)
    await ctx.db.delete(taskLabels).where(
      and(
        eq(taskLabels.taskId, id),
        inArray(
          taskLabels.labelId,
          ctx.db
            .select({ id: labels.id })
            .from(labels)
            .where(
              and(
                eq(labels.tenantId, ctx.tenantId),
                sql`${labels.boardId} is distinct from ${boardId}`,
                sql`${labels.boardId} is not null`,
              ),
            ),
        ),
      ),
    );
  const title = input.title !== undefined ? cleanTitle(input.title) : task.title;
  const followed = { task: { ...task, title }, watchers: access.watchers };
  await notifyCardPeople(
    ctx,
    { id, title },
    { owner: task.userId, members: access.members },
    { owner: userId, members },
  );
  if (status !== task.status) await notifyCardStatus(ctx, followed, type, status);
  if (listId !== task.boardListId || boardId !== task.boardId) await notifyCardMoved(ctx, followed);
  if (becameDone) await advanceSeries(ctx, task, 'done');
  publishTask(ctx, id, boardId, [...roomsOf(access), ...meetingIds, ...boardMeetingIds], { action: 'updated' });
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, type));
  return getTask(ctx, id);
};

/** `DELETE tasks/{id}`: permanent. Returns the stored files to remove once committed. */
export const deleteTask = async (ctx: TenantContext, id: string) => {
  const access = await findVisibleTask(ctx, id);
  assertCanDelete(access);
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  const files = await ctx.db
    .select({ storageKey: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.taskId, id));
  await ctx.db.delete(tasks).where(and(eq(tasks.id, id), eq(tasks.tenantId, ctx.tenantId)));
  // The series goes on without it: its next one comes as if it were done.
  if (access.task.status !== '1') await advanceSeries(ctx, access.task, 'deleted');
  publishTask(ctx, id, access.task.boardId, roomsOf(access), { action: 'deleted' });
  tellViewers(ctx, id, seenBefore);
  return { storageKeys: files.map((f) => f.storageKey) };
};

/** Used by boards: whether any card of the board is still active. */
export const countBoardCards = async (ctx: TenantContext, boardId: string) => {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${activeSql}))::int`,
    })
    .from(tasks)
    .where(and(eq(tasks.boardId, boardId), eq(tasks.tenantId, ctx.tenantId)));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
};
