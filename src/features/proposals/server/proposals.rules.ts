import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { addDays, type IsoDate } from '../../../shared/dates.ts';
import { formatKpiGoal, goalOn, type KpiScoreGoal, type KpiType, kpiMetOn } from '../../../shared/kpis.ts';
import { goalPeriodsOf } from '../../kpis/server/goals.service.ts';
import { riskOf } from '../../tasks/server/milestones.service.ts';
import { projectReports } from '../../time/server/budgets.query.ts';
import type { OriginKind, ProposalRule } from '../proposals.kinds.ts';
import { proposalsMessages } from '../proposals.messages.ts';
import type { ProposalEvidence, RuleSettings } from '../proposals.schemas.ts';

// The rules that propose issues (decision 123), each read from the meeting's own data in one or
// two statements. What "off goal", "at risk" and "budget used" mean is the owning feature's:
// kpiMetOn (shared/kpis.ts), riskOf (tasks' milestones) and projectReports (time's budget bars).

/** A rule that fired on an origin, with its evidence and the evidence's identity. */
export interface Candidate {
  rule: ProposalRule;
  originKind: OriginKind;
  originId: string;
  originTitle: string;
  evidence: ProposalEvidence;
  /** Changes only when the evidence does in a way that matters (not as days go by). */
  fingerprint: string;
}

export interface RuleScope {
  db: Db;
  tenantId: string;
  meetingId: string;
  meetingTitle: string;
  now: Date;
  today: IsoDate;
}

const rowsOf = async <T>(db: Db, query: SQL) => (await db.execute(query)) as unknown as { rows: T[] };
const DAY_MS = 86_400_000;
const daysBetween = (from: IsoDate, to: IsoDate) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

// KPIs: weekly, entered ones (formulas follow their inputs), over the last meeting dates.

interface KpiRow {
  id: string;
  title: string;
  goal: KpiScoreGoal;
  score: string;
  score_max: string | null;
  type: KpiType;
  units: string | null;
  dates: string[];
  values: (string | null)[];
}

/**
 * How bad a value is for the goal in force on its date, to compare values over time: lower for
 * "at least", higher for "at most", further from the target (or the range's middle) otherwise.
 */
const badness = (target: { goal: KpiScoreGoal; score: string; scoreMax: string | null }, value: number) => {
  const low = Number(target.score);
  if (target.goal === '>=') return -value;
  if (target.goal === '<=') return value;
  if (target.goal === '==') return Math.abs(value - low);
  return Math.abs(value - (low + Number(target.scoreMax ?? target.score)) / 2);
};

