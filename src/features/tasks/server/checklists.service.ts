import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { checklistItems, checklists, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { notify } from '../../notifications/server/notifications.service.ts';
import { tasksMessages } from '../tasks.messages.ts';
import {
  type Checklist,
  type ChecklistItemInput,
  MEETING_CHECKLIST_ITEMS_MAX,
  type MeetingChecklistItems,
  MY_CHECKLIST_ITEMS_MAX,
  type MyChecklistItems,
} from '../tasks.schemas.ts';
import { activeSql, notAllMeetingsHidden, ofMeeting } from './task-lists.service.ts';
import {
  assertAssignable,
  assignableUsers,
  findVisibleTask,
  roomsOf,
  type TaskAccess,
  visibleTasksSql,
} from './tasks.access.ts';
import { publishTaskPart } from './tasks.write.ts';

/** Share of items done, 0–100, rounded; 0 for an empty checklist (document 2 §4). */
export const checklistProgress = (items: { status: string }[]) =>
  items.length === 0 ? 0 : Math.round((100 * items.filter((i) => i.status !== '0').length) / items.length);

const cleanTitle = (title: string) => {
  const clean = sanitizePlainText(title);
  if (!clean) throw badRequest({ title: messages.required });
  return clean;
};

/** `GET tasks/{id}/checklists` (getChecklist): the card's checklists with items and progress. */
export const listChecklists = async (ctx: TenantContext, taskId: string): Promise<Checklist[]> => {
  await findVisibleTask(ctx, taskId);
  const lists = await ctx.db
    .select()
    .from(checklists)
    .where(and(eq(checklists.taskId, taskId), eq(checklists.tenantId, ctx.tenantId)))
    .orderBy(asc(checklists.sort), asc(checklists.createdAt));
  const items = await ctx.db
    .select({
      id: checklistItems.id,
      checklistId: checklistItems.checklistId,
      title: checklistItems.title,
      status: checklistItems.status,
      sort: checklistItems.sort,
      ownerId: checklistItems.ownerId,
      dueDate: checklistItems.dueDate,
    })
    .from(checklistItems)
    .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
    .where(eq(checklists.taskId, taskId))
    .orderBy(asc(checklistItems.sort));
  return lists.map((list) => {
    const own = items.filter((i) => i.checklistId === list.id).map((i) => ({ ...i, status: i.status as '0' | '1' }));
    return {
      id: list.id,
      taskId: list.taskId,
      title: list.title,
      sort: list.sort,
      items: own,
      progress: checklistProgress(own),
      changedAt: list.changedAt.toISOString(),
      changedBy: list.changedBy,
    };
  });
};

const findChecklist = async (ctx: TenantContext, id: string) => {
  const [list] = await ctx.db
    .select()
    .from(checklists)
    .where(and(eq(checklists.id, id), eq(checklists.tenantId, ctx.tenantId)));
  if (!list) throw notFound();
  const access = await findVisibleTask(ctx, list.taskId);
  return { list, access };
};

const findItem = async (ctx: TenantContext, id: string) => {
  const [item] = await ctx.db
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.id, id), eq(checklistItems.tenantId, ctx.tenantId)));
  if (!item) throw notFound();
  return { item, ...(await findChecklist(ctx, item.checklistId)) };
};

const one = async (ctx: TenantContext, taskId: string, id: string) => {
  const found = (await listChecklists(ctx, taskId)).find((c) => c.id === id);
  if (!found) throw notFound();
  return found;
};

