import { boolean, customType, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A group of people in a workspace (the spec's user group; its dialog calls them roles). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.tenantId, t.name)],
);

/** Who is in a group: one row per person, so both sides (user's groups, group's users) read it. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index().on(t.tenantId, t.userId)],
);

/** A person's photo, served by URL with an ETag (never as a data URL inside JSON). */
export const userPhotos = pgTable('user_photos', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mimeType: text().notNull(),
  bytes: bytea().notNull(),
  /** SHA-256 of the bytes, the ETag and the URL's version. */
  hash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A pending change of a person's email: it takes effect only through the link mailed to the new address. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A person's notification switches (profile → Notifications): by channel and by kind. No row
 * means the defaults (everything on). `notificationPreferences` (people/server/self.service.ts)
 * reads them; the notifications feature does not use them yet (mail copies follow reminders).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enableEmailNotification: boolean().notNull().default(true),
  enableSlackNotification: boolean().notNull().default(true),
  assignments: boolean().notNull().default(true),
  comments: boolean().notNull().default(true),
  meetingStarts: boolean().notNull().default(true),
  reminders: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
