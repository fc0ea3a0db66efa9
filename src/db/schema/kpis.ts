import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** The upper end of a range goal (`goal` 'between': score ≤ value ≤ scoreMax); null otherwise. */
    scoreMax: text(),
    /**
     * A formula KPI's expression (docs/decisions/105): other scores are referenced as `{id}`, so a
     * rename does not break it. Its cells are computed, never stored. Null for an entered KPI.
     */
    formula: text(),
    /** How the row's cells display: the values, their running total, or a rolling average. */
    display: text().notNull().default('values'),
    /** Periods a rolling average spans. */
    rollingPeriods: integer().notNull().default(4),
    /** Weekly (a value per meeting date), monthly or quarterly. */
    frequency: text().notNull().default('weekly'),
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
    check('scores_goal_check', sql`${t.goal} in ('>=', '<=', '==', 'between')`),
    check('scores_type_check', sql`${t.type} in ('number', 'dollar', 'percentage', 'yesno', 'time')`),
    check('scores_score_check', sql`${t.score} ~ '^-?[0-9]+([.][0-9]+)?$'`),
    check(
      'scores_score_max_check',
      sql`(${t.goal} = 'between') = (${t.scoreMax} is not null) and (${t.scoreMax} is null or ${t.scoreMax} ~ '^-?[0-9]+([.][0-9]+)?$')`,
    ),
    check('scores_display_check', sql`${t.display} in ('values', 'cumulative', 'rolling')`),
    check('scores_rolling_periods_check', sql`${t.rollingPeriods} between 2 and 52`),
    check('scores_frequency_check', sql`${t.frequency} in ('weekly', 'monthly', 'quarterly')`),
    check('scores_formula_check', sql`${t.formula} is null or length(${t.formula}) between 1 and 2000`),
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
    // A workspace's cells of some sessions read at once (operating-system health, decision 124).
    index().on(t.tenantId, t.sessionId),
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

/**
 * A temporary goal: from `startsOn` to `endsOn` (inclusive, meeting dates) the score's cells are
 * coloured against this goal instead of the score's own (docs/decisions/107).
 */
export const scoreGoalPeriods = pgTable(
  'score_goal_periods',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    scoreId: uuid()
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    goal: text().notNull(),
    score: text().notNull(),
    scoreMax: text(),
    createdAt: now(),
    createdBy: byUser(),
  },
  (t) => [
    index().on(t.scoreId, t.startsOn),
    check('score_goal_periods_dates_check', sql`${t.startsOn} <= ${t.endsOn}`),
    check('score_goal_periods_goal_check', sql`${t.goal} in ('>=', '<=', '==', 'between')`),
    check('score_goal_periods_score_check', sql`${t.score} ~ '^-?[0-9]+([.][0-9]+)?$'`),
    check(
      'score_goal_periods_score_max_check',
      sql`(${t.goal} = 'between') = (${t.scoreMax} is not null) and (${t.scoreMax} is null or ${t.scoreMax} ~ '^-?[0-9]+([.][0-9]+)?$')`,
    ),
  ],
);

/**
 * A value of a monthly or quarterly measurable (docs/decisions/118): one per score and period,
 * named by the period's first day (a calendar month's 1st, or the start of the workspace's
 * quarter). Written when a value or note is first saved; a missing row is an empty cell.
 */
export const scorePeriodCells = pgTable(
  'score_period_cells',
  {
    tenantId: tenantId(),
    scoreId: uuid()
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    /** 'month' or 'quarter': the kind of period the score had when the value was entered. */
    periodKind: text().notNull(),
    /** Normalised decimal text; null when only a note was entered. */
    measured: text(),
    note: text(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: byUser(),
  },
  (t) => [
    primaryKey({ columns: [t.scoreId, t.periodStart] }),
    index().on(t.tenantId),
    check('score_period_cells_kind_check', sql`${t.periodKind} in ('month', 'quarter')`),
    check('score_period_cells_measured_check', sql`${t.measured} is null or ${t.measured} ~ '^-?[0-9]+([.][0-9]+)?$'`),
  ],
);
