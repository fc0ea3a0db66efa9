import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../../db/schema/index.ts';
import { keyIdOf, type VaultKeyring } from '../../../server/secrets.ts';
import { acceptedStep, hashRecoveryCode, looksLikeRecoveryCode, openTotpSecret, sealTotpSecret } from './totp.ts';

// Checking a second factor: a code from the app, or one of the recovery codes. Each is used up
// by one conditional UPDATE, so two requests with the same code cannot both pass.

/** Which factor passed ('code' or 'recovery-code'), or null. Only an enabled secret counts. */
export const useSecondFactor = async (
  db: Db,
  keyring: VaultKeyring,
  userId: string,
  code: string,
  now: number,
  options: { recovery?: boolean } = {},
): Promise<'code' | 'recovery-code' | null> => {
  const allowRecovery = options.recovery ?? true;
  if (allowRecovery && looksLikeRecoveryCode(code)) {
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used ? 'recovery-code' : null;
  }
  const [row] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  if (!row) return null;
  const step = await checkCode(db, keyring, row, code, now);
  return step === null ? null : 'code';
};

/**
 * Checks a code against a secrets row and records its time step as used; the step, or null.
 * A secret sealed under a previous master key is sealed again under the current one.
 */
export const checkCode = async (
  db: Db,
  keyring: VaultKeyring,
  row: typeof twoFactorSecrets.$inferSelect,
  code: string,
  now: number,
) => {
  const secret = openTotpSecret(keyring, row.userId, row);
  if (!secret) return null;
  const step = acceptedStep(secret, code, now, row.lastUsedStep);
  if (step === null) return null;
  const [recorded] = await db
    .update(twoFactorSecrets)
    .set({
      lastUsedStep: step,
      ...(row.masterKeyId === keyIdOf(keyring.current) ? {} : sealTotpSecret(keyring, row.userId, secret)),
    })
    .where(
      and(
        eq(twoFactorSecrets.userId, row.userId),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return recorded ? step : null;
};
