import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

/**
 * API tokens (decision 093): a secret a program sends as `Authorization: Bearer cad_…`. Only its
 * SHA-256 is stored. A personal token acts as `userId` in `tenantId`; a workspace token acts as
 * its own service account (`userId`, a person row with no membership and no password), with the
 * rights its scopes allow. Revoked tokens stay, so history can still name them.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** Whom the token acts as: the person (personal) or the token's service account (workspace). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The first characters of the secret, shown in lists so a person can tell tokens apart. */
    prefix: text().notNull(),
    tokenHash: text().notNull().unique(),
    scopes: text().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.tenantId, t.kind, t.createdAt),
    index().on(t.userId),
    check('api_tokens_kind_check', sql`${t.kind} in ('personal', 'workspace')`),
  ],
);
