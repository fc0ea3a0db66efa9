import { sql } from 'drizzle-orm';
import { machineLine, timeCalls } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:os-health` (decision 124): a workspace of 500 weekly meetings, each with two
// years of weekly sessions (104; nine in ten held, some late, the owner's rating on each), 100,000
// cards (200 a meeting: 60 to-dos due over the two years, two thirds done; 60 issues, half solved
// in one of the meeting's sessions; 20 goals over the quarters; 60 headlines), 3 KPIs a meeting
// with cells on the last year's held sessions (~70,000). Measures the health of the whole
// workspace (an admin: all 500 meetings) for 4 and 8 quarters, of one meeting, a page of items
// and the CSV, as p50/p95/p99/max over BENCH_CALLS calls (default 100), with the SQL statements
// of a call on an empty and the full workspace. Budget: p95 ≤ 60 ms on PostgreSQL. Then what the
// summaries' triggers (decisions 128 and 134) add to a bulk create, a to-do done, a rating and a
// scorecard value. DATABASE_URL for PostgreSQL.

const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const MEETINGS = 500;
const WEEKS = 104;

let queries = 0;
const server = await startBenchServer(() => {
  queries++;
});
const { request, person, database } = server;
const db = database.db;
const owner = await person('health');
const empty = await person('health-empty');
const token = owner.accessToken;
const t = owner.tenantId;

const started = Date.now();
const first = new Date(Date.now() - WEEKS * 7 * 86_400_000);
const firstIso = first.toISOString();
await db.execute(sql`
  insert into meetings (tenant_id, title, start_date, start_time, timezone, repeat_every, repeat_type, created_by)
  select ${t}, 'Team ' || g, ${firstIso.slice(0, 10)}::date, '09:00', 'UTC', 1, 'weeks', ${owner.id}
  from generate_series(1, ${MEETINGS}) g`);
await db.execute(sql`
  insert into meeting_people (meeting_id, user_id, role) select id, ${owner.id}, 'leader' from meetings where tenant_id = ${t}`);
// Sessions: every tenth not held; started 0–9 minutes late.
await db.execute(sql`
  insert into sessions (tenant_id, meeting_id, session_date, starts_at, started_at, finished_at)
  select ${t}, m.id, (${firstIso.slice(0, 10)}::date + w * 7),
    (${firstIso.slice(0, 10)}::date + w * 7) + time '09:00',
    case when w % 10 <> 3 then (${firstIso.slice(0, 10)}::date + w * 7) + time '09:00' + (w % 10) * interval '1 minute' end,
    case when w % 10 <> 3 then (${firstIso.slice(0, 10)}::date + w * 7) + time '10:30' end
  from meetings m cross join generate_series(0, ${WEEKS - 1}) w where m.tenant_id = ${t}`);
await db.execute(sql`
  insert into session_attendees (session_id, user_id, tenant_id, role_at_join, joined_at, score)
  select s.id, ${owner.id}, ${t}, 'leader', s.started_at, 5 + (extract(day from s.starts_at)::int % 6)
  from sessions s where s.tenant_id = ${t} and s.started_at is not null`);
// Cards: 60 to-dos, 60 issues, 20 goals, 60 headlines a meeting.
await db.execute(sql`
  with numbered as (select id, row_number() over (order by id) as n from meetings where tenant_id = ${t}),
  made as (
    insert into tasks (tenant_id, title, type, status, due_date, quarter_id, user_id, sort, created_at, created_by, completed_at)
    select ${t}, 'Card ' || m.n || '-' || c,
      case when c <= 60 then '4' when c <= 120 then '2' when c <= 140 then '1' else '3' end,
      case when c <= 60 and c % 3 <> 0 then '1' when c > 60 and c <= 120 and c % 2 = 0 then '1'
        when c > 120 and c <= 140 and c % 5 <> 0 then '1' else '0' end,
      case when c <= 60 then ${firstIso.slice(0, 10)}::date + c * 12 when c > 120 and c <= 140 then ${firstIso.slice(0, 10)}::date + (c - 120) * 36 end,
      case when c > 120 and c <= 140 and c % 2 = 0 then
        to_char(${firstIso.slice(0, 10)}::date + (c - 120) * 36, 'YYYY') || '-Q' || to_char(${firstIso.slice(0, 10)}::date + (c - 120) * 36, 'Q') end,
      ${owner.id}, c, ${firstIso}::timestamptz + (c % 100) * interval '7 days', ${owner.id},
      case when c <= 60 and c % 3 <> 0 then ${firstIso}::timestamptz + c * interval '12 days' - (c % 2) * interval '2 days' + interval '12 hours' end
    from numbered m cross join generate_series(1, ${100_000 / MEETINGS}) c
    returning id, title)
  insert into task_meetings (task_id, meeting_id)
  select made.id, numbered.id from made join numbered on numbered.n = split_part(substr(made.title, 6), '-', 1)::int`);
// Half the issues solved in one of their meeting's held sessions, some weeks after they were made.
await db.execute(sql`
  update tasks t set status = '1', completed_in_session_id = s.id, completed_at = s.started_at + interval '30 minutes'
  from task_meetings tm, sessions s
  where t.tenant_id = ${t} and t.type = '2' and t.sort % 2 = 0 and tm.task_id = t.id
    and s.meeting_id = tm.meeting_id and s.session_date = ${firstIso.slice(0, 10)}::date + ((t.sort % 100) + 3) * 7
    and s.started_at is not null`);
await db.execute(sql`
  insert into scores (tenant_id, meeting_id, user_id, title, goal, score, sort, created_at)
  select ${t}, m.id, ${owner.id}, 'KPI ' || g, '>=', '50', g, ${firstIso}::timestamptz
  from meetings m cross join generate_series(1, 3) g where m.tenant_id = ${t}`);
await db.execute(sql`
  insert into score_cells (tenant_id, score_id, session_id, measured, changed_at)
  select ${t}, sc.id, s.id, case when extract(day from s.starts_at)::int % 4 <> 0 then '60' end,
    s.starts_at - case when extract(day from s.starts_at)::int % 3 = 0 then interval '-1 hour' else interval '1 day' end
  from scores sc join sessions s on s.meeting_id = sc.meeting_id
  where sc.tenant_id = ${t} and s.started_at is not null and s.session_date > current_date - 365`);
await db.execute(sql`analyze`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [counts] = rowsOf<{ cards: string; sessions: string; cells: string }>(
  await db.execute(sql`select (select count(*) from tasks where tenant_id = ${t}) as cards,
    (select count(*) from sessions where tenant_id = ${t}) as sessions,
    (select count(*) from score_cells where tenant_id = ${t}) as cells`),
);
console.log(
  `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts?.cards} cards, ${counts?.sessions} sessions, ${counts?.cells} KPI cells`,
);

const [oneMeeting] = rowsOf<{ id: string }>(
  await db.execute(sql`select id from meetings where tenant_id = ${t} limit 1`),
);
const health = await request<{ quarters: { id: string; sessionsHeld: number; goalsTotal: number }[] }>(
  'GET',
  '/os-health?quarters=4',
  undefined,
  token,
);
const quarter = health.quarters.at(-2)!.id;
console.log(
  `last full quarter ${quarter}: ${health.quarters.at(-2)?.sessionsHeld} sessions held, ${health.quarters.at(-2)?.goalsTotal} goals`,
);

const time = async (label: string, url: string) => {
  // The empty workspace has no meeting: its call is the same without one.
  const emptyUrl = url.replace(/meetingId=[^&]+&?/, '');
  await request('GET', emptyUrl, undefined, empty.accessToken);
  queries = 0;
  await request('GET', emptyUrl, undefined, empty.accessToken);
  const emptyStatements = queries;
  await request('GET', url, undefined, token);
  queries = 0;
  await request('GET', url, undefined, token);
  const statements = queries;
  const row = {
    label,
    emptyStatements,
    statements,
    ...(await timeCalls(() => request('GET', url, undefined, token), CALLS)),
  };
  console.log(`${label}: p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} ms`);
  return row;
};
const csv = async (url: string) => {
  const response = await fetch(`${server.base}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
  await response.text();
};

