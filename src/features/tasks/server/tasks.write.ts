import { eq, sql } from 'drizzle-orm';
import { taskLabels, taskMeetings, taskMembers, tasks, taskWatchers } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { TaskEvents } from '../tasks.events.ts';
import { roomsOf, type TaskAccess } from './tasks.access.ts';

// What the card's writes share (create, update, move, copy, drop, watchers, its parts): the
// `task.changed` event to its rooms, its link rows, and the end of a list as a new card's place.

type TaskEventData = Pick<TaskEvents['task.changed'], 'action' | 'part'>;

/** Tells the rooms of the given meetings (the workspace room when none) that a card changed. */
export const publishTask = (
  ctx: Pick<TenantContext, 'tenantId' | 'publish'>,
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

/** The sort value after the last card of the list (0 off any list). */
export const endOfList = async (ctx: Pick<TenantContext, 'db'>, listId: string | null) => {
  if (!listId) return 0;
  const [row] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${tasks.sort}) + 1, 0)::int` })
    .from(tasks)
    .where(eq(tasks.boardListId, listId));
  return row?.next ?? 0;
};

export const replaceRows = async (
  ctx: Pick<TenantContext, 'db'>,
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
