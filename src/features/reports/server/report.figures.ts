import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { OVERDUE, TASK_TYPE } from '../../../shared/tasks.ts';
import { REPORT_GOALS_MAX, type Report } from '../reports.schemas.ts';

// The figures of a report (document 3 §3 Reports), each a constant number of statements
// whatever the history holds (docs/decisions/054-reports.md says what each figure counts):
//  - sessions: the scope's sessions dated in the window up to today, with their ratings;
//  - action items and goals: counted in SQL, by due month and kind;
//  - the goals list (sorted as document 3 §4 says, at most REPORT_GOALS_MAX);
//  - cards created, per person;
//  - KPIs: sums, counts and hits per score, and hits per week, computed in SQL on numerics
//    (exact, like shared/kpis.ts compareDecimals).

/** What a report is about, as SQL on the tables it reads (each condition names its table). */
export interface ReportScope {
  tenantId: string;
  /** On `sessions`: the sessions counted. */
  sessions: SQL;
  /** The person whose attendance and ratings are counted (null: everyone's ratings; attendance of `viewerId`). */
  personId: string | null;
  viewerId: string;
  /** On `tasks`: the action items (to-dos) counted. */
  actionItems: SQL;
  /** On `tasks`: the goals counted. */
  goals: SQL;
  /** On `tasks`: the cards whose creation is counted. */
  created: SQL;
  /** On `scores`: the KPIs reported. */
  scores: SQL;
  timezone: string;
  since: string;
  until: string;
  today: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The window's last day that has happened: future sessions and cells are not counted. */
const lastCounted = (scope: ReportScope) => (scope.until < scope.today ? scope.until : scope.today);

/** Attendance and the per-session ratings. */
const sessionFigures = async (db: Db, scope: ReportScope) => {
  const person = scope.personId ?? scope.viewerId;
  const rows = rowsOf<{
    id: string;
    date: string;
    title: string;
    held: boolean;
    rating_sum: string | null;
    rating_n: string | null;
    attended: boolean | null;
    score: number | null;
  }>(
    await db.execute(sql`
      select s.id, s.session_date::text as date, m.title, s.finished_at is not null as held,
        r.rating_sum, r.rating_n,
        (p.user_id is not null and not p.not_attended and (p.joined_at is not null or p.score is not null)) as attended,
        case when p.not_attended then null else p.score end as score
      from sessions s
      join meetings m on m.id = s.meeting_id
      left join lateral (
        select sum(a.score) as rating_sum, count(a.score) as rating_n
        from session_attendees a where a.session_id = s.id and not a.not_attended
      ) r on true
      left join session_attendees p on p.session_id = s.id and p.user_id = ${person}
      where s.tenant_id = ${scope.tenantId} and ${scope.sessions}
        and s.session_date between ${scope.since}::date and ${lastCounted(scope)}::date
      order by s.session_date, m.title`),
  );
  const held = rows.filter((r) => r.held);
  let sum = 0;
  let n = 0;
  for (const row of held) {
    if (scope.personId) {
      if (row.score !== null) {
        sum += row.score;
        n += 1;
      }
    } else {
      sum += num(row.rating_sum);
      n += num(row.rating_n);
    }
  }
  const ratings = held.map((row) => {
    let rating: number | null;
    if (scope.personId) rating = row.score;
    else rating = num(row.rating_n) === 0 ? null : round(num(row.rating_sum) / num(row.rating_n), 2);
    return { sessionId: row.id, date: row.date, meetingTitle: row.title, rating };
  });
  return {
    attendance: {
      totalSessions: rows.length,
      sessionsHeld: held.length,
      userSessions: held.filter((r) => r.attended).length,
      avgScore: n === 0 ? null : round(sum / n, 2),
    },
    ratings,
  };
};

/** Whether a card is in the window: due in it, or without a due date and created in it. */
const inWindow = (scope: ReportScope) => sql`(
  (tasks.due_date between ${scope.since}::date and ${scope.until}::date)
  or (tasks.due_date is null and (tasks.created_at at time zone ${scope.timezone})::date between ${scope.since}::date and ${scope.until}::date))`;
const doneDate = (scope: ReportScope) => sql`(tasks.completed_at at time zone ${scope.timezone})::date`;

/** Action items and goals, counted by due month and what became of them. */
const taskFigures = async (db: Db, scope: ReportScope) => {
  const done = sql`tasks.status = '1'`;
  const onTime = sql`(${done} and (tasks.due_date is null or ${doneDate(scope)} <= tasks.due_date))`;
  const late = sql`(${done} and tasks.due_date is not null and ${doneDate(scope)} > tasks.due_date)`;
  const activeGoal = sql`tasks.status not in ('1', '3')`;
  const rows = rowsOf<{
    kind: 'todo' | 'goal';
    month: string | null;
    n: string;
    on_time: string;
    late: string;
    overdue: string;
    expired: string;
    on_track: string;
    off_track: string;
  }>(
    await db.execute(sql`
      select kind, month, count(*) as n,
        count(*) filter (where on_time) as on_time,
        count(*) filter (where late) as late,
        count(*) filter (where overdue) as overdue,
        count(*) filter (where expired) as expired,
        count(*) filter (where on_track) as on_track,
        count(*) filter (where off_track) as off_track
      from (
        select case when tasks.type = ${TASK_TYPE.goal} then 'goal' else 'todo' end as kind,
          to_char(tasks.due_date, 'YYYY-MM') as month,
          ${onTime} as on_time, ${late} as late,
          (tasks.status = '0' and tasks.due_date < ${scope.today}::date) as overdue,
          (tasks.due_date < ${scope.today}::date) as expired,
          (tasks.status = '0' and not coalesce(tasks.due_date < ${scope.today}::date, false)) as on_track,
          (tasks.status = '2' and not coalesce(tasks.due_date < ${scope.today}::date, false)) as off_track
        from tasks
        where tasks.tenant_id = ${scope.tenantId} and ${inWindow(scope)} and (
          (tasks.type = ${TASK_TYPE.todo} and tasks.show_in_tasks = '1' and ${scope.actionItems})
          or (tasks.type = ${TASK_TYPE.goal} and ${scope.goals}))
      ) t
      group by kind, month
      order by month`),
  );
  const actionItems = { total: 0, completedOnTime: 0, completedOverdue: 0 };
  const goals = {
    totalExpiredGoals: 0,
    totalCurrentGoals: 0,
    completedOnTime: 0,
    completedOverdue: 0,
    onTrackGoals: 0,
    offTrackGoals: 0,
  };
  const months = new Map<string, { month: string; onTime: number; late: number; overdue: number; open: number }>();
  for (const row of rows) {
    const n = num(row.n);
    if (row.kind === 'todo') {
      actionItems.total += n;
      actionItems.completedOnTime += num(row.on_time);
      actionItems.completedOverdue += num(row.late);
      if (row.month) {
        const bucket = months.get(row.month) ?? { month: row.month, onTime: 0, late: 0, overdue: 0, open: 0 };
        bucket.onTime += num(row.on_time);
        bucket.late += num(row.late);
        bucket.overdue += num(row.overdue);
        bucket.open += n - num(row.on_time) - num(row.late) - num(row.overdue);
        months.set(row.month, bucket);
      }
    } else {
      goals.totalExpiredGoals += num(row.expired);
      goals.totalCurrentGoals += n - num(row.expired);
      goals.completedOnTime += num(row.on_time);
      goals.completedOverdue += num(row.late);
      goals.onTrackGoals += num(row.on_track);
      goals.offTrackGoals += num(row.off_track);
    }
  }
  // The goals list: On Track first, then Off Track, then the others, then by due date (document 3 §4).
  const shown = sql`case when tasks.type = ${TASK_TYPE.goal} and ${activeGoal} and tasks.due_date < ${scope.today}::date then ${OVERDUE} else tasks.status end`;
  const list = rowsOf<{
    id: string;
    title: string;
    status: string;
    due_date: string | null;
    user_id: string | null;
    full_name: string | null;
    completed_at: string | null;
    total: string;
  }>(
    await db.execute(sql`
      select tasks.id, tasks.title, ${shown} as status, tasks.due_date::text as due_date, tasks.user_id,
        trim(u.first_name || ' ' || u.last_name) as full_name,
        to_char(tasks.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as completed_at,
        count(*) over () as total
      from tasks left join users u on u.id = tasks.user_id
      where tasks.tenant_id = ${scope.tenantId} and tasks.type = ${TASK_TYPE.goal} and ${inWindow(scope)} and ${scope.goals}
      order by case ${shown} when '0' then 0 when '2' then 1 else 2 end, tasks.due_date asc nulls last, tasks.title, tasks.id
      limit ${REPORT_GOALS_MAX}`),
  );
  return {
    actionItems,
    goals: {
      ...goals,
      list: list.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        dueDate: row.due_date,
        userId: row.user_id,
        fullName: row.full_name ?? '',
        completedAt: row.completed_at,
      })),
      listTotal: num(list[0]?.total),
    },
    completionByMonth: [...months.values()],
  };
};

