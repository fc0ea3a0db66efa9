import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { tasks } from './tasks.ts';

// People tools: core values, reporting lines, weekly 1:1s and quarterly/annual conversations
// (docs/decisions/108–110). What a pair writes is theirs: admins see that it happened, not what.

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const person = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A core value of the workspace; retired ones stay for past conversations that rated them. */
export const coreValues = pgTable(
  'core_values',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text().notNull(),
    description: text().notNull().default(''),
    sort: integer().notNull().default(0),
    retiredAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    changedAt: now(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.tenantId, t.sort)],
);

/** An admin's override of the manager the org chart gives a person (null manager: nobody). */
export const reportingOverrides = pgTable(
  'reporting_overrides',
  {
    tenantId: tenantId(),
    reportId: person(),
    managerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    changedAt: now(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.reportId] }),
    check('reporting_overrides_not_self', sql`${t.managerId} is null or ${t.managerId} <> ${t.reportId}`),
  ],
);

/** A manager–report pair's weekly 1:1: its schedule, and whether the pair shares it with admins. */
export const oneOnOnePairs = pgTable(
  'one_on_one_pairs',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    managerId: person(),
    reportId: person(),
    startDate: date({ mode: 'string' }).notNull(),
    /** 'HH:mm' in `timezone`, kept across daylight-saving changes as a meeting's is. */
    startTime: text().notNull(),
    timezone: text().notNull(),
    repeatWeeks: integer().notNull().default(1),
    sharedWithAdmins: boolean().notNull().default(false),
    createdAt: now(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('one_on_one_pairs_pair_unique').on(t.tenantId, t.managerId, t.reportId),
    index().on(t.tenantId, t.reportId),
    check('one_on_one_pairs_not_self', sql`${t.managerId} <> ${t.reportId}`),
    check('one_on_one_pairs_repeat_check', sql`${t.repeatWeeks} between 1 and 8`),
  ],
);

/** One held (or about to be held) 1:1 of a pair, made when first touched. */
export const oneOnOnes = pgTable(
  'one_on_ones',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    pairId: uuid()
      .notNull()
      .references(() => oneOnOnePairs.id, { onDelete: 'cascade' }),
    /** The local date of the occurrence. */
    heldOn: date({ mode: 'string' }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Notes both sides see. */
    sharedNotes: text().notNull().default(''),
    createdAt: now(),
  },
  (t) => [
    unique('one_on_ones_pair_date_unique').on(t.pairId, t.heldOn),
    index().on(t.tenantId, t.pairId, t.startsAt),
    // The pair's live 1:1 (the 1:1 list asks for each pair): found without reading its past weeks.
    index('one_on_ones_live_idx').on(t.pairId).where(sql`${t.startedAt} is not null and ${t.finishedAt} is null`),
  ],
);

/** A side's private notes on one 1:1: only its author ever reads them. */
export const oneOnOnePrivateNotes = pgTable(
  'one_on_one_private_notes',
  {
    oneOnOneId: uuid()
      .notNull()
      .references(() => oneOnOnes.id, { onDelete: 'cascade' }),
    userId: person(),
    tenantId: tenantId(),
    body: text().notNull().default(''),
    changedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.oneOnOneId, t.userId] })],
);

/**
 * A talking point of a pair. A one-off belongs to one 1:1; a recurring one (`oneOnOneId` null)
 * shows in every 1:1 until closed, its notes per 1:1 being its history.
 */
export const talkingPoints = pgTable(
  'talking_points',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    pairId: uuid()
      .notNull()
      .references(() => oneOnOnePairs.id, { onDelete: 'cascade' }),
    oneOnOneId: uuid().references(() => oneOnOnes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    recurring: boolean().notNull().default(false),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** The to-do or issue it became. */
    taskId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    sort: integer().notNull().default(0),
    createdAt: now(),
  },
  (t) => [index().on(t.pairId, t.oneOnOneId), index().on(t.oneOnOneId)],
);

