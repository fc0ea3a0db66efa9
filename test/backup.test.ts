import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-lock.ts';
import { OPERATOR_TOKEN_HEADER, operatorTokenFile } from '../src/server/backup/backup.routes.ts';
import { PNG_PIXEL, uniqueEmail } from './factories.ts';
import { nodeProcesses, waitForHealth, withMigratedDatabase } from './processes.ts';
import { scaled } from './slow.ts';

// `npm run backup` and `npm run restore` as the operator runs them (decision 091): an online backup
// of the embedded database through the running server while six people write, restored into a
// fresh folder that Cadence then starts on, with every write acknowledged before the backup began.

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
const startServer = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  run(['src/server/main.ts'], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env });

/** Where a scenario runs: the embedded database (DATA_DIR only) or PostgreSQL (a database of its own each). */
interface Target {
  /** The source server's DATA_DIR and environment. */
  source: { dataDir: string; env: Record<string, string> };
  /** An empty target for the restore. */
  target: { dataDir: string; env: Record<string, string> };
  /** How the backup script says it made the backup. */
  how: string;
  /** How the restore script refuses a second restore over the first. */
  notEmpty: RegExp;
}

/** A new, empty PostgreSQL database on the server of DATABASE_URL; dropped after the file. */
const newPostgresDatabase = async () => {
  const url = process.env.DATABASE_URL!;
  const name = `cadence_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
};
const databases: string[] = [];
afterAll(async () => {
  if (databases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

type Json = { status: string; message?: string; result: Record<string, unknown> };
const api = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
  const response = await fetch(`${base}/api/v2${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Json };
};
const PASSWORD = 'backed-up-password';
const signIn = async (base: string, email: string) => {
  const answer = await api(base, 'POST', '/signin', { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return answer.json.result.accessToken as string;
};

/**
 * Six writers write while `npm run backup` runs; the backup is restored into an empty target,
 * Cadence starts on it, and every write acknowledged before the backup began is there, with the
 * attachment and a readable vault password.
 */
const liveBackupScenario = async ({ source, target, how, notEmpty }: Target) => {
  const dataDir = source.dataDir;
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port, source.env);
  await waitForHealth(base, scaled(120_000));
  expect(statSync(operatorTokenFile(dataDir)).mode & 0o777).toBe(0o600);

  const email = uniqueEmail('backup');
  const registered = await api(base, 'POST', '/register', {
    user: { firstName: 'Bea', lastName: 'Backup', email, password: PASSWORD },
    tenant: { name: 'Backed up' },
  });
  expect([200, 201]).toContain(registered.status);
  const token = await signIn(base, email);
  const userId = ((await api(base, 'GET', '/self', undefined, token)).json.result.user as { id: string }).id;
  const meeting = await api(
    base,
    'POST',
    '/meetings',
    {
      title: 'Leadership L10',
      sharepointUrl: 'meet.example.com/l10',
      operation: 'create',
      repeatType: 'weeks',
      repeatEvery: 1,
      startDate: '2026-01-05',
      startTime: '09:00',
      timezone: 'UTC',
      type: 'meeting',
      members: [],
    },
    token,
  );
  expect(meeting.status, JSON.stringify(meeting.json)).toBe(201);
  const meetingId = meeting.json.result.id as string;
  const vault = await api(
    base,
    'POST',
    `/meetings/${meetingId}/passwords`,
    { account: 'Bank', password: 'the-bank-secret-42' },
    token,
  );
  expect(vault.status, JSON.stringify(vault.json)).toBe(201);
  const entryId = vault.json.result.id as string;
  const card = await api(base, 'POST', '/tasks', { title: 'With a file', userId }, token);
  const form = new FormData();
  form.append('file', new Blob([PNG_PIXEL], { type: 'image/png' }), 'pixel.png');
  const uploaded = await fetch(`${base}/api/v2/tasks/${card.json.result.id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const attachmentId = ((await uploaded.json()) as Json).result.id as string;

  // Six writers, each writing cards one after another and noting when each was acknowledged.
  const acknowledged: { id: string; title: string; at: number }[] = [];
  let writing = true;
  const writers = Array.from({ length: 6 }, async (_, writer) => {
    for (let n = 0; writing; n++) {
      const title = `writer ${writer} card ${n}`;
      const answer = await api(base, 'POST', '/tasks', { title, userId }, token);
      expect(answer.status).toBe(201);
      acknowledged.push({ id: answer.json.result.id as string, title, at: Date.now() });
    }
  });
  // Enough writes before the backup begins to tell them apart, however busy the machine.
  const start = Date.now();
  while (Date.now() - start < 1500 || acknowledged.length <= 12)
    await new Promise((resolve) => setTimeout(resolve, 50));

  // The backup, while they write (the folder is locked to the server: the script asks it).
  const backupFile = path.join(tempDir('backup-file'), 'live.cadence');
  const began = Date.now();
  const backup = await run(['scripts/backup.ts', backupFile], { DATA_DIR: dataDir, ...source.env }).exited;
  const ended = Date.now();
  const writtenDuring = acknowledged.filter((write) => write.at > began && write.at < ended).length;
  writing = false;
  await Promise.all(writers);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(
    /^Backup written to .*live\.cadence \(.* MB, 3 parts, database at \d{4}_\w+, not encrypted\)/,
  );
  expect(backup.output).toContain(how);
  // The writers really wrote while it ran.
  expect(writtenDuring).toBeGreaterThan(0);
  const before = acknowledged.filter((write) => write.at < began);
  expect(before.length).toBeGreaterThan(12);

  // Never into the folder or database of a running server, nor over its data.
  const over = await run(['scripts/restore.ts', backupFile], { DATA_DIR: dataDir, ...source.env }).exited;
  expect(over.code).toBe(1);
  expect(over.stderr).toMatch(
    /^restore refused: (the data folder .* is in use by another Cadence process|the target is not empty)/,
  );

  // Restored into a fresh folder, then Cadence starts on it.
  const restoredDir = target.dataDir;
  const restore = await run(['scripts/restore.ts', backupFile], { DATA_DIR: restoredDir, ...target.env }).exited;
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toMatch(/Restored .* 1 attachments/);
  expect(existsSync(path.join(restoredDir, LOCK_FILE))).toBe(false);
  expect(statSync(path.join(restoredDir, 'vault-master.key')).mode & 0o777).toBe(0o600);
  // Restoring again over it is refused without --force, and changes nothing.
  const again = await run(['scripts/restore.ts', backupFile], { DATA_DIR: restoredDir, ...target.env }).exited;
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(notEmpty);

  server.child.kill('SIGTERM');
  await server.exited;
  const restoredPort = freePort();
  const restoredBase = `http://127.0.0.1:${restoredPort}`;
  const restored = startServer(restoredDir, restoredPort, target.env);
  await waitForHealth(restoredBase, scaled(120_000));
  const token2 = await signIn(restoredBase, email);
  for (let at = 0; at < before.length; at += 6) {
    await Promise.all(
      before.slice(at, at + 6).map(async (write) => {
        const answer = await api(restoredBase, 'GET', `/tasks/${write.id}`, undefined, token2);
        expect(answer.status, write.title).toBe(200);
        expect(answer.json.result.title).toBe(write.title);
      }),
    );
  }
  const revealed = await api(restoredBase, 'POST', `/passwords/${entryId}/reveal`, { purpose: 'reveal' }, token2);
  expect(revealed.status).toBe(200);
  expect(revealed.json.result.password).toBe('the-bank-secret-42');
  const file = await fetch(`${restoredBase}/api/v2/attachments/${attachmentId}/content`, {
    headers: { authorization: `Bearer ${token2}` },
  });
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(PNG_PIXEL)).toBe(true);

  // The backup route: the operator's token, or nothing (401); another token is refused.
  const wrong = await fetch(`${restoredBase}/api/v2/backup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_TOKEN_HEADER]: 'not-the-token' },
    body: '{}',
  });
  expect(wrong.status).toBe(401);
  restored.child.kill('SIGTERM');
  expect((await restored.exited).code).toBe(0);
};

describe('npm run backup and npm run restore on the embedded database', () => {
  it(
    'backs up online while six writers write; the restore starts with every acknowledged write, the attachment and readable vault entries',
    {
      timeout: scaled(240_000),
    },
    () =>
      liveBackupScenario({
        source: { dataDir: withMigratedDatabase(tempDir('backup-live')), env: {} },
        target: { dataDir: tempDir('backup-restored'), env: {} },
        how: 'online, through the running Cadence',
        notEmpty: /^restore refused: the target is not empty \(the embedded database .*--force/,
      }),
  );

  // The embedded database's own folder, backed up with no server running; the file's checks are
  // the same whatever made it (the PostgreSQL scenario below restores a pg_dump through them).
  it.skipIf(process.env.DATABASE_URL)(
    'refuses a backup with one byte changed, an encrypted one with a wrong passphrase, and writes nothing',
    {
      timeout: scaled(120_000),
    },
    async () => {
      // With no server running the script opens the data folder itself (taking its lock).
      const dataDir = withMigratedDatabase(tempDir('backup-offline'));
      const folder = tempDir('backup-files');
      const passphraseFile = path.join(folder, 'passphrase');
      writeFileSync(passphraseFile, 'a long enough passphrase\n', { mode: 0o600 });
      const plain = path.join(folder, 'plain.cadence');
      const encrypted = path.join(folder, 'encrypted.cadence');
      const nowhere = path.join(folder, 'no-such-folder');
      const none = await run(['scripts/backup.ts', plain], { DATA_DIR: nowhere }).exited;
      expect(none.code).toBe(1);
      expect(none.stderr).toBe(
        `backup did not run: there is no Cadence database in ${nowhere} (no db folder): set DATA_DIR to the folder Cadence uses.\n`,
      );
      expect(existsSync(nowhere)).toBe(false);
      const made = await run(['scripts/backup.ts', plain], { DATA_DIR: dataDir }).exited;
      expect(made.code, made.output).toBe(0);
      expect(made.output).toContain('the data folder opened directly (no Cadence was running)');
      const sealed = await run(['scripts/backup.ts', encrypted, '--passphrase-file', passphraseFile], {
        DATA_DIR: dataDir,
      }).exited;
      expect(sealed.code, sealed.output).toBe(0);
      expect(sealed.output).toContain(', encrypted)');
      expect(readFileSync(encrypted).includes(Buffer.from('pglite'))).toBe(false);

      const size = statSync(plain).size;
      for (const [name, index] of [
        ['inside the database', Math.floor(size / 2)],
        ['in the manifest', size - 36 - 20],
      ] as const) {
        const bytes = readFileSync(plain);
        bytes[index] = bytes[index]! ^ 0x01;
        const damaged = path.join(folder, `damaged-${index}.cadence`);
        writeFileSync(damaged, bytes);
        const target = tempDir('backup-refused');
        const refused = await run(['scripts/restore.ts', damaged], { DATA_DIR: target }).exited;
        expect(refused.code, name).toBe(1);
        expect(refused.stderr, name).toMatch(/^restore refused: the backup file is damaged or not a Cadence backup: /);
        expect(existsSync(path.join(target, 'db')), name).toBe(false);
      }
      const wrongFile = path.join(folder, 'wrong');
      writeFileSync(wrongFile, 'not the passphrase at all\n');
      const wrong = await run(['scripts/restore.ts', encrypted, '--passphrase-file', wrongFile], {
        DATA_DIR: tempDir('backup-wrong'),
      }).exited;
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toBe(
        'restore refused: the backup could not be decrypted: the passphrase is wrong, or the file was changed or damaged.\n',
      );
      const noPassphrase = await run(['scripts/restore.ts', encrypted], { DATA_DIR: tempDir('backup-none') }).exited;
      expect(noPassphrase.stderr).toBe(
        'restore refused: the backup is encrypted: set BACKUP_PASSPHRASE or give --passphrase-file.\n',
      );
      const rightDir = tempDir('backup-right');
      const right = await run(['scripts/restore.ts', encrypted], {
        DATA_DIR: rightDir,
        BACKUP_PASSPHRASE: 'a long enough passphrase',
      }).exited;
      expect(right.code, right.output).toBe(0);
      // --force replaces what a first restore put there.
      const forced = await run(['scripts/restore.ts', plain, '--force'], { DATA_DIR: rightDir }).exited;
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain('--force: replacing the embedded database');
    },
  );
});

// On PostgreSQL (npm run test:pg): pg_dump's snapshot while six write, pg_restore into an empty database.
describe.runIf(process.env.DATABASE_URL)('npm run backup and npm run restore on PostgreSQL', () => {
  it('backs up while six writers write; the restore into an empty database starts with every acknowledged write', {
    timeout: scaled(240_000),
  }, async () => {
    const sourceUrl = await newPostgresDatabase();
    const targetUrl = await newPostgresDatabase();
    await liveBackupScenario({
      source: { dataDir: tempDir('backup-pg-live'), env: { DATABASE_URL: sourceUrl } },
      target: { dataDir: tempDir('backup-pg-restored'), env: { DATABASE_URL: targetUrl } },
      how: 'pg_dump of the PostgreSQL database',
      notEmpty: /^restore refused: the target is not empty \(the database at DATABASE_URL has tables; .*--force/,
    });
  });
});

describe('scheduled backups of a running server', () => {
  it('makes a backup soon after a start that finds none, and a failing one shows in GET /api/health', {
    timeout: scaled(180_000),
  }, async () => {
    const health = async (base: string) =>
      ((await (await fetch(`${base}/api/health`)).json()) as { result: { backups?: Record<string, unknown> } }).result
        .backups;
    const until = async (base: string, done: (backups: Record<string, unknown>) => boolean) => {
      const end = Date.now() + scaled(90_000);
      for (;;) {
        const backups = await health(base);
        if (backups && done(backups)) return backups;
        if (Date.now() > end) throw new Error(`health never said so: ${JSON.stringify(backups)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    // One server with a backup folder it can write, one whose BACKUP_DIR is under a file.
    const good = { dataDir: withMigratedDatabase(tempDir('backup-scheduled')), port: freePort() };
    const backupDir = path.join(tempDir('backup-dir'), 'backups');
    const bad = { dataDir: withMigratedDatabase(tempDir('backup-failing')), port: freePort() };
    const blocker = path.join(bad.dataDir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const servers = [
      startServer(good.dataDir, good.port, { BACKUP_DIR: backupDir, BACKUP_SCHEDULE: '03:00' }),
      startServer(bad.dataDir, bad.port, { BACKUP_DIR: path.join(blocker, 'backups') }),
    ];
    const goodBase = `http://127.0.0.1:${good.port}`;
    const badBase = `http://127.0.0.1:${bad.port}`;
    await Promise.all([waitForHealth(goodBase, scaled(120_000)), waitForHealth(badBase, scaled(120_000))]);

    const [made, failed] = await Promise.all([
      until(goodBase, (backups) => backups.lastSuccessAt !== null),
      until(badBase, (backups) => backups.lastFailed === true),
    ]);
    expect(made).toMatchObject({ lastFailed: false, ageSeconds: expect.any(Number), nextAt: expect.any(String) });
    expect(new Date(made.nextAt as string).getHours()).toBe(3);
    const files = readdirSync(backupDir);
    expect(files).toEqual([expect.stringMatching(/^cadence-backup-\d{8}-\d{6}Z\.cadence$/)]);
    expect(statSync(path.join(backupDir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(failed).toMatchObject({ lastSuccessAt: null, ageSeconds: null, lastFailedAt: expect.any(String) });
    // The server still serves: a failed backup is no reason to take it out of a load balancer.
    expect((await fetch(`${badBase}/api/health`)).status).toBe(200);
    for (const server of servers) server.child.kill('SIGTERM');
    for (const server of servers) expect((await server.exited).code).toBe(0);
    // The log tells why (without the folder's contents or any secret).
    expect(servers[1]!.output()).toContain('scheduled backup failed');
  });
});
