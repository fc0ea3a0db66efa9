import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  checklistItems,
  checklists,
  labels,
  taskLabels,
  taskMembers,
  taskShares,
  tasks,
  users,
} from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { notFound } from '../../../shared/errors.ts';
import { shownStatus, type TaskStatus, type TaskType } from '../../../shared/tasks.ts';
import type { ShareLink, TaskPreview } from '../tasks.schemas.ts';
import { checklistProgress } from './checklists.service.ts';
import { findVisibleTask } from './tasks.access.ts';
import { publishTaskPart } from './tasks.write.ts';

// A card's public link (`/task-preview/{token}`): a 256-bit random token, never a row id. One
// link per card; revoking deletes it, and sharing again makes a new one.

const toLink = (row: { token: string; createdAt: Date }): ShareLink => ({
  token: row.token,
  path: `/task-preview/${row.token}`,
  createdAt: row.createdAt.toISOString(),
});

export const getShare = async (ctx: TenantContext, taskId: string) => {
  await findVisibleTask(ctx, taskId);
  const [row] = await ctx.db.select().from(taskShares).where(eq(taskShares.taskId, taskId));
  return row ? toLink(row) : null;
};

/** Gives the card's link, making one when it has none. */
export const shareTask = async (ctx: TenantContext, taskId: string) => {
  const access = await findVisibleTask(ctx, taskId);
  const [existing] = await ctx.db.select().from(taskShares).where(eq(taskShares.taskId, taskId));
  if (existing) return toLink(existing);
  const [row] = await ctx.db
    .insert(taskShares)
    .values({ taskId, tenantId: ctx.tenantId, token: randomBytes(32).toString('base64url'), createdBy: ctx.userId })
    .returning();
  publishTaskPart(ctx, access, 'share');
  return toLink(row!);
};

export const revokeShare = async (ctx: TenantContext, taskId: string) => {
  const access = await findVisibleTask(ctx, taskId);
  await ctx.db.delete(taskShares).where(eq(taskShares.taskId, taskId));
  publishTaskPart(ctx, access, 'share');
  return true;
};

/** `GET task-preview/{token}` (getSharedTask), for anyone: that one card and nothing else. */
export const previewTask = async (db: Db, token: string): Promise<TaskPreview> => {
  if (!/^[\w-]{20,100}$/.test(token)) throw notFound();
  const [row] = await db
    .select({ task: tasks, firstName: users.firstName, lastName: users.lastName })
    .from(taskShares)
    .innerJoin(tasks, and(eq(tasks.id, taskShares.taskId), eq(tasks.tenantId, taskShares.tenantId)))
    .leftJoin(users, eq(users.id, tasks.userId))
    .where(eq(taskShares.token, token));
  if (!row) throw notFound();
  const { task } = row;
  const members = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(taskMembers)
    .innerJoin(users, eq(users.id, taskMembers.userId))
    .where(eq(taskMembers.taskId, task.id))
    .orderBy(asc(users.firstName));
  const labelRows = await db
    .select({ name: labels.name, color: labels.color })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, task.id));
  const lists = await db
    .select({ id: checklists.id, title: checklists.title })
    .from(checklists)
    .where(eq(checklists.taskId, task.id))
    .orderBy(asc(checklists.sort));
  const items = await db
    .select({ checklistId: checklistItems.checklistId, title: checklistItems.title, status: checklistItems.status })
    .from(checklistItems)
    .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
    .where(eq(checklists.taskId, task.id))
    .orderBy(asc(checklistItems.sort));
  return {
    title: task.title,
    description: task.description,
    type: task.type as TaskType,
    status: task.status as TaskStatus,
    shownStatus: shownStatus(task.type as TaskType, task.status as TaskStatus, task.dueDate, todayUtc()),
    dueDate: task.dueDate,
    completedAt: task.completedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    owner: row.firstName !== null ? { firstName: row.firstName, lastName: row.lastName ?? '' } : null,
    members,
    labels: labelRows,
    checklists: lists.map((list) => {
      const own = items
        .filter((i) => i.checklistId === list.id)
        .map((i) => ({ title: i.title, status: i.status as '0' | '1' }));
      return { title: list.title, progress: checklistProgress(own), items: own };
    }),
  };
};
