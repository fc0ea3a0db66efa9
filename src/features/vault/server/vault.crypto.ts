import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM from node:crypto, nothing home-made (decision 045). A sealed value is
// nonce (12 random bytes) | tag (16 bytes) | ciphertext; the associated data names what it
// belongs to, so a value copied to another entry or workspace fails to open.

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export const newDataKey = () => randomBytes(KEY_BYTES);

export const seal = (key: Buffer, plaintext: Buffer, associatedData: string): Buffer => {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]);
};

/** The plaintext, or an Error when the value was altered, moved, or sealed under another key. */
export const open = (key: Buffer, sealed: Buffer, associatedData: string): Buffer => {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
};

/** What an entry's password is bound to: its workspace and the entry itself. */
export const entryBinding = (tenantId: string, entryId: string) => `cadence:vault-entry:v1:${tenantId}:${entryId}`;
/** What a wrapped data key is bound to: its workspace. */
export const keyBinding = (tenantId: string) => `cadence:vault-key:v1:${tenantId}`;
/** What another feature's secret sealed under the workspace's data key is bound to (decision 051). */
export const workspaceSecretBinding = (tenantId: string, purpose: string) =>
  `cadence:workspace-secret:v1:${purpose}:${tenantId}`;
