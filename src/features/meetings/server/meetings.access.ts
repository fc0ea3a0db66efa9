import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetingPeople, meetings } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { forbidden, notFound } from '../../../shared/errors.ts';

// Who may see and change a meeting (document 1 §6): its leaders and members are its
// participants; leaders and workspace admins manage it; no one else learns it exists.

export interface MeetingAccess {
  id: string;
  tenantId: string;
  leaderIds: string[];
  memberIds: string[];
}

export const isParticipant = (userId: string, meeting: MeetingAccess) =>
  meeting.leaderIds.includes(userId) || meeting.memberIds.includes(userId);

export const isLeader = (userId: string, meeting: MeetingAccess) => meeting.leaderIds.includes(userId);

export const canManage = (ctx: Pick<TenantContext, 'userId' | 'isAdmin'>, meeting: MeetingAccess) =>
  ctx.isAdmin || isLeader(ctx.userId, meeting);

/** The meeting is one the user leads or attends (a semi-join on meeting_people by user). */
export const participates = (db: Db, userId: string) =>
  inArray(
    meetings.id,
    db.select({ id: meetingPeople.meetingId }).from(meetingPeople).where(eq(meetingPeople.userId, userId)),
  );

/** The meeting's people, by id; undefined when there is no such meeting in the workspace. */
export const loadMeetingAccess = async (
  db: Db,
  tenantId: string,
  meetingId: string,
): Promise<MeetingAccess | undefined> => {
  const rows = await db
    .select({ id: meetings.id, tenantId: meetings.tenantId, userId: meetingPeople.userId, role: meetingPeople.role })
    .from(meetings)
    .leftJoin(meetingPeople, eq(meetingPeople.meetingId, meetings.id))
    .where(and(eq(meetings.id, meetingId), eq(meetings.tenantId, tenantId)));
  if (rows.length === 0) return undefined;
  return {
    id: rows[0]!.id,
    tenantId: rows[0]!.tenantId,
    leaderIds: rows.filter((r) => r.role === 'leader').map((r) => r.userId!),
    memberIds: rows.filter((r) => r.role === 'member').map((r) => r.userId!),
  };
};

/** A meeting the caller may see (a participant, or a workspace admin); 404 otherwise. */
export const findVisibleMeeting = async (ctx: TenantContext, meetingId: string): Promise<MeetingAccess> => {
  const meeting = await loadMeetingAccess(ctx.db, ctx.tenantId, meetingId);
  if (!meeting || !(ctx.isAdmin || isParticipant(ctx.userId, meeting))) throw notFound();
  return meeting;
};

/** Editing, deleting and reordering people are for leaders and workspace admins (403 otherwise). */
export const assertMeetingLeader = (ctx: TenantContext, meeting: MeetingAccess) => {
  if (!canManage(ctx, meeting)) throw forbidden();
};
