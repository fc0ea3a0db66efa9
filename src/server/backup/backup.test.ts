import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { signUp } from '../../../test/factories.ts';
import { earlierMigrations } from '../../../test/migrations.ts';
import { pgDatabases } from '../../../test/pg-databases.ts';
import { nodeProcesses } from '../../../test/processes.ts';
import { scaled } from '../../../test/slow.ts';
import { type Database, openPglite } from '../../db/client.ts';
import { knownMigrations, MigrationError, migrate, migrationLevel, migrationsFolder } from '../../db/migrate.ts';
import { notifications } from '../../db/schema/index.ts';
import { notifyBackupFailed } from '../../features/notifications/server/server-notices.ts';
import { buildApp } from '../app.ts';
import { dataMigrations } from '../data-migrations.ts';
import { jobDepsOf } from '../jobs/jobTransaction.ts';
import { createMailer } from '../mail/mailer.ts';
import { createBackupFile, PGLITE_PART, POSTGRES_PART } from './backup.create.ts';
import {
  backupBytes,
  decryptBackupFile,
  ENCRYPTED_MAGIC,
  type Manifest,
  verifyBackupFile,
  writeBackupFile,
} from './backup.format.ts';
import { backupSourceOf, ensureOperatorToken, OPERATOR_TOKEN_HEADER } from './backup.routes.ts';
import { type BackupScheduleConfig, createBackupScheduler } from './backup.schedule.ts';
import { DEFAULT_RETENTION } from './retention.ts';

// The backup route (who may download the server), scheduled backups in GET /api/health and the
// admins' notice of a failed one, the migration level a restore checks, and upgrades that fail
// whole (decision 091). Each test has a database of its own: "every workspace" means this server's.

