import { sql } from 'drizzle-orm';
import {
  boardMeetings,
  meetingPeople,
  memberships,
  taskMeetings,
  taskMembers,
  tasks,
  taskWatchers,
} from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';

// Goals and backburner items are also listed workspace-wide (the vision board's live sections,
// decision 047), where their viewers are in none of the card's meeting rooms. So a change of such
// a card is also sent to each person who may see it, or could until this change, in their own
// member room (decision 057): `task.visibleChanged`, ids only, so each client refetches what IT
// may see. Nobody else hears of it.

/** Whether cards of this type appear in workspace-wide live lists. */
const isLiveListed = (type: string | null | undefined) => type === TASK_TYPE.goal || type === TASK_TYPE.backburner;

/** Cards a statement when many are asked about: one uuid[] parameter, so this only bounds the work. */
const CARDS_PER_STATEMENT = 1000;

/**
 * The people who may see any of the cards `taskIds` now — `visibleTasksSql` (tasks.access.ts)
 * the other way round: their owners, members and watchers, the leaders and members of their
 * meetings and of their boards' meetings, and the workspace's admins. One statement a thousand cards.
 */
export const viewersOfCards = async (ctx: TenantContext, taskIds: readonly string[]) => {
  const viewers = new Set<string>();
  for (let start = 0; start < taskIds.length; start += CARDS_PER_STATEMENT) {
    const these = uuidArray(taskIds.slice(start, start + CARDS_PER_STATEMENT));
    const result = await ctx.db.execute(sql`
      select ${tasks.userId}::text as "userId" from ${tasks}
        where ${tasks.id} = any(${these}) and ${tasks.tenantId} = ${ctx.tenantId} and ${tasks.userId} is not null
      union select ${taskMembers.userId}::text from ${taskMembers} where ${taskMembers.taskId} = any(${these})
      union select ${taskWatchers.userId}::text from ${taskWatchers} where ${taskWatchers.taskId} = any(${these})
      union select ${meetingPeople.userId}::text from ${taskMeetings}
        join ${meetingPeople} on ${meetingPeople.meetingId} = ${taskMeetings.meetingId}
        where ${taskMeetings.taskId} = any(${these})
      union select ${meetingPeople.userId}::text from ${tasks}
        join ${boardMeetings} on ${boardMeetings.boardId} = ${tasks.boardId}
        join ${meetingPeople} on ${meetingPeople.meetingId} = ${boardMeetings.meetingId}
        where ${tasks.id} = any(${these}) and ${tasks.tenantId} = ${ctx.tenantId}
      union select ${memberships.userId}::text from ${memberships}
        where ${memberships.tenantId} = ${ctx.tenantId} and ${memberships.isAdmin} = ${ADMIN_FLAG.yes}
          and not ${memberships.disabled}`);
    for (const row of (result as unknown as { rows: { userId: string }[] }).rows) viewers.add(row.userId);
  }
  return [...viewers];
};

/** The people who may see card `taskId` now, for the types listed workspace-wide; none for others. */
export const viewersOf = async (ctx: TenantContext, taskId: string, type: string | null | undefined) =>
  isLiveListed(type) ? viewersOfCards(ctx, [taskId]) : [];

/** Tells each of the viewers (before and after a change, once each) that the card changed; after the commit. */
export const tellViewers = (ctx: TenantContext, taskId: string, ...viewers: string[][]) => {
  for (const receiverId of new Set(viewers.flat()))
    ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'task.visibleChanged', data: { id: taskId } });
};
