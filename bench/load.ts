import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CallFigures,
  figuresOf,
  LIST_CALLS,
  newRecorder,
  percentile,
  type Recorder,
  runMix,
  runSingle,
} from './load-client.ts';
import type { LoadFixture } from './load-seed.ts';

// `npm run bench:load`: the API under load (docs/decisions/028-load-bench.md). Cadence runs in a
// child process (bench/load-server.ts) on a seeded workspace; this process drives 50 virtual
// users, each with its own token, through a realistic mix, then GET /self alone and a bare
// Fastify route (same child process, same client) at the same concurrency as the reference.
// Modes: default (BENCH_SECONDS per phase), BENCH_SOAK_MINUTES=n (the mix for n minutes, memory
// and p99 each minute, their drift), BENCH_BIG=1 (100,000 cards, 260 weekly sessions).
// Everything is addressed to 127.0.0.1 and bounded in count and time.

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const users = Number(process.env.BENCH_USERS ?? 50);
const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 0);
/** Length of a soak sample; a minute unless shortened for a smoke run. */
const sampleSeconds = Number(process.env.BENCH_SAMPLE_SECONDS ?? 60);
const big = process.env.BENCH_BIG === '1';
/**
 * BENCH_THINK_MS: each virtual user pauses this long on average after an answer (a person
 * reading the page). 0 (default): back to back, the saturation test. Both are reported.
 */
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);
/** BENCH_PROFILE=1: the server writes a V8 CPU profile into bench/profiles/ when it stops. */
const profile = process.env.BENCH_PROFILE === '1';
/**
 * BENCH_PHASES: which phases of the default mode run (comma-separated: mix, self, bare); all by
 * default. 'self' alone with BENCH_PROFILE=1 gives the profile of a small call and nothing else.
 */
