import { randomBytes, scrypt } from 'node:crypto';
import { open, seal } from '../../vault/server/vault.crypto.ts';

// The workspace export's format (docs/workspace-export.md): what a reader of the zip may rely on,
// and how the vault's passwords travel when the admin gives a passphrase (decision 115).

/** Raised when the layout of the zip changes in a way an older reader would misread. */
export const EXPORT_FORMAT_VERSION = 1;
/** The manifest's `format`: tells a Cadence export from any other zip. */
export const EXPORT_FORMAT_NAME = 'cadence-workspace-export';

/** The file holding the vault's passwords, sealed under a key derived from the passphrase. */
export const VAULT_PASSWORDS_FILE = 'vault/passwords.json';

/** scrypt's cost: about 100 ms and 32 MiB here, the same on export and import. */
const KDF = { name: 'scrypt', N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

export interface ExportKey {
  salt: Buffer;
  key: Buffer;
}

const derive = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      KDF.keyLength,
      { N: KDF.N, r: KDF.r, p: KDF.p, maxmem: SCRYPT_MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

/** A fresh key for one export: a new salt each time, so two exports never share a key. */
export const newExportKey = async (passphrase: string): Promise<ExportKey> => {
  const salt = randomBytes(16);
  return { salt, key: await derive(passphrase, salt) };
};

/** What the sealed check value says: opening it proves the passphrase before any password is read. */
const CHECK_TEXT = 'cadence-export-passphrase';
const checkBinding = 'cadence:export-vault:v1:check';
/** A password is bound to the exported entry's id: moved to another entry, it fails to open. */
const passwordBinding = (entryId: string) => `cadence:export-vault:v1:entry:${entryId}`;

export interface VaultPasswordsFile {
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  check: string;
  /** Exported entry id → its password, sealed (nonce | tag | ciphertext, base64). */
  passwords: Record<string, string>;
}

export const sealPasswordsFile = (exportKey: ExportKey, passwords: Map<string, string>): VaultPasswordsFile => ({
  kdf: { name: KDF.name, N: KDF.N, r: KDF.r, p: KDF.p, salt: exportKey.salt.toString('base64') },
  check: seal(exportKey.key, Buffer.from(CHECK_TEXT), checkBinding).toString('base64'),
  passwords: Object.fromEntries(
    [...passwords].map(([id, password]) => [
      id,
      seal(exportKey.key, Buffer.from(password, 'utf8'), passwordBinding(id)).toString('base64'),
    ]),
  ),
});

/**
 * The passwords of a passwords file, opened with the passphrase; null when the passphrase is
 * wrong. Throws when the file is not one this version wrote (its cost parameters are not ours:
 * a hostile file must not choose how much memory scrypt takes).
 */
export const openPasswordsFile = async (
  file: VaultPasswordsFile,
  passphrase: string,
): Promise<Map<string, string> | null> => {
  const { kdf } = file;
  if (kdf.name !== KDF.name || kdf.N !== KDF.N || kdf.r !== KDF.r || kdf.p !== KDF.p)
    throw new Error('unknown key derivation');
  const key = await derive(passphrase, Buffer.from(kdf.salt, 'base64'));
  try {
    open(key, Buffer.from(file.check, 'base64'), checkBinding);
  } catch {
    return null;
  }
  const passwords = new Map<string, string>();
  for (const [id, sealed] of Object.entries(file.passwords))
    passwords.set(id, open(key, Buffer.from(sealed, 'base64'), passwordBinding(id)).toString('utf8'));
  return passwords;
};
