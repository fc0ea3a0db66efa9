import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { nodeProcesses } from '../../../../test/processes.ts';
import { type Database, openDatabase, openPostgres } from '../../../db/client.ts';
import { migrate } from '../../../db/migrate.ts';
import { vaultEntries, vaultKeys } from '../../../db/schema/index.ts';
import { buildApp } from '../../../server/app.ts';
import { dataMigrations } from '../../../server/data-migrations.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import {
  ensureSecrets,
  keyIdOf,
  masterKeyFile,
  nextMasterKeyFile,
  previousMasterKeyFile,
  type VaultKeyring,
} from '../../../server/secrets.ts';
import type { Revealed } from '../vault.schemas.ts';
import { keyBinding, open } from './vault.crypto.ts';

// `npm run vault:keys -- rotate-master` as an operator runs it (decision 045): the script in a
// process of its own, against a data folder (and, on PostgreSQL, a database) of its own, since it
// re-wraps EVERY workspace's key. Two workspaces with passwords; after the rotation every password
// still reads, and the old master key opens none of the workspace keys. Both of its modes: the
// key file in DATA_DIR, then VAULT_MASTER_KEY with VAULT_PREVIOUS_MASTER_KEY. And
// `rotate-workspace <id>` the same way: one workspace's passwords re-encrypted, all still read.

const run = nodeProcesses();
const quiet = { info: () => {}, warn: () => {} };

