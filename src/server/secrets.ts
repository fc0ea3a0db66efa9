import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Wraps each workspace's password-vault key (ARCHITECTURE: Security). */
  vaultMasterKey: Buffer;
}

/**
 * Secrets come from the environment when set (several instances must share them); otherwise
 * the first start generates them into DATA_DIR, readable by this user only.
 */
export const ensureSecrets = async (dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'vault-master.key');
  if (env.VAULT_MASTER_KEY) return { vaultMasterKey: parseKey(env.VAULT_MASTER_KEY, 'VAULT_MASTER_KEY') };
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  return { vaultMasterKey: parseKey(readFileSync(file, 'utf8').trim(), file) };
};

const parseKey = (value: string, source: string) => {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes in base64`);
  return key;
};
