import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts.ts';
import { sessions } from './meetings.ts';

/**
 * What the operating-system health figures count of each session (decision 128), kept by
 * PostgreSQL triggers (migration 0051) on the sessions, their attendees, scorecard cells, KPIs,
 * dates taken off the scorecard, solved issues and the meeting's time zone, in the writing
 * transaction. Never written by the application. The counts are those of a held session: zero
 * (and no ages) while it is not held.
 */
export const sessionHealth = pgTable(
  'session_health',
  {
    sessionId: uuid()
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    meetingId: uuid().notNull(),
    sessionDate: date({ mode: 'string' }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    unscheduled: boolean().notNull(),
    /** Started on its own date in the meeting's time zone. */
    startedOnItsDate: boolean().notNull(),
    /** Ratings given by people who attended. */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /** Issues marked done in the room, and each one's age in whole UTC days (created to solved), ascending. */
    issuesSolved: integer().notNull().default(0),
    solvedAges: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Scorecard cells that count (weekly entered KPIs that existed then, date not taken off), and those filled on time. */
    cells: integer().notNull().default(0),
    cellsOnTime: integer().notNull().default(0),
  },
  (t) => [index().on(t.tenantId, t.sessionDate), index().on(t.meetingId, t.sessionDate)],
);

/**
 * The workspace's goals and to-dos as the health figures count them (decision 134), per kind,
 * due date and named quarter: how many a meeting or a meeting's board holds, and how many of those
 * are done (a goal) or were done when due (a to-do, by the end of its due date in its owner's time
 * zone). Kept by PostgreSQL triggers (migration 0052) on the tasks, their meeting links, the
 * boards' meeting links and the owners' time zones, in the writing transaction; never written by
 * the application. Read for the figures of the whole workspace, which cover every meeting.
 */
export const taskHealth = pgTable(
  'task_health',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Goal ('1') or to-do ('4'). */
    type: text().notNull(),
    /** A to-do's due date; a goal's when it names no quarter. */
    dueDate: date({ mode: 'string' }),
    /** The quarter a goal names (`2025-Q1`). */
    quarterId: text(),
    total: integer().notNull(),
    done: integer().notNull(),
  },
  (t) => [index().on(t.tenantId, t.type, t.dueDate)],
);

/**
 * The summary keys a transaction's writes touched, recounted once when it commits (a deferred
 * trigger, migration 0052) and removed then: never holds a committed row.
 */
export const taskHealthDirty = pgTable('task_health_dirty', {
  tenantId: uuid().notNull(),
  type: text().notNull(),
  dueDate: date({ mode: 'string' }),
  quarterId: text(),
});

/**
 * A workspace's sessions of one day summed from their `session_health` rows (decision 134): what
 * the figures of the whole workspace count of each day, read instead of every session's row. The
 * counts that depend on the clock ("scheduled": its start has passed) are counted here as if it
 * had; the figures read the last two days from the sessions' own rows. Kept by triggers on
 * `session_health` (migration 0052), recounted at commit; never written by the application.
 */
export const sessionHealthDays = pgTable(
  'session_health_days',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    sessionDate: date({ mode: 'string' }).notNull(),
    /** Sessions not made for the occasion. */
    scheduled: integer().notNull(),
    /** Of those, started on their own date. */
    onSchedule: integer().notNull(),
    held: integer().notNull(),
    heldScheduled: integer().notNull(),
    onTime: integer().notNull(),
    ratingSum: integer().notNull(),
    ratingCount: integer().notNull(),
    issuesSolved: integer().notNull(),
    /** Every solved issue's age in days, ascending. */
    solvedAges: integer().array().notNull(),
    cells: integer().notNull(),
    cellsOnTime: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.sessionDate] })],
);

/** The days a transaction's writes touched, recounted when it commits (as `task_health_dirty`). */
export const sessionHealthDaysDirty = pgTable('session_health_days_dirty', {
  tenantId: uuid().notNull(),
  sessionDate: date({ mode: 'string' }).notNull(),
});
