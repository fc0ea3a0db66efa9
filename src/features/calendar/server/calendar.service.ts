import { type SQL, sql } from 'drizzle-orm';
import { anyOf, containsPattern } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { CALENDAR_MAX_ITEMS } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/dates.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { quartersBetween } from '../../quarters/server/quarters.service.ts';
import { activeSql } from '../../tasks/server/task-lists.service.ts';
import { visibleTasksSql } from '../../tasks/server/tasks.access.ts';
import { calendarMessages } from '../calendar.messages.ts';
import type { CalendarEvent, CalendarEvents, CalendarQuery } from '../calendar.schemas.ts';

// The calendar call (decision 034): one statement, a UNION of the sessions that start in the
// window (of meetings the caller may see), the cards and goals due in it (those the caller
// may see, by the rule of tasks.access.ts) and the milestones of those goals due in it. Indexed both ways: sessions by meeting and start,
// cards by workspace and due date. A day sends at most `perDay` items and counts the rest
// (decisions 058, 067): a month of a 100,000-card workspace is the cells' five a day, not 3,000,
// and a month of 500 weekly meetings is not their 2,150 sessions.
// The quarter boundaries are a second, small statement (decision 056).

/** Sessions start at instants; widen the day window by the largest offsets so no zone loses one. */
const ZONE_SLACK = '14 hours';

type Row = {
  kind: 'session' | 'task' | 'goal' | 'milestone';
  id: string;
  /** A milestone's goal. */
  goal_id: string | null;
  title: string;
  starts_at: string | Date | null;
  due_date: string | null;
  minutes: number | null;
  color: string | null;
  meeting_id: string | null;
  status: string;
  done: boolean;
  /** The item's day in the viewer's zone (YYYY-MM-DD). */
  day: string;
  day_count: string | number;
};

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

const toEvent = (row: Row): CalendarEvent => {
  if (row.kind === 'session') {
    const start = new Date(iso(row.starts_at!));
    return {
      id: `session-${row.id}`,
      kind: 'session',
      title: row.title,
      start: start.toISOString(),
      end: new Date(start.getTime() + Math.max(Number(row.minutes ?? 0), 15) * 60_000).toISOString(),
      allDay: false,
      color: row.color,
      meetingId: row.meeting_id,
      sessionId: row.id,
      taskId: null,
      status: row.status,
      done: row.done,
    };
  }
  return {
    id: `${row.kind === 'milestone' ? 'milestone' : 'task'}-${row.id}`,
    kind: row.kind,
    title: row.title,
    start: row.due_date!,
    end: null,
    allDay: true,
    color: row.color,
    meetingId: row.meeting_id,
    sessionId: null,
    taskId: row.goal_id ?? row.id,
    status: row.status,
    done: row.done,
  };
};

/**
 * The workspace's quarter boundaries in the window (decision 056): an all-day marker on
 * each quarter's first day, from the Quarters page's periods (or the calendar quarters of a year
 * without them). One statement; at most five in the longest window, so outside the item cap.
 */
const quarterStarts = async (ctx: TenantContext, query: CalendarQuery): Promise<CalendarEvent[]> => {
  const quarters = await quartersBetween(ctx.db, ctx.tenantId, query.start, addDays(query.end, -1));
  // The event search applies to them as to the rest (every word in the title).
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return quarters
    .filter((q) => q.startDate >= query.start && q.startDate < query.end)
    .filter((q) =>
      words.every((word) => calendarMessages.calendarQuarterStarts(q.number, q.year).toLowerCase().includes(word)),
    )
    .map((q) => ({
      id: `quarter-${q.id}`,
      kind: 'quarter',
      title: calendarMessages.calendarQuarterStarts(q.number, q.year),
      start: q.startDate,
      end: null,
      allDay: true,
      color: null,
      meetingId: null,
      sessionId: null,
      taskId: null,
      status: q.id,
      done: false,
    }));
};

