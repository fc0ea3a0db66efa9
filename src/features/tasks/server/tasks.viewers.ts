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

/**
 * The people who may see card `taskId` now — `visibleTasksSql` (tasks.access.ts) the other way
 * round: its owner, members and watchers, the leaders and members of its meetings and of its
 * board's meetings, and the workspace's admins. One statement; none for other card types.
 */
export const viewersOf = async (ctx: TenantContext, taskId: string, type: string | null | undefined) => {
  if (!isLiveListed(type)) return [];
  const result = await ctx.db.execute(sql`
    select ${tasks.userId} as "userId" from ${tasks}
      where ${tasks.id} = ${taskId} and ${tasks.tenantId} = ${ctx.tenantId} and ${tasks.userId} is not null
    union select ${taskMembers.userId} from ${taskMembers} where ${taskMembers.taskId} = ${taskId}
    union select ${taskWatchers.userId} from ${taskWatchers} where ${taskWatchers.taskId} = ${taskId}
    union select ${meetingPeople.userId} from ${taskMeetings}
      join ${meetingPeople} on ${meetingPeople.meetingId} = ${taskMeetings.meetingId}
      where ${taskMeetings.taskId} = ${taskId}
    union select ${meetingPeople.userId} from ${tasks}
      join ${boardMeetings} on ${boardMeetings.boardId} = ${tasks.boardId}
      join ${meetingPeople} on ${meetingPeople.meetingId} = ${boardMeetings.meetingId}
      where ${tasks.id} = ${taskId} and ${tasks.tenantId} = ${ctx.tenantId}
    union select ${memberships.userId} from ${memberships}
      where ${memberships.tenantId} = ${ctx.tenantId} and ${memberships.isAdmin} = ${ADMIN_FLAG.yes}
        and not ${memberships.disabled}`);
  return (result as unknown as { rows: { userId: string }[] }).rows.map((row) => row.userId);
};

/** Tells each of the viewers (before and after a change, once each) that the card changed; after the commit. */
export const tellViewers = (ctx: TenantContext, taskId: string, ...viewers: string[][]) => {
  for (const receiverId of new Set(viewers.flat()))
    ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'task.visibleChanged', data: { id: taskId } });
};
