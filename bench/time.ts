import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { authSessions } from '../src/db/schema/index.ts';
import { uuidArray } from '../src/db/sql.ts';
import { hashToken } from '../src/features/auth/server/tokens.service.ts';
import { getWeek } from '../src/features/time/server/entries.service.ts';
import { listProjectReports } from '../src/features/time/server/projects.service.ts';
import type { TenantContext } from '../src/server/context.ts';
import { cannon } from './autocannon.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:time`: a workspace of 50 people with a year of logged time —
// 20 accounts, 100 projects with every person on the team, five entries per person per working
// day (~65,000 entries, INSERT … SELECT generate_series) — and the two calls that read it most:
// the Time tab's week (`GET /time/week`) and the Accounts tab's budget bars (`GET /time/projects`,
// a page of 50). For each: SQL statements per call with a tenth of the entries and with all of
// them (must be equal), p50/p95/p99 of one user calling in turn, the same under BENCH_USERS (50)
// concurrent users (autocannon), and EXPLAIN ANALYZE of its statements (no sequential scan of
// time_entries). Options: BENCH_USERS, BENCH_SECONDS (10), DATABASE_URL.

const people = 50;
const projectCount = 100;
const entriesPerDay = 5;
const concurrent = Number(process.env.BENCH_USERS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

let queries = 0;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const percentiles = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
  return { p50: at(50), p95: at(95), p99: at(99) };
};
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const main = async () => {
  const { database, base, request, person, stop } = await startBenchServer(() => {
    queries++;
  });
  const { db } = database;
  const admin = await person('time-admin');

  // People: 49 members besides the admin, each signed in (a session row, as createSession makes it).
  const stamp = Date.now().toString(36);
  const members = rows<{ id: string }>(
    await db.execute(sql`
      insert into users (email, first_name, last_name, timezone)
      select 'time-' || g || '-' || ${stamp} || '@example.test', 'Time', 'Member ' || g, 'UTC'
      from generate_series(1, ${people - 1}) g returning id`),
  ).map((row) => row.id);
  await db.execute(sql`
    insert into memberships (tenant_id, user_id, is_admin)
    select ${admin.tenantId}::uuid, u, '0' from unnest(${uuidArray(members)}) u`);
  const memberToken = randomBytes(32).toString('base64url');
  await db.insert(authSessions).values({
    tokenHash: hashToken(memberToken),
    userId: members[0]!,
    tenantId: admin.tenantId,
    remember: true,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const everyone = [admin.id, ...members];

  // Accounts and projects through the API, as the Accounts tab makes them: every budget type
  // that counts time or money, half of them reset monthly.
  const accounts: string[] = [];
  for (let i = 0; i < 20; i++)
    accounts.push(
      (await request<{ id: string }>('POST', '/time/accounts', { title: `Account ${i}` }, admin.accessToken)).id,
    );
  const budgets = ['total_project_hours', 'total_project_fees', 'hours_per_task', 'fees_per_task', 'hours_per_person'];
  const tasks: string[] = [];
  for (let i = 0; i < projectCount; i++) {
    const project = await request<{ id: string; tasks: { id: string }[] }>(
      'POST',
      '/time/projects',
      {
        accountId: accounts[i % accounts.length],
        name: `Project ${String(i).padStart(3, '0')}`,
        hourlyRate: 'task',
        budgetType: budgets[i % budgets.length],
        budgetReset: i % 2 === 0 ? 'never' : 'monthly',
        totalProjectFee: 5_000_000,
        totalProjectMinutes: 60_000,
        tasks: [
          { title: 'Build', billable: true, hourlyRate: 12_000, budget: 2_000_000, budgetMinutes: 30_000 },
          { title: 'Support', billable: false, hourlyRate: 6_000, budget: 500_000, budgetMinutes: 10_000 },
        ],
        teams: everyone.map((userId) => ({
          userId,
          manage: userId === members[0] && i % 4 === 0,
          hourlyRate: 9_000,
          budgetMinutes: 600,
        })),
      },
      admin.accessToken,
    );
    tasks.push(...project.tasks.map((task) => task.id));
  }

  /** Entries on the working days from `fromDay` to `toDay` days back: five per person per day. */
  const seed = async (fromDay: number, toDay: number) => {
    await db.execute(sql`
      insert into time_entries (tenant_id, user_id, project_id, task_id, spent_on, minutes, note, rate, billable, changed_by)
      select ${admin.tenantId}::uuid, u.id, t.project_id, t.id, d::date, 20 + (u.n * 7 + k * 13) % 60,
        'Bench work', t.hourly_rate, t.billable, u.id
      from unnest(${uuidArray(everyone)}) with ordinality u(id, n)
      cross join generate_series(current_date - ${toDay}::int, current_date - ${fromDay}::int, interval '1 day') d
      cross join generate_series(0, ${entriesPerDay - 1}) k
      join time_project_tasks t on t.id = (${uuidArray(tasks)})[1 + ((u.n + extract(doy from d)::int * 3 + k) % ${tasks.length})]
      where extract(isodow from d) < 6`);
    // Statistics as autovacuum or the hourly job (src/db/statistics.ts) has them a while later.
    await db.execute(sql`analyze`);
    return Number(rows<{ n: string }>(await db.execute(sql`select count(*) as n from time_entries`))[0]!.n);
  };

  const weekDay = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
  const calls = [
    { label: 'GET /time/week (admin)', url: `/api/v2/time/week?week=${weekDay}`, token: admin.accessToken },
    {
      label: 'GET /time/projects (admin)',
      url: '/api/v2/time/projects?filter=all&offset=0&limit=50',
      token: admin.accessToken,
    },
    {
      label: 'GET /time/projects (member)',
      url: '/api/v2/time/projects?filter=all&offset=0&limit=50',
      token: memberToken,
    },
    // The reference: a small authenticated call, measured in the same run on the same machine.
    { label: 'GET /self (reference)', url: '/api/v2/self', token: memberToken },
  ];
  const call = async (url: string, token: string) => {
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
    return text;
  };
  const statements = async () => {
    const counts: number[] = [];
    for (const { url, token } of calls) {
      await call(url, token); // the session cache warm, as in steady use
      queries = 0;
      await call(url, token);
      counts.push(queries);
    }
    return counts;
  };

  const few = await seed(0, 36);
  const sqlFew = await statements();
  const all = await seed(37, 365);
  const sqlAll = await statements();

  console.log(
    `Cadence time tracking bench — ${database.kind}, ${people} people, ${accounts.length} accounts, ${projectCount} projects, ` +
      `${all} entries; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), node ${process.version}; load average ${loadAverage()}`,
  );
  const table = [];
  for (const [i, { label, url, token }] of calls.entries()) {
    const answer = await call(url, token);
    for (let n = 0; n < 20; n++) await call(url, token); // warm up
    const timings: number[] = [];
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until || timings.length < 100) {
      const started = performance.now();
      await call(url, token);
      timings.push(performance.now() - started);
    }
    const one = percentiles(timings);
    const loaded = await cannon(`${base}${url}`, token, concurrent, seconds);
    table.push({
      call: label,
      [`SQL (${few} rows)`]: sqlFew[i],
      [`SQL (${all} rows)`]: sqlAll[i],
      bytes: Buffer.byteLength(answer),
      'one user p50': one.p50,
      'one user p95': one.p95,
      'one user p99': one.p99,
      [`${concurrent} users req/s`]: Math.round(loaded.requests.average),
      [`${concurrent} users p50`]: loaded.latency.p50,
      [`${concurrent} users p97.5`]: loaded.latency.p97_5,
      [`${concurrent} users p99`]: loaded.latency.p99,
    });
  }
  console.table(table);
  console.log(`load average after the runs: ${loadAverage()}`);
  await explainCalls(database, { tenantId: admin.tenantId, adminId: admin.id, memberId: members[0]!, weekDay });
  await stop();
};

/**
 * The calls' statements as the services run them, captured with their parameters by a logger of
 * the bench's own (the app's never hands parameters on), then EXPLAIN ANALYZEd: the plan's time
 * and any sequential scan of time_entries.
 */
const explainCalls = async (
  { db, kind }: Database,
  who: { tenantId: string; adminId: string; memberId: string; weekDay: string },
) => {
  const captured: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const casing = 'snake_case' as const;
  const capturing = (kind === 'pg'
    ? drizzleNodePg({ client: client as pg.Pool, schema, casing, logger })
    : drizzlePglite({ client: client as PGlite, schema, casing, logger })) as unknown as Db;
  const context = (userId: string, isAdmin: boolean) =>
    ({ db: capturing, tenantId: who.tenantId, userId, isAdmin, publish: () => {} }) as unknown as TenantContext;
  const runs = [
    { label: 'week', run: () => getWeek(context(who.adminId, true), who.weekDay) },
    {
      label: 'budget bars (admin)',
      run: () => listProjectReports(context(who.adminId, true), { filter: 'all', offset: 0, limit: 50 }),
    },
    {
      label: 'budget bars (member)',
      run: () => listProjectReports(context(who.memberId, false), { filter: 'all', offset: 0, limit: 50 }),
    },
  ];
  for (const { label, run } of runs) {
    captured.length = 0;
    await run();
    for (const { query, params } of captured) {
      const result = await (client as pg.Pool).query(`explain (analyze, format json) ${query}`, params);
      const plan = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { 'Execution Time': number }[];
      const text = JSON.stringify(plan);
      const seqScans = [...text.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)].map((m) => m[1]);
      console.log(
        `EXPLAIN ${label}: ${top!['Execution Time'].toFixed(1)} ms; sequential scans: ${seqScans.length ? [...new Set(seqScans)].join(', ') : 'none'} — ${query.replace(/\s+/g, ' ').slice(0, 90)}…`,
      );
    }
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