/** A database of its own: a copy of the template in `dataDir/db`, or a new PostgreSQL database. */
const ownDatabase = async (dataDir: string) => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    cpSync(inject('pgliteTemplate'), path.join(dataDir, 'db'), { recursive: true });
    const env: Record<string, string> = {};
    return { env, open: () => openDatabase({ databaseUrl: undefined, dataDir }), drop: async () => {} };
  }
  const name = `cadence_rotate_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, 1);
  await admin.pool!.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const ownUrl = own.toString();
  const drop = async () => {
    await admin.pool!.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  };
  const migrated = await openPostgres(ownUrl, 2); // migrate() holds one client for its lock
  try {
    await migrate(migrated, { dataMigrations });
  } catch (error) {
    await migrated.close();
    await drop();
    throw error;
  }
  await migrated.close();
  return {
    env: { DATABASE_URL: ownUrl } as Record<string, string>,
    open: () => openPostgres(ownUrl, 6), // the app's socket.io adapter keeps one client listening
    drop,
  };
};

const appOn = (database: Database, dataDir: string, vaultKeyring?: VaultKeyring) =>
  buildApp({ database, config: testConfig({ dataDir }), mailer: createMailer(undefined, quiet), vaultKeyring });

const reveal = async (app: FastifyInstance, who: SignedUp, id: string) => {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/v2/passwords/${id}/reveal`,
    headers: { authorization: `Bearer ${who.token}` },
    payload: {},
  });
  return { status: answer.statusCode, password: (answer.json() as { result?: Revealed }).result?.password };
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run vault:keys -- rotate-master', () => {
  it('re-wraps every workspace key: every password still reads, the old master key opens none', {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-rotate-'));
    dirs.push(dataDir);
    const own = await ownDatabase(dataDir);
    try {
      // Two workspaces, each with passwords, written under the key file's master key.
      let database = await own.open();
      let app = await appOn(database, dataDir);
      const stored: { who: SignedUp; id: string; password: string }[] = [];
      for (const name of ['North', 'South']) {
        const leader = await signUp(app);
        const meeting = await createMeeting(leader);
        for (const n of [1, 2]) {
          const password = `${name}-secret-${n}-${randomBytes(4).toString('hex')}`;
          const created = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/passwords`, {
            account: `${name} ${n}`,
            password,
          });
          expect(created.status).toBe(201);
          stored.push({ who: leader, id: created.body.result.id, password });
        }
      }
      const firstKey = (await ensureSecrets(dataDir, {})).vault.current;
      const wrappedBefore = await database.db.select().from(vaultKeys);
      expect(wrappedBefore.map((row) => row.masterKeyId)).toEqual([keyIdOf(firstKey), keyIdOf(firstKey)]);
      await app.close();
      await database.close();

      // 1. The key file: the script makes a new one, re-wraps, swaps the files.
      const byFile = await run(['scripts/vault-keys.ts', 'rotate-master'], { DATA_DIR: dataDir, ...own.env }).exited;
      expect(byFile.stderr).toBe('');
      expect(byFile.code).toBe(0);
      expect(byFile.output).toContain('2 workspace keys wrapped with a new master key');
      const secondKey = Buffer.from(readFileSync(masterKeyFile(dataDir), 'utf8').trim(), 'base64');
      expect(secondKey.equals(firstKey)).toBe(false);
      expect(existsSync(nextMasterKeyFile(dataDir))).toBe(false);
      expect(existsSync(previousMasterKeyFile(dataDir))).toBe(false);

      database = await own.open();
      const wrapped = await database.db.select().from(vaultKeys);
      expect(wrapped).toHaveLength(2);
      for (const row of wrapped) {
        expect(row.masterKeyId).toBe(keyIdOf(secondKey));
        expect(() => open(firstKey, row.wrappedKey, keyBinding(row.tenantId))).toThrow();
        expect(open(secondKey, row.wrappedKey, keyBinding(row.tenantId))).toHaveLength(32);
      }
      app = await appOn(database, dataDir); // the key file as the server reads it
      for (const entry of stored)
        expect(await reveal(app, entry.who, entry.id)).toEqual({ status: 200, password: entry.password });
      const withOldKey = await appOn(database, dataDir, { current: firstKey, previous: [] });
      for (const entry of stored) expect((await reveal(withOldKey, entry.who, entry.id)).status).toBe(500);
      await Promise.all([app.close(), withOldKey.close()]);
      await database.close();

      // 2. The environment: the new key in VAULT_MASTER_KEY, the one in use as the previous one.
      const thirdKey = randomBytes(32);
      const byEnv = await run(['scripts/vault-keys.ts', 'rotate-master'], {
        DATA_DIR: dataDir,
        ...own.env,
        VAULT_MASTER_KEY: thirdKey.toString('base64'),
        VAULT_PREVIOUS_MASTER_KEY: secondKey.toString('base64'),
      }).exited;
      expect(byEnv.stderr).toBe('');
      expect(byEnv.code).toBe(0);
      expect(byEnv.output).toContain('2 workspace keys wrapped with VAULT_MASTER_KEY');
      database = await own.open();
      app = await appOn(database, dataDir, { current: thirdKey, previous: [] });
      for (const entry of stored)
        expect(await reveal(app, entry.who, entry.id)).toEqual({ status: 200, password: entry.password });
      const withSecondKey = await appOn(database, dataDir, { current: secondKey, previous: [] });
      for (const entry of stored) expect((await reveal(withSecondKey, entry.who, entry.id)).status).toBe(500);
      for (const row of await database.db.select().from(vaultKeys))
        expect(() => open(secondKey, row.wrappedKey, keyBinding(row.tenantId))).toThrow();
      await Promise.all([app.close(), withSecondKey.close()]);
      await database.close();
    } finally {
      await own.drop();
    }
  });
});

describe('npm run vault:keys -- rotate-workspace <id>', () => {
  it("re-encrypts one workspace's passwords under a new data key: they still read, the other workspace is untouched", {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-rotate-ws-'));
    dirs.push(dataDir);
    const own = await ownDatabase(dataDir);
    try {
      let database = await own.open();
      let app = await appOn(database, dataDir);
      const workspaces: { who: SignedUp; entries: { id: string; password: string }[] }[] = [];
      for (const name of ['Rotated', 'Other']) {
        const leader = await signUp(app);
        const meeting = await createMeeting(leader);
        const entries: { id: string; password: string }[] = [];
        for (const n of [1, 2, 3]) {
          const password = `${name}-secret-${n}-${randomBytes(4).toString('hex')}`;
          const created = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/passwords`, {
            account: `${name} ${n}`,
            password,
          });
          expect(created.status).toBe(201);
          entries.push({ id: created.body.result.id, password });
        }
        workspaces.push({ who: leader, entries });
      }
      const [rotated, other] = workspaces as [(typeof workspaces)[0], (typeof workspaces)[0]];
      const stored = async () =>
        new Map(
          (await database.db.select({ id: vaultEntries.id, secret: vaultEntries.secret }).from(vaultEntries)).map(
            (row) => [row.id, row.secret.toString('hex')],
          ),
        );
      const keysNow = async () =>
        new Map((await database.db.select().from(vaultKeys)).map((row) => [row.tenantId, row]));
      const secretsBefore = await stored();
      const keysBefore = await keysNow();
      // The embedded database's data lock: the operator stops the server first.
      await app.close();
      await database.close();

      // An id that is not a UUID is refused before anything is opened.
      const refused = await run(['scripts/vault-keys.ts', 'rotate-workspace', 'not-an-id'], {
        DATA_DIR: dataDir,
        ...own.env,
      }).exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('rotate-workspace needs the workspace id');

      const done = await run(['scripts/vault-keys.ts', 'rotate-workspace', rotated.who.tenantId], {
        DATA_DIR: dataDir,
        ...own.env,
      }).exited;
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(done.output).toContain('workspace key now version 2; 3 passwords re-encrypted');

      database = await own.open();
      const secretsAfter = await stored();
      const keysAfter = await keysNow();
      for (const entry of rotated.entries) expect(secretsAfter.get(entry.id)).not.toBe(secretsBefore.get(entry.id));
      for (const entry of other.entries) expect(secretsAfter.get(entry.id)).toBe(secretsBefore.get(entry.id));
      expect(keysAfter.get(rotated.who.tenantId)?.version).toBe(2);
      expect(
        keysAfter.get(rotated.who.tenantId)?.wrappedKey.equals(keysBefore.get(rotated.who.tenantId)!.wrappedKey),
      ).toBe(false);
      expect(keysAfter.get(other.who.tenantId)).toEqual(keysBefore.get(other.who.tenantId));

      app = await appOn(database, dataDir);
      for (const { who, entries } of workspaces)
        for (const entry of entries)
          expect(await reveal(app, who, entry.id)).toEqual({ status: 200, password: entry.password });
      await app.close();
      await database.close();
    } finally {
      await own.drop();
    }
  });
});