export const kpiOffGoal = async (scope: RuleScope, settings: RuleSettings['kpiOffGoal']): Promise<Candidate[]> => {
  const depth = Math.max(settings.periods, settings.trendPeriods);
  // The last `depth` meeting dates that have begun, newest first, and each KPI's values on them.
  const { rows } = await rowsOf<KpiRow>(
    scope.db,
    sql`with recent as (
      select s.id, s.session_date, s.starts_at from sessions s
      where s.meeting_id = ${scope.meetingId} and s.tenant_id = ${scope.tenantId} and s.starts_at <= ${scope.now.toISOString()}::timestamptz
        and not exists (select 1 from kpi_removed_sessions k where k.session_id = s.id)
      order by s.starts_at desc limit ${depth}
    )
    select sc.id, sc.title, sc.goal, sc.score, sc.score_max, sc.type, sc.units,
      array_agg(r.session_date::text order by r.starts_at desc) as dates,
      array_agg(c.measured order by r.starts_at desc) as values
    from scores sc
    cross join recent r
    left join score_cells c on c.score_id = sc.id and c.session_id = r.id
    where sc.meeting_id = ${scope.meetingId} and sc.tenant_id = ${scope.tenantId}
      and sc.frequency = 'weekly' and sc.formula is null
    group by sc.id
    order by sc.sort, sc.created_at`,
  );
  if (rows.length === 0) return [];
  const periods = await goalPeriodsOf(
    scope,
    rows.map((row) => row.id),
  );
  const found: Candidate[] = [];
  for (const row of rows) {
    const own = { goal: row.goal, score: row.score, scoreMax: row.score_max };
    const temporary = periods.get(row.id) ?? [];
    const cells = row.dates.map((date, i) => ({
      date,
      value: row.values[i] ?? null,
      met: kpiMetOn(own, temporary, date, row.values[i] ?? null),
    }));
    const goal = formatKpiGoal({ ...own, type: row.type, units: row.units });
    const offGoal = cells.slice(0, settings.periods);
    let kind: 'offGoal' | 'trending' | null = null;
    let shown = offGoal;
    if (offGoal.length === settings.periods && offGoal.every((cell) => cell.met === false)) kind = 'offGoal';
    else {
      // Trending: the latest misses, and each value moved away from the goal since the one before.
      const trend = cells.slice(0, settings.trendPeriods);
      const gaps = trend.map((cell) =>
        cell.value === null ? null : badness(goalOn(own, temporary, cell.date), Number(cell.value)),
      );
      const widening =
        trend.length === settings.trendPeriods &&
        trend[0]?.met === false &&
        gaps.every((gap, i) => gap !== null && (i === gaps.length - 1 || gap > (gaps[i + 1] as number)));
      if (widening) {
        kind = 'trending';
        shown = trend;
      }
    }
    if (!kind) continue;
    // Oldest first, as a scorecard reads.
    const values = shown.map((cell) => ({ date: cell.date, value: cell.value })).reverse();
    found.push({
      rule: 'kpiOffGoal',
      originKind: 'kpi',
      originId: row.id,
      originTitle: row.title,
      evidence: { rule: 'kpiOffGoal', kind, goal, values },
      fingerprint: `${kind}:${values.map((v) => `${v.date}=${v.value}`).join(',')}`,
    });
  }
  return found;
};

// Goals: off track, past due, or at risk by their milestones.

interface GoalRow {
  id: string;
  title: string;
  status: string;
  due_date: string | null;
  created_at: string;
  milestones: { title: string; dueDate: string | null; doneAt: string | null }[] | string;
}

export const goalOffTrack = async (scope: RuleScope): Promise<Candidate[]> => {
  const { rows } = await rowsOf<GoalRow>(
    scope.db,
    sql`select t.id, t.title, t.status, t.due_date::text as due_date, t.created_at::text as created_at,
      coalesce((select json_agg(json_build_object('title', m.title, 'dueDate', m.due_date::text, 'doneAt', m.done_at::text)
        order by m.sort) from goal_milestones m where m.goal_id = t.id), '[]'::json) as milestones
    from task_meetings tm join tasks t on t.id = tm.task_id
    where tm.meeting_id = ${scope.meetingId} and t.tenant_id = ${scope.tenantId}
      and t.type = '1' and t.status in ('0', '2')
    order by t.sort, t.created_at`,
  );
  const found: Candidate[] = [];
  for (const row of rows) {
    const milestones = typeof row.milestones === 'string' ? JSON.parse(row.milestones) : row.milestones;
    let kind: 'offTrack' | 'overdue' | 'atRisk' | null = null;
    let reason: string | null = null;
    if (row.status === '2') kind = 'offTrack';
    else if (row.due_date !== null && row.due_date < scope.today) kind = 'overdue';
    else {
      reason = riskOf(milestones, { dueDate: row.due_date, createdAt: row.created_at.replace(' ', 'T') }, scope.today);
      if (reason) kind = 'atRisk';
    }
    if (!kind) continue;
    found.push({
      rule: 'goalOffTrack',
      originKind: 'goal',
      originId: row.id,
      originTitle: row.title,
      evidence: { rule: 'goalOffTrack', kind, dueDate: row.due_date, reason },
      fingerprint: `${kind}:${row.due_date ?? ''}:${reason ?? ''}`,
    });
  }
  return found;
};

// To-dos: overdue, or open through some held sessions.

