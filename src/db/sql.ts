import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])` with the ids as ONE array parameter. drizzle's inArray sends one
 * parameter per id, and a statement with hundreds of parameters is slow to plan.
 */
export const anyOf = (column: AnyColumn | SQL, ids: string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** An ILIKE pattern for "contains `text`", with LIKE's wildcards in `text` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
