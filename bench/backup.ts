import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { type CallFigures, figuresOf, newRecorder, type Recorder, runMix } from './load-client.ts';
import { type LoadFixture, seedLoadWorkspace, sizeFromEnv } from './load-seed.ts';

// `npm run bench:backup`: the online backup and the restore of the load bench's workspace
// (bench/load-seed.ts: 10,000 cards, 500 weekly meetings, 50 users) on the embedded database, the
// way an operator runs them (decision 091). A child process seeds a fresh DATA_DIR and closes it;
// Cadence then runs on it as `npm start` runs it (src/server/main.ts, its own process, the data
// lock and the operator token); this process drives the load bench's virtual users
// (bench/load-client.ts) and runs `npm run backup` / `npm run restore` (scripts/backup.ts,
// scripts/restore.ts) as processes of their own. It measures:
//   - the API under the realistic mix without a backup, then the same mix while `npm run backup`
//     runs (p50/p95/p99/max of the calls that ended during it);
//   - the backup's wall time and size, with and without the load, and encrypted;
//   - `npm run restore` into an empty folder, then Cadence's start on it until /api/health answers,
//     and that a seeded person's token and the 500 meetings are there.
// Everything is addressed to 127.0.0.1; the folders are temporary and removed at the end.

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const users = Number(process.env.BENCH_USERS ?? 50);
/** The realistic mix of the load bench's results: each user reads for ~1 s between calls. */
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
for (const [name, value, min, max] of [
  ['BENCH_SECONDS', seconds, 5, 3600],
  ['BENCH_USERS', users, 1, 500],
  ['BENCH_THINK_MS', thinkMs, 0, 60_000],
] as const) {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min}…${max}`);
}

const root = path.resolve(import.meta.dirname, '..');
const tsx = ['--import', 'tsx'];

// ---- The seeding child: the load bench's workspace into DATA_DIR, then the folder is closed. ----

interface Seeded {
  type: 'seeded';
  seedSeconds: number;
  fixture: LoadFixture;
}

const seedChild = async (dataDir: string) => {
  const config = { ...loadConfig({ DATA_DIR: dataDir }), clientDir: path.join(os.tmpdir(), 'none') };
  const database = await openDatabase(config, { command: 'bench:backup (seeding)' });
  await migrate(database, { dataMigrations });
  const app = await buildApp({ database, config, mailer: createMailer(undefined, { info() {}, warn() {} }) });
  await app.ready();
  const started = performance.now();
  const fixture = await seedLoadWorkspace(app, database, sizeFromEnv());
  const seedSeconds = (performance.now() - started) / 1000;
  await app.close();
  await database.close();
  process.send?.({ type: 'seeded', seedSeconds, fixture } satisfies Seeded, () => process.exit(0));
};

// ---- The bench. ----

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (started: number) => Math.round(performance.now() - started) / 1000;

/** Bytes under `dir`, every file. */
const folderBytes = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);

/** The server's resident memory now and at its peak so far (MB, Linux /proc); what a backup held in memory shows in the peak. */
const memoryOf = (pid: number | undefined) => {
  const status = pid ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 102.4) / 10, peakMb: Math.round(kb('VmHWM') / 102.4) / 10 };
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const seed = (dataDir: string) =>
  new Promise<Seeded>((resolve, reject) => {
    const child = fork(import.meta.filename, ['seed', dataDir], {
      execArgv: tsx,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: Seeded) => {
      if (message.type === 'seeded') resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the seeding process exited (${code}) before it was done`)));
  });

/** Cadence as `npm start` runs it, on `dataDir`. */
const startCadence = (dataDir: string, port: number): ChildProcess =>
  spawn(process.execPath, [...tsx, 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

/** Seconds from now until `base` answers GET /api/health with 200. */
const untilHealthy = async (base: string, server: ChildProcess, started = performance.now()) => {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`Cadence exited (${server.exitCode}) before it answered`);
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return since(started);
    await sleep(25);
  }
  throw new Error(`${base} did not answer /api/health within 5 minutes`);
};

const stopCadence = async (server: ChildProcess) => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
};

