import { existsSync, readFileSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase, openPostgres } from '../src/db/client.ts';
import { DataLockError, lockHolder, shownFolder } from '../src/db/data-lock.ts';
import { createBackupFile } from '../src/server/backup/backup.create.ts';
import { writeBackupFile } from '../src/server/backup/backup.format.ts';
import { readPassphraseFile, withVerifiedBackup } from '../src/server/backup/backup.restore.ts';
import { backupSourceOf, OPERATOR_TOKEN_HEADER, operatorTokenFile } from '../src/server/backup/backup.routes.ts';
import { backupFileName } from '../src/server/backup/retention.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';

// `npm run backup [-- FILE] [--passphrase-file F]` (decision 091): one file with the database, the
// card attachments and the vault key file, checked after it is written. On the embedded database
// while Cadence runs, the running server makes it (the data folder is locked to it): this script
// proves it is the machine's operator with DATA_DIR/backup.token. With no server running it opens
// the data folder itself, taking its lock. On PostgreSQL, pg_dump takes one consistent snapshot.

const usage = 'usage: npm run backup [-- FILE] [--passphrase-file FILE]';

const parseArgs = (args: string[]) => {
  let output: string | undefined;
  let passphraseFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--passphrase-file') passphraseFile = args[++i];
    else if (arg === '--help' || arg === '-h') throw new ConfigError(usage);
    else if (arg.startsWith('-') || output) throw new ConfigError(`${arg} is not understood; ${usage}`);
    else output = arg;
  }
  if (passphraseFile === '') throw new ConfigError(`--passphrase-file needs a file; ${usage}`);
  return { output, passphraseFile };
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Asks the running server for the backup (plain) and writes it, encrypted here when asked. */
const throughServer = async (dataDir: string, host: string, port: number, file: string, passphrase?: string) => {
  let token: string;
  try {
    token = readFileSync(operatorTokenFile(dataDir), 'utf8').trim();
  } catch {
    throw new Error(
      `Cadence runs on ${shownFolder(dataDir)} but its operator token ${operatorTokenFile(dataDir)} cannot be read: ` +
        'run the backup as the user that runs Cadence.',
    );
  }
  const address = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const response = await fetch(`http://${address.includes(':') ? `[${address}]` : address}:${port}/api/v2/backup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_TOKEN_HEADER]: token },
    body: '{}',
  }).catch((error: Error) => {
    throw new Error(`the running Cadence (port ${port}) did not answer: ${error.cause ?? error.message}`);
  });
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(
      `the running Cadence refused the backup (${response.status}): ${answer.message ?? 'no reason given'}`,
    );
  }
  const partial = `${file}.partial`;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: fetch's web stream as a Node stream
    await writeBackupFile(partial, Readable.fromWeb(response.body as any), passphrase);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
};

const main = async () => {
  const began = Date.now();
  const { output, passphraseFile } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const passphrase = passphraseFile
    ? await readPassphraseFile(passphraseFile)
    : process.env.BACKUP_PASSPHRASE || undefined;
  if (passphrase !== undefined && passphrase.length < 12)
    throw new ConfigError('the passphrase must have at least 12 characters');
  const file = path.resolve(output ?? backupFileName(new Date()));
  let how: string;
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 2);
    try {
      await createBackupFile(backupSourceOf(database, config), file, passphrase);
    } finally {
      await database.close();
    }
    how = 'pg_dump of the PostgreSQL database';
  } else {
    const holder = lockHolder(config.dataDir);
    if (holder?.command === 'server' && holder.port) {
      await throughServer(config.dataDir, config.host, holder.port, file, passphrase);
      how = `online, through the running Cadence (pid ${holder.pid})`;
    } else {
      // Nobody runs: open the folder ourselves (a server starting meanwhile is refused). Never make one.
      if (!existsSync(path.join(config.dataDir, 'db')))
        throw new ConfigError(
          `there is no Cadence database in ${shownFolder(config.dataDir)} (no db folder): set DATA_DIR to the folder Cadence uses.`,
        );
      const database = await openDatabase(config, { command: 'backup' });
      try {
        await createBackupFile(backupSourceOf(database, config), file, passphrase);
      } finally {
        await database.close();
      }
      how = 'the data folder opened directly (no Cadence was running)';
    }
  }
  // Read back and checked, part by part, before it is called a backup.
  const manifest = await withVerifiedBackup(file, passphrase, async (backup) => backup.manifest);
  const size = (await stat(file)).size;
  console.log(
    `Backup written to ${file} (${megabytes(size)}, ${manifest.parts.length} parts, database at ${manifest.migration.tag}, ` +
      `${passphrase ? 'encrypted' : 'not encrypted'}) in ${((Date.now() - began) / 1000).toFixed(1)} s: ${how}.`,
  );
  for (const note of manifest.notes) console.log(note);
};

main().catch(async (error: Error) => {
  const refused = error instanceof ConfigError || error instanceof DataLockError;
  console.error(`backup ${refused ? 'did not run' : 'failed'}: ${error.message.split('\n')[0]}`);
  process.exit(1);
});
