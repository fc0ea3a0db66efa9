import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const byUser = () => uuid().references(() => users.id, { onDelete: 'set null' });

/**
 * A score (measurable) of a meeting's scorecard (document 2 §3). `goal` is the comparator and
 * `score` the target, a normalised decimal text (see src/shared/kpis.ts), as the spec names them.
 */
export const scores = pgTable(
  'scores',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    /** The owner (users are never hard-deleted). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    goal: text().notNull(),
    score: text().notNull(),
    units: text(),
    type: text().notNull().default('number'),
    sort: integer().notNull().default(0),
    createdAt: now(),
    createdBy: byUser(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.meetingId, t.sort),
    check('scores_goal_check', sql`${t.goal} in ('>=', '<=', '==')`),
    check('scores_type_check', sql`${t.type} in ('number', 'dollar', 'percentage')`),
    check('scores_score_check', sql`${t.score} ~ '^-?[0-9]+([.][0-9]+)?$'`),
  ],
);

/**
 * A scoreboard cell: one per score and meeting date, created with the score (for every date)
 * and with the date (for every score); it goes with either (foreign keys cascade). Its wire id
 * is `{scoreId}/{sessionId}`.
 */
export const scoreCells = pgTable(
  'score_cells',
  {
    tenantId: tenantId(),
    scoreId: uuid()
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** Normalised decimal text; null when nothing was entered. */
    measured: text(),
    note: text(),
    /** Null until a value or note is first saved. */
    changedAt: timestamp({ withTimezone: true }),
    changedBy: byUser(),
  },
  (t) => [
    primaryKey({ columns: [t.scoreId, t.sessionId] }),
    index().on(t.sessionId),
    check('score_cells_measured_check', sql`${t.measured} is null or ${t.measured} ~ '^-?[0-9]+([.][0-9]+)?$'`),
  ],
);

/**
 * Meeting dates taken off the scorecard with "Delete meeting date": the meeting keeps the
 * session, the scorecard drops its column and cells and adds no cells for it again.
 */
export const kpiRemovedSessions = pgTable(
  'kpi_removed_sessions',
  {
    sessionId: uuid()
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    removedAt: now(),
    removedBy: byUser(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.meetingId),
  ],
);
