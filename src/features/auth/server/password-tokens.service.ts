import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { passwordTokens } from '../../../db/schema/index.ts';
import { PASSWORD_TOKEN_TTL_MS, type PasswordTokenPurpose } from '../../../shared/constants.ts';
import { badRequest } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { hashToken } from './tokens.service.ts';

// The `hash` in an emailed link (`/forgotpassword?hash=…`, `/set-password?hash=…`): random,
// single use, short-lived, stored hashed like session tokens.

export const issuePasswordToken = async (db: Db, userId: string, purpose: PasswordTokenPurpose) => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + PASSWORD_TOKEN_TTL_MS[purpose]),
  });
  return token;
};

/** Marks the link used and says whose it was; an unknown, used or expired link is a 400. */
export const consumePasswordToken = async (db: Db, token: string) => {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  if (!row) throw badRequest({ hash: messages.linkInvalid }, messages.linkInvalid);
  return row as { userId: string; purpose: PasswordTokenPurpose };
};
