import type { Db } from '../../../db/client.ts';
import type { AuthLimits } from '../../../server/config.ts';
import { countTry, emailKey, type Refund } from '../../../server/rate-limit.ts';
import { authMessages } from '../auth.messages.ts';

// What the public auth calls count against (decision 022), with the server's configured limits
// (README, "Limits"). `address` is the client address as Fastify resolves it: X-Forwarded-For
// only counts when TRUST_PROXY is set. Without limits (a script making accounts itself) nothing
// is counted.

const uncounted: Refund = async () => {};

/**
 * Sign-in: per account over all addresses (guessing one account's password from many places)
 * and per address over all accounts (spraying one password). A success gives its try back.
 */
export const countSignIn = async (
  db: Db,
  limits: AuthLimits | null,
  email: string,
  address: string,
): Promise<Refund> =>
  limits
    ? countTry(
        db,
        [
          { key: `sign-in:account:${emailKey(email)}`, limit: limits.signInPerAccount },
          { key: `sign-in:address:${address}`, limit: limits.signInPerAddress },
        ],
        authMessages.tooManySignIns,
      )
    : uncounted;

/** Sign-up: per address, and per email (each try at a taken email mails its owner). */
export const countRegister = async (db: Db, limits: AuthLimits | null, email: string, address: string) =>
  limits
    ? countTry(db, [
        { key: `register:address:${address}`, limit: limits.registerPerAddress },
        { key: `register:email:${emailKey(email)}`, limit: limits.registerPerEmail },
      ])
    : uncounted;

/** Reset-link requests: per email (each one mails it) and per address. */
export const countResetRequest = async (db: Db, limits: AuthLimits | null, email: string, address: string) =>
  limits
    ? countTry(db, [
        { key: `reset-request:email:${emailKey(email)}`, limit: limits.resetRequestPerEmail },
        { key: `reset-request:address:${address}`, limit: limits.resetRequestPerAddress },
      ])
    : uncounted;

/** Setting a password from a link: per address (link guessing). */
export const countResetPassword = async (db: Db, limits: AuthLimits | null, address: string) =>
  limits
    ? countTry(db, [{ key: `reset-password:address:${address}`, limit: limits.resetPasswordPerAddress }])
    : uncounted;

/**
 * Sign-in's second step (decision 102): a wrong code counts like a wrong password, against the
 * same account and address. A challenge that names no one counts against the address only.
 */
export const countSignInCode = async (
  db: Db,
  limits: AuthLimits | null,
  email: string | null,
  address: string,
): Promise<Refund> =>
  email
    ? countSignIn(db, limits, email, address)
    : limits
      ? countTry(
          db,
          [{ key: `sign-in:address:${address}`, limit: limits.signInPerAddress }],
          authMessages.tooManySignIns,
        )
      : uncounted;

/** Codes typed to turn two-factor sign-in on or off, or to renew recovery codes: per person. */
export const countTwoFactorChange = async (db: Db, limits: AuthLimits | null, userId: string) =>
  limits
    ? countTry(db, [{ key: `two-factor:user:${userId}`, limit: limits.signInPerAccount }], authMessages.tooManySignIns)
    : uncounted;

/** A passkey's answer (decision 104), per address: the key names its person only once verified. */
export const countPasskeySignIn = async (db: Db, limits: AuthLimits | null, address: string): Promise<Refund> =>
  limits
    ? countTry(db, [{ key: `sign-in:address:${address}`, limit: limits.signInPerAddress }], authMessages.tooManySignIns)
    : uncounted;

/**
 * A sign-in begun (a passkey's options, a trip to a single sign-on provider): each stores a
 * challenge, so they count per address, three times as many as sign-in tries, since a person who
 * cancels their device's prompt or the provider's page starts again.
 */
export const countSignInStart = async (db: Db, limits: AuthLimits | null, address: string): Promise<Refund> =>
  limits
    ? countTry(
        db,
        [
          {
            key: `sign-in-start:address:${address}`,
            limit: { ...limits.signInPerAddress, max: limits.signInPerAddress.max * 3 },
          },
        ],
        authMessages.tooManySignIns,
      )
    : uncounted;
