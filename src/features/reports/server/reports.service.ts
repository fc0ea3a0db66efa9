import { asc, sql } from 'drizzle-orm';
import { taskMembers, tasks, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { addMonths, utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { ofMeeting } from '../../tasks/server/task-lists.service.ts';
import { reportsMessages } from '../reports.messages.ts';
import {
  type MeetingReportQuery,
  REPORT_WINDOW_MAX_MONTHS,
  type Report,
  type UserReportQuery,
} from '../reports.schemas.ts';
import { reportFigures } from './report.figures.ts';
import { assertReportMember, meetingForReport, personForReport } from './reports.access.ts';

// The meeting, member and user reports (document 3 §2–§3, §7: GET reports/meetings/{meetingId}
// with memberId, GET reports/users/{userId}). Reads other features' tables, writes nothing.

/** The window asked for, filled in: from Jan 1 of this year to today (document 3 §9), in `timezone`. */
export const reportWindow = (query: { dateSince?: string; dateUntil?: string }, timezone: string) => {
  const today = utcToZonedParts(new Date(), timezone).date;
  const until = query.dateUntil ?? (query.dateSince && query.dateSince > today ? query.dateSince : today);
  const since = query.dateSince ?? `${until.slice(0, 4)}-01-01`;
  // One side given: the other filled in may still make a window the schema would refuse.
  if (until < since)
    throw badRequest({ dateUntil: reportsMessages.reportWindowOrder }, reportsMessages.reportWindowOrder);
  if (until > addMonths(since, REPORT_WINDOW_MAX_MONTHS))
    throw badRequest({ dateUntil: reportsMessages.reportWindowTooLong }, reportsMessages.reportWindowTooLong);
  return { since, until, today };
};

/** Action items of `userId`: the cards they are a member of (their action items list). */
const membersItems = (userId: string) =>
  sql`tasks.id in (select ${taskMembers.taskId} from ${taskMembers} where ${taskMembers.userId} = ${userId})`;

/** The meeting report, or with `memberId` the member report (leaders of the meeting and admins). */
export const meetingReport = async (
  ctx: TenantContext,
  meetingId: string,
  query: MeetingReportQuery,
): Promise<Report> => {
  const meeting = await meetingForReport(ctx, meetingId);
  const memberId = query.memberId ?? null;
  if (memberId) await assertReportMember(ctx, meeting, memberId);
  // The member choices, named (one statement whatever the meeting's size).
  const ids = [...new Set([...meeting.leaderIds, ...meeting.memberIds])];
  const named =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(anyOf(users.id, ids))
          .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const people = named.map((row) => ({
    userId: row.id,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    role: meeting.leaderIds.includes(row.id) ? ('leader' as const) : ('member' as const),
  }));
  const chosen = people.find((p) => p.userId === memberId);
  const person: Report['person'] = chosen ? { userId: chosen.userId, fullName: chosen.fullName } : null;
  const { since, until, today } = reportWindow(query, meeting.timezone);
  const ofThisMeeting = ofMeeting(ctx, meeting.id);
  const figures = await reportFigures(ctx.db, {
    tenantId: ctx.tenantId,
    sessions: sql`s.meeting_id = ${meeting.id}`,
    personId: memberId,
    viewerId: ctx.userId,
    actionItems: memberId ? sql`${ofThisMeeting} and ${membersItems(memberId)}` : ofThisMeeting,
    goals: memberId ? sql`${ofThisMeeting} and ${tasks.userId} = ${memberId}` : ofThisMeeting,
    created: memberId ? sql`${ofThisMeeting} and ${tasks.createdBy} = ${memberId}` : ofThisMeeting,
    scores: memberId
      ? sql`scores.meeting_id = ${meeting.id} and scores.user_id = ${memberId}`
      : sql`scores.meeting_id = ${meeting.id}`,
    timezone: meeting.timezone,
    since,
    until,
    today,
  });
  return {
    kind: memberId ? 'member' : 'meeting',
    dateSince: since,
    dateUntil: until,
    today,
    timezone: meeting.timezone,
    meeting: { id: meeting.id, title: meeting.title },
    person,
    people,
    ...figures,
  };
};

/** The user report: one person across all the meetings they lead or attend (themselves and admins). */
export const userReport = async (ctx: TenantContext, userId: string, query: UserReportQuery): Promise<Report> => {
  const person = await personForReport(ctx, userId);
  const { since, until, today } = reportWindow(query, person.timezone);
  const theirMeetings = sql`(select mp.meeting_id from meeting_people mp where mp.user_id = ${userId})`;
  const figures = await reportFigures(ctx.db, {
    tenantId: ctx.tenantId,
    sessions: sql`s.meeting_id in ${theirMeetings}`,
    personId: userId,
    viewerId: ctx.userId,
    actionItems: membersItems(userId),
    goals: sql`${tasks.userId} = ${userId}`,
    created: sql`${tasks.createdBy} = ${userId}`,
    scores: sql`scores.user_id = ${userId}`,
    timezone: person.timezone,
    since,
    until,
    today,
  });
  return {
    kind: 'user',
    dateSince: since,
    dateUntil: until,
    today,
    timezone: person.timezone,
    meeting: null,
    person: { userId: person.userId, fullName: person.fullName },
    people: [],
    ...figures,
  };
};
