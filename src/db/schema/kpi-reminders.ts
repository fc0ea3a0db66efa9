import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';

/**
 * A meeting's scorecard nudge (docs/decisions/120): owners of KPIs still empty for a meeting date
 * are reminded this many hours before it starts. No row: the nudge is off.
 */
export const kpiReminderSettings = pgTable(
  'kpi_reminder_settings',
  {
    meetingId: uuid().primaryKey(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    hoursBefore: integer().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.tenantId),
    check('kpi_reminder_settings_hours_check', sql`${t.hoursBefore} between 1 and 72`),
  ],
);

/** A nudge sent: one per meeting date and person, whichever server sent it first. */
export const kpiRemindersSent = pgTable(
  'kpi_reminders_sent',
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
