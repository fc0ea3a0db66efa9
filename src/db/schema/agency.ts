import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

// Agency tools (document 3 §3: Agency category, Agency item, Column, Question, Answer;
// docs/decisions/052). The product's own content has no workspace (`tenant_id` null) and a stable
// `key`; a workspace's admins add content of their own (`tenant_id` set, no key). Answers are
// always a workspace's own. Shipped rows a later version drops are `retired`, never deleted, so no
// workspace loses an answer.

/** The workspace that made the row; null for the product's shipped content. */
const ownerId = () => uuid().references(() => tenants.id, { onDelete: 'cascade' });
const createdBy = () => uuid().references(() => users.id, { onDelete: 'set null' });
const stamp = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** The columns every piece of content has: owner, shipped key and version, order, retirement. */
const contentColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  tenantId: ownerId(),
  /** Shipped content: its stable key in agency.content.ts; null for a workspace's own. */
  key: text(),
  /** Shipped content: the content version that last wrote its text. */
  contentVersion: integer(),
  /** Shipped content a later version no longer has: kept (with its answers), never shown. */
  retired: boolean().notNull().default(false),
  sort: integer().notNull().default(0),
  createdBy: createdBy(),
  createdAt: stamp(),
  changedAt: stamp(),
});

export const agencyCategories = pgTable(
  'agency_categories',
  {
    ...contentColumns(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** An icon name of AGENCY_ICONS (the spec's avatar markup, without markup). */
    avatar: text().notNull(),
    /** A colour name of AGENCY_COLORS. */
    color: text().notNull(),
    buttonTitle: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.key), index().on(t.tenantId, t.sort)],
);

export const agencyItems = pgTable(
  'agency_items',
  {
    ...contentColumns(),
    categoryId: uuid()
      .notNull()
      .references(() => agencyCategories.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** A link to read more (http or https), shown where set. */
    url: text(),
    /** A short summary of what the framework gives the team, shown where set. */
    recap: text(),
    /** The category's button opens its default item. */
    isDefault: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.key), index().on(t.categoryId, t.sort), index().on(t.tenantId)],
);

export const agencyColumns = pgTable(
  'agency_columns',
  {
    ...contentColumns(),
    itemId: uuid()
      .notNull()
      .references(() => agencyItems.id, { onDelete: 'cascade' }),
    /** The column this one follows (an arrow leads from it); same item, never a cycle. */
    parentId: uuid().references((): AnyPgColumn => agencyColumns.id, { onDelete: 'set null' }),
    title: text().notNull(),
    subtitle: text().notNull().default(''),
    /** An icon name of AGENCY_ICONS, or null. */
    image: text(),
    color: text().notNull(),
    /** 'editable' or 'noneditable' (its answers cannot be changed). */
    columnType: text().notNull().default('editable'),
    /** Sanitized rich text. */
    description: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex().on(t.key),
    index().on(t.itemId, t.sort),
    index().on(t.tenantId),
    index().on(t.parentId),
    check('agency_columns_type_check', sql`${t.columnType} in ('editable', 'noneditable')`),
  ],
);

export const agencyQuestions = pgTable(
  'agency_questions',
  {
    ...contentColumns(),
    columnId: uuid()
      .notNull()
      .references(() => agencyColumns.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    /** The spec's questionLength: the most characters an answer may have. */
    maxLength: integer().notNull().default(500),
    /** How many answers the question takes at most. */
    numOfAnswers: integer().notNull().default(1),
    /** True: answers are added one by one (Add answer) up to numOfAnswers; false: all slots show. */
    addAnswer: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex().on(t.key),
    index().on(t.columnId, t.sort),
    index().on(t.tenantId),
    check('agency_questions_length_check', sql`${t.maxLength} between 1 and 5000`),
    check('agency_questions_answers_check', sql`${t.numOfAnswers} between 1 and 20`),
  ],
);

/** A workspace's answer in one slot (`position`, from 0) of a question. */
export const agencyAnswers = pgTable(
  'agency_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    questionId: uuid()
      .notNull()
      .references(() => agencyQuestions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    answer: text().notNull(),
    createdAt: stamp(),
    changedAt: stamp(),
    changedBy: createdBy(),
  },
  (t) => [
    uniqueIndex().on(t.tenantId, t.questionId, t.position),
    index().on(t.questionId),
    check('agency_answers_position_check', sql`${t.position} >= 0`),
  ],
);

/** Content a workspace hid (shipped or its own): exactly one of the four ids is set. */
export const agencyHidden = pgTable(
  'agency_hidden',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    categoryId: uuid().references(() => agencyCategories.id, { onDelete: 'cascade' }),
    itemId: uuid().references(() => agencyItems.id, { onDelete: 'cascade' }),
    columnId: uuid().references(() => agencyColumns.id, { onDelete: 'cascade' }),
    questionId: uuid().references(() => agencyQuestions.id, { onDelete: 'cascade' }),
    hiddenBy: createdBy(),
    hiddenAt: stamp(),
  },
  (t) => [
    uniqueIndex().on(t.tenantId, t.categoryId),
    uniqueIndex().on(t.tenantId, t.itemId),
    uniqueIndex().on(t.tenantId, t.columnId),
    uniqueIndex().on(t.tenantId, t.questionId),
    check(
      'agency_hidden_one_check',
      sql`num_nonnulls(${t.categoryId}, ${t.itemId}, ${t.columnId}, ${t.questionId}) = 1`,
    ),
  ],
);

/** The version of the shipped content this database holds (one row, id 1). */
export const agencyContentState = pgTable('agency_content_state', {
  id: integer().primaryKey(),
  version: integer().notNull(),
  syncedAt: stamp(),
});
