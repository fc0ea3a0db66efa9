import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The time limits are for a test that hangs, not for a slow machine: on a loaded one (other
// work beside the suite) they grow with the load when the run starts, up to tenfold.
// TEST_TIME_SCALE sets the factor by hand; the workers read it too (test/slow.ts).
const load = os.loadavg()[0]! / os.availableParallelism();
process.env.TEST_TIME_SCALE ??= String(Math.min(10, Math.max(1, Math.round(load * 10) / 10)));
const scale = Number(process.env.TEST_TIME_SCALE) || 1;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One database per worker, kept across the worker's test files (see test/app.ts).
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000 * scale,
    hookTimeout: 120_000 * scale,
  },
});
