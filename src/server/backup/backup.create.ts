import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/client.ts';
import { migrationLevel } from '../../db/migrate.ts';
import { masterKeyFile, nextMasterKeyFile, previousMasterKeyFile } from '../secrets.ts';
import { backupBytes, type Manifest, type PartSource, writeBackupFile } from './backup.format.ts';

// What a backup holds (decision 091): the database (PGlite's data folder dump, or pg_dump's custom
// format), every card attachment under DATA_DIR/attachments, and the vault's master key file
// (when VAULT_MASTER_KEY is not set), with a manifest. Workspace exports are left out: they are
// made again on request.

export interface BackupSource {
  database: Database;
  dataDir: string;
  /** Set on PostgreSQL: pg_dump reads it. */
  databaseUrl: string | undefined;
  /** VAULT_MASTER_KEY is set: the key is not in DATA_DIR, the manifest says to keep it apart. */
  vaultKeyFromEnvironment: boolean;
}

/** Cadence's version, from package.json. */
export const cadenceVersion = (): string =>
  (
    JSON.parse(
      readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8'),
    ) as { version: string }
  ).version;

export const ATTACHMENTS_PART = 'attachments/';
export const VAULT_KEY_PART = 'secrets/vault-master.key';
export const PGLITE_PART = 'database/pglite-data.tar.gz';
export const POSTGRES_PART = 'database/postgres.dump';

/** PostgreSQL's client tools: on the PATH, or in PG_BIN_DIR (a pg_dump at least as new as the server). */
export const pgTool = (name: 'pg_dump' | 'pg_restore') =>
  process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name;

/** A libpq connection for a child process: the URL without its password, the password in the environment. */
export const pgConnection = (url: string) => {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
};

/** Runs a PostgreSQL tool; rejects with its last error line (never the password). */
export const runPgTool = (name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(pgTool(name), args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${name} was not found: install PostgreSQL's client tools (as new as the server), or set PG_BIN_DIR`
            : `${name} did not run: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) => {
      const last = stderr.trim().split('\n').filter(Boolean).at(-1);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit code ${code})${last ? `: ${last}` : ''}`));
    });
  });

const fileSource = async (name: string, file: string): Promise<PartSource> => ({
  name,
  size: (await stat(file)).size,
  bytes: () => createReadStream(file),
});

const attachmentParts = async (dataDir: string): Promise<PartSource[]> => {
  const root = path.join(dataDir, 'attachments');
  if (!existsSync(root)) return [];
  const parts: PartSource[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep).join('/');
    // A card removed meanwhile takes its file with it: leave it out rather than fail the backup.
    const part = await fileSource(`${ATTACHMENTS_PART}${relative}`, file).catch(() => undefined);
    if (part) parts.push(part);
  }
  return parts.sort((a, b) => a.name.localeCompare(b.name));
};

/** The parts and manifest of a backup of `source`, with the clean-up of what it dumped to disk. */
export const prepareBackup = async (
  source: BackupSource,
): Promise<{ parts: PartSource[]; manifest: Omit<Manifest, 'parts'>; cleanup: () => Promise<void> }> => {
  const level = await migrationLevel(source.database);
  if (!level) throw new Error('the database has no migrations applied: there is nothing to back up');
  const notes: string[] = [];
  const parts: PartSource[] = [];
  let temporary: string | undefined;
  const cleanup = async () => {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  };
  try {
    let databasePart: string;
    if (source.database.kind === 'pglite') {
      if (!source.database.dumpDataDir) throw new Error('this embedded database cannot be dumped');
      const dump = await source.database.dumpDataDir();
      databasePart = PGLITE_PART;
      parts.push({ name: databasePart, size: dump.length, bytes: () => [dump] });
    } else {
      if (!source.databaseUrl) throw new Error('DATABASE_URL is needed to back up PostgreSQL');
      temporary = await mkdtemp(path.join(os.tmpdir(), 'cadence-backup-'));
      const file = path.join(temporary, 'postgres.dump');
      const { dbname, env } = pgConnection(source.databaseUrl);
      // One snapshot of the whole database: consistent while Cadence writes on.
      await runPgTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
      databasePart = POSTGRES_PART;
      parts.push(await fileSource(databasePart, file));
    }
    parts.push(...(await attachmentParts(source.dataDir)));
    let vaultKey: Manifest['vaultKey'] = 'separate';
    if (source.vaultKeyFromEnvironment) {
      notes.push(
        'VAULT_MASTER_KEY was set: the vault master key is not in this backup. Keep it apart, safely; ' +
          'without it the passwords of the vault and the Slack tokens cannot be read after a restore.',
      );
    } else if (existsSync(masterKeyFile(source.dataDir))) {
      vaultKey = 'included';
      parts.push(await fileSource(VAULT_KEY_PART, masterKeyFile(source.dataDir)));
      // A master key rotation under way (scripts/vault-keys.ts): its other key is needed too.
      for (const [file, name] of [
        [nextMasterKeyFile(source.dataDir), `${VAULT_KEY_PART}.next`],
        [previousMasterKeyFile(source.dataDir), `${VAULT_KEY_PART}.previous`],
      ] as const)
        if (existsSync(file)) parts.push(await fileSource(name, file));
      notes.push(
        'The vault master key is in this backup: whoever has the file can read the vault. Encrypt it ' +
          '(BACKUP_PASSPHRASE) or keep it as safe as the key itself.',
      );
    }
    const manifest: Omit<Manifest, 'parts'> = {
      format: 'cadence-backup',
      formatVersion: 1,
      cadenceVersion: cadenceVersion(),
      createdAt: new Date().toISOString(),
      database: { kind: source.database.kind, part: databasePart },
      migration: { tag: level.tag, when: level.when, count: level.count },
      vaultKey,
      notes,
    };
    return { parts, manifest, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
};

/** The bytes of a backup of `source` (plain), cleaning up after the last one is read. */
export async function* backupOf(source: BackupSource): AsyncGenerator<Buffer> {
  const { parts, manifest, cleanup } = await prepareBackup(source);
  try {
    yield* backupBytes(parts, manifest);
  } finally {
    await cleanup();
  }
}

/**
 * Writes a backup of `source` to `file` (encrypted when a passphrase is given): first to a
 * `.partial` file beside it, renamed once whole, so a half-written backup never has the name.
 */
export const createBackupFile = async (
  source: BackupSource,
  file: string,
  passphrase?: string,
): Promise<{ file: string; bytes: number }> => {
  const partial = `${file}.partial`;
  try {
    await writeBackupFile(partial, backupOf(source), passphrase);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: (await stat(file)).size };
};
