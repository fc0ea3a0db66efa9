import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::uuid[])` with the ids as ONE array parameter. drizzle's inArray sends one
 * parameter per id, and a statement with hundreds of parameters is slow to plan.
 */
export const anyOf = (column: AnyColumn | SQL, ids: string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;

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