/** What was said about a recurring talking point in one 1:1. */
export const talkingPointNotes = pgTable(
  'talking_point_notes',
  {
    pointId: uuid()
      .notNull()
      .references(() => talkingPoints.id, { onDelete: 'cascade' }),
    oneOnOneId: uuid()
      .notNull()
      .references(() => oneOnOnes.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    body: text().notNull().default(''),
    changedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.oneOnOneId] }), index().on(t.oneOnOneId)],
);

/** A quarterly or annual conversation of a pair. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    pairId: uuid()
      .notNull()
      .references(() => oneOnOnePairs.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** '2026-Q3' or '2026'. */
    period: text().notNull(),
    heldOn: date({ mode: 'string' }).notNull(),
    summary: text().notNull().default(''),
    managerAckAt: timestamp({ withTimezone: true }),
    reportAckAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('conversations_pair_period_unique').on(t.pairId, t.kind, t.period),
    index().on(t.tenantId, t.heldOn),
    check('conversations_kind_check', sql`${t.kind} in ('quarterly', 'annual')`),
  ],
);

/** One side's form of a conversation (answers: what works, what not, values, GWC, goals). */
export const conversationForms = pgTable(
  'conversation_forms',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: person(),
    tenantId: tenantId(),
    answers: jsonb().notNull().default({}),
    submittedAt: timestamp({ withTimezone: true }),
    changedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** Every read of a pair's 1:1 or conversation by someone outside the pair; rows are only inserted. */
export const peopleToolsAudit = pgTable(
  'people_tools_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    at: now(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    pairId: uuid().notNull(),
    subject: text().notNull(),
    subjectId: uuid().notNull(),
    sessionId: text(),
    address: text(),
  },
  (t) => [
    index().on(t.tenantId, t.at),
    check('people_tools_audit_subject_check', sql`${t.subject} in ('oneOnOne', 'conversation')`),
  ],
);

/**
 * The People Analyzer's bar of a workspace (decision 116): at least `minPlus` values rated "+",
 * at most `maxMinus` rated "−", and, when `gwcRequired`, yes to all three of GWC. No row: the
 * default bar (no "−", GWC all yes).
 */
export const peopleAnalyzerBars = pgTable(
  'people_analyzer_bars',
  {
    tenantId: uuid()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    minPlus: integer().notNull().default(0),
    maxMinus: integer().notNull().default(0),
    gwcRequired: boolean().notNull().default(true),
    changedAt: now(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('people_analyzer_bars_min_plus_check', sql`${t.minPlus} between 0 and 20`),
    check('people_analyzer_bars_max_minus_check', sql`${t.maxMinus} between 0 and 20`),
  ],
);

/** A person's People Analyzer rating in a quarter ('YYYY-Qn'): GWC here, the values in the next table. */
export const peopleAnalyzerRatings = pgTable(
  'people_analyzer_ratings',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: person(),
    quarter: text().notNull(),
    /** Gets it, Wants it, Capacity to do it; null: not rated yet. */
    getsIt: boolean(),
    wantsIt: boolean(),
    capacity: boolean(),
    ratedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: now(),
  },
  (t) => [
    // The table reads a page of people in one quarter; the history one person's quarters.
    unique('people_analyzer_ratings_person_quarter_unique').on(t.tenantId, t.userId, t.quarter),
    index().on(t.tenantId, t.quarter),
    check('people_analyzer_ratings_quarter_check', sql`${t.quarter} ~ '^[0-9]{4}-Q[1-4]$'`),
  ],
);

/** One core value's mark in a rating: '+', '+/-' or '-'. */
export const peopleAnalyzerMarks = pgTable(
  'people_analyzer_marks',
  {
    ratingId: uuid()
      .notNull()
      .references(() => peopleAnalyzerRatings.id, { onDelete: 'cascade' }),
    coreValueId: uuid()
      .notNull()
      .references(() => coreValues.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    mark: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ratingId, t.coreValueId] }),
    check('people_analyzer_marks_mark_check', sql`${t.mark} in ('+', '+/-', '-')`),
  ],
);
