import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { capturedLogger, testConfig, workerDatabase } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { type Database, openPglite } from '../../../db/client.ts';
import { buildApp } from '../../../server/app.ts';
import { createMailer } from '../../../server/mail/mailer.ts';

// The leak drill: after entries are created, revealed and copied, a full copy of the
// database — pg_dump on PostgreSQL, the data directory of the embedded one — and the server's
// log (at its most verbose) hold none of the passwords, though they do hold the entries.

const run = promisify(execFile);

/** Every file under `dir`, as one buffer each. */
const filesUnder = (dir: string): Buffer[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).size > 0)
    .map((file) => readFileSync(file));

const containsText = (buffers: Buffer[], text: string) => buffers.some((buffer) => buffer.includes(text, 0, 'utf8'));

describe('leak drill', () => {
  it('keeps every password out of the database copy and the log', { timeout: 120_000 }, async () => {
    const url = process.env.DATABASE_URL;
    let database: Database;
    let dir: string | undefined;
    if (url) database = await workerDatabase();
    else {
      dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-leak-'));
      cpSync(inject('pgliteTemplate'), dir, { recursive: true });
      database = await openPglite(dir);
    }
    const { logger, lines } = capturedLogger();
    const app = await buildApp({
      database,
      config: testConfig(),
      mailer: createMailer(undefined, logger),
      logger,
    });
    const leader = await signUp(app);
    const meeting = await createMeeting(leader);
    const marker = randomUUID().slice(0, 8);
    const account = `Leak drill account ${marker}`;
    const passwords = [`Plain-${marker}-one`, `Plain-${marker}-two`, `Plain-${marker}-changed`];
    const created = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/passwords`, {
      account,
      password: passwords[0],
    });
    expect(created.status).toBe(201);
    const other = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/passwords`, {
      account: `${account} 2`,
      password: passwords[1],
    });
    const id = created.body.result.id;
    expect((await leader.api.patch(`/passwords/${id}`, { password: passwords[2] })).status).toBe(200);
    expect((await leader.api.post<{ password: string }>(`/passwords/${id}/reveal`, {})).body.result.password).toBe(
      passwords[2],
    );
    await leader.api.post(`/passwords/${other.body.result.id}/reveal`, { purpose: 'copy' });
    await app.close();

    let copy: Buffer[];
    if (url) {
      const { stdout } = await run('pg_dump', ['--no-owner', '--data-only', url], { maxBuffer: 512 * 1024 * 1024 });
      copy = [Buffer.from(stdout)];
    } else {
      await database.close();
      copy = filesUnder(dir!);
      rmSync(dir!, { recursive: true, force: true });
    }
    // The copy holds the entries (the drill looks in the right place)…
    expect(containsText(copy, account)).toBe(true);
    expect(lines.length).toBeGreaterThan(10);
    // …and none of their passwords.
    for (const password of passwords) {
      expect(containsText(copy, password), password).toBe(false);
      expect(lines.filter((line) => line.includes(password))).toEqual([]);
    }
  });
});
