import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  attachments,
  boardLists,
  boards,
  checklistItems,
  checklists,
  labels,
  meetings,
  sessions,
  taskLabels,
  taskMeetings,
  taskMembers,
  taskShares,
  tasks,
  taskWatchers,
} from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText, sanitizeRichText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { type AppError, badRequest, conflict } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import {
  hasDueDate,
  isActive,
  statusForType,
  TASK_TYPE,
  type TaskRuleProblem,
  type TaskState,
  type TaskStatus,
  type TaskType,
  taskRuleProblem,
} from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { quarterById } from '../../quarters/server/quarters.service.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { CreateTask, DropTask, MoveTask, Task, TasksOrder, UpdateTask } from '../tasks.schemas.ts';
import { findVisibleBoard, findVisibleList } from './boards.access.ts';
import { describeCards } from './cards.query.ts';
import { activeSql, inCallersMeetings, meetingOpenOrder } from './task-lists.service.ts';
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
import { tellViewers, viewersOf } from './tasks.viewers.ts';

type TaskEventData = {
  action: 'created' | 'updated' | 'deleted';
  part?: 'checklist' | 'activity' | 'attachment' | 'share';
};

/** Tells the rooms of the given meetings (the workspace room when none) that a card changed. */
export const publishTask = (
  ctx: TenantContext,
  id: string,
  boardId: string | null,
  meetingIds: string[],
  data: TaskEventData,
) => {
  const payload = { id, boardId, ...data };
  const rooms = [...new Set(meetingIds)];
  if (rooms.length === 0) ctx.publish({ tenantId: ctx.tenantId, type: 'task.changed', data: payload });
  for (const meetingId of rooms)
    ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'task.changed', data: payload });
};

export const publishTaskPart = (ctx: TenantContext, access: TaskAccess, part: TaskEventData['part']) =>
  publishTask(ctx, access.task.id, access.task.boardId, roomsOf(access), { action: 'updated', part });

const ruleError = (problem: TaskRuleProblem): AppError =>
  problem.kind === 'conflict'
    ? conflict(problem.message, { [problem.field]: problem.message })
    : badRequest({ [problem.field]: problem.message }, problem.message);

const checkRules = (before: TaskState | undefined, after: TaskState) => {
  const problem = taskRuleProblem(before, after);
  if (problem) throw ruleError(problem);
};

const stateOf = (access: TaskAccess): TaskState => ({
  type: access.task.type as TaskType,
  status: access.task.status as TaskStatus,
  isLocked: access.task.isLocked,
  showInTasks: access.task.showInTasks as '0' | '1',
  memberCount: access.members.length,
  boardId: access.task.boardId,
  boardListId: access.task.boardListId,
});

const cleanTitle = (title: string) => {
  const clean = sanitizePlainText(title);
  if (!clean) throw badRequest({ title: messages.required });
  return clean;
};

/** Labels (the workspace's: checked by assertInWorkspace) must be workspace-wide or the card's board's. */
const assertLabels = async (ctx: TenantContext, labelIds: string[], boardId: string | null) => {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .select({ id: labels.id, boardId: labels.boardId })
    .from(labels)
    .where(and(eq(labels.tenantId, ctx.tenantId), anyOf(labels.id, ids)));
  if (found.length !== ids.length || found.some((l) => l.boardId !== null && l.boardId !== boardId))
    throw badRequest({ labelIds: messages.invalidValue });
  return ids;
};

/** The ids a card's create, update, move or copy names: all of the workspace (404 otherwise). */
const assertCardRefs = (
  ctx: TenantContext,
  input: Partial<Pick<CreateTask, 'meetingIds' | 'boardId' | 'taskTypeId' | 'labelIds'>>,
  newPeople: (string | null | undefined)[] = [],
) =>
  assertInWorkspace(ctx.db, ctx.tenantId, {
    meetings: input.meetingIds,
    boards: [input.boardId],
    lists: [input.taskTypeId],
    labels: input.labelIds,
    users: newPeople,
  });

/** Where a card is placed: a list implies its board; a board of the card's meetings, when both are given. */
const resolvePlacement = async (
  ctx: TenantContext,
  boardId: string | null,
  listId: string | null,
  meetingIds: string[] | null,
) => {
  let board = boardId;
  if (listId) {
    const { list } = await findVisibleList(ctx, listId);
    if (board && board !== list.boardId) throw badRequest({ taskTypeId: messages.listNotOnBoard });
    board = list.boardId;
  }
  const boardMeetingIds = board ? (await findVisibleBoard(ctx, board)).meetingIds : [];
  if (board && meetingIds && meetingIds.length > 0 && !boardMeetingIds.some((id) => meetingIds.includes(id)))
    throw badRequest({ boardId: messages.boardNotInMeeting });
  return { boardId: board, listId, boardMeetingIds };
};