export const calendarEvents = async (ctx: TenantContext, query: CalendarQuery): Promise<CalendarEvents> => {
  if (query.meetingId) await findVisibleMeeting(ctx, query.meetingId);
  const { tenantId, userId } = ctx;
  const people = query.userIds && query.userIds.length > 0 ? query.userIds : null;

  const meetingFilter = query.meetingId ? sql`and m.id = ${query.meetingId}` : sql``;
  const meetingVisible = ctx.isAdmin
    ? sql``
    : sql`and exists (select 1 from meeting_people mp where mp.meeting_id = m.id and mp.user_id = ${userId})`;
  const meetingOfPeople = people
    ? sql`and exists (select 1 from meeting_people mp where mp.meeting_id = m.id and ${anyOf(sql`mp.user_id`, people)})`
    : sql``;

  // A card the caller may see: the rule of tasks.access.ts.
  const taskVisible = sql`and ${visibleTasksSql(ctx)}`;
  const taskOfMeeting = query.meetingId
    ? sql`and (exists (select 1 from task_meetings tk where tk.task_id = tasks.id and tk.meeting_id = ${query.meetingId})
        or exists (select 1 from board_meetings bm where bm.board_id = tasks.board_id and bm.meeting_id = ${query.meetingId}))`
    : sql``;
  const taskOfPeople = people
    ? sql`and (${anyOf(sql`tasks.user_id`, people)}
        or exists (select 1 from task_members tm where tm.task_id = tasks.id and ${anyOf(sql`tm.user_id`, people)}))`
    : sql``;

  // Every word of the search, in the title (a session's: its meeting's).
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  const titleMatches = (title: SQL) =>
    words.length === 0
      ? sql``
      : sql`and ${sql.join(
          words.map((word) => sql`${title} ilike ${containsPattern(word)}`),
          sql` and `,
        )}`;

  // Every item has a day in the viewer's zone (a session: its start's date there) and each day
  // sends its first `perDay`: sessions by start, then cards and goals by title whatever its case
  // (decisions 067, 071). A day's cards are counted, and only its first `perDay` read in order
  // through the index on (workspace, due date, lowercase title): a month of a big workspace does
  // not sort its 11,000 cards.
  const zone = query.timeZone;
  const taskFilters = sql`${taskVisible} ${taskOfMeeting} ${taskOfPeople} ${titleMatches(sql`tasks.title`)}`;
  // A goal's milestones: of goals the caller may see (and of the meeting asked for), by their
  // owner when people are chosen, by their own title when searched.
  const milestoneOfPeople = people ? sql`and ${anyOf(sql`gm.owner_id`, people)}` : sql``;
  const milestoneFilters = sql`and tasks.tenant_id = ${tenantId} ${taskVisible} ${taskOfMeeting} ${milestoneOfPeople}
    ${titleMatches(sql`gm.title`)}`;
  const result = await ctx.db.execute(sql`
    with visible as (
      select m.id, m.title, m.color
      from meetings m
      where m.tenant_id = ${tenantId} ${meetingFilter} ${meetingVisible} ${meetingOfPeople} ${titleMatches(sql`m.title`)}
    ),
    session_items as (
      select s.id, v.title, s.starts_at, v.color, v.id as meeting_id, s.finished_at is not null as done,
          (s.starts_at at time zone ${zone})::date as day
        from visible v
        join sessions s on s.meeting_id = v.id
        -- The range on the column (its index) widened by any zone's offset, then the zone's own days.
        where s.starts_at >= ${query.start}::date - interval '${sql.raw(ZONE_SLACK)}'
          and s.starts_at < ${query.end}::date + interval '${sql.raw(ZONE_SLACK)}'
          and (s.starts_at at time zone ${zone})::date >= ${query.start}::date
          and (s.starts_at at time zone ${zone})::date < ${query.end}::date
    ),
    session_firsts as (
      select * from (
        select session_items.*, row_number() over (partition by day order by starts_at, lower(title), id) as day_rank
          from session_items) numbered
        where day_rank <= ${query.perDay}
    ),
    task_days as (
      select tasks.due_date as day, count(*) as n
        from tasks
        where tasks.tenant_id = ${tenantId} and tasks.due_date is not null
          and tasks.due_date >= ${query.start}::date and tasks.due_date < ${query.end}::date
          ${taskFilters}
        group by tasks.due_date
    ),
    task_firsts as (
      select first.*
        from task_days
        cross join lateral (
          select tasks.id, tasks.title, tasks.type, tasks.status, tasks.due_date, not ${activeSql} as done
            from tasks
            where tasks.tenant_id = ${tenantId} and tasks.due_date is not null and tasks.due_date = task_days.day
              ${taskFilters}
            order by lower(tasks.title), tasks.id
            limit ${query.perDay}
        ) first
    ),
    milestone_days as (
      select gm.due_date as day, count(*) as n
        from goal_milestones gm join tasks on tasks.id = gm.goal_id
        where gm.tenant_id = ${tenantId} and gm.due_date >= ${query.start}::date and gm.due_date < ${query.end}::date
          ${milestoneFilters}
        group by gm.due_date
    ),
    milestone_firsts as (
      select first.*
        from milestone_days
        cross join lateral (
          select gm.id, gm.goal_id, gm.title, gm.due_date, gm.done_at is not null as done
            from goal_milestones gm join tasks on tasks.id = gm.goal_id
            where gm.tenant_id = ${tenantId} and gm.due_date = milestone_days.day ${milestoneFilters}
            order by lower(gm.title), gm.id
            limit ${query.perDay}
        ) first
    ),
    items as (
      select 'session' as kind, id, null::uuid as goal_id, title, starts_at, null::date as due_date, color, meeting_id,
          case when done then '1' else '0' end as status, done, day, 0 as kind_order
        from session_firsts
      union all
      select case when type = ${TASK_TYPE.goal} then 'goal' else 'task' end, id, null, title, null, due_date, null, null,
          status, done, due_date, 1
        from task_firsts
      union all
      select 'milestone', id, goal_id, title, null, due_date, null, null,
          case when done then '1' else '0' end, done, due_date, 2
        from milestone_firsts
    ),
    day_counts as (
      select day, sum(n) as day_count
        from (select day, count(*) as n from session_items group by day
          union all select day, n from task_days
          union all select day, n from milestone_days) per_kind
        group by day
    ),
    ranked as (
      select items.*, day_counts.day_count,
          row_number() over (partition by items.day order by kind_order, starts_at, lower(title), id) as day_rank
        from items join day_counts on day_counts.day = items.day
    )
    select ranked.kind, ranked.id, ranked.goal_id, ranked.title, ranked.starts_at, ranked.due_date, minutes.minutes,
        coalesce(ranked.color, first_meeting.color) as color, coalesce(ranked.meeting_id, first_meeting.id) as meeting_id,
        ranked.status, ranked.done, ranked.day::text as day, ranked.day_count
      from ranked
      -- A card's colour is its first meeting's, looked up only for the cards sent.
      left join lateral (
        select m.id, m.color from task_meetings tk join meetings m on m.id = tk.meeting_id
        where ranked.kind <> 'session' and tk.task_id = coalesce(ranked.goal_id, ranked.id) order by m.title limit 1
      ) first_meeting on true
      -- A session's length, its meeting's checked agenda, summed only for the sessions sent.
      left join lateral (
        select coalesce(sum(a.duration), 0)::int as minutes from agenda_items a
        where ranked.kind = 'session' and a.meeting_id = ranked.meeting_id and a.checked
      ) minutes on true
      where ranked.day_rank <= ${query.perDay}
    order by ranked.kind, ranked.starts_at nulls last, ranked.due_date nulls last, lower(ranked.title), ranked.id
    limit ${CALENDAR_MAX_ITEMS + 1}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const moreByDay: Record<string, number> = {};
  for (const row of rows) {
    const hidden = Number(row.day_count) - query.perDay;
    if (hidden > 0) moreByDay[row.day] = hidden;
  }
  return {
    events: [...rows.slice(0, CALENDAR_MAX_ITEMS).map(toEvent), ...(await quarterStarts(ctx, query))],
    moreByDay,
    truncated: rows.length > CALENDAR_MAX_ITEMS,
  };
};
