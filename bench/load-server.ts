import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { seedLoadWorkspace, sizeFromEnv } from './load-seed.ts';

// The load bench's server process (bench/load.ts starts it with --expose-gc): Cadence as
// bench/server.ts builds it, on DATABASE_URL or a temporary embedded database, plus a bare
// Fastify instance in the same process as the reference. It seeds the workspace, then talks
// to its parent over IPC only: 'ready' with the addresses and fixture, 'cpu' (its CPU time so far),
// 'memory' (heap and RSS
// after a full collection) on request, and exits on 'stop'. Nothing bench-only is routed.

type Request = { type: 'memory' } | { type: 'cpu' } | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);

const main = async () => {
  if (!process.send) throw new Error('bench/load-server.ts runs as the child of bench/load.ts');
  let database: Database;
  let cleanup = () => {};
  if (process.env.DATABASE_URL) {
    database = await openPostgres(process.env.DATABASE_URL, 20);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-load-'));
    database = await openPglite(dir);
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  await migrate(database, { dataMigrations });
  const config = { ...loadConfig({ DATA_DIR: os.tmpdir() }), clientDir: path.join(os.tmpdir(), 'none') };
  const app = await buildApp({ database, config, mailer: createMailer(undefined, { info() {}, warn() {} }) });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // The reference: what Fastify answers with no auth, no database and no schema work.
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'success', result: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const seedStarted = performance.now();
  const fixture = await seedLoadWorkspace(app, database, sizeFromEnv());
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const portOf = (server: typeof app.server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const stop = async () => {
    await bare.close();
    await app.close();
    await database.close();
    cleanup();
    process.exit(0);
  };
  process.on('message', (message: Request) => {
    // CPU time used so far (user + system, µs): the parent divides a phase's share by its calls.
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system });
    } else if (message.type === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed });
    } else if (message.type === 'stop') void stop();
  });
  // The parent going away must not leave a server (and its database files) behind.
  process.on('disconnect', () => void stop());
  send({
    type: 'ready',
    base: `http://127.0.0.1:${portOf(app.server)}`,
    bare: `http://127.0.0.1:${portOf(bare.server)}/bare`,
    databaseKind: database.kind,
    seedSeconds,
    fixture,
  });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
