import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  boardMeetings,
  meetingPeople,
  memberships,
  taskMeetings,
  taskMembers,
  tasks,
  taskWatchers,
  users,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { tasksMessages } from '../tasks.messages.ts';

// Who may see and change a card (document 2 §6, docs/decisions/010): workspace admins; the
// leaders and members of its meetings or of its board's meetings; and its owner, members and
// watchers (a card without a meeting is someone's own action item). Everyone who sees a card
// may work on it; deleting it is for its owner, its creator, leaders and workspace admins.

export type TaskRow = typeof tasks.$inferSelect;

export interface TaskAccess {
  task: TaskRow;
  meetingIds: string[];
  /** The meetings of the card's board. */
  boardMeetingIds: string[];
  members: string[];
  watchers: string[];
  canDelete: boolean;
}

/** The meetings whose rooms hear about this card: its own and its board's. */
export const roomsOf = (access: Pick<TaskAccess, 'meetingIds' | 'boardMeetingIds'>) => [
  ...new Set([...access.meetingIds, ...access.boardMeetingIds]),
];

/** Meeting ids (of those given) in which the user is a leader or member, and those they lead. */
export const participation = async (db: Db, userId: string, meetingIds: string[]) => {
  if (meetingIds.length === 0) return { participant: new Set<string>(), leader: new Set<string>() };
  const rows = await db
    .select({ meetingId: meetingPeople.meetingId, role: meetingPeople.role })
    .from(meetingPeople)
    .where(and(eq(meetingPeople.userId, userId), anyOf(meetingPeople.meetingId, meetingIds)));
  return {
    participant: new Set(rows.map((r) => r.meetingId)),
    leader: new Set(rows.filter((r) => r.role === 'leader').map((r) => r.meetingId)),
  };
};

/** A card of the workspace the caller may see, with its relations; 404 otherwise. */
export const findVisibleTask = async (ctx: TenantContext, taskId: string): Promise<TaskAccess> => {
  const [task] = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.tenantId, ctx.tenantId)));
  if (!task) throw notFound();
  const result = await ctx.db.execute(sql`
    select 'meeting' as kind, ${taskMeetings.meetingId}::text as id from ${taskMeetings} where ${taskMeetings.taskId} = ${taskId}
    union all
    select 'board', ${boardMeetings.meetingId}::text from ${boardMeetings} where ${boardMeetings.boardId} = ${task.boardId}
    union all
    select 'member', ${taskMembers.userId}::text from ${taskMembers} where ${taskMembers.taskId} = ${taskId}
    union all
    select 'watcher', ${taskWatchers.userId}::text from ${taskWatchers} where ${taskWatchers.taskId} = ${taskId}`);
  const related = (result as unknown as { rows: { kind: string; id: string }[] }).rows;
  const of = (kind: string) => related.filter((r) => r.kind === kind).map((r) => r.id);
  const access = {
    task,
    meetingIds: of('meeting'),
    boardMeetingIds: of('board'),
    members: of('member'),
    watchers: of('watcher'),
  };
  const rooms = roomsOf(access);
  const { participant, leader } = await participation(ctx.db, ctx.userId, rooms);
  const personal =
    task.userId === ctx.userId || access.members.includes(ctx.userId) || access.watchers.includes(ctx.userId);
  if (!(ctx.isAdmin || personal || participant.size > 0)) throw notFound();
  const canDelete = ctx.isAdmin || task.userId === ctx.userId || task.createdBy === ctx.userId || leader.size > 0;
  return { ...access, canDelete };
};

export const assertCanDelete = (access: TaskAccess) => {
  if (!access.canDelete) throw forbidden();
};

/**
 * Meetings the caller may see (participant, or workspace admin); 404 for any other. The ids
 * must already have passed `assertInWorkspace` (src/server/tenancy.ts): this checks only who
 * takes part in them.
 */
export const assertVisibleMeetings = async (ctx: TenantContext, meetingIds: string[]) => {
  const ids = [...new Set(meetingIds)];
  if (ids.length === 0 || ctx.isAdmin) return;
  const { participant } = await participation(ctx.db, ctx.userId, ids);
  if (participant.size !== ids.length) throw notFound();
};

/**
 * The people a card in these meetings may be assigned to: the meetings' leaders and members
 * (document 2 §6); with no meeting, the workspace's enabled members.
 */
export const assignableUsers = async (db: Db, tenantId: string, meetingIds: string[]): Promise<Set<string>> => {
  if (meetingIds.length > 0) {
    const rows = await db
      .selectDistinct({ userId: meetingPeople.userId })
      .from(meetingPeople)
      .innerJoin(users, eq(users.id, meetingPeople.userId))
      .where(and(anyOf(meetingPeople.meetingId, meetingIds), isNull(users.deletedAt)));
    return new Set(rows.map((r) => r.userId));
  }
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.disabled, false), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.userId));
};

/** New people on a card must be assignable; those already on it may stay (deleted users included). */
export const assertAssignable = (field: string, wanted: string[], assignable: Set<string>, already: string[]) => {
  const bad = wanted.filter((id) => !assignable.has(id) && !already.includes(id));
  if (bad.length > 0) throw badRequest({ [field]: tasksMessages.notAssignable });
};

/**
 * SQL twin of findVisibleTask's rule, for lists other features show (the vision board's live
 * sections, the calendar): admins see every card; others their own, those of the boards of their
 * meetings, those they are a member or watcher of, and those of the meetings they lead or attend.
 * The caller's meetings and boards are gathered once (uncorrelated: PostgreSQL runs each once);
 * the cheap tests come first. Each EXISTS ends in `offset 0`, which keeps PostgreSQL from turning
 * it into a hash of every row of the link table (a full read of 100,000 card–meeting links for a
 * month of the calendar): a card is checked by its key instead.
 */
export const visibleTasksSql = (ctx: Pick<TenantContext, 'userId' | 'isAdmin'>) => {
  if (ctx.isAdmin) return sql`true`;
  const me = ctx.userId;
  const myMeetings = sql`array(select mine.meeting_id from meeting_people mine where mine.user_id = ${me})`;
  return sql`(${tasks.userId} = ${me}
    or ${tasks.boardId} = any(array(select bm.board_id from board_meetings bm where bm.meeting_id = any(${myMeetings})))
    or exists (select 1 from ${taskMembers} where ${taskMembers.taskId} = ${tasks.id} and ${taskMembers.userId} = ${me} offset 0)
    or exists (select 1 from ${taskWatchers} where ${taskWatchers.taskId} = ${tasks.id} and ${taskWatchers.userId} = ${me} offset 0)
    or exists (select 1 from ${taskMeetings} where ${taskMeetings.taskId} = ${tasks.id}
      and ${taskMeetings.meetingId} = any(${myMeetings}) offset 0))`;
};
