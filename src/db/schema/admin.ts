import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { bytea } from './people.ts';

/** A workspace's general settings (the spec's record '1'): its brand colours; null is the default. */
export const workspaceSettings = pgTable('workspace_settings', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  primaryColor1: text(),
  primaryColor2: text(),
  primaryColor3: text(),
  primaryColor4: text(),
  secondaryColor1: text(),
  secondaryColor2: text(),
  secondaryColor3: text(),
  secondaryColor4: text(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** A workspace's logo, served by URL with its hash (like people's photos, decision 031). */
export const workspaceLogos = pgTable('workspace_logos', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  mimeType: text().notNull(),
  bytes: bytea().notNull(),
  hash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