interface TodoRow {
  id: string;
  title: string;
  due_date: string | null;
  carried: number;
}

export const todoLate = async (scope: RuleScope, settings: RuleSettings['todoLate']): Promise<Candidate[]> => {
  const overdueBefore = addDays(scope.today, 1 - settings.overdueDays);
  const { rows } = await rowsOf<TodoRow>(
    scope.db,
    sql`select t.id, t.title, t.due_date::text as due_date, c.carried
    from task_meetings tm join tasks t on t.id = tm.task_id
    cross join lateral (
      select count(*)::int as carried from sessions s
      where s.meeting_id = tm.meeting_id and s.finished_at is not null and s.finished_at > t.created_at
    ) c
    where tm.meeting_id = ${scope.meetingId} and t.tenant_id = ${scope.tenantId}
      and t.type = '4' and t.status = '0'
      and (t.due_date < ${overdueBefore}::date or c.carried >= ${settings.sessions})
    order by t.due_date nulls last, t.created_at`,
  );
  return rows.map((row) => {
    const daysOverdue =
      row.due_date !== null && row.due_date < scope.today ? daysBetween(row.due_date, scope.today) : 0;
    const late = daysOverdue >= settings.overdueDays;
    const carried = row.carried >= settings.sessions;
    return {
      rule: 'todoLate',
      originKind: 'todo',
      originId: row.id,
      originTitle: row.title,
      evidence: { rule: 'todoLate', dueDate: row.due_date, daysOverdue, sessionsCarried: row.carried },
      fingerprint: `${late ? `late:${row.due_date}` : ''}:${carried ? 'carried' : ''}`,
    };
  });
};

// Time tracking: the meeting's projects past their alert percentage.

export const budgetAlert = async (scope: RuleScope): Promise<Candidate[]> => {
  const { rows: settings } = await rowsOf<{ id: string; percent: number }>(
    scope.db,
    sql`select id, percent_of_budget_exceed as percent from time_projects
      where meeting_id = ${scope.meetingId} and tenant_id = ${scope.tenantId} and budget_type <> 'no_budget'`,
  );
  if (settings.length === 0) return [];
  const { items } = await projectReports(scope.db, {
    now: scope.now,
    where: sql`p.tenant_id = ${scope.tenantId} and p.meeting_id = ${scope.meetingId} and p.budget_type <> 'no_budget'`,
    manages: sql`false`,
    limit: settings.length,
    offset: 0,
  });
  const alertAt = new Map(settings.map((row) => [row.id, row.percent]));
  const found: Candidate[] = [];
  for (const report of items) {
    const used = report.figures.usedPercent;
    const alertPercent = alertAt.get(report.id) ?? 100;
    if (used === null || used < alertPercent) continue;
    found.push({
      rule: 'budgetAlert',
      originKind: 'project',
      originId: report.id,
      originTitle: `${report.accountTitle} · ${report.name}`,
      evidence: { rule: 'budgetAlert', usedPercent: used, alertPercent },
      // Crossing the alert and then the whole budget are two pieces of news.
      fingerprint: used >= 100 ? 'over' : 'alert',
    });
  }
  return found;
};

// Issues on the list for more than N weeks.

export const issueStale = async (scope: RuleScope, settings: RuleSettings['issueStale']): Promise<Candidate[]> => {
  const before = addDays(scope.today, -7 * settings.weeks);
  const { rows } = await rowsOf<{ id: string; title: string; since: string }>(
    scope.db,
    sql`select t.id, t.title, (t.created_at at time zone 'UTC')::date::text as since
    from task_meetings tm join tasks t on t.id = tm.task_id
    where tm.meeting_id = ${scope.meetingId} and t.tenant_id = ${scope.tenantId}
      and t.type = '2' and t.status = '0' and (t.created_at at time zone 'UTC')::date <= ${before}::date
    order by t.created_at`,
  );
  return rows.map((row) => ({
    rule: 'issueStale',
    originKind: 'issue',
    originId: row.id,
    originTitle: row.title,
    evidence: {
      rule: 'issueStale',
      openSince: row.since,
      weeksOpen: Math.floor(daysBetween(row.since, scope.today) / 7),
    },
    fingerprint: row.since,
  }));
};

