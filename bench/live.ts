import { spawn } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { startBenchServer } from './server.ts';

// `npm run bench:live`: a live-meeting step change fanned out to many socket clients in one
// meeting room (ARCHITECTURE budget: 500 clients, p95 ≤ 100 ms). The clients run in a child
// process (bench/live-clients.ts) so they do not share the server's event loop; both read the
// same wall clock. Latency = from sending POST sessions/{id}/step to the LAST client receiving
// 'live.step'. Options: BENCH_SOCKETS (500), BENCH_STEPS (50), DATABASE_URL.

const socketCount = Number(process.env.BENCH_SOCKETS ?? 500);
const steps = Number(process.env.BENCH_STEPS ?? 50);

interface Report {
  step: number;
  received: number;
  first: number;
  last: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Heap and RSS after a full collection (the script runs with --expose-gc), so readings compare. */
const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
};

const main = async () => {
  const { base, request, person, meetingNow, stop, database } = await startBenchServer();
  const leader = await person('live-leader');
  const member = await person('live-member');
  // Adding an account invites it; it joins by accepting (decision 022).
  await request('POST', '/tenants/add-user', { email: member.email }, leader.accessToken);
  const [invitation] = await request<{ id: string }[]>('GET', '/invitations', undefined, member.accessToken);
  await request('POST', `/invitations/${invitation!.id}/accept`, {}, member.accessToken);
  await request('POST', '/switch-tenant', { id: leader.tenantId }, member.accessToken);
  const meeting = await meetingNow(leader, 'Live bench', [member.id]);
  const started = await request<{ sessionId: string }>('POST', `/meetings/${meeting.id}/start`, {}, leader.accessToken);
  const agenda = await request<unknown[]>('GET', `/meetings/${meeting.id}/agenda-items`, undefined, leader.accessToken);
  const checked = (agenda as { checked: boolean }[]).filter((item) => item.checked).length;

  const before = memory();
  const clients = spawn(process.execPath, ['--import', 'tsx', 'bench/live-clients.ts'], {
    env: { ...process.env, BENCH_BASE: base, BENCH_TOKEN: member.accessToken, BENCH_MEETING: meeting.id },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: clients.stdout });
  const reports = new Map<number, (report: Report) => void>();
  let ready: () => void;
  const allConnected = new Promise<void>((resolve) => {
    ready = resolve;
  });
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { ready?: number } | Report;
    if ('ready' in message) ready();
    else reports.get((message as Report).step)?.(message as Report);
  });
  await allConnected;
  // Let the sockets' upgrades and joins settle before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const connected = memory();

  const latencies: number[] = [];
  const firsts: number[] = [];
  let incomplete = 0;
  // Rounds run one after another, so every client's k-th 'live.step' event is round k.
  for (let round = 1; round <= steps; round++) {
    const arrived = new Promise<Report>((resolve) => reports.set(round, resolve));
    const sent = Date.now();
    await request('POST', `/sessions/${started.sessionId}/step`, { step: round % checked }, leader.accessToken);
    const report = await Promise.race([arrived, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    if (!report || report.received < socketCount) incomplete++;
    if (report) {
      latencies.push(report.last - sent);
      firsts.push(report.first - sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  clients.kill('SIGTERM');
  const after = memory();

  const pick = (list: number[], p: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  };
  console.log(
    `Cadence live bench — ${database.kind}, ${socketCount} sockets in one meeting room, ${steps} step changes, ` +
      `${os.cpus().length} cores, node ${process.version}`,
  );
  console.log(
    `step change → last client: p50 ${pick(latencies, 50)} ms, p95 ${pick(latencies, 95)} ms, max ${pick(latencies, 100)} ms ` +
      `(first client p50 ${pick(firsts, 50)} ms); rounds where a client missed the event: ${incomplete} (budget: p95 ≤ 100 ms)`,
  );
  console.log(
    `server memory after GC: heap ${mb(before.heapUsed)} before the sockets, ${mb(connected.heapUsed)} with ` +
      `${socketCount} connected (${((connected.heapUsed - before.heapUsed) / 1024 / socketCount).toFixed(1)} kB each), ` +
      `${mb(after.heapUsed)} after the run; RSS ${mb(before.rss)} / ${mb(connected.rss)} / ${mb(after.rss)}`,
  );
  await stop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
