import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

/**
 * A notification for one person in one workspace (document 2 §3). Status keeps the spec's wire
 * values: 'unseen' when written, 'sent' once its e-mail copy went out, 'read' once the bell was
 * opened (decision 033). `link` is the app path it is about; the ids let it be cleaned up.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    message: text().notNull(),
    link: text().notNull(),
    meetingId: uuid(),
    taskId: uuid(),
    /** Items the notification lists, each with its own link (a before-meeting digest's, decision 125). */
    details: jsonb().$type<{ label: string; link: string }[]>(),
    status: text().notNull().default('unseen'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The bell: one person's notifications in one workspace, newest first.
    index().on(t.receiverId, t.tenantId, t.createdAt),
    // The unread count reads only the unread ones.
    index('notifications_unread_index').on(t.receiverId, t.tenantId).where(sql`${t.status} <> 'read'`),
    check('notifications_status_check', sql`${t.status} in ('unseen', 'sent', 'read')`),
  ],
);

/** A person's private calendar subscription (ICS feed) in one workspace; only the token's hash is kept. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
