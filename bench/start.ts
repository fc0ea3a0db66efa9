import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, compiledServer } from '../scripts/server-build.mjs';

// `npm run bench:start`: how long `npm start` takes to answer /api/health with 200 on the
// embedded database, the client already built. A first start makes a new data folder (the
// embedded database is created and migrated); a second start opens a copy of a folder a first
// start made. Each way of running the server is timed BENCH_RUNS times (default 3), with the
// load average beside each run and the server's own breakdown of its start (its "start phases"
// debug line): `tsx` (the sources, as before decision 130), `compiled` (the server compiled by
// this bench, into dist/server-bench, from the sources as they are now) and `npm` (`npm start`
// itself, when dist/server is up to date: the launcher and npm's own time included).
//
// BENCH_PORT (default 3365), BENCH_WAYS (a comma list; default all three), BENCH_DATA_DIR (a
// data folder a start made: second starts only, on copies of it). The client is a
// one-page stand-in newer than every source (the start checks only that index.html is there
// and newer than the client's sources): a client build is the first start's other minute.

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = process.env.BENCH_PORT ?? '3365';
const base = `http://127.0.0.1:${PORT}`;
const root = mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-start-'));

const clientDir = path.join(root, 'client');
mkdirSync(clientDir);
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Cadence</title>');
const tomorrow = new Date(Date.now() + 86_400_000);
utimesSync(path.join(clientDir, 'index.html'), tomorrow, tomorrow);

const compiledDir = path.resolve('dist/server-bench');

type Way = 'tsx' | 'compiled' | 'npm';
const commands: Record<Way, string[]> = {
  tsx: [process.execPath, '--import', 'tsx', 'src/server/main.ts', '--build-client-if-missing'],
  compiled: [process.execPath, '--enable-source-maps', path.join(compiledDir, 'main.js'), '--build-client-if-missing'],
  npm: ['npm', 'start', '--silent'],
};
const ways = (process.env.BENCH_WAYS ?? 'tsx,compiled,npm').split(',') as Way[];

interface Run {
  firstAnswerMs: number;
  readyMs: number;
  load: string;
  phases: Record<string, number>;
  cpuMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * Stops the server and whatever started it (npm runs it in a child of its own, which npm does not
 * always stop with itself: the whole process group is told), then waits until the port is free.
 */
const stop = async (child: ChildProcess) => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  const until = Date.now() + 15_000;
  while (
    Date.now() < until &&
    (await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    ))
  )
    await sleep(50);
};

const timeStart = async (way: Way, dataDir: string): Promise<Run> => {
  const load = loadAverage();
  const [command, ...args] = commands[way];
  const began = performance.now();
  const child = spawn(command!, args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // A group of its own, so that stop() reaches npm's children too.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  let firstAnswerMs = 0;
  let readyMs = 0;
  const until = Date.now() + 600_000;
  while (!readyMs) {
    if (Date.now() > until) {
      await stop(child);
      throw new Error(`no 200 from /api/health in 10 minutes:\n${output}`);
    }
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
    const status = await fetch(`${base}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );
    const ms = performance.now() - began;
    if (status && !firstAnswerMs) firstAnswerMs = ms;
    if (status === 200) readyMs = ms;
    else await sleep(20);
  }
  // The breakdown is logged just after the port is taken over.
  const logged = Date.now() + 10_000;
  while (!output.includes('"start phases"') && Date.now() < logged) await sleep(20);
  await stop(child);
  const line = output.split('\n').find((text) => text.includes('"start phases"'));
  const breakdown = line ? (JSON.parse(line) as { phases: Record<string, number>; cpuMs: number }) : undefined;
  return { firstAnswerMs, readyMs, load, phases: breakdown?.phases ?? {}, cpuMs: breakdown?.cpuMs ?? 0 };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const report = (title: string, runs: Run[]) => {
  console.log(`\n${title}`);
  for (const run of runs) {
    const steps = Object.entries(run.phases)
      .map(([phase, ms], i, all) => `${phase} +${ms - (i ? all[i - 1]![1] : 0)}`)
      .join(', ');
    console.log(
      `  first answer ${seconds(run.firstAnswerMs)}, 200 at ${seconds(run.readyMs)}, server CPU ${seconds(run.cpuMs)} (load ${run.load})`,
    );
    console.log(`    steps (ms): ${steps}`);
  }
  console.log(
    `  median: first answer ${seconds(median(runs.map((r) => r.firstAnswerMs)))}, 200 at ${seconds(median(runs.map((r) => r.readyMs)))}`,
  );
};

console.log(`${os.cpus().length} cores, Node ${process.version}, client ${clientDir}, load ${loadAverage()}`);
try {
  if (ways.includes('compiled')) {
    const ms = await buildServer(compiledDir);
    console.log(`compiled the server in ${seconds(ms)} (load ${loadAverage()})`);
  }
  if (ways.includes('npm') && !compiledServer().fresh) {
    console.log('dist/server is older than its sources: `npm start` runs them through tsx (npm run build:server)');
  }
  for (const way of ways) {
    let made = process.env.BENCH_DATA_DIR ?? '';
    if (!made) {
      const firsts: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const dataDir = path.join(root, `${way}-first-${i}`);
        firsts.push(await timeStart(way, dataDir));
        made = dataDir;
      }
      report(`${way}: first start (a new data folder)`, firsts);
    }
    const later: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = path.join(root, `${way}-second-${i}`);
      cpSync(made, dataDir, { recursive: true });
      later.push(await timeStart(way, dataDir));
    }
    report(`${way}: second start (a copy of a folder a first start made)`, later);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(compiledDir, { recursive: true, force: true });
}
