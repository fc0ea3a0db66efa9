import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Ids as ONE uuid[] parameter. drizzle's inArray sends one parameter per id, and a statement
 * with hundreds of parameters is slow to plan.
 */
export const uuidArray = (ids: string[]): SQL => sql`${sql.param(ids)}::uuid[]`;

/** `column = any($1::uuid[])`, the ids as one parameter (uuidArray). */
export const anyOf = (column: AnyColumn | SQL, ids: string[]): SQL => sql`${column} = any(${uuidArray(ids)})`;

/** An ILIKE pattern for "contains `text`", with LIKE's wildcards in `text` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A paged select's window column: how many rows its filters let through, whatever the page. */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a paged list: the window count on the page's first row, or — past the end,
 * where the page is empty and the window count with it — `countAll()`.
 */
export const pageTotal = async (rows: { total: number }[], offset: number, countAll: () => Promise<number>) =>
  rows[0]?.total ?? (offset > 0 ? countAll() : 0);
