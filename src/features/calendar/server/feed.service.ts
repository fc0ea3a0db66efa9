import { randomBytes } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import ical, { ICalEventRepeatingFreq, type ICalRepeatingOptions } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../../../db/client.ts';
import { calendarFeeds, meetings, memberships, sessions, users } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { addDays, parseIsoDate, todayUtc } from '../../../shared/dates.ts';
import { notFound } from '../../../shared/errors.ts';
import { statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { hashToken } from '../../auth/server/tokens.service.ts';
import { occurrences, type RecurrenceRule, type RepeatUnit } from '../../meetings/meetings.recurrence.ts';
import { participates } from '../../meetings/server/meetings.access.ts';
import { calendarMessages } from '../calendar.messages.ts';

// The private ICS feed (decision 035): a secret URL per person and workspace, its token kept
// only as a hash; a new link replaces the old one, revoking makes it 404. The feed holds the
// person's meetings (one VEVENT each, with RRULE in the meeting's time zone and EXDATE for the
// dates that were cancelled), the cards and goals they own or belong to and the milestones they
// own, as all-day events.

const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
/** How far back and ahead cards are listed. */
const DUE_WINDOW_DAYS = { past: 90, ahead: 366 };

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v2/calendar/feed/${token}.ics`;

export const feedStatus = async (ctx: TenantContext) => {
  const [row] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tenantId, ctx.tenantId), eq(calendarFeeds.userId, ctx.userId)));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, url: null as string | null };
};

/** A new secret link (the old one stops working); the URL is shown this once. */
export const createFeed = async (ctx: TenantContext, publicUrl: string) => {
  const token = randomBytes(32).toString('base64url');
  const values = { tenantId: ctx.tenantId, userId: ctx.userId, tokenHash: hashToken(token), createdAt: new Date() };
  await ctx.db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: [calendarFeeds.tenantId, calendarFeeds.userId], set: values });
  return { active: true, createdAt: values.createdAt.toISOString(), url: feedUrl(publicUrl, token) };
};

export const revokeFeed = async (ctx: TenantContext) => {
  await ctx.db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.tenantId, ctx.tenantId), eq(calendarFeeds.userId, ctx.userId)));
  return { active: false, createdAt: null, url: null };
};

/** A local date and 'HH:mm' as a time without zone; the event's TZID says where. */
const wallClock = (date: string, time: string) => Temporal.PlainDateTime.from(`${date}T${time}`);

const FREQ: Record<RepeatUnit, ICalEventRepeatingFreq> = {
  days: ICalEventRepeatingFreq.DAILY,
  weeks: ICalEventRepeatingFreq.WEEKLY,
  months: ICalEventRepeatingFreq.MONTHLY,
  years: ICalEventRepeatingFreq.YEARLY,
};

/** An instant on the wall clock of a zone. */
const wallClockOf = (instant: Date, timezone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timezone).toPlainDateTime();

/** The meeting's rule as RRULE parts. A 29th–31st keeps to the month's last day, as the app does. */
const repeatingOf = (rule: RecurrenceRule, exclude: Temporal.PlainDateTime[]): ICalRepeatingOptions | null => {
  if (!rule.repeatType || rule.repeatEvery <= 0) return null;
  const day = parseIsoDate(rule.startDate).day;
  const clamp =
    (rule.repeatType === 'months' || rule.repeatType === 'years') && day > 28
      ? {
          byMonthDay: Array.from({ length: day - 27 }, (_, i) => 28 + i),
          bySetPos: -1,
          ...(rule.repeatType === 'years' ? { byMonth: parseIsoDate(rule.startDate).month } : {}),
        }
      : {};
  return {
    freq: FREQ[rule.repeatType],
    interval: rule.repeatEvery,
    ...(rule.noOfCycles ? { count: rule.noOfCycles } : {}),
    // UNTIL is inclusive: the end date's last moment on the meeting's wall clock, written in UTC
    // as RFC 5545 asks when DTSTART has a TZID.
    ...(rule.endDate
      ? { until: new Date(wallClock(rule.endDate, '23:59:59').toZonedDateTime(rule.timezone).epochMilliseconds) }
      : {}),
    ...clamp,
    ...(exclude.length > 0 ? { exclude } : {}),
  };
};

/**
 * The feed of a token; 404 (telling nothing) for a wrong, revoked or malformed one, and for a
 * person who is no longer an enabled member of the link's workspace (disabled, removed, account
 * deleted): disabling leaves the link in place, so it serves again once they are enabled.
 */
export const feedCalendar = async (db: Db, file: string, publicUrl: string): Promise<string> => {
  const token = TOKEN_FILE.exec(file)?.[1];
  if (!token) throw notFound();
  const [feed] = await db
    .select({ tenantId: calendarFeeds.tenantId, userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(
      memberships,
      and(
        eq(memberships.tenantId, calendarFeeds.tenantId),
        eq(memberships.userId, calendarFeeds.userId),
        eq(memberships.disabled, false),
      ),
    )
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), isNull(users.deletedAt)))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) throw notFound();
  const { tenantId, userId } = feed;

  const meetingRows = await db
    .select({
      ...getTableColumns(meetings),
      minutes: sql<number>`(select coalesce(sum(a.duration), 0) from agenda_items a
        where a.meeting_id = ${meetings.id} and a.checked)`.mapWith(Number),
    })
    .from(meetings)
    .where(and(eq(meetings.tenantId, tenantId), participates(db, userId)))
    .orderBy(meetings.title);
  const sessionRows = meetingRows.length
    ? await db
        .select({
          id: sessions.id,
          meetingId: sessions.meetingId,
          sessionDate: sessions.sessionDate,
          startsAt: sessions.startsAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.tenantId, tenantId),
            anyOf(
              sessions.meetingId,
              meetingRows.map((m) => m.id),
            ),
          ),
        )
    : [];

  const today = todayUtc();
  const due = (await db.execute(sql`
    select t.id, t.title, t.type, t.status, t.due_date::text as due_date
    from tasks t
    where t.tenant_id = ${tenantId} and t.due_date is not null
      and t.due_date >= ${addDays(today, -DUE_WINDOW_DAYS.past)}::date
      and t.due_date < ${addDays(today, DUE_WINDOW_DAYS.ahead)}::date
      and (t.user_id = ${userId} or exists (select 1 from task_members tm where tm.task_id = t.id and tm.user_id = ${userId}))
    order by t.due_date, t.title
    limit 2000`)) as unknown as {
    rows: { id: string; title: string; type: TaskType; status: string; due_date: string }[];
  };

  // The milestones the person owns, by their due date: their own steps of a goal.
  const milestones = (await db.execute(sql`
    select gm.id, gm.goal_id, gm.title, gm.done_at is not null as done, gm.due_date::text as due_date, t.title as goal_title
    from goal_milestones gm join tasks t on t.id = gm.goal_id
    where gm.tenant_id = ${tenantId} and gm.owner_id = ${userId} and gm.due_date is not null
      and gm.due_date >= ${addDays(today, -DUE_WINDOW_DAYS.past)}::date
      and gm.due_date < ${addDays(today, DUE_WINDOW_DAYS.ahead)}::date
    order by gm.due_date, gm.title
    limit 2000`)) as unknown as {
    rows: { id: string; goal_id: string; title: string; done: boolean; due_date: string; goal_title: string }[];
  };

  const calendar = ical({
    name: calendarMessages.feedName,
    prodId: { company: 'Cadence', product: 'Cadence', language: 'EN' },
    // Each event names its meeting's zone; a VTIMEZONE is written for each zone used.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 3600,
  });
  const held = new Map<string, typeof sessionRows>();
  for (const s of sessionRows) {
    const list = held.get(s.meetingId);
    if (list) list.push(s);
    else held.set(s.meetingId, [s]);
  }
  for (const meeting of meetingRows) {
    const rule = { ...meeting, repeatType: meeting.repeatType as RepeatUnit | null };
    const stored = held.get(meeting.id) ?? [];
    const dates = new Set(stored.map((s) => s.sessionDate));
    // The rule's dates up to the last stored session; those with no session were cancelled.
    const last = stored.reduce((latest, s) => (s.sessionDate > latest ? s.sessionDate : latest), meeting.startDate);
    const ruleDates = occurrences(rule, last);
    const cancelled = ruleDates.filter((o) => !dates.has(o.date));
    const ruleStart = new Map(ruleDates.map((o) => [o.date, o.startsAt.getTime()]));
    // Wall-clock times in the meeting's zone (TZID), so the rule keeps 09:00 across daylight saving.
    const minutes = Math.max(meeting.minutes, 15);
    const base = {
      summary: meeting.title,
      description: meeting.description ?? null,
      timezone: meeting.timezone,
      url: `${publicUrl}/meeting-dashboard/${meeting.id}`,
      location: meeting.sharepointUrl ?? null,
    };
    const uid = `meeting-${meeting.id}@cadence`;
    const repeating = repeatingOf(
      rule,
      cancelled.map((o) => wallClock(o.date, meeting.startTime)),
    );
    // A meeting held once: its one session's own time, if it has one.
    const only = repeating ? undefined : stored.find((s) => s.sessionDate === meeting.startDate);
    const start = only ? wallClockOf(only.startsAt, meeting.timezone) : wallClock(meeting.startDate, meeting.startTime);
    calendar.createEvent({ ...base, id: uid, start, end: start.add({ minutes }), repeating });
    if (!repeating) continue;
    for (const session of stored) {
      const planned = ruleStart.get(session.sessionDate);
      if (planned === session.startsAt.getTime()) continue;
      const at = wallClockOf(session.startsAt, meeting.timezone);
      if (planned === undefined) {
        // Held on a day the rule does not give (started unplanned, or under an earlier rule).
        calendar.createEvent({ ...base, id: `session-${session.id}@cadence`, start: at, end: at.add({ minutes }) });
      } else {
        // Moved off the rule's time (history kept when the meeting's time changed): an exception
        // of that one occurrence, named by the rule's own start (RECURRENCE-ID).
        calendar.createEvent({
          ...base,
          id: uid,
          recurrenceId: wallClock(session.sessionDate, meeting.startTime),
          start: at,
          end: at.add({ minutes }),
        });
      }
    }
  }
  for (const milestone of milestones.rows) {
    const { year, month, day } = parseIsoDate(milestone.due_date);
    calendar.createEvent({
      id: `milestone-${milestone.id}@cadence`,
      summary: calendarMessages.calendarMilestone(milestone.title),
      description: calendarMessages.feedMilestoneOf(milestone.goal_title, milestone.done),
      start: new Date(Date.UTC(year, month - 1, day)),
      allDay: true,
      url: `${publicUrl}/home/${milestone.goal_id}`,
    });
  }
  for (const task of due.rows) {
    const { year, month, day } = parseIsoDate(task.due_date);
    calendar.createEvent({
      id: `task-${task.id}@cadence`,
      summary: task.type === TASK_TYPE.goal ? calendarMessages.feedGoal(task.title) : task.title,
      description: statusName(task.type, task.status),
      start: new Date(Date.UTC(year, month - 1, day)),
      allDay: true,
      url: `${publicUrl}/home/${task.id}`,
    });
  }
  return calendar.toString();
};
