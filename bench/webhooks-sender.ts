import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { deliverDueWebhooks } from '../src/features/webhooks/server/webhooks.delivery.ts';
import { jobDepsOf } from '../src/server/jobs/jobTransaction.ts';
import { startBenchServer } from './server.ts';
import { backendsMeter, processSeconds } from './webhooks-cpu.ts';

// `node --import tsx bench/webhooks-sender.ts` (DATABASE_URL set): the delivery job alone, its CPU
// seconds per 1,000 deliveries, which a shared machine's load hardly moves (unlike wall time).
// BENCH_DELIVERIES deliveries (a card's ~1 kB body) to 5 webhooks are queued at once, then the job
// sends them in this process's loop to a receiver in a process of its own; counted: this process,
// the database's backends, the receiver. No API traffic beside it.

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const SUBSCRIBERS = 5;

if (process.argv[2] === 'receiver') {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  server.keepAliveTimeout = 60_000;
  process.on('disconnect', () => process.exit(0));
  process.on('message', () => process.send!({ cpu: processSeconds() }));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
} else {
  const receiver = fork(new URL(import.meta.url).pathname, ['receiver'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) =>
    receiver.once('message', (message: { port: number }) => resolve(message.port)),
  );
  const receiverCpu = () =>
    new Promise<number>((resolve) => {
      receiver.once('message', (message: { cpu: number }) => resolve(message.cpu));
      receiver.send('cpu');
    });
  let statements = 0;
  const server = await startBenchServer(() => {
    statements += 1;
  });
  const { app, database, person, request } = server;
  app.config.webhooksAllowPrivate = true;
  const owner = await person('webhooks-sender');
  for (let i = 0; i < SUBSCRIBERS; i++)
    await request(
      'POST',
      '/webhooks',
      { url: `http://127.0.0.1:${port}/hook/${i}`, kinds: ['task.changed'] },
      owner.accessToken,
    );
  const db = database.db;
  const body = JSON.stringify({ padding: 'x'.repeat(900), workspace: owner.tenantId });
  await db.execute(sql`
    insert into webhook_deliveries (tenant_id, webhook_id, event_id, kind, body)
    select w.tenant_id, w.id, gen_random_uuid(), 'task.changed', ${body}
    from generate_series(1, ${DELIVERIES / SUBSCRIBERS}) g, webhooks w where w.tenant_id = ${owner.tenantId}`);
  await db.execute(sql`vacuum analyze webhook_deliveries`);
  const deps = jobDepsOf(app);
  const backends = backendsMeter(db);
  /** The table's row writes and growth (its indexes too): the database's work, whatever the load. */
  const writes = async () =>
    (
      (await db.execute(sql`
        select pg_total_relation_size('webhook_deliveries') as bytes, n_tup_upd as updates, n_tup_hot_upd as hot
        from pg_stat_user_tables where relname = 'webhook_deliveries'`)) as unknown as {
        rows: { bytes: string; updates: string; hot: string }[];
      }
    ).rows[0]!;
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const writesBefore = await writes();
  const statementsBefore = statements;
  const pgBefore = await backends.read();
  const [cpuBefore, receiverBefore] = [processSeconds(), await receiverCpu()];
  const began = performance.now();
  let sent = 0;
  for (let n = 1; n > 0; sent += n) n = await deliverDueWebhooks(deps, { allowPrivate: true });
  const ms = performance.now() - began;
  const [cpu, receiverSeconds] = [processSeconds() - cpuBefore, (await receiverCpu()) - receiverBefore];
  const pg = await backends.read();
  const sentStatements = statements - statementsBefore;
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const writesAfter = await writes();
  const pgSeconds = pg.others + pg.sender - pgBefore.others - pgBefore.sender;
  const per1000 = (seconds: number) => ((seconds / sent) * 1000).toFixed(3);
  const left = (
    (await db.execute(
      sql`select count(*)::int as n from webhook_deliveries where tenant_id = ${owner.tenantId} and status <> 'succeeded'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  console.log(
    `${sent} deliveries (${left} not succeeded) in ${Math.round(ms)} ms; CPU s per 1,000: sender ${per1000(cpu)}, ` +
      `PostgreSQL ${per1000(pgSeconds)}, receiver ${per1000(receiverSeconds)}`,
  );
  console.log(
    `per delivery: ${(sentStatements / sent).toFixed(2)} statements, ${Math.round((Number(writesAfter.bytes) - Number(writesBefore.bytes)) / sent)} bytes more in the table and its indexes, ` +
      `${((Number(writesAfter.updates) - Number(writesBefore.updates)) / sent).toFixed(2)} row updates (${((Number(writesAfter.hot) - Number(writesBefore.hot)) / sent).toFixed(2)} HOT)`,
  );
  backends.stop();
  receiver.kill();
  await server.stop();
  process.exit(0);
}