/** `npm run backup` / `npm run restore` (the same command as the npm script), with its output and wall time. */
const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) => {
  const started = performance.now();
  const child = spawn(process.execPath, [...tsx, `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  // The script's own figure ("… in 3.7 s"): from its start to its last check, without Node's and tsx's start.
  const ownSeconds = () => Number(output.match(/ in ([\d.]+) s\b/)?.[1] ?? Number.NaN);
  const done = new Promise<{ seconds: number; ownSeconds: number; output: string }>((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve({ seconds: since(started), ownSeconds: ownSeconds(), output: output.trim() });
      else reject(new Error(`npm run ${name} exited ${code}: ${output.trim()}`));
    });
  });
  return { child, done };
};

/**
 * A probe beside the mix: GET /api/health (one `select 1`) every 100 ms, one at a time, until
 * stopped. Its longest answer is how long the database held every query back.
 */
const probeHealth = (base: string) => {
  const answers: { at: number; ms: number }[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      answers.push({ at: Date.now(), ms: performance.now() - started });
      await sleep(100);
    }
  })();
  return {
    answers,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
};
const longest = (answers: { ms: number }[]) => Math.round(Math.max(0, ...answers.map((a) => a.ms)));

const summary = (rows: CallFigures[], max: number) => {
  const all = rows.find((row) => row.call === '(all calls)') ?? rows[0];
  const pick = (call: string) => rows.find((row) => row.call === call);
  const line = (row: CallFigures | undefined) =>
    row ? { count: row.count, p50: row.p50, p95: row.p95, p99: row.p99, non2xx: row.non2xx } : null;
  return {
    all: line(all),
    max: Math.round(max * 10) / 10,
    self: line(pick('GET /self')),
    board: line(pick('GET /boards/{id}')),
    cardChange: line(pick('PATCH /tasks/{id}')),
  };
};
const maxOf = (recorder: Recorder) => Math.max(0, ...[...recorder.latencies.values()].flat());
const shown = (figures: ReturnType<typeof summary>) =>
  `all calls p50 / p95 / p99 ${figures.all?.p50} / ${figures.all?.p95} / ${figures.all?.p99} ms, max ${figures.max} ms ` +
  `(${figures.all?.count} calls, ${figures.all?.non2xx} non-2xx); GET /self p50 / p99 ${figures.self?.p50} / ${figures.self?.p99} ms; ` +
  `GET /boards/{id} p50 / p99 ${figures.board?.p50} / ${figures.board?.p99} ms`;

const main = async () => {
  const size = sizeFromEnv();
  const work = mkdtempSync(path.join(os.tmpdir(), 'cadence-backup-bench-'));
  const dataDir = path.join(work, 'data');
  const restoredDir = path.join(work, 'restored');
  const files = path.join(work, 'backups');
  for (const dir of [dataDir, restoredDir, files]) mkdirSync(dir);
  const servers: ChildProcess[] = [];
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      memory: `${mb(os.totalmem())} MB`,
      node: process.version,
      database: 'pglite',
    },
    users,
    thinkMs,
    seconds,
    loadAverage: {} as Record<string, string>,
  };
  const loads = report.loadAverage as Record<string, string>;
  const note = (what: string) => {
    // Keyed by the step's first words (the figures are in the report's other fields).
    const now = load();
    loads[what.split(/[:;(]/)[0]!.trim()] = now;
    console.log(`[${new Date().toISOString().slice(11, 19)}] ${what}; load average ${now}`);
  };
  try {
    console.log(
      `Cadence backup bench — embedded database, ${users} virtual users (~${thinkMs} ms between a user's calls), ` +
        `${report.machine && (report.machine as { cpus: string }).cpus}, node ${process.version}; load average ${load()}`,
    );
    const seeded = await seed(dataDir);
    report.seeded = seeded.fixture.counts;
    report.seedSeconds = Math.round(seeded.seedSeconds * 10) / 10;
    report.dataFolderMb = mb(folderBytes(dataDir));
    note(
      `seeded in ${seeded.seedSeconds.toFixed(1)} s: ${JSON.stringify(seeded.fixture.counts)}; DATA_DIR ${report.dataFolderMb} MB`,
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const startedAt = performance.now();
    const server = startCadence(dataDir, port);
    servers.push(server);
    report.startSeconds = await untilHealthy(base, server, startedAt);
    note(`Cadence (src/server/main.ts) answered /api/health ${report.startSeconds} s after its start`);

    const fixture = seeded.fixture;
    const at = (s: number) => Date.now() + s * 1000;
    // Warm-up: JIT, caches. Not measured.
    await runMix(base, fixture, users, at(10), () => [], thinkMs);

    // The backup alone, nothing else running: its plain duration and size.
    const env = { DATA_DIR: dataDir };
    const memory: Record<string, ReturnType<typeof memoryOf>> = { beforeTheFirstBackup: memoryOf(server.pid) };
    report.serverMemory = memory;
    const quietFile = path.join(files, 'quiet.cadence');
    note('backup with no load');
    const quiet = await script('backup', [quietFile], env).done;
    report.backupQuiet = {
      seconds: quiet.seconds,
      ownSeconds: quiet.ownSeconds,
      mb: mb(statSync(quietFile).size),
      output: quiet.output,
    };
    note(`backup with no load: ${quiet.seconds} s, ${mb(statSync(quietFile).size)} MB — ${quiet.output}`);

    memory.afterTheFirstBackup = memoryOf(server.pid);
    note(`the server's memory (RSS / peak): ${JSON.stringify(memory)}`);

    // The mix without a backup.
    const without = newRecorder();
    note(`the mix without a backup, ${seconds} s`);
    await runMix(base, fixture, users, at(seconds), () => [without], thinkMs);
    const withoutFigures = summary(figuresOf(without, seconds, null), maxOf(without));
    report.withoutBackup = withoutFigures;
    note(`without a backup: ${shown(withoutFigures)}`);

    // The same mix; `npm run backup` starts 5 s in. The calls that end while it runs are "during".
    // The mix lasts long enough for a backup three times as slow as the quiet one.
    const during = newRecorder();
    const outside = newRecorder();
    let running = false;
    const onlineFile = path.join(files, 'online.cadence');
    const mixSeconds = Math.max(seconds, Math.ceil(10 + 3 * quiet.seconds));
    const mixStarted = Date.now();
    note(`the mix with npm run backup 5 s in, ${mixSeconds} s`);
    const mix = runMix(base, fixture, users, at(mixSeconds), () => [running ? during : outside], thinkMs);
    const probe = probeHealth(base);
    await sleep(5000);
    running = true;
    const backupStarted = Date.now();
    const online = script('backup', [onlineFile], env);
    const onlineDone = await online.done.finally(() => {
      running = false;
    });
    const backupEnded = Date.now();
    const endedAfter = (backupEnded - mixStarted) / 1000;
    await mix;
    await probe.stop();
    const probeDuring = probe.answers.filter((a) => a.at >= backupStarted && a.at <= backupEnded);
    const probeOutside = probe.answers.filter((a) => a.at < backupStarted || a.at > backupEnded);
    report.healthProbe = {
      longestDuringMs: longest(probeDuring),
      longestOutsideMs: longest(probeOutside),
      answersDuring: probeDuring.length,
    };
    if (endedAfter > mixSeconds)
      console.log(`note: the backup ended ${endedAfter.toFixed(1)} s in, after the mix's ${mixSeconds} s`);
    const duringFigures = summary(figuresOf(during, onlineDone.seconds, null), maxOf(during));
    const outsideFigures = summary(figuresOf(outside, mixSeconds - onlineDone.seconds, null), maxOf(outside));
    report.backupUnderLoad = {
      seconds: onlineDone.seconds,
      ownSeconds: onlineDone.ownSeconds,
      mb: mb(statSync(onlineFile).size),
      output: onlineDone.output,
      mixSeconds,
      endedAfterTheMix: endedAfter > mixSeconds,
    };
    report.duringBackup = duringFigures;
    report.restOfThatRun = outsideFigures;
    note(`backup under the mix: ${onlineDone.seconds} s, ${mb(statSync(onlineFile).size)} MB — ${onlineDone.output}`);
    note(`during the backup: ${shown(duringFigures)}`);
    note(
      `GET /api/health every 100 ms: longest answer ${longest(probeDuring)} ms during the backup ` +
        `(${probeDuring.length} answers), ${longest(probeOutside)} ms outside it`,
    );
    note(`the same run outside the backup: ${shown(outsideFigures)}`);

    // Encrypted (scrypt + AES-256-GCM in the script), no load.
    const sealedFile = path.join(files, 'sealed.cadence');
    const sealed = await script('backup', [sealedFile], { ...env, BACKUP_PASSPHRASE: 'bench-passphrase-0123' }).done;
    report.backupEncrypted = {
      seconds: sealed.seconds,
      ownSeconds: sealed.ownSeconds,
      mb: mb(statSync(sealedFile).size),
      output: sealed.output,
    };
    note(`encrypted backup with no load: ${sealed.seconds} s, ${mb(statSync(sealedFile).size)} MB`);

    // The source server stops (the restore is timed on an otherwise quiet machine); the restore goes
    // to an empty folder beside it.
    await stopCadence(server);
    note('source server stopped');
    const restored = await script('restore', [onlineFile], { DATA_DIR: restoredDir }).done;
    report.restore = {
      seconds: restored.seconds,
      ownSeconds: restored.ownSeconds,
      dataFolderMb: mb(folderBytes(restoredDir)),
      output: restored.output,
    };
    note(
      `npm run restore into an empty folder: ${restored.seconds} s, DATA_DIR ${mb(folderBytes(restoredDir))} MB — ` +
        `${restored.output.split('\n').find((line) => line.startsWith('Restored')) ?? restored.output}`,
    );

    const restoredPort = await freePort();
    const restoredBase = `http://127.0.0.1:${restoredPort}`;
    const restartedAt = performance.now();
    const restoredServer = startCadence(restoredDir, restoredPort);
    servers.push(restoredServer);
    const restoredStart = await untilHealthy(restoredBase, restoredServer, restartedAt);
    // The seeded owner's sign-in survived, and their 500 meetings are there.
    const answer = await fetch(`${restoredBase}/api/v2/meetings`, {
      headers: { authorization: `Bearer ${fixture.tokens[0]}` },
    });
    const meetings = answer.ok ? ((await answer.json()) as { result: { total: number } }).result.total : 0;
    report.restoredStart = { seconds: restoredStart, status: answer.status, meetings };
    note(
      `Cadence on the restored folder answered /api/health ${restoredStart} s after its start; ` +
        `GET /meetings as the seeded owner: ${answer.status}, ${meetings} meetings (seeded ${fixture.counts.meetings})`,
    );
    if (meetings !== fixture.counts.meetings) throw new Error('the restored server does not have the seeded meetings');

    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify({ ...report, size }, null, 2)}\n`);
    console.log(`Written ${path.relative(process.cwd(), file)}`);
  } finally {
    for (const server of servers) await stopCadence(server);
    rmSync(work, { recursive: true, force: true });
  }
};

if (process.argv[2] === 'seed') {
  seedChild(process.argv[3]!).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
