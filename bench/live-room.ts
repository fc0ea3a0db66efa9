import os from 'node:os';
import { taskMeetings, taskMembers, tasks } from '../src/db/schema/index.ts';
import { startBenchServer } from './server.ts';

// The live meeting's Issues step at the issue's size (issue 17): a meeting with 300 open issues
// and 300 open to-dos. One user, calls one after another, as the live screen makes them: the
// live state (`GET sessions/{id}/live`) and the step's list (`GET tasks?meetingId=…`). Budget
// (ARCHITECTURE.md): list and dashboard calls p99 ≤ 60 ms. Run: node --import tsx bench/live-room.ts

const ISSUES = 300;
const TODOS = 300;
const CALLS = Number(process.env.CALLS ?? 200);

let queries = 0;

const timed = async (label: string, call: () => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await call(); // warm up
  const timings: number[] = [];
  queries = 0;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(1);
  console.log(
    `${label}: ${CALLS} calls, p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms (budget p99 ≤ 60 ms); ` +
      `${(queries / CALLS).toFixed(1)} SQL statements per call`,
  );
};

const main = async () => {
  const { database, request, person, meetingNow, stop } = await startBenchServer(() => {
    queries++;
  });
  try {
    const leader = await person('room');
    const meeting = await meetingNow(leader, 'Bench room');
    // Seeded in the database directly: 600 API calls would measure the seeding, not the meeting.
    const rows = [
      ...Array.from({ length: ISSUES }, (_, i) => ({ title: `Issue ${i}`, type: '2' })),
      ...Array.from({ length: TODOS }, (_, i) => ({ title: `To-do ${i}`, type: '4' })),
    ].map((row, i) => ({
      ...row,
      tenantId: leader.tenantId,
      userId: leader.id,
      sort: i,
      createdBy: leader.id,
      createdAt: new Date(Date.now() - (i % 60) * 86_400_000),
    }));
    const made = await database.db.insert(tasks).values(rows).returning({ id: tasks.id });
    await database.db.insert(taskMeetings).values(made.map((row) => ({ taskId: row.id, meetingId: meeting.id })));
    await database.db.insert(taskMembers).values(made.map((row) => ({ taskId: row.id, userId: leader.id })));
    const started = await request<{ sessionId: string }>(
      'POST',
      `/meetings/${meeting.id}/start`,
      {},
      leader.accessToken,
    );
    await request('POST', `/sessions/${started.sessionId}/step`, { step: 5 }, leader.accessToken);

    console.log(
      `A meeting with ${ISSUES} open issues and ${TODOS} open to-dos, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ` +
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    await timed('GET /sessions/{id}/live', () =>
      request('GET', `/sessions/${started.sessionId}/live`, undefined, leader.accessToken),
    );
    await timed('GET /tasks?meetingId (the steps’ lists)', () =>
      request('GET', `/tasks?meetingId=${meeting.id}&state=all`, undefined, leader.accessToken),
    );
  } finally {
    await stop();
  }
};

await main();
