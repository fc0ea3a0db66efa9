import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { deliverDueWebhooks } from '../src/features/webhooks/server/webhooks.delivery.ts';
import { senderThreadDataOf, startDeliveryThread } from '../src/features/webhooks/server/webhooks.sender.ts';
import { inJobTransaction, jobDepsOf } from '../src/server/jobs/jobTransaction.ts';
import { startJobs } from '../src/server/jobs/scheduler.ts';
import { startBenchServer } from './server.ts';
import { backendsMeter, processSeconds, threadIds, threadsSeconds } from './webhooks-cpu.ts';

// `npm run bench:webhooks`: outbound webhooks' fan-out. 10,000 card changes, each in the
// transaction that makes it, to 5 subscribers of one workspace (50,000 deliveries) sent by the
// delivery job to a local receiver in a process of its own. Measures the throughput, the delay
// from the change (the payload's `createdAt`, written in the change's transaction) to its arrival
// (p50/p95/max), and the p99 of another workspace's API calls (a list and a write), made from a
// process of their own as a client elsewhere would. The sender runs throughout, as `npm start`
// runs it (a thread of its own on PostgreSQL, the job runner's loop on the embedded database). The budget
// (no more than 10 % worse) is about what webhooks add, so each figure is compared with the same
// work without them: the 10,000 changes written with no webhook subscribed against the same
// changes queuing 50,000 deliveries while the job sends them; and the job sending what is left
// once the changes are written (for 20 s, then without calls: a busy API's sender sends a trickle,
// decision 135) against the server idle. Then BENCH_WINDOWS windows of
// BENCH_WINDOW_CHANGES changes each, the webhooks paused and subscribed in turn (ABBA…), whose
// pooled p99s compare the two with the run's drift shared between them.

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const SUBSCRIBERS = 5;
const PER_TRANSACTION = 10;
/**
 * The changes come at this pace in both runs (a busy workspace: 100 changes, so 500 deliveries, a
 * second), so the API's figures compare the same work with and without webhooks; BENCH_RATE=0
 * writes them as fast as the server can.
 */
const CHANGES_PER_SECOND = Number(process.env.BENCH_RATE ?? 100);
const API_CALLS_IDLE = Number(process.env.BENCH_CALLS ?? 600);
/** Then alternating windows of this many changes, paused and subscribed in turn (0: none). */
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 8);
const WINDOW_CHANGES = Math.min(EVENTS, Number(process.env.BENCH_WINDOW_CHANGES ?? 1500));
/** How long the API is called while what the changes left is sent. */
const REST_CALLS_MS = Number(process.env.BENCH_REST_CALLS_MS ?? 20_000);

// The receiver: its own process, answering 200 at once and keeping each delivery's delay.
if (process.argv[2] === 'receiver') {
  const delays: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const at = Date.now();
      delays.push(at - Date.parse((JSON.parse(body) as { createdAt: string }).createdAt));
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  // The count, told to the bench a few times a second.
  let told = 0;
  setInterval(() => {
    if (delays.length === told) return;
    told = delays.length;
    process.send!({ count: told });
  }, 50).unref();
  // The bench gone (finished or failed): so is its receiver.
  process.on('disconnect', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', (message: { done?: boolean; cpu?: boolean }) => {
    if (message.cpu) process.send!({ cpu: processSeconds() });
    if (message.done) {
      // Gone only once the (large) message has left.
      process.send!({ delays }, () => {
        server.close();
        process.disconnect();
      });
    }
  });
} else if (process.argv[2] === 'caller') {
  caller();
} else {
  await main();
}

/**
 * The API's client: its own process, calling one call after another between 'start' and 'stop'
 * and sending back each call's time. Each call from an address of its own (see bench/server.ts).
 */
function caller() {
  let calling = false;
  let address = 0;
  process.on('disconnect', () => process.exit(0));
  process.on(
    'message',
    async (message: { start?: { base: string; token: string; meetingId: string; cards: string[]; min: number } }) => {
      if (!message.start) {
        calling = false;
        return;
      }
      const { base, token, meetingId, cards, min } = message.start;
      const call = async (i: number) => {
        address += 1;
        const patch = i % 2 === 1;
        const began = performance.now();
        const response = await fetch(
          `${base}/api/v2${patch ? `/tasks/${cards[i % cards.length]}` : `/tasks?meetingId=${meetingId}&size=20`}`,
          {
            method: patch ? 'PATCH' : 'GET',
            headers: {
              authorization: `Bearer ${token}`,
              'x-forwarded-for': `10.200.${(address >> 8) & 255}.${address & 255}`,
              ...(patch ? { 'content-type': 'application/json' } : {}),
            },
            ...(patch ? { body: JSON.stringify({ title: `Edit ${i}` }) } : {}),
          },
        );
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`API call answered ${response.status}`);
        return performance.now() - began;
      };
      calling = true;
      const times: number[] = [];
      for (let i = 0; calling || times.length < min; i++) times.push(await call(i));
      process.send!({ times });
    },
  );
  process.send!({ ready: true });
}

