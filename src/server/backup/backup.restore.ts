import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../db/client.ts';
import { acquireDataLock } from '../../db/data-lock.ts';
import { type DataMigration, knownMigrations, migrate, migrationLevel } from '../../db/migrate.ts';
import { masterKeyFile } from '../secrets.ts';
import {
  ATTACHMENTS_PART,
  PGLITE_PART,
  POSTGRES_PART,
  pgConnection,
  runPgTool,
  VAULT_KEY_PART,
} from './backup.create.ts';
import {
  BackupFileError,
  decryptBackupFile,
  isEncrypted,
  type OpenedBackup,
  partStream,
  verifyBackupFile,
} from './backup.format.ts';

// `npm run restore -- FILE` (decision 091): checks the whole file, then its migration level, then
// that the target is empty, and only then writes. Any refusal is a RestoreRefused with one line.

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  file: string;
  passphrase: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Overwrite a data folder or database that is not empty. */
  force: boolean;
  dataMigrations: readonly DataMigration[];
  /** Progress lines for the operator. */
  say?: (line: string) => void;
}

export interface RestoreResult {
  manifest: OpenedBackup['manifest'];
  /** The migration the database is at after the restore (the backup's, or later once migrated). */
  migratedTo: string;
  attachments: number;
}

/**
 * Checks a backup file (decrypting it to a private temporary file first when it is encrypted)
 * and hands the verified backup to `use`; the temporary file goes afterwards.
 */
export const withVerifiedBackup = async <T>(
  file: string,
  passphrase: string | undefined,
  use: (backup: OpenedBackup) => Promise<T>,
): Promise<T> => {
  if (!existsSync(file)) throw new BackupFileError(`there is no file ${file}.`);
  if (!(await isEncrypted(file))) return use(await verifyBackupFile(file));
  if (!passphrase)
    throw new BackupFileError('the backup is encrypted: set BACKUP_PASSPHRASE or give --passphrase-file.');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cadence-restore-'));
  try {
    const plain = path.join(folder, 'backup.plain');
    await decryptBackupFile(file, plain, passphrase);
    return await use(await verifyBackupFile(plain));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** Refuses a backup of a migration this Cadence does not know (made by a newer Cadence). */
export const checkMigrationLevel = (backup: OpenedBackup, known = knownMigrations()) => {
  const { tag, when } = backup.manifest.migration;
  const newest = known.at(-1)!;
  if (!known.some((step) => step.tag === tag && step.when === when))
    throw new RestoreRefused(
      `the backup was made by a newer version of Cadence (${backup.manifest.cadenceVersion}, database at migration ` +
        `${tag}); this one knows migrations up to ${newest.tag}. Upgrade Cadence first, then restore.`,
    );
};

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** A part name that would land outside its folder (`../`, an absolute path) is refused. */
const safeJoin = (root: string, relative: string) => {
  const target = path.resolve(root, relative);
  if (!target.startsWith(`${path.resolve(root)}${path.sep}`))
    throw new BackupFileError(`the backup names a file outside its folder (${relative}).`);
  return target;
};

const userTables = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
};

const emptyPostgres = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp_%'
          and nspname not like 'pg_toast_temp_%'`,
    );
    for (const { name } of rows) await client.query(`drop schema "${name.replaceAll('"', '""')}" cascade`);
    await client.query('create schema public');
  } finally {
    await client.end();
  }
};

