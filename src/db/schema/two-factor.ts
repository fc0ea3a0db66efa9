import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './people.ts';

// Two-factor sign-in with a TOTP app (decision 102). Per person, not per workspace.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A person's TOTP secret, sealed with a key derived from the server's master key (bound to the
 * person). `enabledAt` is null while enrolment waits for its first code.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: bytea().notNull(),
  /** The master key the secret was sealed under (keyIdOf). */
  masterKeyId: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The last time step whose code was accepted: that code and older ones are refused. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes: only their SHA-256 (80 random bits each). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose first factor passed and which waits for a code: an opaque single-use token
 * (only its SHA-256 here) that authenticates nothing else.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the first factor was proven ('password', 'google', …). */
    method: text().notNull(),
    remember: boolean().notNull().default(false),
    lastTenantSelected: text(),
    userAgent: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** "Trust this browser for 30 days": a token kept by the browser, only its SHA-256 here. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);
