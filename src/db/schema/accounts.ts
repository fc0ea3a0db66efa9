import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A person. Never hard-deleted: `deletedAt` keeps them visible as "deleted" in history. */
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  /** Null until the person chooses a password (added by an admin, or Google-only). */
  passwordHash: text(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  timezone: text().notNull().default('America/Los_Angeles'),
  image: text(),
  jobTitle: text(),
  locale: text().notNull().default('en_US'),
  firstDayOfWeek: integer().notNull().default(1),
  deletedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A workspace (the spec's tenant). */
export const tenants = pgTable('tenants', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  iconLogo: text(),
  slackWorkspaceName: text(),
  createdAt: createdAt(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** A user's place in a workspace, with the spec's admin flag ('1' admin, '0' not). */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: text().notNull().default('0'),
    disabled: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index().on(t.userId),
    check('memberships_is_admin_check', sql`${t.isAdmin} in ('0', '1')`),
  ],
);

/** A signed-in browser. The token itself is never stored, only its SHA-256. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace this session works in; switch-tenant changes it. */
    tenantId: uuid().references(() => tenants.id, { onDelete: 'set null' }),
    remember: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * Attempts that are limited per subject (an email) and client address: failed sign-ins and
 * password-reset requests. Rows, not memory, so the limits hold across instances.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    subject: text().notNull(),
    clientAddress: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.kind, t.subject, t.clientAddress, t.createdAt)],
);

/** Single-use links sent by email: a password reset, or an invitation to set a first password. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), check('password_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`)],
);

/** A user's own settings: which home widgets show, in which order, and their calendar embed. */
export const userSettings = pgTable('user_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  widgets: jsonb().$type<{ key: string; title: string; visible: boolean }[]>().notNull(),
  googleCalendarEmbedUrl: text(),
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