const rows = [
  await time('workspace (500 meetings), 4 quarters', '/os-health?quarters=4'),
  await time('workspace (500 meetings), 8 quarters', '/os-health?quarters=8'),
  await time('one meeting, 8 quarters', `/os-health?meetingId=${oneMeeting!.id}&quarters=8`),
  await time('items: sessions of a quarter, first 25', `/os-health/items?quarter=${quarter}&figure=sessions`),
  await time('items: goals of a quarter, first 25', `/os-health/items?quarter=${quarter}&figure=goals`),
  await time('items: solved issues, first 25', `/os-health/items?quarter=${quarter}&figure=issues`),
  await time('items: scorecard values, first 25', `/os-health/items?quarter=${quarter}&figure=scorecard`),
  await time(
    'items: scorecard values, 25 from 10,000',
    `/os-health/items?quarter=${quarter}&figure=scorecard&offset=10000`,
  ),
];
const exportTimes = await timeCalls(() => csv('/os-health/export?quarters=8'), Math.min(CALLS, 30));

// What the summaries' triggers (decisions 128 and 134) cost a write: 5,000 to-dos into one meeting
// as the bulk card create writes them (one transaction, statements of 1,000 rows, then their
// meeting links), a to-do done, a rating and a scorecard value, each with the triggers on and then off, alternately (median of 5 rounds).
// Both summaries' triggers: the sessions' (decision 128) and the goals' and to-dos' (decision 134).
const summaryTriggers = [
  ['tasks', 'tasks_health_insert'],
  ['tasks', 'tasks_health_update'],
  ['session_attendees', 'session_attendees_health_update'],
  ['score_cells', 'score_cells_health_update'],
  ['tasks', 'tasks_task_health_insert'],
  ['tasks', 'tasks_task_health_update'],
  ['task_meetings', 'task_meetings_task_health_insert'],
];
const triggers = async (on: boolean) => {
  for (const [table, name] of summaryTriggers) {
    await db.execute(sql.raw(`alter table "${table}" ${on ? 'enable' : 'disable'} trigger "${name}"`));
  }
};
const [doneTarget] = rowsOf<{ id: string }>(
  await db.execute(sql`select id from tasks where tenant_id = ${t} and type = '4' and status = '0' limit 1`),
);
const [writeTarget] = rowsOf<{ session_id: string; user_id: string; score_id: string }>(
  await db.execute(sql`select a.session_id, a.user_id, c.score_id from session_attendees a
    join score_cells c on c.session_id = a.session_id where a.tenant_id = ${t} limit 1`),
);
const elapsed = async (work: () => Promise<unknown>) => {
  const at = performance.now();
  await work();
  return performance.now() - at;
};
const writes = {
  'bulk create, 5,000 to-dos (5 × 1,000 rows)': (round: number) =>
    db.transaction(async (tx) => {
      for (let chunk = 0; chunk < 5; chunk++) {
        await tx.execute(sql`
        with made as (
          insert into tasks (tenant_id, title, type, status, due_date, user_id, sort, created_by)
          select ${t}, 'Bulk ' || ${round} || '-' || ${chunk} || '-' || g, '4', '0', current_date + g % 90, ${owner.id}, g, ${owner.id}
          from generate_series(1, 1000) g returning id)
        insert into task_meetings (task_id, meeting_id) select made.id, ${oneMeeting!.id} from made`);
      }
    }),
  'a to-do done, then open again': (round: number) =>
    db.execute(sql`update tasks set status = ${round % 4 < 2 ? '1' : '0'}, completed_at = ${round % 4 < 2 ? sql`now()` : null}
      where id = ${doneTarget!.id}`),
  'a rating': (round: number) =>
    db.execute(sql`update session_attendees set score = ${1 + (round % 10)}
      where session_id = ${writeTarget!.session_id} and user_id = ${writeTarget!.user_id}`),
  'a scorecard value': (round: number) =>
    db.execute(sql`update score_cells set measured = ${String(round)}, changed_at = now()
      where session_id = ${writeTarget!.session_id} and score_id = ${writeTarget!.score_id}`),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const writeRows: { label: string; on: number; off: number }[] = [];
for (const [label, write] of Object.entries(writes)) {
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < 5; round++) {
    await triggers(true);
    on.push(await elapsed(() => write(round * 2)));
    await triggers(false);
    off.push(await elapsed(() => write(round * 2 + 1)));
  }
  await triggers(true);
  writeRows.push({ label, on: median(on), off: median(off) });
}

console.log(`\n${machineLine(CALLS)}\n`);
console.log('| call | SQL/call empty → full | p50 ms | p95 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.emptyStatements} → ${row.statements} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
  );
}
console.log(
  `| CSV, workspace, 8 quarters | — | ${exportTimes.p50.toFixed(1)} | ${exportTimes.p95.toFixed(1)} | ${exportTimes.p99.toFixed(1)} | ${exportTimes.max.toFixed(1)} |`,
);
console.log('\n| write | summary kept (triggers on) ms | triggers off ms |');
console.log('|---|---|---|');
for (const row of writeRows) console.log(`| ${row.label} | ${row.on.toFixed(1)} | ${row.off.toFixed(1)} |`);
await server.stop();
