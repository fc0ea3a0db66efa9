import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { keyIdOf, type VaultKeyring } from '../../../server/secrets.ts';
import { TWO_FACTOR } from '../two-factor.schemas.ts';

// TOTP codes (RFC 6238, via otpauth) and the sealing of their secrets (decision 102). A secret
// must be read back to check a code, so it cannot be hashed: it is sealed with AES-256-GCM under
// a key derived from the server's master key (two-factor belongs to a person, not a workspace,
// so no workspace key fits), bound to its person so a row copied to another person fails. The
// layout is the vault's (decision 045): nonce (12) | tag (16) | ciphertext.

const seal = (key: Buffer, plaintext: Buffer, associatedData: string) => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]);
};

/** The plaintext; throws when the value was altered, moved or sealed under another key. */
const open = (key: Buffer, sealed: Buffer, associatedData: string) => {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
};

const keyFor = (master: Buffer) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'cadence:two-factor:v1', 32));
const binding = (userId: string) => `cadence:two-factor-secret:v1:${userId}`;

export const newTotpSecret = () => new Secret({ size: 20 });

export const sealTotpSecret = (keyring: VaultKeyring, userId: string, secret: Secret) => ({
  sealedSecret: seal(keyFor(keyring.current), Buffer.from(secret.bytes), binding(userId)),
  masterKeyId: keyIdOf(keyring.current),
});

/** The secret, or null when no key of the keyring sealed it or it was altered. */
export const openTotpSecret = (
  keyring: VaultKeyring,
  userId: string,
  row: { sealedSecret: Buffer; masterKeyId: string },
): Secret | null => {
  const master = [keyring.current, ...keyring.previous].find((key) => keyIdOf(key) === row.masterKeyId);
  if (!master) return null;
  try {
    return new Secret({ buffer: Uint8Array.from(open(keyFor(master), row.sealedSecret, binding(userId))).buffer });
  } catch {
    return null;
  }
};

const totpOf = (secret: Secret, label = '') =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret,
  });

/** The otpauth:// URI an app reads from the QR code. */
export const totpUri = (secret: Secret, email: string) => totpOf(secret, email).toString();

export const timeStepAt = (now: number) => Math.floor(now / 1000 / TWO_FACTOR.periodSeconds);

/** The code of a time step (tests and the e2e compute codes the same way). */
export const codeAt = (secret: Secret, now: number) => totpOf(secret).generate({ timestamp: now });

/**
 * The time step a code belongs to, within ±window of `now`, or null. Steps at or before
 * `lastUsedStep` are refused: a code, once accepted, cannot be used again.
 */
export const acceptedStep = (secret: Secret, code: string, now: number, lastUsedStep: number | null) => {
  const token = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(token) || token.length !== TWO_FACTOR.digits) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  const step = timeStepAt(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
};

// Recovery codes: 80 random bits each (base32, four groups of four), so SHA-256 is enough to
// store them, as for session tokens (decision 003).
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const newRecoveryCode = () => {
  const bytes = randomBytes(16);
  const chars = Array.from({ length: 16 }, (_, i) => BASE32[bytes[i]! & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
};
/** Case, spaces and dashes do not matter when one is typed back. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
export const looksLikeRecoveryCode = (code: string) => /^[a-z2-7]{16}$/.test(normaliseRecoveryCode(code));
