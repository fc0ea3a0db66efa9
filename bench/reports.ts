import { sql } from 'drizzle-orm';
import { machineLine, timeCalls } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:reports`: a meeting with three years of weekly sessions (156 held,
// each with a rating and an archive), 5,000 action items (to-dos, goals and issues) and 100 KPIs
// with a value for every session (15,600 cells). Measures, one call at a time, the meeting report
// for the whole three years and the archive search, as p50/p95/max over BENCH_CALLS calls
// (default 50), and counts the SQL statements of each call against a meeting with one session,
// one item and one KPI: the count must not grow with the history.
// Budget (ARCHITECTURE.md): list and dashboard calls p99 ≤ 60 ms on PostgreSQL.

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const SESSIONS = 156;
const ITEMS = 5000;
const KPIS = 100;

let queries = 0;
const server = await startBenchServer(() => {
  queries++;
});
const { request, person, database } = server;
const db = database.db;

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const owner = await person('reports');
const token = owner.accessToken;
const newMeeting = (title: string, startDate: string) => server.oneOffMeeting(owner, title, startDate);

/** `sessions` held weekly sessions ending last week, each rated and archived; `items` tasks; `kpis` scores with a value per session. */
const seed = async (meetingId: string, sessions: number, items: number, kpis: number) => {
  const t = owner.tenantId;
  await db.execute(sql`delete from sessions where meeting_id = ${meetingId}`);
  await db.execute(sql`
    insert into sessions (tenant_id, meeting_id, session_date, starts_at, started_at, finished_at, note)
    select ${t}, ${meetingId}, d::date, d + time '09:00', d + time '09:00' + (g % 9) * interval '1 minute',
      d + time '10:00' + (g % 12) * interval '1 minute', 'Session note ' || g || case when g % 10 = 0 then ' about hiring' else '' end
    from generate_series(1, ${sessions}) g, lateral (select (current_date - (g * 7))::timestamp at time zone 'UTC' as d) x`);
  await db.execute(sql`
    insert into session_attendees (session_id, user_id, tenant_id, role_at_join, joined_at, score)
    select s.id, ${owner.id}, ${t}, 'leader', s.started_at, 5 + (extract(doy from s.session_date)::int % 6)
    from sessions s where s.meeting_id = ${meetingId}`);
  await db.execute(sql`
    insert into session_archives (session_id, tenant_id, meeting_id, avg_score, snapshot)
    select s.id, ${t}, ${meetingId}, 7, jsonb_build_object(
      'meetingTitle', 'Bench L10',
      'issuesSolved', jsonb_build_array(jsonb_build_object('userId', ${owner.id}::text, 'fullName', 'Bench Owner',
        'items', jsonb_build_array(jsonb_build_object('id', s.id, 'title', 'Issue of week ' || s.session_date || case when extract(doy from s.session_date)::int % 5 = 0 then ' hiring plan' else ' budget' end, 'dueDate', null)))),
      'todosCreated', jsonb_build_array(jsonb_build_object('userId', ${owner.id}::text, 'fullName', 'Bench Owner',
        'items', jsonb_build_array(jsonb_build_object('id', s.id, 'title', 'Follow up on the pipeline ' || s.session_date, 'dueDate', null)))),
      'scores', jsonb_build_array(jsonb_build_object('userId', ${owner.id}::text, 'fullName', 'Bench Owner', 'score', 8, 'note', 'Good meeting')))
    from sessions s where s.meeting_id = ${meetingId}`);
  await db.execute(sql`
    with made as (
      insert into tasks (tenant_id, title, type, status, due_date, user_id, show_in_tasks, created_at, created_by, completed_at)
      select ${t}, 'Item ' || g,
        case when g % 10 = 0 then '1' when g % 10 = 1 then '2' else '4' end,
        case when g % 3 = 0 then '1' else '0' end,
        current_date - (g % 1000) + 30, ${owner.id}, '1',
        now() - (g % 1000) * interval '1 day', ${owner.id},
        case when g % 3 = 0 then now() - (g % 1000) * interval '1 day' + (g % 9) * interval '1 day' end
      from generate_series(1, ${items}) g
      returning id)
    insert into task_meetings (task_id, meeting_id) select id, ${meetingId} from made`);
  await db.execute(sql`
    insert into task_members (task_id, user_id)
    select tm.task_id, ${owner.id} from task_meetings tm where tm.meeting_id = ${meetingId}`);
  await db.execute(sql`
    insert into scores (tenant_id, meeting_id, user_id, title, goal, score, units, sort)
    select ${t}, ${meetingId}, ${owner.id}, 'KPI ' || g, case g % 3 when 0 then '>=' when 1 then '<=' else '==' end, '50', 'units', g
    from generate_series(1, ${kpis}) g`);
  await db.execute(sql`
    insert into score_cells (tenant_id, score_id, session_id, measured)
    select ${t}, sc.id, s.id, ((extract(doy from s.session_date)::int * sc.sort) % 100)::text
    from scores sc join sessions s on s.meeting_id = sc.meeting_id where sc.meeting_id = ${meetingId}`);
};

const started = Date.now();
const big = await newMeeting('Bench L10', isoDaysAgo(3 * 366));
const small = await newMeeting('Small L10', isoDaysAgo(30));
await seed(big.id, SESSIONS, ITEMS, KPIS);
await seed(small.id, 1, 1, 1);
await db.execute(sql`analyze`);
console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const window = `dateSince=${isoDaysAgo(3 * 366)}&dateUntil=${isoDaysAgo(0)}`;

const time = async (label: string, url: string) => {
  // Warm up (plans, caches), then count one call's statements and time CALLS calls.
  await request('GET', url, undefined, token);
  queries = 0;
  await request('GET', url, undefined, token);
  const statements = queries;
  return { label, statements, ...(await timeCalls(() => request('GET', url, undefined, token), CALLS)) };
};

const report = await request<{ attendance: { sessionsHeld: number }; actionItems: { total: number }; kpis: unknown[] }>(
  'GET',
  `/reports/meetings/${big.id}?${window}`,
  undefined,
  token,
);
console.log(
  `the big meeting's report: ${report.attendance.sessionsHeld} sessions held, ${report.actionItems.total} action items in the window, ${report.kpis.length} KPIs`,
);
const rows = [
  await time('GET /reports/meetings/{id} (small meeting)', `/reports/meetings/${small.id}?${window}`),
  await time(
    'GET /reports/meetings/{id} (156 sessions, 5,000 items, 100 KPIs)',
    `/reports/meetings/${big.id}?${window}`,
  ),
  await time(
    'GET /reports/meetings/{id}?memberId (same)',
    `/reports/meetings/${big.id}?${window}&memberId=${owner.id}`,
  ),
  await time('GET /reports/meetings/{id}/trends (same)', `/reports/meetings/${big.id}/trends?${window}`),
  await time('GET /reports/users/{id} (same person)', `/reports/users/${owner.id}?${window}`),
  await time('GET /archives/search?q=hiring (small meeting)', `/archives/search?q=hiring&meetingId=${small.id}`),
  await time('GET /archives/search?q=hiring (workspace, 157 archives)', '/archives/search?q=hiring'),
  await time('GET /archives/search (no words, newest first)', '/archives/search'),
];

console.log(`\n${machineLine(CALLS)}\n`);
console.log('| call | SQL/call | p50 ms | p95 ms | max ms |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.statements} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} |`,
  );
}
await server.stop();
