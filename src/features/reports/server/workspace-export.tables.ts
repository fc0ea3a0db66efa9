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
// per-person settings that belong to no workspace. Binary columns are never in the table files:
// a picture (a bytea column beside a mimeType column: people's photos, the logo, seat pictures)
// travels as a file of its own, images/{table}/{row key}.{ext}, named in its row's `imageFile`
// (decision 059); any other bytea column is a secret (the Slack bot token, vault secrets and
// keys) and is left out. Card attachments travel as files of their own too.

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
]);

/** Per-person tables of no workspace that still belong in its export: the rows of its people. */
const PEOPLE_TABLES = new Set(['user_photos']);

/** Columns never exported, by their TypeScript name: secrets, token hashes, storage internals, search documents. */
const EXCLUDED_COLUMN = /^(passwordHash|tokenHash|token|secret|wrappedKey|storageKey|search)$/;

/** A picture held in a row: its bytes, its content type and the row's key (the file's name). */
export interface ExportPicture {
  bytes: PgColumn;
  /** The TypeScript names of the exported columns holding the content type and the key. */
  mimeType: string;
  key: string;
}

export interface ExportTable {
  name: string;
  table: PgTable;
  columns: Record<string, PgColumn>;
  where: (db: Db, tenantId: string) => SQL;
  /** Set when the table holds pictures: each row's goes into the zip as a file. */
  picture?: ExportPicture;
}

/** The column name naming a row's picture file in the exported JSON and CSV. */
export const IMAGE_FILE_COLUMN = 'imageFile';

/** The file extension of a picture's content type. */
export const imageExtension = (mimeType: unknown) =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg' })[
    String(mimeType)
  ] ?? 'bin';

/** A table's picture: its one bytea column when a mimeType column and a one-column primary key go with it. */
const pictureOf = (allColumns: Record<string, AnyColumn>): ExportPicture | undefined => {
  const binary = Object.values(allColumns).filter((column) => column.getSQLType() === 'bytea');
  const [key, ...more] = Object.entries(allColumns).filter(([, column]) => column.primary);
  if (binary.length !== 1 || !allColumns.mimeType || !key || more.length > 0) return undefined;
  if (EXCLUDED_COLUMN.test(binary[0]!.name)) return undefined;
  return { bytes: binary[0] as PgColumn, mimeType: 'mimeType', key: key[0] };
};

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
    const people = (column: AnyColumn) => (db: Db, tenantId: string) =>
      inArray(
        column,
        db
          .select({ id: schema.memberships.userId })
          .from(schema.memberships)
          .where(eq(schema.memberships.tenantId, tenantId)),
      );
    if (config.name === 'tenants') where = (_db, tenantId) => eq(allColumns.id as AnyColumn, tenantId);
    else if (config.name === 'users') where = people(allColumns.id as AnyColumn);
    else if (PEOPLE_TABLES.has(config.name) && allColumns.userId) where = people(allColumns.userId);
    else if (tenant) where = (_db, tenantId) => eq(tenant, tenantId);
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
    const picture = pictureOf(allColumns);
    if (where) tables.push({ name: config.name, table, columns, where, ...(picture ? { picture } : {}) });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
};
