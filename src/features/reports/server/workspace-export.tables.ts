import { type AnyColumn, eq, getTableColumns, inArray, is, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import * as schema from '../../../db/schema/index.ts';

// What a workspace export holds (decision 055): every table of the schema, found by its
// columns and foreign keys, so a table added later is exported without anyone remembering to:
//  - a table with tenant_id: its rows of the workspace;
//  - a join table without one: its rows whose first foreign key points at a row of the workspace;
//  - users: the workspace's people; tenants: the workspace itself.
// Left out: secrets and what only makes sense to one server (sessions, tokens, rate limits, the
// mail outbox, the vault's wrapped key and every password, calendar feed and share tokens) and
// per-person settings that belong to no workspace. Binary columns (pictures) are left out of the
// table files; card attachments travel as files of their own.

const EXCLUDED_TABLES = new Set([
  'auth_sessions',
  'password_tokens',
  'rate_limit_counters',
  'outbox',
  'socket_io_attachments',
  'email_changes',
  'calendar_feeds',
  'vault_keys',
  'workspace_exports',
  'user_settings',
  'notification_settings',
  'user_photos',
]);

/** Columns never exported, by their TypeScript name: secrets, token hashes, storage internals, search documents. */
const EXCLUDED_COLUMN = /^(passwordHash|tokenHash|token|secret|wrappedKey|storageKey|search)$/;

export interface ExportTable {
  name: string;
  table: PgTable;
  columns: Record<string, PgColumn>;
  where: (db: Db, tenantId: string) => SQL;
}

const tenantScoped = (table: PgTable) => getTableColumns(table).tenantId as AnyColumn | undefined;

const isExported = (column: AnyColumn) => !EXCLUDED_COLUMN.test(column.name) && column.getSQLType() !== 'bytea';

/** The exported tables, in a stable order (by name). */
export const exportTables = (): ExportTable[] => {
  const tables: ExportTable[] = [];
  const all = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  for (const table of all) {
    const config = getTableConfig(table);
    if (EXCLUDED_TABLES.has(config.name)) continue;
    const allColumns = getTableColumns(table) as Record<string, AnyColumn>;
    const columns = Object.fromEntries(
      Object.entries(allColumns).filter(([key, column]) => isExported(column) && !EXCLUDED_COLUMN.test(key)),
    ) as Record<string, PgColumn>;
    const tenant = tenantScoped(table);
    let where: ExportTable['where'] | undefined;
    if (config.name === 'tenants') where = (_db, tenantId) => eq(allColumns.id as AnyColumn, tenantId);
    else if (config.name === 'users') {
      where = (db, tenantId) =>
        inArray(
          allColumns.id as AnyColumn,
          db
            .select({ id: schema.memberships.userId })
            .from(schema.memberships)
            .where(eq(schema.memberships.tenantId, tenantId)),
        );
    } else if (tenant) where = (_db, tenantId) => eq(tenant, tenantId);
    else {
      // A join table: through its first foreign key to a table of the workspace.
      for (const fk of config.foreignKeys) {
        const reference = fk.reference();
        const parentTenant = tenantScoped(reference.foreignTable);
        const [column] = reference.columns;
        const [parentColumn] = reference.foreignColumns;
        if (!parentTenant || !column || !parentColumn || reference.columns.length !== 1) continue;
        where = (db, tenantId) =>
          inArray(
            column,
            db.select({ id: parentColumn }).from(reference.foreignTable).where(eq(parentTenant, tenantId)),
          );
        break;
      }
    }
    if (where) tables.push({ name: config.name, table, columns, where });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
};
