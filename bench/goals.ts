import { sql } from 'drizzle-orm';
import { machineLine, timeCalls } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:goals`: a meeting with 2,000 goals (a fifth of them finished), each with 10
// milestones (20,000; 4 in 10 done), 500 to-dos of which 400 count in 200 goals, and 20 KPIs, 200
// of them counted by a goal; against a meeting with one goal of one milestone. Measures, one call
// at a time, the goal lists (the dashboard's and the live Goals step's pages, home's own goals,
// the tab counts, home's milestones), a goal's dialog (its milestones and what its progress may
// count) and the archive of a session held on it, as p50/p95/p99/max over BENCH_CALLS calls
// (default 100), and counts each call's SQL statements on the big and the small meeting: the
// count must not grow with the goals. Budgets (ARCHITECTURE.md): list and dashboard calls p99 ≤
// 60 ms on PostgreSQL; paged lists of a big tenant p95 ≤ 50 ms. DATABASE_URL for PostgreSQL.

const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const GOALS = 2000;
const MILESTONES = 10;

let queries = 0;
const server = await startBenchServer(() => {
  queries++;
});
const { request, person, database, meetingNow } = server;
const db = database.db;

const owner = await person('goals');
const token = owner.accessToken;

/** `goals` goals of the meeting (every fifth done), each with `milestones` milestones (4 in 10 done). */
const seed = async (meetingId: string, goals: number, milestones: number, cards: number, kpis: number) => {
  const t = owner.tenantId;
  await db.execute(sql`
    with made as (
      insert into tasks (tenant_id, title, type, status, due_date, user_id, sort, created_at, created_by, completed_at)
      select ${t}, 'Goal ' || g, '1', case when g % 5 = 0 then '1' when g % 7 = 0 then '2' else '0' end,
        current_date + (g % 90), ${owner.id}, g, now() - (g % 60) * interval '1 day', ${owner.id},
        case when g % 5 = 0 then now() - (g % 30) * interval '1 day' end
      from generate_series(1, ${goals}) g
      returning id)
    insert into task_meetings (task_id, meeting_id) select id, ${meetingId} from made`);
  await db.execute(sql`
    insert into task_members (task_id, user_id)
    select tm.task_id, ${owner.id} from task_meetings tm where tm.meeting_id = ${meetingId}`);
  await db.execute(sql`
    insert into goal_milestones (tenant_id, goal_id, title, owner_id, due_date, done_at, sort, changed_by)
    select ${t}, tm.task_id, 'Milestone ' || m, ${owner.id}, current_date + m * 7,
      case when m % 10 < 4 then now() - m * interval '1 day' end, m - 1, ${owner.id}
    from task_meetings tm cross join generate_series(1, ${milestones}) m where tm.meeting_id = ${meetingId}`);
  if (cards > 0) {
    await db.execute(sql`
      with made as (
        insert into tasks (tenant_id, title, type, status, user_id, created_by, completed_at)
        select ${t}, 'To-do ' || g, '4', case when g % 3 = 0 then '1' else '0' end, ${owner.id}, ${owner.id},
          case when g % 3 = 0 then now() end
        from generate_series(1, ${cards}) g
        returning id)
      insert into task_meetings (task_id, meeting_id) select id, ${meetingId} from made`);
    // Two cards for each of the first goals.
    await db.execute(sql`
      with goals as (
        select t.id, row_number() over (order by t.sort) as n from tasks t
          join task_meetings tm on tm.task_id = t.id where tm.meeting_id = ${meetingId} and t.type = '1'),
      cards as (
        select t.id, row_number() over (order by t.title) as n from tasks t
          join task_meetings tm on tm.task_id = t.id where tm.meeting_id = ${meetingId} and t.type = '4')
      insert into goal_cards (tenant_id, goal_id, card_id)
      select ${t}, goals.id, cards.id from cards join goals on goals.n = (cards.n + 1) / 2 where cards.n <= ${cards * 0.8}`);
  }
  if (kpis > 0) {
    await db.execute(sql`
      insert into scores (tenant_id, meeting_id, user_id, title, goal, score, units, sort)
      select ${t}, ${meetingId}, ${owner.id}, 'KPI ' || g, '>=', '50', 'units', g from generate_series(1, ${kpis}) g`);
    await db.execute(sql`
      with goals as (
        select t.id, row_number() over (order by t.sort) as n from tasks t
          join task_meetings tm on tm.task_id = t.id where tm.meeting_id = ${meetingId} and t.type = '1'),
      kpis as (select id, row_number() over (order by sort) as n from scores where meeting_id = ${meetingId})
      insert into goal_kpis (tenant_id, goal_id, score_id, target)
      select ${t}, goals.id, kpis.id, '100' from goals join kpis on kpis.n = 1 + goals.n % ${kpis}
      where goals.n <= 200`);
  }
};

const started = Date.now();
const big = await meetingNow(owner, 'Rocks L10');
const small = await meetingNow(owner, 'Small L10');
await seed(big.id, GOALS, MILESTONES, 500, 20);
await seed(small.id, 1, 1, 0, 0);
await db.execute(sql`analyze`);
console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const firstGoal = async (meetingId: string) =>
  (
    await request<{ items: { id: string }[] }>(
      'GET',
      `/tasks?meetingId=${meetingId}&type=1&state=active&limit=1`,
      undefined,
      token,
    )
  ).items[0]!.id;
const bigGoal = await firstGoal(big.id);
const smallGoal = await firstGoal(small.id);

/** Each meeting's session of today, started and then finished: its archive keeps the goals. */
const held = async (meetingId: string) => {
  const live = await request<{ sessionId: string }>(
    'POST',
    `/meetings/${meetingId}/start`,
    { confirmUnscheduled: true },
    token,
  );
  return live.sessionId;
};
const bigSession = await held(big.id);
const smallSession = await held(small.id);

const time = async (label: string, url: (meetingId: string, goalId: string, sessionId: string) => string) => {
  const bigUrl = url(big.id, bigGoal, bigSession);
  // Statements of one call on the small meeting, then on the big one (after a warm-up each).
  await request('GET', url(small.id, smallGoal, smallSession), undefined, token);
  queries = 0;
  await request('GET', url(small.id, smallGoal, smallSession), undefined, token);
  const smallStatements = queries;
  await request('GET', bigUrl, undefined, token);
  queries = 0;
  await request('GET', bigUrl, undefined, token);
  const statements = queries;
  return {
    label,
    smallStatements,
    statements,
    ...(await timeCalls(() => request('GET', bigUrl, undefined, token), CALLS)),
  };
};

const goalsPage = (state: string, offset: number, limit: number) => (meetingId: string) =>
  `/tasks?meetingId=${meetingId}&type=1&state=${state}&offset=${offset}&limit=${limit}`;
const rows = [
  await time('Goals step / dashboard: active, first 100', goalsPage('active', 0, 100)),
  await time('Goals step / dashboard: finished, first 20', goalsPage('done', 0, 20)),
  await time('dashboard: active, page at offset 1,500', goalsPage('active', 1500, 100)),
  await time('tab counts (GET /tasks/counts)', (m) => `/tasks/counts?meetingId=${m}`),
  await time("home's own goals (GET /tasks?type=1, 100)", () => '/tasks?type=1&state=active&offset=0&limit=100'),
  await time("home's milestones (GET /milestones/mine)", () => '/milestones/mine'),
  await time('goal dialog: GET /tasks/{id}/milestones', (_m, g) => `/tasks/${g}/milestones`),
  await time('progress choices: KPIs', (_m, g) => `/tasks/${g}/progress-choices/kpis`),
  await time('progress choices: cards, first 100', (_m, g) => `/tasks/${g}/progress-choices/cards?limit=100`),
];

// Finishing writes the archive (its goals read in two statements); then the archive is read.
const finish = async (sessionId: string) => {
  queries = 0;
  const start = performance.now();
  await request('POST', `/sessions/${sessionId}/finish`, {}, token);
  return { ms: performance.now() - start, statements: queries };
};
const finishedSmall = await finish(smallSession);
const finishedBig = await finish(bigSession);
rows.push(await time('archive of the session (100 goals kept)', (_m, _g, s) => `/sessions/${s}/archive/`));
const archive = await request<{ goals: unknown[]; goalsTotal: number }>(
  'GET',
  `/sessions/${bigSession}/archive/`,
  undefined,
  token,
);

console.log(`\n${machineLine(CALLS)}\n`);
console.log('| call (2,000 goals × 10 milestones) | SQL/call small → big | p50 ms | p95 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.smallStatements} → ${row.statements} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
  );
}
console.log(
  `\nFinish (writes the archive): small ${finishedSmall.ms.toFixed(0)} ms, ${finishedSmall.statements} statements; big ${finishedBig.ms.toFixed(0)} ms, ${finishedBig.statements} statements; the archive keeps ${archive.goals.length} of ${archive.goalsTotal} goals`,
);
await server.stop();
