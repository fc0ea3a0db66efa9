import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './factories.ts';
import { nodeProcesses, waitForHealth, withMigratedDatabase } from './processes.ts';
import { scaled } from './slow.ts';

// `src/server/main.ts` as `npm start` runs it, in a child process.

const run = nodeProcesses();
const start = (env: Record<string, string>) => run(['src/server/main.ts'], env);

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}/api/v2${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('starting Cadence', () => {
  it.each([
    [{ PORT: 'eighty' }, /^Cadence did not start: PORT must be a whole number from 1 to 65535\n$/],
    [{ PORT: '70000' }, /^Cadence did not start: PORT must be a whole number from 1 to 65535\n$/],
    [{ DATABASE_URL: 'mysql://nope' }, /^Cadence did not start: DATABASE_URL must look like postgres:\/\/.*\n$/],
    [
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/cadence' },
      /^Cadence did not start: cannot open the database at 127\.0\.0\.1:1: .*\n$/,
    ],
  ])('stops with one line and a non-zero exit for %o', async (env, line) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bad-'));
    const { code, stderr } = await start({ DATA_DIR: dataDir, ...env }).exited;
    expect(code).not.toBe(0);
    expect(stderr).toMatch(line);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every row across a restart on the embedded database, with its secret file private', {
    timeout: scaled(120_000),
  }, async () => {
    const dataDir = withMigratedDatabase(mkdtempSync(path.join(os.tmpdir(), 'cadence-restart-')));
    const port = String(3900 + Math.floor(Math.random() * 90));
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1' };
    const email = uniqueEmail('restart');

    const first = start(env);
    await waitForHealth(base);
    const registered = await post(base, '/register', {
      user: { firstName: 'Re', lastName: 'Start', email, password: 'persistent' },
      tenant: { name: 'Durable' },
    });
    expect(registered.status).toBe(201);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(statSync(path.join(dataDir, 'vault-master.key')).mode & 0o777).toBe(0o600);

    const second = start(env);
    await waitForHealth(base);
    const signedIn = await post(base, '/signin', { email, password: 'persistent' });
    expect(signedIn.status).toBe(200);
    const token = ((await signedIn.json()) as { result: { accessToken: string } }).result.accessToken;
    const self = await fetch(`${base}/api/v2/self`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await self.json()) as { result: { tenant: { name: string } } }).result.tenant.name).toBe('Durable');
    second.child.kill('SIGTERM');
    await second.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
});
