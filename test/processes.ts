import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { scaled } from './slow.ts';

// Real node processes for the tests that start Cadence as `npm start` does (startup, the data
// folder lock): only the environment given, and none left running after the test file.

export interface NodeProcess {
  child: ChildProcess;
  /** Resolves when it exits: its code, its standard error, and both streams in order. */
  exited: Promise<{ code: number | null; stderr: string; output: string }>;
  /** Everything it printed so far (standard output and error). */
  output: () => string;
}

/** A runner of `node --import tsx …` processes, each killed after the calling test file. */
export const nodeProcesses = () => {
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });
  return (args: string[], env: Record<string, string>): NodeProcess => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
      stderr += chunk;
    });
    const exited = new Promise<{ code: number | null; stderr: string; output: string }>((resolve) =>
      child.once('exit', (code) => {
        children.delete(child);
        resolve({ code, stderr, output });
      }),
    );
    return { child, exited, output: () => output };
  };
};

/** Waits until a server at `base` answers its health check. */
export const waitForHealth = async (base: string, ms = scaled(60_000)) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not answer /api/health');
};

/**
 * Puts the suite's migrated, empty embedded database (test/global-setup.ts) in `dataDir`, where
 * `npm start` and `npm run seed:demo` look for it: their first start opens it instead of making
 * and migrating one, seconds of work that the browser tests' server start covers. A run on
 * PostgreSQL (`npm run test:pg`) has no such template: the process then makes its own.
 */
export const withMigratedDatabase = (dataDir: string) => {
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
};
