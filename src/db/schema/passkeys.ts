import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './people.ts';

// Passkeys (WebAuthn, decision 104): a person's public keys; the private halves never leave
// their devices, so nothing here lets anyone sign in.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id (base64url), how a sign-in names its key. */
    credentialId: text().notNull().unique(),
    publicKey: bytea().notNull(),
    /** The authenticator's signature counter: one that goes backwards means a cloned key. */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    /** Synced between the person's devices (a platform passkey) rather than bound to one key. */
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A ceremony's challenge between its options and its answer: single use, short-lived. A sign-in's
 * has no person (the passkey names them); a registration's belongs to the signed-in person.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    challenge: text().notNull(),
    purpose: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
