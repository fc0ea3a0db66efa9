import { and, asc, eq } from 'drizzle-orm';
import { activities, apiTokens, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { sanitizeRichText } from '../../../server/sanitize.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Activity } from '../tasks.schemas.ts';
import { findVisibleTask } from './tasks.access.ts';
import { notifyCardComment } from './tasks.notify.ts';
import { publishTaskPart } from './tasks.write.ts';

// A card's activity log: comments in sanitized HTML. Their author edits and deletes them;
// workspace admins may delete any (docs/decisions/010).

export const cleanComment = (html: string) => {
  const safe = sanitizeRichText(html);
  // Markup that sanitizes to nothing (a lone script) is no comment.
  if (!safe.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(safe)) throw badRequest({ description: messages.required });
  return safe;
};

/** `GET tasks/{id}/activities` (getActivities), oldest first. */
export const listActivities = async (ctx: TenantContext, taskId: string): Promise<Activity[]> => {
  await findVisibleTask(ctx, taskId);
  const rows = await ctx.db
    .select({
      activity: activities,
      author: personSummaryColumns,
      viaToken: apiTokens.name,
    })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.createdBy))
    .leftJoin(apiTokens, eq(apiTokens.id, activities.viaTokenId))
    .where(and(eq(activities.taskId, taskId), eq(activities.tenantId, ctx.tenantId)))
    .orderBy(asc(activities.createdAt));
  return rows.map(({ activity, author, viaToken }) => ({
    id: activity.id,
    taskId: activity.taskId,
    description: activity.description,
    createdAt: activity.createdAt.toISOString(),
    changedAt: activity.changedAt.toISOString(),
    changedBy: activity.changedBy,
    // The author's user row always exists (users are never hard-deleted).
    author: activity.createdBy && author ? personSummary(author) : null,
    viaToken,
    permissions: {
      canEdit: activity.createdBy === ctx.userId,
      canDelete: activity.createdBy === ctx.userId || ctx.isAdmin,
    },
  }));
};

const one = async (ctx: TenantContext, taskId: string, id: string) => {
  const found = (await listActivities(ctx, taskId)).find((a) => a.id === id);
  if (!found) throw notFound();
  return found;
};

const findActivity = async (ctx: TenantContext, id: string) => {
  const [activity] = await ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.tenantId, ctx.tenantId)));
  if (!activity) throw notFound();
  return { activity, access: await findVisibleTask(ctx, activity.taskId) };
};

let lastMoment = 0;
/**
 * When a comment is written: now, but always after this process's previous comment, so comments
 * written in one transaction (an import), which now() would give one moment, keep their order.
 * Created and changed alike: "edited" shows when they differ.
 */
const commentMoment = () => {
  lastMoment = Math.max(Date.now(), lastMoment + 1);
  return new Date(lastMoment);
};

/** `POST activities` (saveActivity). */
export const createActivity = async (ctx: TenantContext, input: { taskId: string; description: string }) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: [input.taskId] });
  const access = await findVisibleTask(ctx, input.taskId);
  const stamp = commentMoment();
  const [row] = await ctx.db
    .insert(activities)
    .values({
      tenantId: ctx.tenantId,
      taskId: input.taskId,
      description: cleanComment(input.description),
      createdAt: stamp,
      changedAt: stamp,
      createdBy: ctx.userId,
      viaTokenId: ctx.apiTokenId ?? null,
      changedBy: ctx.userId,
    })
    .returning({ id: activities.id });
  await notifyCardComment(ctx, access);
  publishTaskPart(ctx, access, 'activity');
  return one(ctx, input.taskId, row!.id);
};

export const updateActivity = async (ctx: TenantContext, id: string, input: { description: string }) => {
  const { activity, access } = await findActivity(ctx, id);
  if (activity.createdBy !== ctx.userId) throw forbidden(tasksMessages.notYourComment);
  await ctx.db
    .update(activities)
    .set({ description: cleanComment(input.description), changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(activities.id, id));
  publishTaskPart(ctx, access, 'activity');
  return one(ctx, activity.taskId, id);
};

export const deleteActivity = async (ctx: TenantContext, id: string) => {
  const { activity, access } = await findActivity(ctx, id);
  if (activity.createdBy !== ctx.userId && !ctx.isAdmin) throw forbidden(tasksMessages.notYourComment);
  await ctx.db.delete(activities).where(eq(activities.id, id));
  publishTaskPart(ctx, access, 'activity');
  return true;
};