async function main() {
  const receiver = fork(new URL(import.meta.url).pathname, ['receiver'], { execArgv: ['--import', 'tsx'] });
  // A subscriber's receiver runs on another machine: here it shares the two cores, so it yields
  // them to the server under test (BENCH_RECEIVER_NICE=0 gives it the server's priority).
  os.setPriority(receiver.pid!, Number(process.env.BENCH_RECEIVER_NICE ?? 19));
  let received = 0;
  const port = await new Promise<number>((resolve) =>
    receiver.on('message', (message: { port?: number; count?: number }) => {
      if (message.port) resolve(message.port);
      if (message.count) received = message.count;
    }),
  );

  const server = await startBenchServer();
  const { request, person, database, app, base } = server;
  const callerProcess = fork(new URL(import.meta.url).pathname, ['caller'], { execArgv: ['--import', 'tsx'] });
  await new Promise((resolve) => callerProcess.once('message', resolve));
  const db = database.db;
  // The receiver is on loopback: this server allows it (WEBHOOKS_ALLOW_PRIVATE).
  app.config.webhooksAllowPrivate = true;
  const owner = await person('webhooks');
  const other = await person('webhooks-other');
  const today = new Date().toISOString().slice(0, 10);
  const meeting = await server.oneOffMeeting(owner, 'Bench L10', today);
  const otherMeeting = await server.oneOffMeeting(other, 'Bench L10', today);
  const makeCards = async (tenantId: string, userId: string, meetingId: string, n: number) =>
    (
      (await db.execute(sql`
      with made as (
        insert into tasks (tenant_id, title, type, status, user_id, show_in_tasks, created_by)
        select ${tenantId}, 'Card ' || g, '4', '0', ${userId}, '1', ${userId} from generate_series(1, ${n}) g
        returning id)
      , placed as (insert into task_members (task_id, user_id) select id, ${userId} from made)
      insert into task_meetings (task_id, meeting_id) select id, ${meetingId} from made returning task_id`)) as unknown as {
        rows: { task_id: string }[];
      }
    ).rows.map((row) => row.task_id);
  const cards = await makeCards(owner.tenantId, owner.id, meeting.id, EVENTS);
  const otherCards = await makeCards(other.tenantId, other.id, otherMeeting.id, 200);

  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
    return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
  };
  const deps = jobDepsOf(app);
  // The changes: PER_TRANSACTION card edits to a transaction, each raising its event as the tasks
  // service does; with webhooks subscribed the sink writes 5 deliveries per change before each commit.
  const writeChanges = async (changed = cards) => {
    const began = Date.now();
    for (let start = 0; start < changed.length; start += PER_TRANSACTION) {
      const due = began + (start / CHANGES_PER_SECOND) * 1000;
      if (CHANGES_PER_SECOND > 0 && due > Date.now())
        await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const batch = changed.slice(start, start + PER_TRANSACTION);
      await inJobTransaction(deps, async (ctx) => {
        await ctx.db.execute(sql`update tasks set title = title || '.' where id = any(${sql.param(batch)}::uuid[])`);
        for (const id of batch)
          ctx.publish({
            tenantId: owner.tenantId,
            type: 'task.changed',
            data: { id, action: 'updated', boardId: null },
          });
      });
    }
    return Date.now() - began;
  };
  /**
   * Another workspace's calls (its action items, a card's title, in turn), one after another from
   * the caller's process while `work` runs (at least `min` of them); their times.
   */
  const callDuring = async (work: Promise<unknown>, min = 0) => {
    const times = new Promise<number[]>((resolve) =>
      callerProcess.once('message', (message: { times: number[] }) => resolve(message.times)),
    );
    callerProcess.send({
      start: { base, token: other.accessToken, meetingId: otherMeeting.id, cards: otherCards, min },
    });
    await work;
    callerProcess.send({ stop: true });
    return times;
  };

  // As `npm start` sends them: a thread of its own on PostgreSQL, the job runner's loop otherwise.
  const threadsBefore = threadIds();
  const stopSending = process.env.DATABASE_URL
    ? startDeliveryThread(
        senderThreadDataOf({ ...app.config, databaseUrl: process.env.DATABASE_URL }, app.vaultKeyring),
        deps.publish,
        { info() {}, error: (o: unknown) => console.error(o) },
      )
    : startJobs(
        database,
        { info() {}, error: (o: unknown) => console.error(o) },
        {
          extendSessionHorizons: async () => 0,
          removeExpiredExports: async () => ({ expired: 0, failed: 0, orphans: 0 }),
          reminders: [],
          makeDueOccurrences: async () => 0,
          deliverWebhooks: (jobDeps) => deliverDueWebhooks(jobDeps, { allowPrivate: true }),
        },
        deps,
        { firstRunMs: 3_600_000 },
      );

  // The sender's thread: the one this process did not have before it started.
  const senderThreads = [...threadIds()].filter((id) => !threadsBefore.has(id));
  const backends = backendsMeter(db);
  const receiverCpu = () =>
    new Promise<number>((resolve) => {
      const listen = (message: { cpu?: number }) => {
        if (message.cpu === undefined) return;
        receiver.off('message', listen);
        resolve(message.cpu);
      };
      receiver.on('message', listen);
      receiver.send({ cpu: true });
    });
  /** CPU seconds so far: this process, its sender thread, the database's backends, the receiver. */
  const cpuNow = async () => {
    const pg = await backends.read();
    const sender = process.env.DATABASE_URL ? threadsSeconds(senderThreads) : 0;
    return {
      server: processSeconds() - sender,
      sender,
      pgSender: pg.sender,
      pgOthers: pg.others,
      receiver: await receiverCpu(),
    };
  };
  type Cpu = Awaited<ReturnType<typeof cpuNow>>;
  const cpuBetween = (a: Cpu, b: Cpu): Cpu => ({
    server: b.server - a.server,
    sender: b.sender - a.sender,
    pgSender: b.pgSender - a.pgSender,
    pgOthers: b.pgOthers - a.pgOthers,
    receiver: b.receiver - a.receiver,
  });

  process.stderr.write('seeded; the API with nothing else running\n');
  await callDuring(Promise.resolve(), 50); // warm-up
  const idle = await callDuring(Promise.resolve(), API_CALLS_IDLE);

  process.stderr.write('the changes with no webhook subscribed\n');
  const cpuAtStart = await cpuNow();
  const plainWrite = writeChanges();
  const changesOnly = await callDuring(plainWrite);
  const plainMs = await plainWrite;
  const cpuAfterPlain = await cpuNow();

  const hooks: string[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const hook = await request<{ id: string }>(
      'POST',
      '/webhooks',
      { url: `http://127.0.0.1:${port}/hook/${i}`, kinds: ['task.changed'] },
      owner.accessToken,
    );
    hooks.push(hook.id);
  }
  process.stderr.write('the same changes with 5 webhooks, delivered as they come\n');
  const began = Date.now();
  const total = EVENTS * SUBSCRIBERS;
  const progress = setInterval(
    () => process.stderr.write(`${Math.round((Date.now() - began) / 1000)} s: ${received} of ${total} received\n`),
    5000,
  );
  const hookedWrite = writeChanges();
  const changesAndDelivery = await callDuring(hookedWrite);
  const enqueueMs = await hookedWrite;
  const cpuAfterHooked = await cpuNow();
  const allReceived = (async () => {
    while (received < total && Date.now() - began < 30 * 60_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
  })();
  // The API called while the rest is sent, for REST_CALLS_MS at most: on a busy API the sender
  // sends a trickle (decision 135), and the rest goes once the calls stop.
  const deliveryOnly = await callDuring(
    Promise.race([allReceived, new Promise((resolve) => setTimeout(resolve, REST_CALLS_MS))]),
  );
  const receivedWhenQuiet = received;
  const quietFrom = Date.now();
  while (received < total) await new Promise((resolve) => setTimeout(resolve, 50));
  const sendMs = Date.now() - began;
  const quietMs = Date.now() - quietFrom;
  const cpuAfterRest = await cpuNow();

  // Alternating windows: the same changes with the webhooks paused, then subscribed, in the order
  // ABBA ABBA…, so that whatever drifts over a run (the tables growing, vacuum, checkpoints) falls
  // on both sides alike; the two phases above come one after the other.
  const alternate = { off: [] as number[], on: [] as number[] };
  for (let w = 0; w < WINDOWS; w++) {
    const on = w % 4 === 1 || w % 4 === 2;
    for (const id of hooks) await request('PATCH', `/webhooks/${id}`, { paused: !on }, owner.accessToken);
    const expected = received + (on ? WINDOW_CHANGES * SUBSCRIBERS : 0);
    alternate[on ? 'on' : 'off'].push(...(await callDuring(writeChanges(cards.slice(0, WINDOW_CHANGES)))));
    while (received < expected) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  backends.stop();
  clearInterval(progress);
  await stopSending();
  const delays = await new Promise<number[]>((resolve) => {
    receiver.on('message', (message: { delays?: number[] }) => message.delays && resolve(message.delays));
    receiver.send({ done: true });
  });
  const [failed] = (
    (await db.execute(
      sql`select count(*)::int as n from webhook_deliveries where tenant_id = ${owner.tenantId} and status <> 'succeeded'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;

  const delay = stats(delays);
  const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(
    `\nWebhooks fan-out on ${driver}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), Node ${process.version}`,
  );
  console.log(
    `${EVENTS} changes × ${SUBSCRIBERS} subscribers = ${total} deliveries (${delays.length} received, ${failed?.n ?? 0} not delivered)`,
  );
  console.log(
    `changes written (paced at ${CHANGES_PER_SECOND || 'no limit'}/s): ${Math.round((EVENTS / plainMs) * 1000)} changes/s with no webhook, ${Math.round((EVENTS / enqueueMs) * 1000)} changes/s queuing their deliveries`,
  );
  console.log(
    `all delivered in ${sendMs} ms: ${Math.round((total / sendMs) * 1000)} deliveries/s; once the API's calls stopped, ` +
      `${total - receivedWhenQuiet} in ${quietMs} ms: ${Math.round(((total - receivedWhenQuiet) / Math.max(1, quietMs)) * 1000)} deliveries/s`,
  );
  console.log(`change → delivery: p50 ${delay.p50} ms, p95 ${delay.p95} ms, max ${delay.max} ms`);
  console.log("| another workspace's API calls | n | p50 ms | p95 ms | p99 ms | max ms |");
  console.log('|---|---|---|---|---|---|');
  const rows = [
    ['nothing else running', stats(idle)],
    ['changes written, no webhook', stats(changesOnly)],
    ['changes written, queued and sent', stats(changesAndDelivery)],
    ['the rest sent, no more changes', stats(deliveryOnly)],
  ] as const;
  for (const [label, s] of rows)
    console.log(
      `| ${label} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} |`,
    );
  const ratio = (a: number, b: number) => (b / a).toFixed(2);
  console.log(
    `p99 with webhooks / without: while changes are written ${ratio(rows[1][1].p99, rows[2][1].p99)}, ` +
      `while the rest is sent ${ratio(rows[0][1].p99, rows[3][1].p99)} (budget 1.10)`,
  );
  if (WINDOWS > 0) {
    const off = stats(alternate.off);
    const on = stats(alternate.on);
    console.log(
      `\nAlternating windows of ${WINDOW_CHANGES} changes (${WINDOWS}, ABBA: paused, subscribed, subscribed, paused…): ` +
        `paused n ${off.n} p50 ${off.p50.toFixed(1)} p95 ${off.p95.toFixed(1)} p99 ${off.p99.toFixed(1)} ms; ` +
        `subscribed n ${on.n} p50 ${on.p50.toFixed(1)} p95 ${on.p95.toFixed(1)} p99 ${on.p99.toFixed(1)} ms; ` +
        `p99 ratio ${ratio(off.p99, on.p99)} (budget 1.10)`,
    );
  }
  const plainCpu = cpuBetween(cpuAtStart, cpuAfterPlain);
  const hookedCpu = cpuBetween(cpuAfterPlain, cpuAfterHooked);
  const restCpu = cpuBetween(cpuAfterHooked, cpuAfterRest);
  const cpuRows = [
    ['changes written, no webhook', plainCpu, changesOnly.length],
    ['changes written, queued and sent', hookedCpu, changesAndDelivery.length],
    ['the rest sent, no more changes', restCpu, deliveryOnly.length],
  ] as const;
  console.log('\nCPU seconds (server: this process but its sender thread; PostgreSQL: its backends of this database)');
  console.log(
    '| phase | API calls | server | sender thread | PostgreSQL for the sender | PostgreSQL, the rest | receiver |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const s2 = (n: number) => n.toFixed(2);
  for (const [label, c, calls] of cpuRows)
    console.log(
      `| ${label} | ${calls} | ${s2(c.server)} | ${s2(c.sender)} | ${s2(c.pgSender)} | ${s2(c.pgOthers)} | ${s2(c.receiver)} |`,
    );
  // Per 1,000 deliveries. Queuing is what the changes cost more with webhooks than without (the
  // same changes, the same pace, about the same API calls beside them).
  const per1000 = (seconds: number) => ((seconds / total) * 1000).toFixed(3);
  const sent = cpuBetween(cpuAfterPlain, cpuAfterRest);
  console.log(
    `CPU s per 1,000 deliveries: sender thread ${per1000(sent.sender)}, PostgreSQL for the sender ${per1000(sent.pgSender)}, ` +
      `receiver ${per1000(sent.receiver)}; queuing (changes with webhooks − without): server ${per1000(hookedCpu.server - plainCpu.server)}, ` +
      `PostgreSQL ${per1000(hookedCpu.pgOthers - plainCpu.pgOthers)}`,
  );
  await server.stop();
  process.exit(0);
}