const endOfList = async (ctx: TenantContext, listId: string | null) => {
  if (!listId) return 0;
  const [row] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${tasks.sort}) + 1, 0)::int` })
    .from(tasks)
    .where(eq(tasks.boardListId, listId));
  return row?.next ?? 0;
};

const replaceRows = async (
  ctx: TenantContext,
  taskId: string,
  relation: 'meetings' | 'members' | 'watchers' | 'labels',
  ids: string[],
) => {
  const unique = [...new Set(ids)];
  if (relation === 'meetings') {
    await ctx.db.delete(taskMeetings).where(eq(taskMeetings.taskId, taskId));
    if (unique.length) await ctx.db.insert(taskMeetings).values(unique.map((meetingId) => ({ taskId, meetingId })));
  } else if (relation === 'members') {
    await ctx.db.delete(taskMembers).where(eq(taskMembers.taskId, taskId));
    if (unique.length) await ctx.db.insert(taskMembers).values(unique.map((userId) => ({ taskId, userId })));
  } else if (relation === 'watchers') {
    await ctx.db.delete(taskWatchers).where(eq(taskWatchers.taskId, taskId));
    if (unique.length) await ctx.db.insert(taskWatchers).values(unique.map((userId) => ({ taskId, userId })));
  } else {
    await ctx.db.delete(taskLabels).where(eq(taskLabels.taskId, taskId));
    if (unique.length) await ctx.db.insert(taskLabels).values(unique.map((labelId) => ({ taskId, labelId })));
  }
};

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
  };
};

export const getTask = async (ctx: TenantContext, id: string) => describeTask(ctx, await findVisibleTask(ctx, id));

/**
 * The session an item was finished in (decision 036): an issue ticked done while one of its
 * meetings is live was solved in that session, however it was ticked (Solve, the card dialog, a
 * tick in a list); reopened, it was solved in none. Other changes keep what it had.
 */
const finishedInSession = async (
  ctx: TenantContext,
  task: { type: string; status: string; completedInSessionId: string | null },
  next: { type: TaskType; status: TaskStatus },
  meetingIds: string[],
) => {
  if (next.status !== '1') return null;
  if (task.status === '1' || next.type !== TASK_TYPE.issue || meetingIds.length === 0) return task.completedInSessionId;
  const [live] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(anyOf(sessions.meetingId, meetingIds), isNotNull(sessions.startedAt), isNull(sessions.finishedAt)))
    .orderBy(asc(sessions.startedAt))
    .limit(1);
  return live?.id ?? null;
};

/**
 * A goal's quarter is one of the workspace's quarters, 'YYYY-Qn' (decisions 043 and 056): its own
 * period, or the calendar quarter of a year without periods. An empty value clears it; a value
 * left as it was (old free text from before) is kept, readable, until someone changes it.
 */
const checkedQuarter = async (ctx: TenantContext, quarterId: string | null | undefined, before?: string | null) => {
  if (quarterId === undefined) return undefined;
  const value = quarterId?.trim() || null;
  if (value === null || value === before) return value;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2999 || !(await quarterById(ctx.db, ctx.tenantId, value)))
    throw badRequest({ quarterId: tasksMessages.goalQuarterUnknown }, tasksMessages.goalQuarterUnknown);
  return value;
};

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
  await ctx.db
    .update(tasks)
    .set({
      completedInSessionId,
      ...(input.title !== undefined ? { title: cleanTitle(input.title) } : {}),
      ...(input.description !== undefined ? { description: sanitizeRichText(input.description ?? null) } : {}),
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
    .where(and(eq(tasks.id, id), eq(tasks.tenantId, ctx.tenantId)));
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
  publishTask(ctx, id, access.task.boardId, roomsOf(access), { action: 'deleted' });
  tellViewers(ctx, id, seenBefore);
  return { storageKeys: files.map((f) => f.storageKey) };
};

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

/** The card's labels that may stay on it on `boardId`: workspace-wide ones and that board's. */
const assertLabelsKept = async (ctx: TenantContext, taskId: string, boardId: string | null) => {
  const rows = await ctx.db
    .select({ id: labels.id, boardId: labels.boardId })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, taskId));
  return rows.filter((l) => l.boardId === null || l.boardId === boardId).map((l) => l.id);
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

/** A new checklist on `taskId` with the items of `sourceId`, all open ('0'). */
export const copyChecklistInto = async (
  ctx: TenantContext,
  sourceId: string,
  taskId: string,
  title: string,
  sort: number,
) => {
  const [created] = await ctx.db
    .insert(checklists)
    .values({ tenantId: ctx.tenantId, taskId, title, sort, changedBy: ctx.userId })
    .returning({ id: checklists.id });
  const items = await ctx.db
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.checklistId, sourceId))
    .orderBy(asc(checklistItems.sort));
  if (items.length)
    await ctx.db.insert(checklistItems).values(
      items.map((item) => ({
        tenantId: ctx.tenantId,
        checklistId: created!.id,
        title: item.title,
        status: '0',
        sort: item.sort,
      })),
    );
  return created!.id;
};

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

// Watchers

export const listWatchers = async (ctx: TenantContext, id: string) => (await findVisibleTask(ctx, id)).watchers;

export const addWatchers = async (ctx: TenantContext, id: string, userIds: string[]) => {
  const access = await findVisibleTask(ctx, id);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: userIds.filter((u) => !access.watchers.includes(u)) });
  const assignable = await assignableUsers(ctx.db, ctx.tenantId, roomsOf(access));
  assertAssignable('userIds', userIds, assignable, access.watchers);
  const next = [...new Set([...access.watchers, ...userIds])];
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  await replaceRows(ctx, id, 'watchers', next);
  publishTaskPart(ctx, access, undefined);
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, access.task.type));
  return next;
};

export const removeWatchers = async (ctx: TenantContext, id: string, userIds: string[]) => {
  const access = await findVisibleTask(ctx, id);
  // Taking someone off is always allowed; naming a stranger is 404 like any foreign id.
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: userIds.filter((u) => !access.watchers.includes(u)) });
  const next = access.watchers.filter((w) => !userIds.includes(w));
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  await replaceRows(ctx, id, 'watchers', next);
  publishTaskPart(ctx, access, undefined);
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, access.task.type));
  return next;
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
