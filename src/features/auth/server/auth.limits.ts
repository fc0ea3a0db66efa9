import type { Db } from '../../../db/client.ts';
import { countTry, emailKey, type Refund } from '../../../server/rate-limit.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';

// What the public auth calls count against (decision 022). `address` is the client address as
// Fastify resolves it: X-Forwarded-For only counts when TRUST_PROXY is set.

/**
 * Sign-in: per account over all addresses (guessing one account's password from many places)
 * and per address over all accounts (spraying one password). A success gives its try back.
 */
export const countSignIn = (db: Db, email: string, address: string): Promise<Refund> =>
  countTry(
    db,
    [
      { key: `sign-in:account:${emailKey(email)}`, limit: RATE_LIMITS.signInPerAccount },
      { key: `sign-in:address:${address}`, limit: RATE_LIMITS.signInPerAddress },
    ],
    messages.tooManySignIns,
  );

/** Sign-up: per address, and per email (each try at a taken email mails its owner). */
export const countRegister = (db: Db, email: string, address: string) =>
  countTry(db, [
    { key: `register:address:${address}`, limit: RATE_LIMITS.registerPerAddress },
    { key: `register:email:${emailKey(email)}`, limit: RATE_LIMITS.registerPerEmail },
  ]);

/** Reset-link requests: per email (each one mails it) and per address. */
export const countResetRequest = (db: Db, email: string, address: string) =>
  countTry(db, [
    { key: `reset-request:email:${emailKey(email)}`, limit: RATE_LIMITS.resetRequestPerEmail },
    { key: `reset-request:address:${address}`, limit: RATE_LIMITS.resetRequestPerAddress },
  ]);

/** Setting a password from a link: per address (link guessing). */
export const countResetPassword = (db: Db, address: string) =>
  countTry(db, [{ key: `reset-password:address:${address}`, limit: RATE_LIMITS.resetPasswordPerAddress }]);
