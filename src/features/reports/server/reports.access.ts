import { and, eq, sql } from 'drizzle-orm';
import { meetingPeople, meetings, memberships, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest, forbidden, notFound } from '../../../shared/errors.ts';
import { reportsMessages } from '../reports.messages.ts';

// Who sees which report (document 3 §6): a meeting's report and its member reports
// are for the meeting's leaders and workspace admins; a participant who does not lead gets 403,
// anyone else 404 (the meeting is not revealed). A user report is for that user and admins.

export interface ReportMeeting {
  id: string;
  title: string;
  timezone: string;
  leaderIds: string[];
  memberIds: string[];
}

/** The meeting with its people, in one statement; 404 when the caller may not see it, 403 when they do not lead it. */
export const meetingForReport = async (ctx: TenantContext, meetingId: string): Promise<ReportMeeting> => {
  const rows = await ctx.db
    .select({
      id: meetings.id,
      title: meetings.title,
      timezone: meetings.timezone,
      userId: meetingPeople.userId,
      role: meetingPeople.role,
    })
    .from(meetings)
    .leftJoin(meetingPeople, eq(meetingPeople.meetingId, meetings.id))
    .where(and(eq(meetings.id, meetingId), eq(meetings.tenantId, ctx.tenantId)));
  const first = rows[0];
  if (!first) throw notFound();
  const meeting: ReportMeeting = {
    id: first.id,
    title: first.title,
    timezone: first.timezone,
    leaderIds: rows.filter((r) => r.role === 'leader').map((r) => r.userId as string),
    memberIds: rows.filter((r) => r.role === 'member').map((r) => r.userId as string),
  };
  if (ctx.isAdmin) return meeting;
  if (meeting.leaderIds.includes(ctx.userId)) return meeting;
  if (meeting.memberIds.includes(ctx.userId)) throw forbidden(reportsMessages.reportForbidden);
  throw notFound();
};

/**
 * A member report's person: of the workspace (404 otherwise, as for any foreign id) and a leader
 * or member of the meeting (document 3 §6: the member choices; 400 otherwise).
 */
export const assertReportMember = async (ctx: TenantContext, meeting: ReportMeeting, memberId: string) => {
  if (meeting.leaderIds.includes(memberId) || meeting.memberIds.includes(memberId)) return;
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [memberId] });
  throw badRequest({ memberId: reportsMessages.reportMemberNotInMeeting }, reportsMessages.reportMemberNotInMeeting);
};

export interface ReportPerson {
  userId: string;
  fullName: string;
  timezone: string;
}

/**
 * The person of a user report: anyone who has (or had) a place in the workspace, deleted or
 * disabled included (their history stays); 404 otherwise. Only they and admins see it (403).
 */
export const personForReport = async (ctx: TenantContext, userId: string): Promise<ReportPerson> => {
  const [row] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, timezone: users.timezone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)));
  if (!row) throw notFound();
  if (row.id !== ctx.userId && !ctx.isAdmin) throw forbidden(reportsMessages.reportUserForbidden);
  return { userId: row.id, fullName: `${row.firstName} ${row.lastName}`.trim(), timezone: row.timezone };
};

/** Names of people by id, for a member report's heading (one statement). */
export const fullNameSql = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