/** Cards created in the window, per person who created them. */
const createdFigures = async (db: Db, scope: ReportScope): Promise<Report['tasksCreatedByUser']> => {
  const rows = rowsOf<{ user_id: string | null; full_name: string | null; n: string }>(
    await db.execute(sql`
      select tasks.created_by as user_id, trim(u.first_name || ' ' || u.last_name) as full_name, count(*) as n
      from tasks left join users u on u.id = tasks.created_by
      where tasks.tenant_id = ${scope.tenantId} and ${scope.created}
        and (tasks.created_at at time zone ${scope.timezone})::date between ${scope.since}::date and ${scope.until}::date
      group by tasks.created_by, u.first_name, u.last_name
      order by count(*) desc, full_name`),
  );
  const cardsCreatedByUser = rows.map((row) => ({
    userId: row.user_id ?? '',
    fullName: row.full_name ?? '',
    count: num(row.n),
  }));
  return { total: cardsCreatedByUser.reduce((sum, row) => sum + row.count, 0), cardsCreatedByUser };
};

/**
 * The temporary goal in force on a cell's meeting date (`gp`, none: the score's own), as
 * `goalOn` (src/shared/kpis.ts) picks it: of two covering the date, the one starting later.
 */
const goalInForce = sql`
  left join lateral (
    select p.goal, p.score, p.score_max from score_goal_periods p
    where p.score_id = c.score_id and cs.session_date between p.starts_on and p.ends_on
    order by p.starts_on desc, p.created_at desc limit 1
  ) gp on true`;

