import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './test/sequencer.ts';

// The time limits are for a test that hangs, not for a slow machine: on a loaded one (other
// work beside the suite) they grow with the load when the run starts, up to tenfold.
// TEST_TIME_SCALE sets the factor by hand; the workers read it too (test/slow.ts).
const load = os.loadavg()[0]! / os.availableParallelism();
process.env.TEST_TIME_SCALE ??= String(Math.min(10, Math.max(1, Math.round(load * 10) / 10)));
const scale = Number(process.env.TEST_TIME_SCALE) || 1;

// Files that never touch the database under test: they start Cadence on the embedded database in
// processes of their own, or build the client. The PostgreSQL run (npm run test:pg) leaves them
// out, since it would do exactly the same work again.
const EMBEDDED_ONLY = [
  'test/startup.test.ts',
  'test/data-lock.test.ts',
  'test/seed-demo.test.ts',
  'test/bundle-size.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...EMBEDDED_ONLY] : configDefaults.exclude,
    sequence: { sequencer: HeavyFirstSequencer },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/pg-worker.ts'],
    // One database per worker, kept across the worker's test files (see test/app.ts).
    pool: 'forks',
    // A worker per core (vitest's default keeps one core free, which on two cores halves the run).
    maxWorkers: os.availableParallelism(),
    isolate: false,
    testTimeout: 30_000 * scale,
    hookTimeout: 120_000 * scale,
  },
});
