import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, compiledServer } from '../scripts/server-build.mjs';
import { serverMessages } from '../src/server/server.messages.ts';
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

  it('answers at once with a page that says it is starting, then serves Cadence on the same port', {
    timeout: scaled(120_000),
  }, async () => {
    // A new data folder: the embedded database is made, the seconds a first start spends.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-first-'));
    // A client already built (a build here would take a minute of the suite).
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Cadence</title>');
    const port = String(3900 + Math.floor(Math.random() * 90));
    const base = `http://127.0.0.1:${port}`;
    const began = Date.now();
    const server = run(['src/server/main.ts', '--build-client-if-missing'], {
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: port,
      HOST: '127.0.0.1',
    });
    const seen: string[] = [];
    let firstAnswerMs = 0;
    while (Date.now() - began < scaled(90_000)) {
      const answer = await fetch(`${base}/`).catch(() => null);
      if (answer) {
        firstAnswerMs ||= Date.now() - began;
        const text = await answer.text();
        const kind =
          answer.status === 503 && text.includes(serverMessages.preparingTitle) ? 'starting' : String(answer.status);
        if (seen.at(-1) !== kind) seen.push(kind);
        if (answer.status === 200) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toEqual(['starting', '200']);
    // Before the embedded database was made and the server loaded.
    expect(firstAnswerMs).toBeLessThan(scaled(8_000));
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
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

describe('what the start prints', () => {
  const freePort = () => String(3900 + Math.floor(Math.random() * 90));

  it(
    'is one JSON object a line when standard output is not a terminal, ending with the address to open',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-json-'));
      const port = freePort();
      const server = start({ DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
      await waitForHealth(`http://127.0.0.1:${port}`);
      const until = Date.now() + 10_000;
      while (!server.output().includes('Cadence is running') && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGTERM');
      const { output } = await server.exited;
      const lines = output.trim().split('\n');
      const objects = lines.map((line) => JSON.parse(line) as { msg: string; url?: string });
      // The start ends with the address (what follows is the stop's own lines, after SIGTERM).
      const running = objects.findIndex((line) => line.msg.startsWith('Cadence is running'));
      expect(running).toBeGreaterThan(objects.findIndex((line) => line.msg.startsWith('Server listening')));
      expect(objects[running]).toMatchObject({
        msg: `Cadence is running at http://localhost:${port}`,
        url: `http://localhost:${port}`,
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
    scaled(120_000),
  );

  // `script` gives the server a terminal, as a person's `npm start` has.
  it.runIf(existsSync('/usr/bin/script'))(
    'is human lines on a terminal, ending with "Cadence is running at" the public address',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-tty-'));
      const port = freePort();
      const command = `${process.execPath} --import tsx src/server/main.ts`;
      const child = spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          PORT: port,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          PUBLIC_URL: 'https://cadence.example.com',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitForHealth(`http://127.0.0.1:${port}`);
        const until = Date.now() + 10_000;
        while (!output.includes('Cadence is running') && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
      const text = output.replaceAll(String.fromCharCode(27), '').replace(/\[[0-9;]*m/g, '');
      expect(text).toContain('\nCadence is running at https://cadence.example.com\r\n');
      expect(text).not.toMatch(/^\{"level"/m);
      expect(text).toMatch(/INFO.*Server listening/);
      rmSync(dataDir, { recursive: true, force: true });
    },
    scaled(120_000),
  );
});

describe('the compiled server (decision 130)', () => {
  // Inside the checkout, so the bundle finds node_modules as dist/server does.
  const outDir = path.resolve(`dist/server-test-${process.pid}`);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('starts without tsx and answers /api/health; a bad start says the same one line', {
    timeout: scaled(180_000),
  }, async () => {
    await buildServer(outDir);
    const dataDir = withMigratedDatabase(mkdtempSync(path.join(os.tmpdir(), 'cadence-compiled-')));
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Cadence</title>');
    const port = String(3900 + Math.floor(Math.random() * 90));
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', path.join(outDir, 'main.js'), '--build-client-if-missing'],
      {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, CLIENT_DIR: clientDir, PORT: port, HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(((await health.json()) as { result: { status: string } }).result.status).toBe('ok');
      // The migrations are read from src/db/migrations, where the bundle's source said.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);

    // A bad start, through the compiled code: the same one line and exit code.
    const bad = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'main.js')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: 'eighty' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bad.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await new Promise((resolve) => bad.once('exit', resolve))).toBe(1);
    expect(stderr).toBe('Cadence did not start: PORT must be a whole number from 1 to 65535\n');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is used only while it is newer than every source it was built from', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-compiled-check-'));
    expect(compiledServer(dir).fresh).toBe(false);
    mkdirSync(dir, { recursive: true });
    const main = path.join(dir, 'main.js');
    writeFileSync(main, '');
    writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify(['package.json']));
    const setBuiltAt = (at: Date) => utimesSync(main, at, at);
    setBuiltAt(new Date(statSync('package.json').mtimeMs + 1000));
    expect(compiledServer(dir).fresh).toBe(true);
    setBuiltAt(new Date(statSync('package.json').mtimeMs - 1000));
    expect(compiledServer(dir).fresh).toBe(false);
    setBuiltAt(new Date(Date.now() + 60_000));
    writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify(['src/no-such-file.ts']));
    expect(compiledServer(dir).fresh).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
