import { type AnyColumn, and, eq, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import {
  type agencyCategories,
  type agencyColumns,
  agencyHidden,
  type agencyItems,
  type agencyQuestions,
} from '../../../db/schema/index.ts';

// The SQL pieces every agency read shares: which content a workspace sees, and what it hid.

type ContentTable = typeof agencyCategories | typeof agencyItems | typeof agencyColumns | typeof agencyQuestions;

/** Shipped (and not retired) or the workspace's own. */
export const visibleTo = (table: ContentTable, tenantId: string): SQL =>
  or(eq(table.tenantId, tenantId), and(isNull(table.tenantId), not(table.retired)))!;

const HIDDEN_COLUMN = {
  categories: agencyHidden.categoryId,
  items: agencyHidden.itemId,
  columns: agencyHidden.columnId,
  questions: agencyHidden.questionId,
} as const;

/**
 * True when the workspace hid the row of the given kind whose id is `table`.`column` (written out
 * with its table: drizzle leaves a single table's columns unqualified in a select list, and
 * inside this subquery an unqualified "id" would be agency_hidden's own).
 */
export const hiddenIn = (
  kind: keyof typeof HIDDEN_COLUMN,
  table: ContentTable,
  tenantId: string,
  column: 'id' | 'category_id' = 'id',
) =>
  sql<boolean>`exists (select 1 from ${agencyHidden} where ${agencyHidden.tenantId} = ${tenantId} and ${HIDDEN_COLUMN[kind]} = ${table}.${sql.identifier(column)})`;

export const hiddenColumnOf = (kind: keyof typeof HIDDEN_COLUMN) => HIDDEN_COLUMN[kind];

/** "First name Last name" of a user id column, or null. */
export const personName = (first: AnyColumn, last: AnyColumn) => sql<string>`trim(${first} || ' ' || ${last})`;
