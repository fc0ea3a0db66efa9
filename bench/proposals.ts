import { sql } from 'drizzle-orm';
import { prepareProposalsBeforeSessions } from '../src/features/proposals/server/proposals.job.ts';
import { jobDepsOf } from '../src/server/jobs/jobTransaction.ts';
import { machineLine, timeCalls } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:proposals` (decision 123): a workspace of 500 weekly meetings, each with 13 held
// sessions and its next one 12 hours from now, and 100,000 cards (200 a meeting: to-dos, some
// overdue; issues, some older than six weeks; goals, some off track; headlines), 10 KPIs a meeting
// with a value on every held session (65,000 cells, a fifth of the KPIs off goal), the owner's
// attendance and ratings. Measures the proposal job once over the whole workspace (its time per
// meeting), "Check now" on one meeting at a time (p50/p95 over 100 meetings), and the Issues
// step's list (GET /meetings/{id}/proposals, a page of 50) as p50/p95/p99 over BENCH_CALLS calls,
// with the SQL statements of a call on an empty and a full meeting. Budget (ARCHITECTURE.md): list
// calls p95 ≤ 60 ms on PostgreSQL. DATABASE_URL for PostgreSQL.

const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const MEETINGS = 500;
const CARDS_PER_MEETING = 200;

let queries = 0;
const server = await startBenchServer(() => {
  queries++;
});
const { request, person, database, app } = server;
const db = database.db;
const owner = await person('proposals');
const token = owner.accessToken;
const t = owner.tenantId;

const started = Date.now();
// Meetings: weekly at this hour, from 13 weeks ago less 12 hours (the 14th session is in 12 hours).
const next = new Date(Date.now() + 12 * 3_600_000);
const first = new Date(next.getTime() - 13 * 7 * 86_400_000);
await db.execute(sql`
  insert into meetings (tenant_id, title, start_date, start_time, timezone, repeat_every, repeat_type, created_by)
  select ${t}, 'Team ' || g, ${first.toISOString().slice(0, 10)}::date, ${first.toISOString().slice(11, 16)}, 'UTC', 1, 'weeks', ${owner.id}
  from generate_series(1, ${MEETINGS}) g`);
await db.execute(sql`
  insert into meeting_people (meeting_id, user_id, role) select id, ${owner.id}, 'leader' from meetings where tenant_id = ${t}`);
await db.execute(sql`
  insert into sessions (tenant_id, meeting_id, session_date, starts_at, started_at, finished_at)
  select ${t}, m.id, (${first.toISOString()}::timestamptz + w * interval '7 days')::date,
    ${first.toISOString()}::timestamptz + w * interval '7 days',
    case when w < 13 then ${first.toISOString()}::timestamptz + w * interval '7 days' end,
    case when w < 13 then ${first.toISOString()}::timestamptz + w * interval '7 days' + interval '90 minutes' end
  from meetings m cross join generate_series(0, 13) w where m.tenant_id = ${t}`);
await db.execute(sql`
  insert into session_attendees (session_id, user_id, tenant_id, role_at_join, joined_at, score)
  select s.id, ${owner.id}, ${t}, 'leader', s.starts_at, 9 from sessions s where s.tenant_id = ${t} and s.finished_at is not null`);
// Cards: per meeting 80 to-dos (every fourth overdue), 60 issues (every sixth older than six
// weeks), 20 goals (every seventh off track), 40 headlines.
await db.execute(sql`
  with made as (
    insert into tasks (tenant_id, title, type, status, due_date, user_id, sort, created_at, created_by)
    select ${t}, 'Card ' || m.n || '-' || c,
      case when c <= 80 then '4' when c <= 140 then '2' when c <= 160 then '1' else '3' end,
      case when c > 140 and c <= 160 and c % 7 = 0 then '2' else '0' end,
      case when c <= 80 and c % 4 = 0 then current_date - 3 when c <= 160 and c > 140 then current_date + 60 end,
      ${owner.id}, c,
      case when c > 80 and c <= 140 and c % 6 = 0 then now() - interval '50 days' else now() - interval '1 day' end,
      ${owner.id}
    from (select id, row_number() over (order by title) as n from meetings where tenant_id = ${t}) m
    cross join generate_series(1, ${CARDS_PER_MEETING}) c
    returning id, title)
  insert into task_meetings (task_id, meeting_id)
  select made.id, m.id from made
  join (select id, row_number() over (order by title) as n from meetings where tenant_id = ${t}) m
    on m.n = split_part(substr(made.title, 6), '-', 1)::int`);
await db.execute(sql`
  insert into scores (tenant_id, meeting_id, user_id, title, goal, score, units, sort)
  select ${t}, m.id, ${owner.id}, 'KPI ' || k, '>=', '50', 'units', k
  from meetings m cross join generate_series(1, 10) k where m.tenant_id = ${t}`);
await db.execute(sql`
  insert into score_cells (tenant_id, score_id, session_id, measured)
  select ${t}, sc.id, s.id, case when sc.sort % 5 = 0 then '40' else '60' end
  from scores sc join sessions s on s.meeting_id = sc.meeting_id and s.finished_at is not null
  where sc.tenant_id = ${t}`);
await db.execute(sql`analyze`);
const counts = (
  (await db.execute(sql`select (select count(*) from tasks where tenant_id = ${t})::int as cards,
    (select count(*) from score_cells where tenant_id = ${t})::int as cells`)) as unknown as {
    rows: { cards: number; cells: number }[];
  }
).rows[0]!;
console.log(
  `seeded ${counts.cards} cards, ${counts.cells} KPI cells in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// The job over the whole workspace: every meeting's next session is within its 24 hours.
