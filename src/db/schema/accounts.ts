import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
  phone: text(),
  alternativePhone: text(),
  address: text(),
  alternativeAddress: text(),
  /** Date of birth, 'YYYY-MM-DD' (inputs show MM/dd/yyyy). */
  dob: text(),
  slack: text(),
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
  /** Members without two-factor sign-in cannot use the workspace until they enrol (decision 102). */
  requireTwoFactor: boolean().notNull().default(false),
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
    /** When this person closed the home's getting-started panel in this workspace (null: shown). */
    gettingStartedDismissedAt: timestamp({ withTimezone: true }),
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
    /** The browser that signed in (its User-Agent, cut to 300 characters), for the sessions list. */
    userAgent: text(),
    /** How the person signed in ('password', 'password+code', 'recovery-code', 'google', …). */
    method: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * Fixed-window counters of the rate limits (src/server/rate-limit.ts): one row per limited key
 * (e.g. sign-in tries of one account) and window. Rows, not memory, so the limits hold across
 * instances; one upsert per try counts atomically on both databases.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.windowStart)],
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

/**
 * A home widget as `user_settings.widgets` keeps it. The To Do's entry also holds the meetings
 * hidden on home, by workspace id (decision 069).
 */
export interface StoredWidget {
  key: string;
  title: string;
  visible: boolean;
  hiddenMeetings?: Record<string, string[]>;
}

/** A user's own settings: which home widgets show, in which order, and their calendar embed. */
export const userSettings = pgTable('user_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  widgets: jsonb().$type<StoredWidget[]>().notNull(),
  googleCalendarEmbedUrl: text(),
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An admin's invitation of an existing account into their workspace: the person joins only by
 * accepting it (signed in, on /workspaces, where the mailed link leads), so no secret is mailed.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.tenantId),
    // At most one open invitation per person and workspace; a new one replaces nothing.
    uniqueIndex('invitations_open_unique')
      .on(t.tenantId, t.userId)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null`),
  ],
);
