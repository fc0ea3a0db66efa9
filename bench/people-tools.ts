import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { authSessions } from '../src/db/schema/index.ts';
import { hashToken } from '../src/features/auth/server/tokens.service.ts';
import { machineLine, timeCalls } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:people-tools`: a workspace of 300 people in a seat tree (everyone in a seat of
// their own, each seat under their manager's: person n reports to person n/2), 150 manager–report
// pairs with three years of weekly 1:1s held (156 each, 23,400 in all; two talking points in each,
// a recurring point with a note every week, private notes), all written in bulk; against a
// workspace of two people with one pair and one week. Measures through the HTTP API, one call at a
// time, the 1:1 list (an admin's, every pair; a manager's, their own), a pair's history (the first
// page, a page deep in it, a search), a 1:1's agenda and the reporting lines, as p50/p95/p99/max
// over BENCH_CALLS calls (default 100), and counts each call's SQL statements on the small and the
// big workspace: the count must not grow with the rows. Budgets (ARCHITECTURE.md): list calls p99
// ≤ 60 ms, paged lists of a big tenant p95 ≤ 50 ms. DATABASE_URL for PostgreSQL.

const CALLS = Number(process.env.BENCH_CALLS ?? 100);

let queries = 0;
const server = await startBenchServer(() => {
  queries++;
});
const { request, person, database } = server;
const db = database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A workspace of `people` (its owner first) in a seat tree, a pair for each manager with their
 * first report, and `weeks` weekly 1:1s held by each pair. Returns a sign-in for each of the first three.
 */
const seedWorkspace = async (label: string, people: number, weeks: number) => {
  const owner = await person(label);
  const t = owner.tenantId;
  const others = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (email, first_name, last_name, timezone)
      select 'people-' || ${label} || '-' || g || '-' || ${Date.now()} || '@example.test', 'Person', 'No ' || g, 'UTC'
      from generate_series(2, ${people}::int) g order by g
      returning id`),
  );
  const ids = [owner.id, ...others.map((row) => row.id)];
  await db.execute(sql`
    insert into memberships (tenant_id, user_id, is_admin)
    select ${t}::uuid, u, '0' from unnest(${sql.param(ids.slice(1))}::uuid[]) u`);
  // Seat n (1-based) at row ⌈n/20⌉, place (n−1) mod 20 + 1, under seat ⌊n/2⌋; person n sits in it.
  const seatNo = sql.raw('(s.row - 1) * 20 + s.seat_number');
  await db.execute(sql`
    insert into org_chart_seats (tenant_id, row, seat_number, color, job_title)
    select ${t}::uuid, (n - 1) / 20 + 1, (n - 1) % 20 + 1, '#228be6', 'Seat ' || n from generate_series(1, ${people}::int) n`);
  await db.execute(sql`
    update org_chart_seats s set parent_id = p.id from org_chart_seats p
    where s.tenant_id = ${t} and p.tenant_id = ${t} and ${seatNo} > 1
      and (p.row - 1) * 20 + p.seat_number = ${seatNo} / 2`);
  await db.execute(sql`
    insert into org_chart_seat_users (seat_id, user_id, tenant_id)
    select s.id, people.u, ${t}::uuid from org_chart_seats s
    join unnest(${sql.param(ids)}::uuid[]) with ordinality as people(u, n) on people.n = ${seatNo}
    where s.tenant_id = ${t}`);
  // Manager n with report 2n: 150 pairs of 300 people.
  await db.execute(sql`
    with people as (select u, n from unnest(${sql.param(ids)}::uuid[]) with ordinality as p(u, n))
    insert into one_on_one_pairs (tenant_id, manager_id, report_id, start_date, start_time, timezone, created_by)
    select ${t}::uuid, m.u, r.u, current_date - ${weeks * 7}::int, '09:00', 'UTC', ${owner.id}::uuid
    from people m join people r on r.n = 2 * m.n
    where 2 * m.n <= ${people}::int`);
  await db.execute(sql`
    insert into one_on_ones (tenant_id, pair_id, held_on, starts_at, started_at, finished_at, shared_notes)
    select p.tenant_id, p.id, p.start_date + 7 * w, (p.start_date + 7 * w) + time '09:00',
      (p.start_date + 7 * w) + time '09:02', (p.start_date + 7 * w) + time '09:40',
      'Week ' || w || ': pipeline review, hiring plan and the training budget. Blockers: ' || (w % 7) || ' open items.'
    from one_on_one_pairs p cross join generate_series(0, ${weeks - 1}::int) w
    where p.tenant_id = ${t}`);
  await db.execute(sql`
    insert into one_on_one_private_notes (one_on_one_id, user_id, tenant_id, body)
    select o.id, p.manager_id, o.tenant_id, 'Private: follow up on workload and morale.'
    from one_on_ones o join one_on_one_pairs p on p.id = o.pair_id
    where o.tenant_id = ${t} and extract(day from o.held_on)::int % 2 = 0`);
  await db.execute(sql`
    insert into talking_points (tenant_id, pair_id, one_on_one_id, title, author_id, done_at, sort)
    select o.tenant_id, o.pair_id, o.id, 'Point ' || k || ' of ' || o.held_on, p.report_id, o.finished_at, k
    from one_on_ones o join one_on_one_pairs p on p.id = o.pair_id cross join generate_series(1, 2) k
    where o.tenant_id = ${t}`);
  await db.execute(sql`
    insert into talking_points (tenant_id, pair_id, title, recurring, author_id, sort, created_at)
    select tenant_id, id, 'Priorities this week', true, manager_id, 0, start_date - 1
    from one_on_one_pairs where tenant_id = ${t}`);
  await db.execute(sql`
    insert into talking_point_notes (point_id, one_on_one_id, tenant_id, body)
    select tp.id, o.id, o.tenant_id, 'Focus on the renewal and the second hire, week of ' || o.held_on
    from talking_points tp join one_on_ones o on o.pair_id = tp.pair_id
    where tp.tenant_id = ${t} and tp.recurring`);
  // Sign-ins for the owner's two reports' line: person 2 manages 4 and reports to 1.
  const tokens = ids.slice(0, 3).map(() => randomBytes(32).toString('base64url'));
  await db.insert(authSessions).values(
    ids.slice(1, 3).map((userId, i) => ({
      tokenHash: hashToken(tokens[i + 1]!),
      userId,
      tenantId: t,
      remember: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  // The manager of the pair timed: person 2 (with report 4), or the owner where there is no such pair.
  const [pair] = rowsOf<{ id: string; manager_id: string }>(
    await db.execute(sql`select id, manager_id from one_on_one_pairs where tenant_id = ${t}
      order by manager_id = ${ids[1]!} desc limit 1`),
  );
  const manager = pair!.manager_id === owner.id ? owner.accessToken : tokens[1]!;
  return { owner: owner.accessToken, manager, pairId: pair!.id };
};

const started = Date.now();
const small = await seedWorkspace('small', 2, 1);
const big = await seedWorkspace('big', 300, 156);
await db.execute(sql`analyze`);
const [counted] = rowsOf<{ pairs: number; held: number; points: number }>(
  await db.execute(sql`select (select count(*) from one_on_one_pairs)::int as pairs,
    (select count(*) from one_on_ones)::int as held, (select count(*) from talking_points)::int as points`),
);
console.log(
  `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counted!.pairs} pairs, ${counted!.held} 1:1s, ${counted!.points} talking points`,
);

// The current 1:1 of each pair's manager (made by opening it, as the page does).
const opened = async (w: typeof big) =>
  (await request<{ id: string }>('POST', `/one-on-ones/${w.pairId}/upcoming`, {}, w.manager)).id;
const bigCurrent = await opened(big);
const smallCurrent = await opened(small);

type Workspace = typeof big & { current: string };
const time = async (label: string, who: 'owner' | 'manager', url: (w: Workspace) => string) => {
  const b = { ...big, current: bigCurrent };
  const s = { ...small, current: smallCurrent };
  await request('GET', url(s), undefined, s[who]);
  queries = 0;
  await request('GET', url(s), undefined, s[who]);
  const smallStatements = queries;
  await request('GET', url(b), undefined, b[who]);
  queries = 0;
  await request('GET', url(b), undefined, b[who]);
  const statements = queries;
  return {
    label,
    smallStatements,
    statements,
    ...(await timeCalls(() => request('GET', url(b), undefined, b[who]), CALLS)),
  };
};

const rows = [
  await time("1:1 list, an admin's (every pair), first 25", 'owner', () => '/one-on-ones?limit=25'),
  await time("1:1 list, an admin's, page at offset 125", 'owner', () => '/one-on-ones?offset=125&limit=25'),
  await time("1:1 list, a manager's own", 'manager', () => '/one-on-ones'),
  await time('history, first page (25)', 'manager', (w) => `/one-on-ones/${w.pairId}/history`),
  await time('history, page at offset 125', 'manager', (w) => `/one-on-ones/${w.pairId}/history?offset=125`),
  await time('history, past the end (offset 500)', 'manager', (w) => `/one-on-ones/${w.pairId}/history?offset=500`),
  await time('history, search "hiring"', 'manager', (w) => `/one-on-ones/${w.pairId}/history?q=hiring`),
  await time("a 1:1's agenda (GET /one-on-one-meetings/{id})", 'manager', (w) => `/one-on-one-meetings/${w.current}`),
  await time('reporting lines, first 25', 'owner', () => '/reporting-lines?limit=25'),
];

console.log(
  `\n${machineLine(CALLS)}; loadavg ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}\n`,
);
console.log(
  '| call (300 people, 150 pairs × 156 weekly 1:1s) | SQL/call small → big | p50 ms | p95 ms | p99 ms | max ms |',
);
console.log('|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.label} | ${row.smallStatements} → ${row.statements} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
  );
await server.stop();