const jobStart = performance.now();
const prepared = await prepareProposalsBeforeSessions(jobDepsOf(app));
const jobMs = performance.now() - jobStart;
const open = (
  (await db.execute(
    sql`select count(*)::int as n from proposals where tenant_id = ${t} and status = 'open'`,
  )) as unknown as { rows: { n: number }[] }
).rows[0]!.n;

const meetingIds = (
  (await db.execute(sql`select id from meetings where tenant_id = ${t} order by title`)) as unknown as {
    rows: { id: string }[];
  }
).rows.map((row) => row.id);
// "Check now", one meeting after another (the update path: nothing new to add).
let i = 0;
const refresh = await timeCalls(
  () => request('POST', `/meetings/${meetingIds[i++ % meetingIds.length]}/proposals/refresh`, {}, token),
  Math.min(CALLS, 100),
);

// The list: statements on an empty meeting and a full one, then its times.
const empty = await request<{ id: string }>(
  'POST',
  '/meetings',
  {
    operation: 'create',
    title: 'Empty',
    sharepointUrl: 'https://meet.example.com/bench',
    startDate: next.toISOString().slice(0, 10),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    members: [],
  },
  token,
);
const listUrl = (id: string) => `/meetings/${id}/proposals?state=open&limit=50`;
const statementsOf = async (id: string) => {
  await request('GET', listUrl(id), undefined, token);
  queries = 0;
  await request('GET', listUrl(id), undefined, token);
  return queries;
};
const small = await statementsOf(empty.id);
const big = await statementsOf(meetingIds[0]!);
const list = await timeCalls(() => request('GET', listUrl(meetingIds[0]!), undefined, token), CALLS);
const page = await request<{ total: number }>('GET', listUrl(meetingIds[0]!), undefined, token);

console.log(`\n${machineLine(CALLS)}\n`);
console.log(
  `Job: ${prepared} meetings prepared in ${(jobMs / 1000).toFixed(1)} s = ${(jobMs / prepared).toFixed(1)} ms a meeting; ${open} open proposals (${page.total} on the measured meeting)\n`,
);
console.log('| call | SQL/call empty → full | p50 ms | p95 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| GET /meetings/{id}/proposals (open, 50) | ${small} → ${big} | ${list.p50.toFixed(1)} | ${list.p95.toFixed(1)} | ${list.p99.toFixed(1)} | ${list.max.toFixed(1)} |`,
);
console.log(
  `| POST …/proposals/refresh (one meeting, 100 meetings in turn) | — | ${refresh.p50.toFixed(1)} | ${refresh.p95.toFixed(1)} | ${refresh.p99.toFixed(1)} | ${refresh.max.toFixed(1)} |`,
);
await server.stop();
