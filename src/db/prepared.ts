import type { Db } from './client.ts';

// Hot reads (every page's shell calls, the session lookup) run as prepared statements: drizzle
// builds their SQL once per database handle instead of once per request (query building was a
// fifth of the server's busy time under load, bench/profiles/), and PostgreSQL parses and plans
// them once per connection. Decision 040.

interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}
interface Preparable<T> extends Runnable<T> {
  prepare(name: string): Runnable<T>;
}

const byHandle = new WeakMap<object, Map<string, Runnable<unknown>>>();

/** drizzle's transactions have rollback(); the pool handle has not. */
const isTransaction = (db: Db) => typeof (db as unknown as { rollback?: unknown }).rollback === 'function';

/**
 * Runs `build(db)` with the placeholder `values`, prepared once per handle under `name` (unique
 * per statement). Inside a transaction it runs there, unprepared: a statement prepared on the
 * pool would run on another connection, outside the transaction.
 */
export const runPrepared = <T>(
  db: Db,
  name: string,
  build: (db: Db) => Preparable<T>,
  values: Record<string, unknown>,
): Promise<T> => {
  if (isTransaction(db)) return build(db).execute(values);
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let statement = statements.get(name) as Runnable<T> | undefined;
  if (!statement) {
    statement = build(db).prepare(name);
    statements.set(name, statement);
  }
  return statement.execute(values);
};