const phases = new Set((process.env.BENCH_PHASES ?? 'mix,self,bare').split(',').map((name) => name.trim()));
for (const name of phases) {
  if (!['mix', 'self', 'bare'].includes(name)) throw new Error('BENCH_PHASES lists mix, self or bare');
}
for (const [name, value, min, max] of [
  ['BENCH_SECONDS', seconds, 1, 3600],
  ['BENCH_USERS', users, 1, 500],
  ['BENCH_SOAK_MINUTES', soakMinutes, 0, 24 * 60],
  ['BENCH_SAMPLE_SECONDS', sampleSeconds, 1, 3600],
  ['BENCH_THINK_MS', thinkMs, 0, 60_000],
] as const) {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min}…${max}`);
}

/** Targets of the issue "The API under load", printed next to the figures. */
const TARGETS = {
  smallRatio: 0.35,
  smallP99Pg: 60,
  mixP99: { pg: 100, pglite: 250 },
  memoryDrift: 0.1,
  p99Drift: 0.2,
  bigListP95: 50,
};

interface Ready {
  type: 'ready';
  base: string;
  bare: string;
  databaseKind: 'pg' | 'pglite';
  seedSeconds: number;
  fixture: LoadFixture;
}
interface Cpu {
  type: 'cpu';
  micros: number;
}
interface Memory {
  type: 'memory';
  rss: number;
  heapUsed: number;
}

const startServer = () => {
  const child = fork(path.join(import.meta.dirname, 'load-server.ts'), [], {
    execArgv: [
      '--expose-gc',
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(import.meta.dirname, 'profiles')}`] : []),
      '--import',
      'tsx',
    ],
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.on('message', (message: Ready | Memory) => {
      if (message.type === 'ready') resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
  return { child, ready };
};

/** One answer of the server process over IPC. */
const ask = <T extends { type: string }>(child: ChildProcess, type: T['type']) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} answer from the bench server`)), 30_000);
    const listener = (message: T) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
    child.send({ type });
  });

/**
 * Runs a phase and measures the server's CPU time per answer (ms). Unlike req/s it hardly
 * depends on what else the machine runs, so it compares versions on a shared machine.
 */
const withCpu = async (child: ChildProcess, recorder: Recorder, phase: () => Promise<void>) => {
  const before = await ask<Cpu>(child, 'cpu');
  await phase();
  const after = await ask<Cpu>(child, 'cpu');
  const calls = [...recorder.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  return calls ? Math.round(((after.micros - before.micros) / calls / 1000) * 1000) / 1000 : null;
};

const memoryOf = (child: ChildProcess) => ask<Memory>(child, 'memory');

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const table = (rows: CallFigures[]) =>
  console.table(
    rows.map((row) => ({
      call: row.call,
      count: row.count,
      'req/s': row.reqPerSecond,
      'p50 ms': row.p50,
      'p95 ms': row.p95,
      'p99 ms': row.p99,
      'vs bare': row.ratioToBare === null ? '' : `${(row.ratioToBare * 100).toFixed(1)} %`,
      non2xx: row.statuses || 0,
      'kB/answer': row.kB,
    })),
  );

const main = async () => {
  const { child, ready } = startServer();
  const server = await ready;
  const machine = {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memory: `${mb(os.totalmem())} MB`,
    node: process.version,
    database: server.databaseKind,
  };
  console.log(
    `Cadence load bench — ${server.databaseKind}, ${users} virtual users, ${machine.cpus}, node ${process.version}; ` +
      `seeded in ${server.seedSeconds.toFixed(1)} s: ${JSON.stringify(server.fixture.counts)}; load average ${load()}`,
  );
  const mode = soakMinutes > 0 ? 'soak' : big ? 'big' : 'mix';
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    mode,
    machine,
    users,
    thinkMs,
    seeded: server.fixture.counts,
    targets: TARGETS,
  };
  const at = (s: number) => Date.now() + s * 1000;

  try {
    // Warm-up: JIT, connection pools and caches, not measured.
    await runMix(server.base, server.fixture, users, at(Math.min(5, Math.max(1, seconds / 10))), () => []);

    if (soakMinutes > 0) {
      const samples: { minute: number; rssMb: number; heapMb: number; p99: number; calls: number }[] = [];
      const whole = newRecorder();
      let current = newRecorder();
      const soakStart = Date.now();
      const running = runMix(
        server.base,
        server.fixture,
        users,
        at(soakMinutes * sampleSeconds),
        () => [whole, current],
        thinkMs,
      );
      for (let minute = 1; minute <= soakMinutes; minute++) {
        const due = soakStart + minute * sampleSeconds * 1000;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        const finished: Recorder = current;
        current = newRecorder();
        const values = [...finished.latencies.values()].flat().sort((a, b) => a - b);
        const memory = await memoryOf(child);
        const sample = {
          minute,
          rssMb: mb(memory.rss),
          heapMb: mb(memory.heapUsed),
          p99: Math.round(percentile(values, 99) * 10) / 10,
          calls: values.length,
        };
        samples.push(sample);
        console.log(
          `minute ${minute}: RSS ${sample.rssMb} MB, heap after GC ${sample.heapMb} MB, p99 ${sample.p99} ms ` +
            `over ${sample.calls} calls; load average ${load()}`,
        );
      }
      await running;
      // The first minute warms up (JIT, pools, caches): drift is measured from the second on.
      const first = samples[samples.length >= 3 ? 1 : 0]!;
      const last = samples[samples.length - 1]!;
      const drift = (from: number, to: number) => Math.round(((to - from) / from) * 1000) / 10;
      const drifts = {
        rssPercent: drift(first.rssMb, last.rssMb),
        heapPercent: drift(first.heapMb, last.heapMb),
        p99Percent: drift(first.p99, last.p99),
      };
      console.log(
        `Drift, minute ${last.minute} against minute ${first.minute}: RSS ${drifts.rssPercent} %, heap ${drifts.heapPercent} %, ` +
          `p99 ${drifts.p99Percent} % (targets: memory ≤ ${TARGETS.memoryDrift * 100} %, p99 ≤ ${TARGETS.p99Drift * 100} %)`,
      );
      const rows = figuresOf(whole, soakMinutes * sampleSeconds, null);
      table(rows);
      Object.assign(report, { sampleSeconds, samples, drift: drifts, calls: rows });
    } else {
      const cpuMs: Record<string, number | null> = {};
      const mix = newRecorder();
      if (phases.has('mix')) {
        cpuMs.mix = await withCpu(child, mix, () =>
          runMix(server.base, server.fixture, users, at(seconds), () => [mix], thinkMs),
        );
      }
      const self = newRecorder();
      if (phases.has('self')) {
        cpuMs.self = await withCpu(child, self, () =>
          runSingle(
            `${server.base}/api/v2/self`,
            'GET /self (alone)',
            users,
            at(seconds),
            self,
            server.fixture.tokens[0],
          ),
        );
      }
      const bare = newRecorder();
      if (phases.has('bare')) {
        cpuMs.bare = await withCpu(child, bare, () =>
          runSingle(server.bare, 'GET bare Fastify route', users, at(seconds), bare),
        );
      }
      const [bareRow] = figuresOf(bare, seconds, null);
      const bareRate = bareRow?.reqPerSecond ?? null;
      const mixRows = figuresOf(mix, seconds, bareRate);
      const selfRows = figuresOf(self, seconds, bareRate);
      const bareRows = figuresOf(bare, seconds, bareRate);
      console.log(
        `Mixed workload, ${seconds} s at ${users} users, ${thinkMs ? `~${thinkMs} ms between a user's calls` : 'back to back'} ` +
          "(ratio: each call's req/s to the bare route's):",
      );
      table(mixRows);
      console.log(`Alone at ${users} connections, ${seconds} s each:`);
      table([...selfRows, ...bareRows]);
      const mixTarget = TARGETS.mixP99[server.databaseKind];
      const slowest = mixRows.filter((row) => row.call !== '(all calls)').sort((a, b) => b.p99 - a.p99)[0];
      console.log(
        `Targets: GET /self alone ≥ ${TARGETS.smallRatio * 100} % of bare (${((selfRows[0]?.ratioToBare ?? 0) * 100).toFixed(1)} %) ` +
          `and p99 ≤ ${TARGETS.smallP99Pg} ms on PostgreSQL (${selfRows[0]?.p99} ms); mixed p99 ≤ ${mixTarget} ms per call ` +
          `(slowest: ${slowest?.call} ${slowest?.p99} ms)` +
          (big
            ? `; big tenant: list calls p95 ≤ ${TARGETS.bigListP95} ms (${mixRows
                .filter((row) => LIST_CALLS.has(row.call))
                .map((row) => `${row.call} ${row.p95}`)
                .join(', ')})`
            : '') +
          `; load average ${load()}`,
      );
      console.log(
        `Server CPU per answer (user + system, ms): ${Object.entries(cpuMs)
          .map(([phase, ms]) => `${phase} ${ms}`)
          .join(', ')}`,
      );
      Object.assign(report, { seconds, mix: mixRows, alone: [...selfRows, ...bareRows], serverCpuMsPerAnswer: cpuMs });
    }
    const memory = await memoryOf(child);
    console.log(`Server after GC: RSS ${mb(memory.rss)} MB, heap ${mb(memory.heapUsed)} MB`);
    report.serverMemoryMb = { rss: mb(memory.rss), heap: mb(memory.heapUsed) };
    // An object, not an array: the file stays as biome formats it, should it be committed.
    const [one, five, fifteen] = os.loadavg();
    report.loadAverage = { one, five, fifteen };
    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `load-${mode}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Written ${path.relative(process.cwd(), file)}`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
