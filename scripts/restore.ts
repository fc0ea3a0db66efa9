import path from 'node:path';
import { DataLockError, shownFolder } from '../src/db/data-lock.ts';
import { MigrationError } from '../src/db/migrate.ts';
import { BackupFileError } from '../src/server/backup/backup.format.ts';
import { RestoreRefused, readPassphraseFile, restoreBackup } from '../src/server/backup/backup.restore.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';

// `npm run restore -- FILE [--force] [--passphrase-file F]` (decision 091): into an empty DATA_DIR
// (embedded database) or an empty PostgreSQL database (DATABASE_URL). The whole file is checked
// first (every checksum, or the encryption's tag), then its migration level: an older backup is
// restored and migrated forward, a newer one refused. Nothing is replaced without --force.

const usage = 'usage: npm run restore -- FILE [--force] [--passphrase-file FILE]';

const parseArgs = (args: string[]) => {
  let file: string | undefined;
  let passphraseFile: string | undefined;
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--passphrase-file') passphraseFile = args[++i];
    else if (arg === '--help' || arg === '-h') throw new ConfigError(usage);
    else if (arg.startsWith('-') || file) throw new ConfigError(`${arg} is not understood; ${usage}`);
    else file = arg;
  }
  if (!file) throw new ConfigError(`which backup? ${usage}`);
  if (passphraseFile === '') throw new ConfigError(`--passphrase-file needs a file; ${usage}`);
  return { file: path.resolve(file), passphraseFile, force };
};

const main = async () => {
  const began = Date.now();
  const { file, passphraseFile, force } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const passphrase = passphraseFile
    ? await readPassphraseFile(passphraseFile)
    : process.env.BACKUP_PASSPHRASE || undefined;
  const result = await restoreBackup({
    file,
    passphrase,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
    dataMigrations,
    say: (line) => console.log(line),
  });
  const target = config.databaseUrl
    ? `the database at ${new URL(config.databaseUrl).host}`
    : shownFolder(config.dataDir);
  const migrated =
    result.migratedTo === result.manifest.migration.tag
      ? `database at ${result.migratedTo}`
      : `database migrated forward from ${result.manifest.migration.tag} to ${result.migratedTo}`;
  console.log(
    `Restored ${file} into ${target}: ${migrated}, ${result.attachments} attachments, in ${((Date.now() - began) / 1000).toFixed(1)} s.`,
  );
  if (result.manifest.vaultKey === 'separate')
    console.log(
      'The vault master key is not in this backup: set VAULT_MASTER_KEY to the key the backed-up server used before starting Cadence.',
    );
  console.log('Start Cadence on it with npm start.');
};

main().catch((error: Error) => {
  const refused = [ConfigError, DataLockError, BackupFileError, RestoreRefused, MigrationError].some(
    (kind) => error instanceof kind,
  );
  console.error(`restore ${refused ? 'refused' : 'failed'}: ${error.message.split('\n')[0]}`);
  process.exit(1);
});
