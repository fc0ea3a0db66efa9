import { type AnyColumn, getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type ExportTable, exportTables } from '../../reports/server/workspace-export.tables.ts';

// What importing a workspace export writes, derived from the export's own table list (decision
// 114): every exported table is imported unless it is listed below with its reason, so a table
// added to the schema is exported and imported back with no code. A table whose rows need a
// value the export leaves out (a secret, a storage key) must have a filler in the service;
// otherwise `importPlan` refuses to build (and the round-trip test fails), never a silent loss.

/** Exported tables not imported, each with why. */
export const NOT_IMPORTED: Record<string, string> = {
  // The new workspace gets its own people: the importer as admin, the others invited.
  memberships: 'replaced by the importer as admin and an invitation for everyone else',
  invitations: 'replaced by fresh invitations of the exported people',
  // Secrets the export never holds: these would be unusable shells.
  api_tokens: 'a token is a secret the export does not hold; make new ones',
  webhooks: 'the signing secret is not exported; add the webhook again',
  webhook_deliveries: 'deliveries of webhooks that are not imported',
  slack_installations: 'the bot token is not exported; connect Slack again',
  slack_meeting_channels: 'channels of the Slack connection that is not imported',
  slack_oauth_states: 'a sign-in in progress, meaningless elsewhere',
  sso_providers: 'the client secret is not exported; set single sign-on up again',
  kpi_feeds: "a feed's secret is not exported; feed the KPI again",
  // The exported workspace's own import history: undoing one here would act on copies.
  imports: 'the import history of the exported workspace',
  import_items: 'the import history of the exported workspace',
  // Kept by database triggers from the imported rows; written here it would collide with them.
  session_health: 'made by triggers from the imported sessions, ratings, cells and issues (decision 128)',
  task_health: 'made by triggers from the imported goals, to-dos and their meeting links (decision 134)',
  task_health_dirty: 'notes of a transaction in progress, never committed (decision 134)',
  session_health_days: 'made by triggers from the imported sessions (decision 134)',
  session_health_days_dirty: 'notes of a transaction in progress, never committed (decision 134)',
};

/** Columns left out of the export that the importer makes anew (their table's filler in the service). */
export const FILLED_COLUMNS: Record<string, string[]> = {
  attachments: ['storageKey'],
  task_shares: ['token'],
  vault_entries: ['secret'],
};

export interface ImportReference {
  /** The row's column (TypeScript key) pointing at another row. */
  key: string;
  /** The table it points into. */
  target: string;
  nullable: boolean;
}

export interface ImportTable {
  name: string;
  table: PgTable;
  source: ExportTable;
  /** Exported columns written back (TypeScript key → column); generated columns are left out. */
  columns: Record<string, PgColumn>;
  /** The key of a one-column uuid primary key made by the importer (the row's own id), if any. */
  ownId: string | null;
  references: ImportReference[];
  /** A reference to a row of the same table: rows are written parents first. */
  parentKey: string | null;
  /** The bytea column (TypeScript key) filled from the picture file named in `imageFile`. */
  pictureKey: string | null;
}

const keyOf = (columns: Record<string, AnyColumn>, column: AnyColumn) =>
  Object.entries(columns).find(([, c]) => c === column)?.[0];

const tableOf = (name: string, source: ExportTable): ImportTable => {
  const all = getTableColumns(source.table) as Record<string, AnyColumn>;
  const config = getTableConfig(source.table);
  const references: ImportReference[] = [];
  for (const fk of config.foreignKeys) {
    const reference = fk.reference();
    const target = getTableConfig(reference.foreignTable).name;
    for (const column of reference.columns) {
      const key = keyOf(all, column);
      // The workspace column of a composite key is the new workspace's: checked once, not per key.
      if (!key || (key === 'tenantId' && reference.columns.length > 1)) continue;
      if (!references.some((r) => r.key === key && r.target === target))
        references.push({ key, target, nullable: !column.notNull });
    }
  }
  const primary = Object.entries(all).filter(([, column]) => column.primary);
  const [onlyPrimary] = primary;
  const ownId =
    primary.length === 1 &&
    onlyPrimary &&
    onlyPrimary[1].getSQLType() === 'uuid' &&
    !references.some((r) => r.key === onlyPrimary[0])
      ? onlyPrimary[0]
      : null;
  const columns = Object.fromEntries(
    Object.entries(source.columns).filter(
      ([, column]) => !column.generated && column.generatedIdentity?.type !== 'always',
    ),
  );
  const missing = Object.entries(all).filter(
    ([key, column]) =>
      !(key in columns) &&
      column.notNull &&
      !column.hasDefault &&
      !column.generated &&
      column !== source.picture?.bytes &&
      !FILLED_COLUMNS[name]?.includes(key),
  );
  if (missing.length > 0)
    throw new Error(
      `import: ${name}.${missing.map(([key]) => key).join(', ')} is required but not exported: add a filler or list the table in NOT_IMPORTED`,
    );
  return {
    name,
    table: source.table,
    source,
    columns,
    ownId,
    references,
    parentKey: references.find((r) => r.target === name)?.key ?? null,
    pictureKey: source.picture ? (keyOf(all, source.picture.bytes) ?? null) : null,
  };
};

/**
 * The imported tables in an order where every row's references are written before it (parents
 * of the same table aside: the service orders those rows). Throws when two tables point at each
 * other, which the schema does not do today.
 */
export const importPlan = (): ImportTable[] => {
  const tables = exportTables()
    .filter((source) => !(source.name in NOT_IMPORTED))
    .map((source) => tableOf(source.name, source));
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: ImportTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) =>
        !placed.has(table.name) &&
        table.references.every((r) => r.target === table.name || !byName.has(r.target) || placed.has(r.target)),
    );
    if (!next)
      throw new Error(
        `import: the tables ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} point at each other`,
      );
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
};
