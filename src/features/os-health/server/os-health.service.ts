import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../../server/context.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { osHealthMessages } from '../os-health.messages.ts';
import {
  HEALTH_BARS,
  HEALTH_FIGURES,
  HEALTH_ON_TIME_MINUTES,
  type Health,
  type HealthMove,
  type HealthQuarter,
  type HealthQuery,
} from '../os-health.schemas.ts';
import { coveredTasks, meetingsCte, quartersCte, quartersUpTo } from './os-health.scope.ts';

// The health figures (decision 124): every figure of every quarter in ONE aggregate statement
// (plus one for the quarters), whatever the history holds. What each session counts is read from
// its maintained summary (session_health, decision 128), for the whole workspace summed by day
// (session_health_days); goals and to-dos from theirs (task_health) for the whole workspace, else
// from the tasks (decision 134).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pct = (part: number, whole: number) => (whole === 0 ? null : Number(((part / whole) * 100).toFixed(1)));
const ratio = (part: number, whole: number) => (whole === 0 ? null : Number((part / whole).toFixed(2)));
const num = (value: unknown) => Number(value ?? 0);

/** Shared by the figures and the items: the sessions of the covered meetings in the quarters. */
export const sessionsCte = (ctx: TenantContext) => sql`ses as (
    select s.id, s.meeting_id, s.session_date, s.starts_at, s.started_at, s.unscheduled, q.id as qid, m.timezone, m.title as meeting_title,
      s.started_at is not null as held,
      not s.unscheduled and s.starts_at <= now() as scheduled,
      not s.unscheduled and s.started_at is not null
        and (s.started_at at time zone m.timezone)::date = s.session_date as on_schedule,
      not s.unscheduled and s.started_at is not null
        and s.started_at <= s.starts_at + make_interval(mins => ${HEALTH_ON_TIME_MINUTES}) as on_time
    from sessions s
    join m on m.id = s.meeting_id
    join q on s.session_date between q.s and q.e
    where s.tenant_id = ${ctx.tenantId}
      and s.session_date between (select min(s) from q) and (select max(e) from q)
  )`;

/** A goal's quarter: its `quarterId` when that names a quarter, else the quarter of its due date. */
export const goalInQuarter = sql.raw(`case when t.quarter_id ~ '^[0-9]{4}-Q[1-4]$' then t.quarter_id = q.id
  else t.due_date between q.s and q.e end`);

/** The same, worked out once a goal (the due date's quarter `qd.qid` looked up by date). */
const goalQuarter = sql.raw(`case when t.quarter_id ~ '^[0-9]{4}-Q[1-4]$' then t.quarter_id else qd.qid end`);

/** A to-do done when due: done by the end of its due date in its owner's time zone. */
export const todoDoneWhenDue = sql.raw(`(t.status = '1' and t.completed_at is not null
  and (t.completed_at at time zone coalesce(u.timezone, 'UTC'))::date <= t.due_date)`);

interface FigureRow {
  id: string;
  meetings: string;
  meeting_title: string | null;
  goals_total: string | null;
  goals_done: string | null;
  todos_due: string | null;
  todos_done: string | null;
  scheduled: string | null;
  on_schedule: string | null;
  held: string | null;
  on_time: string | null;
  held_scheduled: string | null;
  rating_sum: string | null;
  rating_count: string | null;
  solved: string | null;
  solved_median: string | null;
  cells: string | null;
  cells_on_time: string | null;
}

const toQuarter = (range: { id: string; startDate: string; endDate: string }, row: FigureRow | undefined) => {
  const goalsTotal = num(row?.goals_total);
  const goalsDone = num(row?.goals_done);
  const todosDue = num(row?.todos_due);
  const todosDone = num(row?.todos_done);
  const scheduled = num(row?.scheduled);
  const onSchedule = num(row?.on_schedule);
  const held = num(row?.held);
  const heldScheduled = num(row?.held_scheduled);
  const onTime = num(row?.on_time);
  const ratingCount = num(row?.rating_count);
  const solved = num(row?.solved);
  const cells = num(row?.cells);
  const cellsOnTime = num(row?.cells_on_time);
  return {
    ...range,
    goalsTotal,
    goalsDone,
    goalsPct: pct(goalsDone, goalsTotal),
    todosDue,
    todosDoneWhenDue: todosDone,
    todosPct: pct(todosDone, todosDue),
    sessionsScheduled: scheduled,
    sessionsHeldOnSchedule: onSchedule,
    heldPct: pct(onSchedule, scheduled),
    sessionsHeld: held,
    sessionsHeldScheduled: heldScheduled,
    sessionsStartedOnTime: onTime,
    onTimePct: pct(onTime, heldScheduled),
    ratingCount,
    ratingAverage: ratio(num(row?.rating_sum), ratingCount),
    issuesSolved: solved,
    issuesPerSession: ratio(solved, held),
    issuesMedianAgeDays: row?.solved_median == null ? null : Number(Number(row.solved_median).toFixed(1)),
    kpiCells: cells,
    kpiCellsOnTime: cellsOnTime,
    scorecardPct: pct(cellsOnTime, cells),
  } satisfies HealthQuarter;
};

