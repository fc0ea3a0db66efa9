import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

/**
 * One confirmed import of outside data into a workspace: who brought what in, when, and whether
 * it was undone. It is the audit of imports; `import_items` lists every row it created.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The format read ('ninety-scorecard', 'csv-todos', …). */
    kind: text().notNull(),
    fileName: text().notNull(),
    /** The meeting the data went into, when the format has one (no foreign key: the record outlives it). */
    meetingId: uuid(),
    status: text().notNull().default('done'),
    /** What was created, by kind of thing ({ kpis: 12, values: 140 }). */
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.tenantId, t.createdAt), check('imports_status_check', sql`${t.status} in ('done', 'undone')`)],
);

/**
 * A row an import created or filled: `entity` names the table ('score', 'scoreCell', …) and
 * `entityId` its id (a cell's is `{scoreId}/{sessionId}`). Undo walks these.
 */
export const importItems = pgTable(
  'import_items',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    entity: text().notNull(),
    entityId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.entity, t.entityId] })],
);
