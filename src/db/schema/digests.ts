import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';

/**
 * A meeting's before-meeting digest (docs/decisions/125): each person of the meeting gets what they
 * still owe it this many hours before a meeting date starts. No row: the default (24 hours);
 * a row with `hours_before` null: off.
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    meetingId: uuid().primaryKey(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    hoursBefore: integer(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.tenantId),
    check('digest_settings_hours_check', sql`${t.hoursBefore} is null or ${t.hoursBefore} between 1 and 72`),
  ],
);

/** A digest sent: one per meeting date and person, whichever server claimed it first. */
export const digestsSent = pgTable(
  'digests_sent',
  {
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index().on(t.tenantId), index().on(t.userId)],
);