/** Each figure the latest quarter and the one before both have, with its change. */
const movesOf = (quarters: HealthQuarter[]): HealthMove[] => {
  const latest = quarters.at(-1);
  const previous = quarters.at(-2);
  if (!latest || !previous) return [];
  return HEALTH_FIGURES.flatMap((figure) => {
    const a = previous[figure];
    const b = latest[figure];
    return a === null || b === null ? [] : [{ figure, previous: a, latest: b, change: Number((b - a).toFixed(2)) }];
  });
};

/** The covered goals and past-due to-dos in the quarters, with what their figures read. */
const healthTasks = (ctx: TenantContext, meetingId: string | undefined, today: string, lo: string, hi: string) => sql`
  select t.type, t.status, t.quarter_id, t.due_date, t.completed_at, t.user_id
  from ${coveredTasks(ctx, meetingId)}
  where t.tenant_id = ${ctx.tenantId}
    and (t.type = ${TASK_TYPE.goal} or (t.type = ${TASK_TYPE.todo} and t.due_date < ${today}::date
      and t.due_date between ${lo}::date and ${hi}::date))`;

/** One covered session's summary row as the figures sum it (what depends on the clock worked out now). */
const sessionRow = sql.raw(`(not h.unscheduled and h.starts_at <= now())::int as scheduled,
  (not h.unscheduled and h.starts_at <= now() and h.started_on_its_date)::int as on_schedule,
  (h.started_at is not null)::int as held, (not h.unscheduled and h.started_at is not null)::int as held_scheduled,
  (not h.unscheduled and h.started_at is not null
    and h.started_at <= h.starts_at + make_interval(mins => ${HEALTH_ON_TIME_MINUTES}))::int as on_time,
  h.rating_sum, h.rating_count, h.issues_solved as solved, h.solved_ages as ages, h.cells, h.cells_on_time`);

/**
 * `sx`: the covered sessions' counts by quarter, one row a session or a day. The whole
 * workspace's (an admin's) are its days' sums (session_health_days, decision 134) up to two days
 * ago, whose starts have all passed, and the sessions' own rows since; one meeting's, or a member's
 * meetings', their sessions' rows (session_health, decision 128).
 */
const sessionRows = (ctx: TenantContext, meetingId: string | undefined, today: string, lo: string, hi: string) =>
  !meetingId && ctx.isAdmin
    ? sql`
        select qd.qid, d.scheduled, d.on_schedule, d.held, d.held_scheduled, d.on_time, d.rating_sum, d.rating_count,
          d.issues_solved as solved, d.solved_ages as ages, d.cells, d.cells_on_time
        from session_health_days d join qd on qd.d = d.session_date
        where d.tenant_id = ${ctx.tenantId} and d.session_date between ${lo}::date and least(${hi}::date, ${today}::date - 2)
        union all
        select qd.qid, ${sessionRow}
        from session_health h join qd on qd.d = h.session_date
        where h.tenant_id = ${ctx.tenantId} and h.session_date between greatest(${lo}::date, ${today}::date - 1) and ${hi}::date`
    : sql`
        select qd.qid, ${sessionRow}
        from session_health h join m on m.id = h.meeting_id join qd on qd.d = h.session_date
        where h.tenant_id = ${ctx.tenantId} and h.session_date between ${lo}::date and ${hi}::date`;

/**
 * `gf` and `tf`: the goals' and the past-due to-dos' figures by quarter. The whole workspace's
 * (an admin's, which cover every meeting) are summed from its maintained summary (task_health,
 * decision 134); one meeting's, or a member's meetings', are counted from their tasks.
 */