/**
 * Whether a cell's value meets the goal in force (`kpiMetOn`'s rule, on exact numerics, here so
 * that a year of cells is counted in the database): a comparator, or a range with both ends included.
 */
const metSql = sql`(case coalesce(gp.goal, scores.goal)
  when '>=' then c.measured::numeric >= coalesce(gp.score, scores.score)::numeric
  when '<=' then c.measured::numeric <= coalesce(gp.score, scores.score)::numeric
  when 'between' then c.measured::numeric >= coalesce(gp.score, scores.score)::numeric
    and c.measured::numeric <= (case when gp.goal is null then scores.score_max else gp.score_max end)::numeric
  else c.measured::numeric = coalesce(gp.score, scores.score)::numeric end)`;

/** The cells counted: of sessions dated in the window up to today, not taken off the scorecard. */
const countedCells = (scope: ReportScope) => sql`
  join sessions cs on cs.id = c.session_id
    and cs.session_date between ${scope.since}::date and ${lastCounted(scope)}::date
    and cs.id not in (select r.session_id from kpi_removed_sessions r where r.tenant_id = ${scope.tenantId})`;

const kpiFigures = async (db: Db, scope: ReportScope) => {
  // Two statements side by side: the scores (a few hundred rows at most), and one pass over the
  // scope's cells grouped two ways at once — per score and per week — each cell's value and
  // whether it met its target worked out once.
  const [scoreRows, cellRows] = await Promise.all([
    db.execute(sql`
      select scores.id, scores.meeting_id, scores.title, scores.goal, scores.score, scores.units, scores.type,
        scores.user_id, trim(u.first_name || ' ' || u.last_name) as full_name
      from scores
      join users u on u.id = scores.user_id
      join meetings m on m.id = scores.meeting_id
      where scores.tenant_id = ${scope.tenantId} and ${scope.scores}
        -- The values entered per meeting date: a month's or quarter's, or a formula's, are not cells.
        and scores.frequency = 'weekly' and scores.formula is null
      order by m.title, scores.meeting_id, scores.sort, scores.created_at`),
    db.execute(sql`
      select score_id, week::text as week, sum(value) as total, count(value) as counted,
        count(*) filter (where met) as hits,
        count(*) filter (where value is not null and not met) as misses,
        count(*) filter (where value is null) as empty
      from (
        select c.score_id, date_trunc('week', cs.session_date::timestamp)::date as week,
          c.measured::numeric as value, (c.measured is not null and ${metSql}) as met
        from score_cells c ${countedCells(scope)}
        join scores on scores.id = c.score_id ${goalInForce}
        where scores.tenant_id = ${scope.tenantId} and ${scope.scores} and scores.formula is null
      ) cells
      group by grouping sets ((score_id), (week))
      order by week`),
  ]);
  const cells = rowsOf<{
    score_id: string | null;
    week: string | null;
    total: string | null;
    counted: string;
    hits: string;
    misses: string;
    empty: string;
  }>(cellRows);
  const byScore = new Map(cells.filter((row) => row.score_id !== null).map((row) => [row.score_id, row]));
  const kpis = rowsOf<{
    id: string;
    meeting_id: string;
    title: string;
    goal: string;
    score: string;
    units: string | null;
    type: string;
    user_id: string;
    full_name: string;
  }>(scoreRows).map((row) => {
    const k = byScore.get(row.id);
    const counted = num(k?.counted);
    const total = k?.total === null || k?.total === undefined ? null : round(Number(k.total), 6);
    return {
      id: row.id,
      meetingId: row.meeting_id,
      title: row.title,
      goal: row.goal,
      score: row.score,
      units: row.units ?? '',
      type: row.type,
      userId: row.user_id,
      fullName: row.full_name,
      total,
      avg: total === null || counted === 0 ? null : round(total / counted, 6),
      hits: num(k?.hits),
      counted,
    };
  });
  const weeks = cells.filter((row) => row.week !== null);
  return {
    kpis,
    kpiHitsByWeek: weeks.map((w) => ({ week: w.week!, hits: num(w.hits), misses: num(w.misses), empty: num(w.empty) })),
  };
};

/**
 * Every figure of a report for a scope (six statements, whatever the history holds). They are
 * independent reads, so they run side by side: on PostgreSQL each on a pooled connection (a
 * report waits for its slowest statement, not their sum); the embedded database takes them in turn.
 */
export const reportFigures = async (db: Db, scope: ReportScope) => {
  const [sessions, work, tasksCreatedByUser, kpis] = await Promise.all([
    sessionFigures(db, scope),
    taskFigures(db, scope),
    createdFigures(db, scope),
    kpiFigures(db, scope),
  ]);
  return {
    attendance: sessions.attendance,
    actionItems: work.actionItems,
    goals: work.goals,
    tasksCreatedByUser,
    kpis: kpis.kpis,
    charts: {
      ratings: sessions.ratings,
      completionByMonth: work.completionByMonth,
      kpiHitsByWeek: kpis.kpiHitsByWeek,
    },
  };
};