/** `POST checklists` (saveChecklist); copyFromId copies another checklist the caller may see. */
export const createChecklist = async (
  ctx: TenantContext,
  input: { taskId: string; title: string; copyFromId?: string | null },
) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: [input.taskId], checklists: [input.copyFromId] });
  const access = await findVisibleTask(ctx, input.taskId);
  const title = cleanTitle(input.title);
  const [last] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${checklists.sort}) + 1, 0)::int` })
    .from(checklists)
    .where(eq(checklists.taskId, input.taskId));
  let id: string;
  if (input.copyFromId) {
    await findChecklist(ctx, input.copyFromId);
    id = await copyChecklistInto(ctx, input.copyFromId, input.taskId, title, last?.next ?? 0);
  } else {
    const [created] = await ctx.db
      .insert(checklists)
      .values({ tenantId: ctx.tenantId, taskId: input.taskId, title, sort: last?.next ?? 0, changedBy: ctx.userId })
      .returning({ id: checklists.id });
    id = created!.id;
  }
  publishTaskPart(ctx, access, 'checklist');
  return one(ctx, input.taskId, id);
};

export const updateChecklist = async (ctx: TenantContext, id: string, input: { title: string }) => {
  const { list, access } = await findChecklist(ctx, id);
  await ctx.db
    .update(checklists)
    .set({ title: cleanTitle(input.title), changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(checklists.id, id));
  publishTaskPart(ctx, access, 'checklist');
  return one(ctx, list.taskId, id);
};

/** Permanent (document 2 §8). */
export const deleteChecklist = async (ctx: TenantContext, id: string) => {
  const { access } = await findChecklist(ctx, id);
  await ctx.db.delete(checklists).where(eq(checklists.id, id));
  publishTaskPart(ctx, access, 'checklist');
  return true;
};

/** An item's owner is someone the card may be assigned to; one already its owner may stay (400 on `ownerId`). */
const assertItemOwner = async (
  ctx: TenantContext,
  access: TaskAccess,
  ownerId: string | null | undefined,
  current: string | null,
) => {
  if (!ownerId) return;
  assertAssignable(
    'ownerId',
    [ownerId],
    await assignableUsers(ctx.db, ctx.tenantId, roomsOf(access)),
    current ? [current] : [],
  );
};

/** Tells the person made an item's owner (not who made themselves its owner). */
const notifyItemOwner = async (
  ctx: TenantContext,
  access: TaskAccess,
  item: string,
  ownerId: string | null | undefined,
  before: string | null,
) => {
  if (!ownerId || ownerId === before) return;
  await notify(ctx, [ownerId], {
    kind: 'checklistItemOwner',
    message: (who) => tasksMessages.notificationChecklistItemOwner(who, item, access.task.title),
    link: `/home/${access.task.id}`,
    taskId: access.task.id,
  });
};

const touch = (ctx: TenantContext, checklistId: string) =>
  ctx.db.update(checklists).set({ changedAt: new Date(), changedBy: ctx.userId }).where(eq(checklists.id, checklistId));

/** `POST checklist-items` (saveChecklistItem): new items start '0' unless told. */
export const createChecklistItem = async (
  ctx: TenantContext,
  input: { checklistId: string; title: string; status: '0' | '1' } & ChecklistItemInput,
) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { checklists: [input.checklistId], users: [input.ownerId] });
  const { list, access } = await findChecklist(ctx, input.checklistId);
  await assertItemOwner(ctx, access, input.ownerId, null);
  const [last] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${checklistItems.sort}) + 1, 0)::int` })
    .from(checklistItems)
    .where(eq(checklistItems.checklistId, list.id));
  await ctx.db.insert(checklistItems).values({
    tenantId: ctx.tenantId,
    checklistId: list.id,
    title: cleanTitle(input.title),
    status: input.status,
    sort: last?.next ?? 0,
    ownerId: input.ownerId ?? null,
    dueDate: input.dueDate ?? null,
  });
  await touch(ctx, list.id);
  await notifyItemOwner(ctx, access, cleanTitle(input.title), input.ownerId, null);
  publishTaskPart(ctx, access, 'checklist');
  return one(ctx, list.taskId, list.id);
};

