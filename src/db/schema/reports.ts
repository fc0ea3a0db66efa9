import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

// Reports: the workspace export jobs (decision 055). The zip itself is a file under
// DATA_DIR/exports/{tenantId}/, named by `storageKey` (set when the job starts, so a partial file
// of a job that failed can be found and removed).

export const workspaceExports = pgTable(
  'workspace_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** queued → running → done | failed; done → expired once its zip is removed (decision 059). */
    status: text().notNull().default('queued'),
    /** 0–100. */
    progress: integer().notNull().default(0),
    fileName: text(),
    storageKey: text(),
    size: bigint({ mode: 'number' }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.tenantId, t.createdAt),
    check('workspace_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'expired')`),
    check('workspace_exports_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
