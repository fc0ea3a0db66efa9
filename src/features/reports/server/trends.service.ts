import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../../server/context.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { ofMeeting } from '../../tasks/server/task-lists.service.ts';
import { ON_TIME_GRACE_MINUTES, TRENDS_OLDEST_ISSUES, type Trends } from '../reports.schemas.ts';
import { meetingForReport } from './reports.access.ts';
import { reportWindow } from './reports.service.ts';

// A meeting's trends (beyond the spec): the numbers a team lead looks at each
// quarter, over the report window. Three statements whatever the history holds.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pct = (part: number, whole: number) => (whole === 0 ? null : Number(((part / whole) * 100).toFixed(1)));

export const meetingTrends = async (
  ctx: TenantContext,
  meetingId: string,
  query: { dateSince?: string; dateUntil?: string },
): Promise<Trends> => {
  const meeting = await meetingForReport(ctx, meetingId);
  const { since, until, today } = reportWindow(query, meeting.timezone);
  const last = until < today ? until : today;
  const grace = `${ON_TIME_GRACE_MINUTES} minutes`;
  // Held sessions: started on time (within the grace of the scheduled start), finished on time
  // (within the grace of the scheduled end: start plus the checked agenda's minutes), the mean
  // rating, and the issues solved in them.
  const sessions = rowsOf<{
    month: string;
    started_on_time: boolean;
    finished_on_time: boolean;
    rating_sum: string | null;
    rating_n: string;
    solved: string;
  }>(
    await ctx.db.execute(sql`
      with planned as (
        select coalesce(sum(duration) filter (where checked), 0) as minutes from agenda_items where meeting_id = ${meeting.id}
      ),
      -- The meeting's solved issues, read once (not once per session).
      solved as materialized (
        select t.completed_in_session_id, t.completed_at, t.id in (
            select tm.task_id from task_meetings tm where tm.meeting_id = ${meeting.id}) as linked
        from tasks t
        where t.tenant_id = ${ctx.tenantId} and t.type = ${TASK_TYPE.issue} and t.status = '1'
          and (t.completed_in_session_id in (select id from sessions where meeting_id = ${meeting.id})
            or t.id in (select tm.task_id from task_meetings tm where tm.meeting_id = ${meeting.id}))
      )
      select to_char(s.session_date, 'YYYY-MM') as month,
        s.started_at <= s.starts_at + ${grace}::interval as started_on_time,
        s.finished_at <= s.starts_at + make_interval(mins => (select minutes from planned)::int) + ${grace}::interval as finished_on_time,
        (select sum(a.score) from session_attendees a where a.session_id = s.id and not a.not_attended) as rating_sum,
        (select count(a.score) from session_attendees a where a.session_id = s.id and not a.not_attended) as rating_n,
        (select count(*) from solved i where i.completed_in_session_id = s.id
          or (i.completed_in_session_id is null and i.linked and i.completed_at between s.started_at and s.finished_at)) as solved
      from sessions s
      where s.tenant_id = ${ctx.tenantId} and s.meeting_id = ${meeting.id} and s.finished_at is not null
        and s.started_at is not null
        and s.session_date between ${since}::date and ${last}::date
      order by s.session_date`),
  );
  const months = new Map<string, { sum: number; n: number }>();
  for (const row of sessions) {
    const bucket = months.get(row.month) ?? { sum: 0, n: 0 };
    bucket.sum += Number(row.rating_sum ?? 0);
    bucket.n += Number(row.rating_n);
    months.set(row.month, bucket);
  }
  const ratingByMonth = [...months.entries()]
    .filter(([, b]) => b.n > 0)
    .map(([month, b]) => ({ month, avg: Number((b.sum / b.n).toFixed(2)) }));
  const first = ratingByMonth[0];
  const latest = ratingByMonth.at(-1);
  // To-dos made in the window (a week old at least, or done): done within 7 days of being made.
  const [todos] = rowsOf<{ n: string; within: string }>(
    await ctx.db.execute(sql`
      select count(*) as n,
        count(*) filter (where tasks.status = '1' and tasks.completed_at <= tasks.created_at + interval '7 days') as within
      from tasks
      where tasks.tenant_id = ${ctx.tenantId} and tasks.type = ${TASK_TYPE.todo} and ${ofMeeting(ctx, meeting.id)}
        and (tasks.created_at at time zone ${meeting.timezone})::date between ${since}::date and ${until}::date
        and (tasks.status = '1' or tasks.created_at <= now() - interval '7 days')`),
  );
  const issues = rowsOf<{ id: string; title: string; created_at: string; age_days: number }>(
    await ctx.db.execute(sql`
      select tasks.id, tasks.title, to_char(tasks.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
        (${today}::date - (tasks.created_at at time zone ${meeting.timezone})::date) as age_days
      from tasks
      where tasks.tenant_id = ${ctx.tenantId} and tasks.type = ${TASK_TYPE.issue} and tasks.status = '0'
        and ${ofMeeting(ctx, meeting.id)}
      order by tasks.created_at, tasks.id
      limit ${TRENDS_OLDEST_ISSUES}`),
  );
  const held = sessions.length;
  const solved = sessions.reduce((sum, row) => sum + Number(row.solved), 0);
  return {
    dateSince: since,
    dateUntil: until,
    sessionsHeld: held,
    startedOnTimePct: pct(sessions.filter((s) => s.started_on_time).length, held),
    finishedOnTimePct: pct(sessions.filter((s) => s.finished_on_time).length, held),
    ratingByMonth,
    ratingChange: first && latest && ratingByMonth.length > 1 ? Number((latest.avg - first.avg).toFixed(2)) : null,
    issuesSolvedPerSession: held === 0 ? null : Number((solved / held).toFixed(2)),
    todosDoneWithinWeekPct: pct(Number(todos?.within ?? 0), Number(todos?.n ?? 0)),
    oldestOpenIssues: issues.map((row) => ({
      id: row.id,
      title: row.title,
      createdAt: row.created_at,
      ageDays: Number(row.age_days),
    })),
  };
};
