import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os, { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock, DataLockError, LOCK_FILE, REMOTE_STALE_MS, takeOver } from '../src/db/data-lock.ts';
import { uniqueEmail } from './factories.ts';
import { nodeProcesses, waitForHealth, withMigratedDatabase } from './processes.ts';
import { scaled } from './slow.ts';

// One DATA_DIR, two real processes (docs/decisions/025): the second is refused at once, and a
// write the first acknowledged is never lost.

const run = nodeProcesses();
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cadence-${name}-`));
  folders.push(dir);
  return dir;
};

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

const startServer = (dataDir: string, port: number) =>
  run(['src/server/main.ts'], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });

const api = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
  const response = await fetch(`${base}/api/v2${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as { result: Record<string, unknown> } };
};

const signIn = async (base: string, email: string) => {
  const signedIn = await api(base, 'POST', '/signin', { email, password: 'locked-folder' });
  expect(signedIn.status).toBe(200);
  return signedIn.json.result.accessToken as string;
};

describe('two processes on one data folder', () => {
  it('refuses the second server and seed:demo at once, keeps every acknowledged write, and recovers after kill -9', {
    timeout: scaled(420_000),
  }, async () => {
    const dataDir = withMigratedDatabase(tempDir('lock'));
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const email = uniqueEmail('lock');

    const first = startServer(dataDir, port);
    await waitForHealth(base, scaled(120_000));
    const registered = await api(base, 'POST', '/register', {
      user: { firstName: 'Lock', lastName: 'Holder', email, password: 'locked-folder' },
      tenant: { name: 'Locked' },
    });
    expect([200, 201]).toContain(registered.status);
    const token = await signIn(base, email);
    const self = await api(base, 'GET', '/self', undefined, token);
    const userId = (self.json.result.user as { id: string }).id;
    const created = await api(base, 'POST', '/tasks', { title: 'Written by the first', userId }, token);
    expect(created.status).toBe(201);
    const taskId = created.json.result.id as string;

    // A second server on the same folder (another port): refused, naming the first.
    const second = await startServer(dataDir, freePort()).exited;
    expect(second.code).not.toBe(0);
    expect(second.output).toBe(
      `Cadence did not start: the data folder ${dataDir} is in use by another Cadence process ` +
        `(pid ${first.child.pid}, started ${/started (\d\d:\d\d)/.exec(second.output)?.[1]}, port ${port}). ` +
        'Stop it first, or set DATA_DIR to another folder.\n',
    );
    // Refused without waiting: the first still runs.
    expect(first.child.exitCode).toBeNull();

    // seed:demo beside the running server: refused, nothing written.
    const seed = await run(['scripts/seed-demo.ts'], { DATA_DIR: dataDir }).exited;
    expect(seed.code).not.toBe(0);
    expect(seed.output).toMatch(
      new RegExp(
        `^seed:demo did not run: the data folder .* is in use by another Cadence process \\(pid ${first.child.pid}, `,
      ),
    );
    expect((await api(base, 'POST', '/signin', { email: 'demo@cadence.local', password: 'demo-cadence' })).status).toBe(
      401,
    );
    expect((await api(base, 'GET', `/tasks/${taskId}`, undefined, token)).json.result.title).toBe(
      'Written by the first',
    );

    // A clean stop releases the lock; the acknowledged write is on disk.
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = startServer(dataDir, port);
    await waitForHealth(base, scaled(120_000));
    const token2 = await signIn(base, email);
    expect((await api(base, 'GET', `/tasks/${taskId}`, undefined, token2)).json.result.title).toBe(
      'Written by the first',
    );

    // kill -9 leaves the lock file behind with a dead pid: the next start takes it over.
    again.child.kill('SIGKILL');
    await again.exited;
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(again.child.pid);
    const afterCrash = startServer(dataDir, port);
    await waitForHealth(base, scaled(120_000));
    const token3 = await signIn(base, email);
    expect((await api(base, 'GET', `/tasks/${taskId}`, undefined, token3)).json.result.title).toBe(
      'Written by the first',
    );
    afterCrash.child.kill('SIGTERM');
    expect((await afterCrash.exited).code).toBe(0);
  });
});

