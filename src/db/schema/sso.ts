import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { bytea } from './people.ts';

/**
 * A workspace's own OpenID Connect provider (decision 103): at most one per workspace. The client
 * secret is sealed with the workspace's vault data key (decision 099), never stored in clear.
 */
export const ssoProviders = pgTable('sso_providers', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** The name on the button: "Sign in with <displayName>". */
  displayName: text().notNull(),
  issuer: text().notNull(),
  clientId: text().notNull(),
  sealedClientSecret: bytea(),
  /** Lower-case email domains this provider may sign in (one at least). */
  allowedDomains: text().array().notNull(),
  /** A first sign-in from an allowed domain makes the account and joins the workspace. */
  joinOnFirstSignIn: boolean().notNull().default(false),
  /** Members of this workspace may not sign in with a password. */
  requireSso: boolean().notNull().default(false),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A sign-in on its way through a provider: its state (only the SHA-256 kept), PKCE verifier and
 * nonce, deleted when the provider comes back (single use). After the callback a second row, keyed
 * by a hand-off code, carries the proven person (their verified email) to the client's completing call.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    keyHash: text().primaryKey(),
    /** 'google', 'microsoft', or the workspace id of a workspace provider. */
    provider: text().notNull(),
    codeVerifier: text(),
    nonce: text(),
    /** SHA-256 of the random key in the browser's short-lived httpOnly cookie: the flow stays in one browser. */
    browserHash: text().notNull(),
    returnTo: text().notNull().default('/'),
    remember: boolean().notNull().default(false),
    /** Set on the hand-off row: whom the provider proved (matched to an account by the completing call). */
    profile: jsonb().$type<{ email: string; firstName: string; lastName: string }>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
