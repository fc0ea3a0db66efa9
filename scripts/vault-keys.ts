import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { rewrapDataKeys, rotateWorkspaceKey } from '../src/features/vault/server/vault.keys.ts';
import { loadConfig } from '../src/server/config.ts';
import { dataMigrations } from '../src/server/data-migrations.ts';
import {
  ensureSecrets,
  masterKeyFile,
  newKeyText,
  nextMasterKeyFile,
  previousMasterKeyFile,
  writeKeyFileOnce,
} from '../src/server/secrets.ts';

// The vault's key commands (decision 045):
//   npm run vault:keys -- rotate-workspace <workspace id>
//     a new data key for one workspace; every password re-encrypted in one transaction.
//     (Workspace admins can do the same from the API: POST /api/v2/vault/rotate-key.)
//   npm run vault:keys -- rotate-master
//     with VAULT_MASTER_KEY set: wraps every data key with it, unwrapping with it or with
//       VAULT_PREVIOUS_MASTER_KEY (set both on every instance first, then run this, then drop
//       the previous key: no instance ever meets a key it cannot unwrap);
//     without it: makes a new key file in DATA_DIR, re-wraps every data key with it, and
//       replaces the old file (the embedded database: stop the server first, its data lock says so).

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const main = async () => {
  const [command, argument] = process.argv.slice(2);
  if (command !== 'rotate-workspace' && command !== 'rotate-master')
    fail('usage: vault-keys rotate-workspace <workspace id> | rotate-master');
  if (command === 'rotate-workspace' && !/^[0-9a-f-]{36}$/i.test(argument ?? ''))
    fail('rotate-workspace needs the workspace id (a UUID)');
  const config = loadConfig();
  const database = await openDatabase(config, { command: `vault-keys ${command}` });
  try {
    await migrate(database, { dataMigrations });
    if (command === 'rotate-workspace') {
      const { vault } = await ensureSecrets(config.dataDir);
      const result = await database.db.transaction((tx) => rotateWorkspaceKey(tx, vault, argument!));
      process.stdout.write(
        result.version === 0
          ? 'this workspace has no vault key yet (it has no passwords)\n'
          : `workspace key now version ${result.version}; ${result.entries} passwords re-encrypted\n`,
      );
      return;
    }
    if (process.env.VAULT_MASTER_KEY) {
      const { vault } = await ensureSecrets(config.dataDir);
      const result = await database.db.transaction((tx) => rewrapDataKeys(tx, vault));
      process.stdout.write(`${result.workspaces} workspace keys wrapped with VAULT_MASTER_KEY\n`);
      return;
    }
    const current = masterKeyFile(config.dataDir);
    const next = nextMasterKeyFile(config.dataDir);
    // A rotation that stopped half-way left its new key: use it, so its re-wrapped keys stay readable.
    if (!existsSync(next)) writeKeyFileOnce(next, newKeyText());
    const { vault } = await ensureSecrets(config.dataDir);
    const nextKey = Buffer.from(readFileSync(next, 'utf8').trim(), 'base64');
    const keyring = { current: nextKey, previous: [vault.current, ...vault.previous] };
    const result = await database.db.transaction((tx) => rewrapDataKeys(tx, keyring));
    renameSync(current, previousMasterKeyFile(config.dataDir));
    renameSync(next, current);
    rmSync(previousMasterKeyFile(config.dataDir));
    process.stdout.write(`${result.workspaces} workspace keys wrapped with a new master key in ${current}\n`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => fail(`vault-keys failed: ${error instanceof Error ? error.message : String(error)}`));
