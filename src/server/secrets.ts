import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The master keys that wrap the workspaces' password-vault keys (ARCHITECTURE: Security). */
export interface VaultKeyring {
  /** New and re-wrapped data keys are wrapped with this one. */
  current: Buffer;
  /** Keys still accepted for unwrapping while a master-key rotation is under way (decision 045). */
  previous: Buffer[];
}

export interface Secrets {
  vault: VaultKeyring;
}

/** The master key's file in DATA_DIR when VAULT_MASTER_KEY is not set. */
export const masterKeyFile = (dataDir: string) => path.join(dataDir, 'vault-master.key');
/** During a rotation of the file's key: the new key (before it replaces the file) and the old one (after). */
export const nextMasterKeyFile = (dataDir: string) => `${masterKeyFile(dataDir)}.next`;
export const previousMasterKeyFile = (dataDir: string) => `${masterKeyFile(dataDir)}.previous`;

/** A key's public name, stored beside what it wrapped: the first 8 bytes of its SHA-256, in hex. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A new 32-byte key in base64, the form VAULT_MASTER_KEY and the key file hold. */
export const newKeyText = () => randomBytes(32).toString('base64');

/**
 * Writes `text` to `file` with mode 600 only if the file does not exist yet, atomically: the
 * file appears complete or not at all, so two processes starting together agree on one key.
 */
export const writeKeyFileOnce = (file: string, text: string) => {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
};

const readKeyFile = (file: string) => parseKey(readFileSync(file, 'utf8').trim(), file);

/**
 * Secrets come from the environment when set (several instances must share them); otherwise
 * the first start generates them into DATA_DIR, readable by this user only.
 */
export const ensureSecrets = async (dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const previous = env.VAULT_PREVIOUS_MASTER_KEY
    ? [parseKey(env.VAULT_PREVIOUS_MASTER_KEY, 'VAULT_PREVIOUS_MASTER_KEY')]
    : [];
  if (env.VAULT_MASTER_KEY) {
    return { vault: { current: parseKey(env.VAULT_MASTER_KEY, 'VAULT_MASTER_KEY'), previous } };
  }
  const file = masterKeyFile(dataDir);
  if (!existsSync(file)) writeKeyFileOnce(file, newKeyText());
  // A rotation of the file's key leaves the other key beside it while it runs (scripts/vault-keys.ts).
  for (const other of [nextMasterKeyFile(dataDir), previousMasterKeyFile(dataDir)])
    if (existsSync(other)) previous.push(readKeyFile(other));
  return { vault: { current: readKeyFile(file), previous } };
};

const parseKey = (value: string, source: string) => {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes in base64`);
  return key;
};