describe('the lock file', () => {
  const writeLock = (dir: string, holder: object) =>
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ command: 'server', startedAt: new Date().toISOString(), token: 'theirs', ...holder }),
    );
  const refusal = (dir: string) => {
    try {
      acquireDataLock(dir, { command: 'test' }).release();
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(DataLockError);
      return (error as Error).message;
    }
  };

  it('is refused while its holder runs, and removed by its holder alone', () => {
    const dir = tempDir('held');
    // vitest's main process: alive, on this machine.
    writeLock(dir, { pid: process.ppid, host: hostname() });
    expect(refusal(dir)).toMatch(
      /^the data folder .* is in use by another Cadence process \(pid \d+, started \d\d:\d\d\)\. Stop it first/,
    );
    rmSync(path.join(dir, LOCK_FILE));
    const lock = acquireDataLock(dir, { command: 'server', port: 3123 });
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, port: 3123 });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    // A lock that is no longer ours (taken over meanwhile) stays.
    const taken = acquireDataLock(dir, { command: 'server' });
    writeLock(dir, { pid: process.ppid, host: hostname() });
    taken.release();
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).token).toBe('theirs');
  });

  it('takes over a lock whose pid is dead, reused by another process, or our own', () => {
    const dir = tempDir('stale');
    writeLock(dir, { pid: 2 ** 22 + 7, host: hostname() });
    expect(refusal(dir)).toBeUndefined();
    // A live pid that started at another time is a later process given the same number.
    writeLock(dir, { pid: process.ppid, host: hostname(), processStart: '1' });
    expect(refusal(dir)).toBeUndefined();
    writeLock(dir, { pid: process.pid, host: hostname() });
    expect(refusal(dir)).toBeUndefined();
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    expect(refusal(dir)).toBeUndefined();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('judges a holder on another machine by its heartbeat', () => {
    const dir = tempDir('remote');
    writeLock(dir, { pid: process.pid, host: 'elsewhere', port: 3000 });
    expect(refusal(dir)).toMatch(/\(pid \d+ on elsewhere, started \d\d:\d\d, port 3000\).*try again in 30 seconds/);
    const old = new Date(Date.now() - REMOTE_STALE_MS - 1000);
    utimesSync(path.join(dir, LOCK_FILE), old, old);
    expect(refusal(dir)).toBeUndefined();
  });

  it('replaces a stale lock only if it is still the stale one, one process at a time', () => {
    const dir = tempDir('takeover');
    const file = path.join(dir, LOCK_FILE);
    const stale = JSON.stringify({ pid: 2 ** 22 + 5, host: hostname(), token: 'stale' });
    // Another process took the stale lock over between our reading it and our takeover.
    const fresh = JSON.stringify({ pid: process.ppid, host: hostname(), token: 'fresh' });
    writeFileSync(file, fresh);
    expect(takeOver(file, stale, '{"token":"mine"}')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(fresh);
    // Another process is taking over right now: wait for it.
    writeFileSync(file, stale);
    writeFileSync(`${file}.takeover`, '1');
    expect(takeOver(file, stale, '{"token":"mine"}')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(stale);
    // ...unless it died doing so (its guard file is old).
    const old = new Date(Date.now() - 11_000);
    utimesSync(`${file}.takeover`, old, old);
    expect(takeOver(file, stale, '{"token":"mine"}')).toBe(false);
    expect(takeOver(file, stale, '{"token":"mine"}')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('{"token":"mine"}');
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it('lets exactly one of several processes racing for a stale lock in', { timeout: scaled(120_000) }, async () => {
    const dir = tempDir('race');
    writeLock(dir, { pid: 2 ** 22 + 9, host: hostname() });
    // Each racer loads, says it is ready, waits for the "go" file, then tries: a real race.
    const script = path.join(dir, 'racer.mts');
    writeFileSync(
      script,
      [
        `import { existsSync } from 'node:fs';`,
        `import { acquireDataLock } from ${JSON.stringify(path.resolve('src/db/data-lock.ts'))};`,
        `console.log('ready');`,
        `while (!existsSync(${JSON.stringify(path.join(dir, 'go'))})) await new Promise((r) => setTimeout(r, 2));`,
        'try {',
        `  acquireDataLock(${JSON.stringify(dir)}, { command: 'race' });`,
        `  console.log('locked');`,
        '  setInterval(() => {}, 1000);',
        `} catch { console.log('refused'); process.exit(3); }`,
      ].join('\n'),
    );
    const racers = Array.from({ length: 4 }, () => run([script], {}));
    const said = (word: string) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (racers.every((r) => r.output().includes(word) || r.output().includes('refused'))) {
            clearInterval(check);
            resolve();
          }
        }, 20);
      });
    await said('ready');
    writeFileSync(path.join(dir, 'go'), '');
    await said('locked');
    const results = racers.map((r) => r.output().replace('ready', '').trim());
    expect(results.filter((r) => r === 'locked')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(3);
    for (const racer of racers) racer.child.kill('SIGKILL');
  });
});