/** Toggling an item saves at once; the answer is the checklist with its new progress. */
export const updateChecklistItem = async (
  ctx: TenantContext,
  id: string,
  input: { title?: string | undefined; status?: '0' | '1' | undefined } & ChecklistItemInput,
) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [input.ownerId] });
  const { item, list, access } = await findItem(ctx, id);
  await assertItemOwner(ctx, access, input.ownerId, item.ownerId);
  await ctx.db
    .update(checklistItems)
    .set({
      ...(input.title !== undefined ? { title: cleanTitle(input.title) } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
    })
    .where(eq(checklistItems.id, item.id));
  await touch(ctx, list.id);
  await notifyItemOwner(
    ctx,
    access,
    input.title !== undefined ? cleanTitle(input.title) : item.title,
    input.ownerId,
    item.ownerId,
  );
  publishTaskPart(ctx, access, 'checklist');
  return one(ctx, list.taskId, list.id);
};

export const deleteChecklistItem = async (ctx: TenantContext, id: string) => {
  const { item, list, access } = await findItem(ctx, id);
  await ctx.db.delete(checklistItems).where(eq(checklistItems.id, item.id));
  await touch(ctx, list.id);
  publishTaskPart(ctx, access, 'checklist');
  return one(ctx, list.taskId, list.id);
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
        ownerId: item.ownerId,
        dueDate: item.dueDate,
      })),
    );
  return created!.id;
};

/**
 * `GET checklist-items/mine`: the caller's open items on open cards they may see, soonest due first
 * (undated last), less those of cards whose meetings are all hidden on home. One statement.
 */
export const myChecklistItems = async (
  ctx: TenantContext,
  hiddenMeetingIds: string[] = [],
): Promise<MyChecklistItems> => {
  const rows = await ownedItems(ctx, [
    eq(checklistItems.ownerId, ctx.userId),
    hiddenMeetingIds.length ? notAllMeetingsHidden([...new Set(hiddenMeetingIds)]) : undefined,
  ]).limit(MY_CHECKLIST_ITEMS_MAX);
  return { items: rows.map(({ total: _, ownerId: __, ...item }) => item), total: rows[0]?.total ?? 0 };
};

/** Open items on open cards the caller may see, soonest due first (undated last), with their count. */
const ownedItems = (ctx: TenantContext, conditions: (SQL | undefined)[]) =>
  ctx.db
    .select({
      id: checklistItems.id,
      title: checklistItems.title,
      dueDate: checklistItems.dueDate,
      checklistId: checklistItems.checklistId,
      taskId: tasks.id,
      taskTitle: tasks.title,
      ownerId: checklistItems.ownerId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(checklistItems)
    .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
    .innerJoin(tasks, eq(tasks.id, checklists.taskId))
    .where(
      and(
        eq(checklistItems.tenantId, ctx.tenantId),
        eq(checklistItems.status, '0'),
        eq(tasks.tenantId, ctx.tenantId),
        activeSql,
        visibleTasksSql(ctx),
        ...conditions,
      ),
    )
    .orderBy(sql`${checklistItems.dueDate} nulls last`, sql`lower(${checklistItems.title})`, checklistItems.id);

/**
 * `GET checklist-items?meetingId=`: the open items that have an owner, on the meeting's open cards
 * (linked to it or on its boards), soonest due first: the live To-Do review lists them beside the
 * to-dos. One statement after the meeting's check (404 for a meeting the caller does not see).
 */
export const meetingChecklistItems = async (ctx: TenantContext, meetingId: string): Promise<MeetingChecklistItems> => {
  await findVisibleMeeting(ctx, meetingId);
  const rows = await ownedItems(ctx, [ofMeeting(ctx, meetingId), sql`${checklistItems.ownerId} is not null`]).limit(
    MEETING_CHECKLIST_ITEMS_MAX,
  );
  return {
    items: rows.map(({ total: _, ownerId, ...item }) => ({ ...item, ownerId: ownerId! })),
    total: rows[0]?.total ?? 0,
  };
};