// The last held session's ratings.

export const lowRating = async (scope: RuleScope, settings: RuleSettings['lowRating']): Promise<Candidate[]> => {
  const { rows } = await rowsOf<{
    id: string;
    date: string;
    average: string | null;
    lowest: number | null;
    ratings: number;
  }>(
    scope.db,
    sql`with last as (
      select id, session_date from sessions
      where meeting_id = ${scope.meetingId} and tenant_id = ${scope.tenantId} and finished_at is not null
      order by finished_at desc limit 1
    )
    select last.id, last.session_date::text as date, round(avg(a.score), 1)::text as average,
      min(a.score) as lowest, count(a.score)::int as ratings
    from last left join session_attendees a on a.session_id = last.id and a.score is not null
    group by last.id, last.session_date`,
  );
  const row = rows[0];
  if (!row || row.ratings === 0 || row.average === null || row.lowest === null) return [];
  const average = Number(row.average);
  if (!(average < settings.average || row.lowest < settings.lowest)) return [];
  return [
    {
      rule: 'lowRating',
      originKind: 'session',
      originId: row.id,
      originTitle: proposalsMessages.sessionTitle(scope.meetingTitle, row.date),
      evidence: { rule: 'lowRating', sessionDate: row.date, average, lowest: row.lowest, ratings: row.ratings },
      fingerprint: `${row.average}:${row.lowest}:${row.ratings}`,
    },
  ];
};

// People of the meeting who missed its last N held sessions.

export const missedSessions = async (
  scope: RuleScope,
  settings: RuleSettings['missedSessions'],
): Promise<Candidate[]> => {
  const { rows } = await rowsOf<{ id: string; name: string; dates: string[] }>(
    scope.db,
    sql`with last as (
      select id, session_date from sessions
      where meeting_id = ${scope.meetingId} and tenant_id = ${scope.tenantId} and finished_at is not null
      order by finished_at desc limit ${settings.sessions}
    ), people as (
      select distinct mp.user_id from meeting_people mp join users u on u.id = mp.user_id
      where mp.meeting_id = ${scope.meetingId} and u.deleted_at is null
    )
    select p.user_id as id, u.first_name || ' ' || u.last_name as name,
      array_agg(last.session_date::text order by last.session_date) as dates
    from people p join users u on u.id = p.user_id cross join last
    where not exists (
      select 1 from session_attendees a where a.session_id = last.id and a.user_id = p.user_id
        and a.joined_at is not null and not a.not_attended
    )
    group by p.user_id, u.first_name, u.last_name
    having count(*) = ${settings.sessions} and (select count(*) from last) = ${settings.sessions}
    order by name`,
  );
  return rows.map((row) => ({
    rule: 'missedSessions',
    originKind: 'person',
    originId: row.id,
    originTitle: row.name.trim(),
    evidence: { rule: 'missedSessions', sessionDates: row.dates },
    fingerprint: row.dates.join(','),
  }));
};

/** Every enabled rule's candidates for the meeting. */
export const runRules = async (scope: RuleScope, rules: RuleSettings): Promise<Candidate[]> => {
  const found: Candidate[][] = [];
  if (rules.kpiOffGoal.enabled) found.push(await kpiOffGoal(scope, rules.kpiOffGoal));
  if (rules.goalOffTrack.enabled) found.push(await goalOffTrack(scope));
  if (rules.todoLate.enabled) found.push(await todoLate(scope, rules.todoLate));
  if (rules.budgetAlert.enabled) found.push(await budgetAlert(scope));
  if (rules.issueStale.enabled) found.push(await issueStale(scope, rules.issueStale));
  if (rules.lowRating.enabled) found.push(await lowRating(scope, rules.lowRating));
  if (rules.missedSessions.enabled) found.push(await missedSessions(scope, rules.missedSessions));
  return found.flat();
};
