import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One database per worker, kept across the worker's test files (see test/app.ts).
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