const run = nodeProcesses();
const folders: string[] = [];
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cadence-${name}-`));
  folders.push(dir);
  return dir;
};
const newPgDatabase = pgDatabases();

/**
 * A migrated, empty database of this test's own: a copy of the suite's template, or on PostgreSQL
 * (npm run test:pg) a new database on the same server. Its URL when on PostgreSQL.
 */
const freshDatabase = async (): Promise<{ database: Database; databaseUrl: string | undefined }> => {
  if (!process.env.DATABASE_URL) {
    const dir = tempDir('backup-db');
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const database = await openPglite(dir);
    opened.push(database);
    return { database, databaseUrl: undefined };
  }
  const { database, url } = await newPgDatabase('cadence_backup', 6);
  opened.push(database);
  await migrate(database, { dataMigrations });
  return { database, databaseUrl: url };
};
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('the backup route and scheduled backups', () => {
  it('lets the operator and the admin of every workspace download the server, tells health and the admins of a failed scheduled backup', {
    timeout: scaled(120_000),
  }, async () => {
    const dataDir = tempDir('backup-data');
    const { database, databaseUrl } = await freshDatabase();
    const config = testConfig({ dataDir, databaseUrl });
    const schedule: BackupScheduleConfig = {
      dir: path.join(dataDir, 'not-a-folder', 'backups'),
      at: { hour: 3, minute: 0 },
      keep: DEFAULT_RETENTION,
      passphrase: undefined,
    };
    writeFileSync(path.join(dataDir, 'not-a-folder'), 'a file where the folder should be');
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    const scheduler = createBackupScheduler({
      config: schedule,
      source: () => backupSourceOf(database, config, {}),
      log: quiet,
      onFailure: (reason) => notifyBackupFailed(jobDepsOf(app!), reason),
    });
    app = await buildApp({
      database,
      config,
      mailer: createMailer(undefined, quiet),
      backupHealth: scheduler.health,
    });
    const health = async () => {
      const answer = await app!.inject({ method: 'GET', url: '/api/health' });
      expect(answer.statusCode).toBe(200);
      return answer.json().result.backups;
    };
    const backup = (headers: Record<string, string>, payload: object = {}) =>
      app!.inject({ method: 'POST', url: '/api/v2/backup', headers, payload });

    expect(await health()).toEqual({
      lastSuccessAt: null,
      ageSeconds: null,
      lastFailed: false,
      lastFailedAt: null,
      nextAt: null,
    });
    const ada = await signUp(app, { firstName: 'Ada', workspace: 'The only one' });
    const bearer = { authorization: `Bearer ${ada.token}` };

    // A failed scheduled backup: logged, in health (still 200: the server serves), and told to Ada.
    const failed = await scheduler.runOnce();
    expect(failed).toMatchObject({ ok: false, error: expect.stringMatching(/ENOTDIR|not a directory/) });
    expect(await health()).toMatchObject({ lastSuccessAt: null, lastFailed: true, lastFailedAt: expect.any(String) });
    const told = await database.db
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.receiverId, ada.userId), eq(notifications.kind, 'backupFailed')));
    expect(told).toEqual([
      {
        message: expect.stringMatching(/^The scheduled backup of this Cadence server failed: .*not a directory/),
        link: '/settings/administration',
      },
    ]);
    // The next one succeeds: its age, no failure, and the file in BACKUP_DIR.
    schedule.dir = path.join(dataDir, 'backups');
    const good = await scheduler.runOnce();
    expect(good.ok).toBe(true);
    expect(await health()).toMatchObject({ lastFailed: false, lastFailedAt: null, ageSeconds: expect.any(Number) });
    expect((await health()).ageSeconds).toBeLessThan(60);
    expect(readdirSync(schedule.dir)).toEqual([expect.stringMatching(/^cadence-backup-\d{8}-\d{6}Z\.cadence$/)]);

    // Who may download it: nobody signed out; a bad passphrase is a 400.
    expect((await backup({})).statusCode).toBe(401);
    const short = await backup(bearer, { passphrase: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { passphrase: 'The passphrase must have at least 12 characters' } });
    // Ada administers every workspace there is: her download is a whole, checked backup.
    const mine = await backup(bearer);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="cadence-backup-\d{8}T\d{6}\.cadence"$/);
    const file = path.join(dataDir, 'downloaded.cadence');
    writeFileSync(file, mine.rawPayload);
    const { manifest } = await verifyBackupFile(file);
    expect(manifest).toMatchObject({
      database: { kind: database.kind, part: databaseUrl ? POSTGRES_PART : PGLITE_PART },
      migration: { tag: knownMigrations().at(-1)!.tag, count: knownMigrations().length },
      vaultKey: 'included',
    });
    // Encrypted with the passphrase she gives.
    const sealed = await backup(bearer, { passphrase: 'a passphrase of hers' });
    expect(sealed.statusCode).toBe(200);
    expect(sealed.rawPayload.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    writeFileSync(file, sealed.rawPayload);
    await decryptBackupFile(file, `${file}.plain`, 'a passphrase of hers');
    expect((await verifyBackupFile(`${file}.plain`)).manifest.parts).toHaveLength(2);

    // A second workspace of someone else: neither admin administers every workspace any more.
    const bob = await signUp(app, { firstName: 'Bob', workspace: 'Another' });
    expect((await backup(bearer)).statusCode).toBe(403);
    const refused = await backup({ authorization: `Bearer ${bob.token}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Only the server's operator, or a person who is the admin of every workspace on this server, may download its backup.",
    );
    // The operator's token (DATA_DIR/backup.token) always may.
    const token = ensureOperatorToken(dataDir);
    expect((await backup({ [OPERATOR_TOKEN_HEADER]: token })).statusCode).toBe(200);
    const wrong = await backup({ [OPERATOR_TOKEN_HEADER]: `${token.slice(1)}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(
      "The operator token is not this server's: read it from DATA_DIR/backup.token of the running Cadence.",
    );
    // No body at all (curl -X POST) is the same as {}.
    const bare = await app.inject({
      method: 'POST',
      url: '/api/v2/backup',
      headers: { [OPERATOR_TOKEN_HEADER]: token },
    });
    expect(bare.statusCode).toBe(200);
    await app.close();
  });
});

describe('migration levels', () => {
  it('refuses a backup from a newer migration level with a clear message, and writes nothing', {
    timeout: scaled(60_000),
  }, async () => {
    const folder = tempDir('backup-newer');
    const newest = knownMigrations().at(-1)!;
    const manifest: Omit<Manifest, 'parts'> = {
      format: 'cadence-backup',
      formatVersion: 1,
      cadenceVersion: '9.0.0',
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', part: PGLITE_PART },
      migration: { tag: '0099_from_the_future', when: newest.when + 1000, count: 100 },
      vaultKey: 'separate',
      notes: [],
    };
    const file = path.join(folder, 'newer.cadence');
    const dump = Buffer.from('not a real dump: the level is refused before it is read');
    await writeBackupFile(
      file,
      backupBytes([{ name: PGLITE_PART, size: dump.length, bytes: () => [dump] }], manifest),
      undefined,
    );
    const target = path.join(folder, 'data');
    const refused = await run(['scripts/restore.ts', file], { DATA_DIR: target }).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'restore refused: the backup was made by a newer version of Cadence (9.0.0, database at migration ' +
        `0099_from_the_future); this one knows migrations up to ${newest.tag}. Upgrade Cadence first, then restore.\n`,
    );
    expect(existsSync(path.join(target, 'db'))).toBe(false);
  });

  it('leaves the target empty when a whole backup cannot be loaded', { timeout: scaled(60_000) }, async () => {
    const folder = tempDir('backup-unloadable');
    const newest = knownMigrations().at(-1)!;
    const key = Buffer.from(`${randomBytes(32).toString('base64')}\n`);
    const dump = Buffer.from('checksums match, but this is no data folder');
    const file = path.join(folder, 'unloadable.cadence');
    await writeBackupFile(
      file,
      backupBytes(
        [
          { name: PGLITE_PART, size: dump.length, bytes: () => [dump] },
          { name: 'attachments/t/a-file', size: 3, bytes: () => [Buffer.from('abc')] },
          { name: 'secrets/vault-master.key', size: key.length, bytes: () => [key] },
        ],
        {
          format: 'cadence-backup',
          formatVersion: 1,
          cadenceVersion: '0.1.0',
          createdAt: new Date().toISOString(),
          database: { kind: 'pglite', part: PGLITE_PART },
          migration: { tag: newest.tag, when: newest.when, count: knownMigrations().length },
          vaultKey: 'included',
          notes: [],
        },
      ),
      undefined,
    );
    const target = path.join(folder, 'data');
    const failed = await run(['scripts/restore.ts', file], { DATA_DIR: target }).exited;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^restore failed: /);
    expect(readdirSync(target)).toEqual([]);
  });

  it('restores a backup from an earlier migration level and migrates it forward with its data', {
    timeout: scaled(120_000),
  }, async () => {
    // A database made by an earlier Cadence: only the first migrations, and a workspace in it.
    const known = knownMigrations();
    const earlier = earlierMigrations(tempDir('migrations'), known.length - 6);
    const dir = tempDir('backup-earlier');
    const old = await openPglite(path.join(dir, 'db'));
    opened.push(old);
    await migrate(old, { dataMigrations: [], migrationsFolder: earlier });
    await old.db.execute(sql`insert into tenants (name) values ('Made long ago')`);
    const level = await migrationLevel(old, earlier);
    expect(level).toMatchObject({ tag: known.at(-7)!.tag, count: known.length - 6 });
    const file = path.join(dir, 'earlier.cadence');
    await createBackupFile(backupSourceOf(old, { dataDir: dir, databaseUrl: undefined }, {}), file);
    await old.close();

    const target = tempDir('backup-forward');
    const restored = await run(['scripts/restore.ts', file], { DATA_DIR: target }).exited;
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`database migrated forward from ${level!.tag} to ${known.at(-1)!.tag}`);
    const database = await openPglite(path.join(target, 'db'));
    opened.push(database);
    expect(await migrationLevel(database)).toMatchObject({ tag: known.at(-1)!.tag, count: known.length });
    const rows = await database.db.execute<{ name: string }>(sql`select name from tenants`);
    expect((rows as unknown as { rows: { name: string }[] }).rows).toEqual([{ name: 'Made long ago' }]);
  });

  it('npm start refuses an upgrade whose migration fails: exit code 1, one line, every pending migration undone', {
    timeout: scaled(120_000),
  }, async () => {
    // A database two or more migrations behind, where the last migration that makes a table will
    // find it there already (as after a hand-made change): the upgrade must fail whole.
    const known = knownMigrations();
    const failing = known.findLastIndex((step) =>
      /CREATE TABLE "/.test(readFileSync(path.join(migrationsFolder, `${step.tag}.sql`), 'utf8')),
    );
    const table = /CREATE TABLE "([^"]+)"/.exec(
      readFileSync(path.join(migrationsFolder, `${known[failing]!.tag}.sql`), 'utf8'),
    )![1]!;
    const dataDir = tempDir('backup-upgrade');
    const old = await openPglite(path.join(dataDir, 'db'));
    await migrate(old, { dataMigrations: [], migrationsFolder: earlierMigrations(tempDir('migrations'), failing - 1) });
    await old.db.execute(sql.raw(`create table "${table}" (made_by_hand integer)`));
    const before = await migrationLevel(old);
    await old.close();
    expect(before).toMatchObject({ tag: known[failing - 2]!.tag, count: failing - 1 });

    const started = await run(['src/server/main.ts'], {
      DATA_DIR: dataDir,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      HOST: '127.0.0.1',
    }).exited;
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(
      'Cadence did not start: the database could not be upgraded to this version of Cadence: a migration failed ' +
        `(relation "${table}" already exists). Nothing was changed: the database is still at ${before!.tag}. ` +
        'Start the previous version of Cadence again, or restore a backup, and report the error.\n',
    );
    // The migration before the failing one ran in the same transaction: it is undone too.
    const after = await openPglite(path.join(dataDir, 'db'));
    opened.push(after);
    expect(await migrationLevel(after)).toEqual(before);
  });

  it('leaves the database as it was when a migration fails, and says so', { timeout: scaled(60_000) }, async () => {
    const { database } = await freshDatabase();
    const before = await migrationLevel(database);
    const broken = earlierMigrations(tempDir('migrations'), knownMigrations().length, {
      tag: '9999_broken',
      sql: 'CREATE TABLE backup_probe (id integer);\n--> statement-breakpoint\nSELECT * FROM no_such_table;',
    });
    const failure = await migrate(database, { dataMigrations: [], migrationsFolder: broken }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toBe(
      'the database could not be upgraded to this version of Cadence: a migration failed ' +
        '(relation "no_such_table" does not exist). Nothing was changed: the database is still at ' +
        `${before!.tag}. Start the previous version of Cadence again, or restore a backup, and report the error.`,
    );
    expect(await migrationLevel(database)).toEqual(before);
    const probe = await database.db.execute<{ found: string | null }>(sql`select to_regclass('backup_probe') as found`);
    expect((probe as unknown as { rows: { found: string | null }[] }).rows).toEqual([{ found: null }]);
  });
});
