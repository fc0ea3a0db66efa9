import os from 'node:os';

// What the API benches share: timing a call many times, one at a time, and the line that says on
// what machine and database the figures were taken.

/** p50/p95/p99/max in ms of `calls` runs of `call`, one at a time, after one run to warm up. */
export const timeCalls = async (call: () => Promise<unknown>, calls: number) => {
  await call();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: at(50), p95: at(95), p99: at(99), max: times.at(-1)! };
};

/** "Machine: 2 cores (…), Node v20…, PostgreSQL; load average …; 50 calls each, one at a time". */
export const machineLine = (calls: number) => {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ${
    process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'
  }; load average ${load}; ${calls} calls each, one at a time`;
};
