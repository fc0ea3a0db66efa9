import os from 'node:os';
import { sql } from 'drizzle-orm';
import { cannon } from './autocannon.ts';
import { benchBoard } from './board.ts';
import { benchAddress, startBenchServer } from './server.ts';

// `npm run bench`: latency of API calls under concurrent users, and SQL statements per call,
// against ARCHITECTURE.md's budgets. Embedded database by default; DATABASE_URL for a server.
// Options: BENCH_USERS (concurrent users, 50), BENCH_SECONDS (per call, 10), BENCH_WORKSPACES (200),
// BENCH_ONLY=kpis (seed the workspaces, then run the scorecard scenario only).

const users = Number(process.env.BENCH_USERS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workspaces = Number(process.env.BENCH_WORKSPACES ?? 200);
const meetingCount = Number(process.env.BENCH_MEETINGS ?? 500);
const boardLists = 40;
const boardCards = Number(process.env.BENCH_CARDS ?? 5000);
const only = process.env.BENCH_ONLY;
/** How many of the scorecard's 100 measurables are formulas (BENCH_FORMULAS=0: none, to compare). */
const formulaCount = Number(process.env.BENCH_FORMULAS ?? 20);
if (only !== undefined && only !== 'kpis') throw new Error(`BENCH_ONLY is 'kpis' or unset, not '${only}'`);

let queries = 0;
const countQuery = () => {
  queries++;
};

const main = async () => {
  const { database, base, request, stop } = await startBenchServer(countQuery);

  // Seed: many workspaces, so that per-call work that grows with the table would show.
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${base}/api/v2${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': benchAddress(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ result: Record<string, string> }>);
  let userToken = '';
  const stamp = Date.now();
  for (let i = 0; i < workspaces; i++) {
    const email = `bench-${stamp}-${i}@example.test`;
    await post('/register', {
      user: { firstName: 'Bench', lastName: String(i), email, password: 'bench-password' },
      tenant: { name: `Bench ${i}` },
    });
    if (i === 0) userToken = (await post('/signin', { email, password: 'bench-password' })).result.accessToken!;
  }

  // The load comes from autocannon in its own process (bench/autocannon.ts).
  const measure = async (label: string, url: string, token = userToken) => {
    queries = 0;
    const result = await cannon(`${base}${url}`, token, users, seconds);
    return {
      call: label,
      calls: result.requests.total,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p97.5 ms': result.latency.p97_5,
      'p99 ms': result.latency.p99,
      'SQL/call': (queries / result.requests.total).toFixed(1),
    };
  };

  // A workspace with many meetings for the list call; its SQL count must not grow with them.
  await post('/register', {
    user: { firstName: 'Meeting', lastName: 'Owner', email: `owner-${stamp}@example.test`, password: 'bench-password' },
    tenant: { name: 'Meetings bench' },
  });
  const ownerToken = (await post('/signin', { email: `owner-${stamp}@example.test`, password: 'bench-password' }))
    .result.accessToken!;
  const addMeetings = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await post(
        '/meetings',
        {
          title: `Meeting ${String(i).padStart(4, '0')}`,
          sharepointUrl: 'https://meet.example.com/bench',
          repeatType: 'weeks',
          repeatEvery: 1,
          startDate: '2026-01-05',
          startTime: '09:00',
        },
        ownerToken,
      );
    }
  };
  const sqlPerList = async () => {
    queries = 0;
    await fetch(`${base}/api/v2/meetings`, { headers: { authorization: `Bearer ${ownerToken}` } }).then((r) =>
      r.json(),
    );
    return queries;
  };
  // KPI scorecard: a meeting with 100 measurables × 52 weekly sessions, every cell
  // filled, the last 20 of them formulas (arithmetic, windows over 4 and 13 weeks, formulas of
  // formulas). One user, calls one after another: the scorecard's p50/p95/p99 (budget p95 ≤ 100 ms),
  // its SQL count at 1 measurable and at 100 (must be the same), the answer's size, the
  // Node CPU per call (server and this fetching client share the process), and the time of a
  // value change that recomputes formula cells (budget ≤ 50 ms).
  const kpiScenario = async (token: string, userId: string) => {
    const kpiMeeting = (
      await post(
        '/meetings',
        {
          title: 'KPI bench',
          sharepointUrl: 'https://meet.example.com/kpi',
          repeatType: 'weeks',
          repeatEvery: 1,
          startDate: '2025-01-06',
          startTime: '09:00',
          timezone: 'UTC',
        },
        token,
      )
    ).result as unknown as { id: string };
    const ids: string[] = [];
    /** Measurables 81 to 100 are formulas over the entered ones (and over each other). */
    const formulaOf = (i: number) => {
      if (i < 100 - formulaCount) return undefined;
      const a = `{${ids[i % 40]}}`;
      const b = `{${ids[40 + (i % 40)]}}`;
      return [`${a} + ${b}`, `${a} / ${b} * 100`, `sum(${a}, 4)`, `avg({${ids[i - 1]}}, 13) - ${b}`][i % 4];
    };
    const addMeasurables = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const added = await post(
          `/meetings/${kpiMeeting.id}/scores`,
          {
            title: `Measurable ${i + 1}`,
            userId,
            goal: ['>=', '<=', '=='][i % 3],
            score: String(50 + (i % 7)),
            type: ['number', 'dollar', 'percentage'][i % 3],
            formula: formulaOf(i),
          },
          token,
        );
        ids.push(added.result.id!);
      }
      await database.db.execute(sql`
        update score_cells c set measured = (floor(random() * 100))::int::text, changed_at = now()
        from scores s where s.id = c.score_id and s.meeting_id = ${kpiMeeting.id}::uuid and c.measured is null`);
    };
    const kpiUrl = `/api/v2/meetings/${kpiMeeting.id}/kpis?dateSince=2025-01-06&dateUntil=2025-12-29`;
    const kpiCall = async () => {
      const response = await fetch(`${base}${kpiUrl}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${kpiUrl}: ${response.status}`);
      return text;
    };
    const sqlPerScorecard = async () => {
      queries = 0;
      await kpiCall();
      return queries;
    };
    await addMeasurables(0, 1);
    const sqlAt1 = await sqlPerScorecard();
    await addMeasurables(1, 100);
    await database.db.execute(sql`analyze`);
    const sqlAt100 = await sqlPerScorecard();
    const answer = await kpiCall();
    const shape = JSON.parse(answer) as { result: { scores: unknown[]; sessions: unknown[] } };
    const cellCount = shape.result.scores.length * shape.result.sessions.length;
    for (let i = 0; i < 20; i++) await kpiCall(); // warm up
    const timings: number[] = [];
    queries = 0;
    const cpuBefore = process.cpuUsage();
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until || timings.length < 50) {
      const started = performance.now();
      JSON.parse(await kpiCall());
      timings.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    timings.sort((a, b) => a - b);
    const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(1);
    console.log(
      `GET /meetings/{id}/kpis: ${sqlAt1} SQL statements with 1 measurable, ${sqlAt100} with ${shape.result.scores.length} ` +
        `(${shape.result.sessions.length} sessions, ${cellCount} cells), ${(queries / timings.length).toFixed(1)} per timed call; ` +
        `answer ${Buffer.byteLength(answer)} bytes; one user, ${timings.length} calls: ` +
        `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms (budget: p95 ≤ 100 ms); ` +
        `Node CPU ${((cpu.user + cpu.system) / 1000 / timings.length).toFixed(1)} ms per call; load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );

    // A value change of an input read by a 4-week sum that a 13-week average reads in turn.
    const sessionIds = (JSON.parse(answer) as { result: { sessions: { id: string }[] } }).result.sessions.map(
      (s) => s.id,
    );
    const changes: number[] = [];
    let recomputed = 0;
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/api/v2/scores/${ids[2]}/cells/${sessionIds[20 + (i % 20)]}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ measured: String(i) }),
      });
      const body = (await response.json()) as { result: { computed: unknown[] } };
      if (i >= 10) changes.push(performance.now() - started);
      recomputed = body.result.computed.length;
    }
    changes.sort((a, b) => a - b);
    const changeAt = (p: number) =>
      changes[Math.min(changes.length - 1, Math.floor((p / 100) * changes.length))]!.toFixed(1);
    console.log(
      `PUT /scores/{id}/cells/{sessionId} recomputing ${recomputed} formula cells: ${changes.length} calls, ` +
        `p50 ${changeAt(50)} ms, p95 ${changeAt(95)} ms (budget: ≤ 50 ms)`,
    );
  };
  if (only === 'kpis') {
    const ownerId = (await post('/signin', { email: `owner-${stamp}@example.test`, password: 'bench-password' })).result
      .id!;
    console.log(
      `Cadence bench (scorecard only) — ${database.kind}, ${workspaces} workspaces, ${os.cpus().length} cores, ` +
        `node ${process.version}`,
    );
    await kpiScenario(ownerToken, ownerId);
    await stop();
    return;
  }
  await addMeetings(10);
  const sqlAt10 = await sqlPerList();
  await addMeetings(meetingCount - 10);
  const sqlAtAll = await sqlPerList();
  // A board of 5,000 cards in 40 lists; its SQL count must not grow with the cards either.
  const ownerId = (await post('/signin', { email: `owner-${stamp}@example.test`, password: 'bench-password' })).result
    .id!;
  const boardMeeting = (
    await fetch(`${base}/api/v2/meetings`, { headers: { authorization: `Bearer ${ownerToken}` } }).then(
      (r) => r.json() as Promise<{ result: { items: { id: string }[] } }>,
    )
  ).result.items[0]!.id;
  const { board, lists, addCards } = await benchBoard(request, ownerToken, ownerId, boardMeeting, boardLists);
  // The board call sends the first 20 cards of each list with every list's count; "Show N more"
  // pages one list (docs/decisions/018-board-paging.md). Both must answer in a constant number
  // of statements.
  const boardUrl = `/api/v2/boards/${board.id}`;
  const moreUrl = `/api/v2/boards/${board.id}/cards?group=${lists[0]!.id}&offset=20`;
  const sqlPerBoard = async () => {
    const counted: number[] = [];
    for (const url of [boardUrl, moreUrl]) {
      queries = 0;
      await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${ownerToken}` } }).then((r) => r.text());
      counted.push(queries);
    }
    return `${counted.join(' (board) and ')} (Show more)`;
  };
  await addCards(0, 40);
  const sqlAt40 = await sqlPerBoard();
  await addCards(40, boardCards);
  const sqlAtAllCards = await sqlPerBoard();
  const boardAnswer = await fetch(`${base}${boardUrl}`, { headers: { authorization: `Bearer ${ownerToken}` } }).then(
    (r) => r.text(),
  );
  const boardShape = JSON.parse(boardAnswer) as { result: { cards: unknown[] } };

  // Fresh rows have no planner statistics until autovacuum gets to them; a live database has.
  await database.db.execute(sql`analyze`);

  console.log(
    `Cadence bench — ${database.kind}, ${users} concurrent users, ${seconds}s per call, ${workspaces} workspaces, ` +
      `${os.cpus().length} cores, node ${process.version}`,
  );
  console.log(`GET /meetings: ${sqlAt10} SQL statements with 10 meetings, ${sqlAtAll} with ${meetingCount}`);
  console.log(
    `GET /boards/{id}: ${sqlAt40} SQL statements with 40 cards, ${sqlAtAllCards} with ${boardCards} in ${lists.length} lists; ` +
      `the first answer holds ${boardShape.result.cards.length} cards, ${Buffer.byteLength(boardAnswer)} bytes; ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  console.table([
    await measure(`GET /meetings (${meetingCount} meetings)`, '/api/v2/meetings', ownerToken),
    await measure(`GET /boards/{id} (${boardCards} cards)`, boardUrl, ownerToken),
    await measure('GET /boards/{id}?groupBy=user', `${boardUrl}?groupBy=user`, ownerToken),
    await measure('GET /boards/{id}/cards (Show more)', moreUrl, ownerToken),
    await measure('GET /api/health', '/api/health'),
    await measure('GET /self', '/api/v2/self'),
    await measure('GET /tenants', '/api/v2/tenants'),
    await measure('GET /self/settings', '/api/v2/self/settings'),
  ]);

  await kpiScenario(ownerToken, ownerId);
  await stop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