const taskFigures = (ctx: TenantContext, meetingId: string | undefined, today: string, lo: string, hi: string) =>
  !meetingId && ctx.isAdmin
    ? sql`
      gf as (
        select k.qid, sum(k.total) as goals_total, sum(k.done) as goals_done
        from (select h.total, h.done, coalesce(h.quarter_id, qd.qid) as qid
          from task_health h left join qd on qd.d = h.due_date
          where h.tenant_id = ${ctx.tenantId} and h.type = ${TASK_TYPE.goal}) k
        where k.qid in (select id from q)
        group by k.qid
      ),
      tf as (
        select qd.qid, sum(h.total) as todos_due, sum(h.done) as todos_done
        from task_health h join qd on qd.d = h.due_date
        where h.tenant_id = ${ctx.tenantId} and h.type = ${TASK_TYPE.todo} and h.due_date < ${today}::date
          and h.due_date between ${lo}::date and ${hi}::date
        group by qd.qid
      )`
    : sql`
      -- One meeting's read from its links; a member's from the tasks (by type and due date) kept
      -- when linked to a covered meeting or its board.
      ct as materialized (${healthTasks(ctx, meetingId, today, lo, hi)}),
      gf as (
        select k.qid, count(*) as goals_total, count(*) filter (where k.status = '1') as goals_done
        from (select t.status, ${goalQuarter} as qid
          from ct t left join qd on qd.d = t.due_date where t.type = ${TASK_TYPE.goal}) k
        where k.qid in (select id from q)
        group by k.qid
      ),
      tf as (
        select qd.qid, count(*) as todos_due, count(*) filter (where ${todoDoneWhenDue}) as todos_done
        from ct t join qd on qd.d = t.due_date left join users u on u.id = t.user_id
        where t.type = ${TASK_TYPE.todo}
        group by qd.qid
      )`;

export const operatingHealth = async (ctx: TenantContext, query: HealthQuery): Promise<Health> => {
  const quarters = await quartersUpTo(ctx, query.until, query.quarters);
  if (!quarters) throw badRequest({ until: osHealthMessages.quarterFormat });
  const today = todayUtc();
  // The date range as values, not a subquery: the planner then knows it spans most of the rows
  // and reads them by a bitmap or in sequence instead of one index probe each.
  const lo = quarters[0]!.startDate;
  const hi = quarters.at(-1)!.endDate;
  const rows = rowsOf<FigureRow>(
    await ctx.db.execute(sql`
      with ${meetingsCte(ctx, query.meetingId)}, ${quartersCte(quarters)},
      -- Each day of the quarters to its quarter: the sessions find theirs by one hash join.
      qd as (select d::date as d, q.id as qid from q cross join generate_series(q.s, q.e, interval '1 day') d),
      sx as not materialized (${sessionRows(ctx, query.meetingId, today, lo, hi)}),
      sf as (
        select qid, sum(scheduled) as scheduled, sum(on_schedule) as on_schedule, sum(held) as held,
          sum(held_scheduled) as held_scheduled, sum(on_time) as on_time, sum(rating_sum) as rating_sum,
          sum(rating_count) as rating_count, sum(solved) as solved, sum(cells) as cells, sum(cells_on_time) as cells_on_time
        from sx group by qid
      ),
      isf as (
        select sx.qid, percentile_cont(0.5) within group (order by age) as solved_median
        from sx cross join unnest(sx.ages) as age where sx.solved > 0
        group by sx.qid
      ),
      ${taskFigures(ctx, query.meetingId, today, lo, hi)}
      select q.id, (select count(*) from m) as meetings, (select min(title) from m) as meeting_title,
        gf.goals_total, gf.goals_done, tf.todos_due, tf.todos_done,
        sf.scheduled, sf.on_schedule, sf.held, sf.held_scheduled, sf.on_time,
        sf.rating_sum, sf.rating_count, sf.solved, isf.solved_median, sf.cells, sf.cells_on_time
      from q
        left join sf on sf.qid = q.id left join isf on isf.qid = q.id
        left join gf on gf.qid = q.id left join tf on tf.qid = q.id`),
  );
  const first = rows[0];
  if (query.meetingId && num(first?.meetings) === 0) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const figures = quarters.map((range) => toQuarter(range, byId.get(range.id)));
  return {
    meetingId: query.meetingId ?? null,
    meetingTitle: query.meetingId ? (first?.meeting_title ?? null) : null,
    meetings: num(first?.meetings),
    bars: { ...HEALTH_BARS },
    quarters: figures,
    moved: movesOf(figures),
  };
};
