import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