/** Restores a backup into an empty DATA_DIR (embedded database) or an empty PostgreSQL database. */
export const restoreBackup = async (options: RestoreOptions): Promise<RestoreResult> => {
  const say = options.say ?? (() => {});
  return withVerifiedBackup(options.file, options.passphrase, async (backup) => {
    const { manifest } = backup;
    say(
      `The backup is whole: Cadence ${manifest.cadenceVersion}, made ${manifest.createdAt}, database at ${manifest.migration.tag}.`,
    );
    checkMigrationLevel(backup);
    const onPostgres = options.databaseUrl !== undefined;
    if (manifest.database.kind === 'pglite' && onPostgres)
      throw new RestoreRefused(
        'the backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
      );
    if (manifest.database.kind === 'pg' && !onPostgres)
      throw new RestoreRefused(
        'the backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
      );

    // Nothing is written while a Cadence process holds the folder, force or not.
    const lock = acquireDataLock(options.dataDir, { command: 'restore' });
    try {
      const attachmentsDir = path.join(options.dataDir, 'attachments');
      const dbDir = path.join(options.dataDir, 'db');
      const keyFile = masterKeyFile(options.dataDir);
      const occupied = [
        !onPostgres && !isEmptyFolder(dbDir) ? `the embedded database ${dbDir}` : undefined,
        onPostgres && (await userTables(options.databaseUrl!)) > 0
          ? 'the database at DATABASE_URL has tables'
          : undefined,
        !isEmptyFolder(attachmentsDir) ? `attachments in ${attachmentsDir}` : undefined,
        manifest.vaultKey === 'included' && existsSync(keyFile) ? `a vault key ${keyFile}` : undefined,
      ].filter(Boolean);
      if (occupied.length > 0 && !options.force)
        throw new RestoreRefused(
          `the target is not empty (${occupied.join('; ')}). Restore into an empty DATA_DIR or database, ` +
            'or add --force to replace what is there.',
        );
      if (occupied.length > 0) {
        say(`--force: replacing ${occupied.join('; ')}.`);
        await rm(dbDir, { recursive: true, force: true });
        await rm(attachmentsDir, { recursive: true, force: true });
        for (const suffix of ['', '.next', '.previous']) await rm(`${keyFile}${suffix}`, { force: true });
        if (onPostgres) await emptyPostgres(options.databaseUrl!);
      }

      // Until the database is loaded, a failure takes away what this restore wrote (the target was
      // empty, or emptied by --force), so it is left as it was found: empty.
      const undo = async () => {
        await rm(attachmentsDir, { recursive: true, force: true });
        for (const suffix of ['', '.next', '.previous']) await rm(`${keyFile}${suffix}`, { force: true });
        if (!onPostgres) await rm(dbDir, { recursive: true, force: true });
      };
      let attachments = 0;
      let database: Database;
      try {
        // Secrets and files first: a database without them would be unreadable.
        for (const name of backup.parts.keys()) {
          if (name.startsWith(ATTACHMENTS_PART)) {
            const target = safeJoin(attachmentsDir, name.slice(ATTACHMENTS_PART.length));
            await mkdir(path.dirname(target), { recursive: true });
            await pipeline(partStream(backup, name), createWriteStream(target, { mode: 0o600 }));
            attachments++;
          } else if (name.startsWith(VAULT_KEY_PART)) {
            const target = `${keyFile}${name.slice(VAULT_KEY_PART.length)}`;
            await pipeline(partStream(backup, name), createWriteStream(target, { mode: 0o600, flags: 'wx' }));
          }
        }

        if (manifest.database.kind === 'pglite') {
          const chunks: Buffer[] = [];
          for await (const chunk of partStream(backup, PGLITE_PART)) chunks.push(chunk as Buffer);
          say('Loading the embedded database…');
          database = await openPglite(dbDir, undefined, new Blob(chunks as Uint8Array<ArrayBuffer>[]));
        } else {
          const folder = await mkdtemp(path.join(os.tmpdir(), 'cadence-restore-'));
          try {
            const dump = path.join(folder, 'postgres.dump');
            await pipeline(partStream(backup, POSTGRES_PART), createWriteStream(dump, { mode: 0o600 }));
            const { dbname, env } = pgConnection(options.databaseUrl!);
            say('Restoring the PostgreSQL database (pg_restore, one transaction)…');
            await runPgTool(
              'pg_restore',
              ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, dump],
              env,
            );
          } finally {
            await rm(folder, { recursive: true, force: true });
          }
          database = await openPostgres(options.databaseUrl!, 2);
        }
      } catch (error) {
        await undo();
        throw error;
      }
      try {
        // An older backup is brought up to this Cadence's level (one transaction; refused whole on failure).
        await migrate(database, { dataMigrations: options.dataMigrations });
        const level = await migrationLevel(database);
        return { manifest, migratedTo: level?.tag ?? manifest.migration.tag, attachments };
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  });
};

/** Reads a passphrase file's first line (the --passphrase-file of both scripts). */
export const readPassphraseFile = async (file: string) => {
  const text = (await readFile(file, 'utf8')).split('\n')[0]!.trim();
  if (!text) throw new BackupFileError(`the passphrase file ${file} is empty.`);
  return text;
};
