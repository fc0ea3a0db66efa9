import type { TenantContext } from '../../../server/context.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { type ImportKind, type ImportOptions, type ImportPreview, PREVIEW_LIST_MAX } from '../imports.schemas.ts';
import type { CsvRow } from './csv-reader.ts';

// The shape every import format has (decision 121): a plan read from the file against the
// workspace (the preview, and the writes a confirmation makes), and how its created things are
// taken back. The service dispatches on the options' kind through the table in import-kinds.ts.

/** An uploaded file as read: the rows of a CSV, the value of a JSON document, or a workbook's bytes. */
export type ImportFile =
  | { fileName: string; format: 'csv'; rows: CsvRow[] }
  | { fileName: string; format: 'json'; data: unknown }
  | { fileName: string; format: 'xlsx'; bytes: Buffer };

/** Something an import created or filled: its entity and id, as `import_items` keeps them. */
export type CreatedItem = [entity: string, id: string];

export interface ImportWrites {
  created: CreatedItem[];
  /** The record's counts, by what was made (`kpis`, `values`, `cards`, …). */
  counts: Record<string, number>;
}

export interface ImportPlan {
  meetingId: string;
  preview: ImportPreview;
  errorCount: number;
  /** Whether confirming would write anything at all. */
  writesSomething: boolean;
  /** Writes what the preview showed, in the caller's transaction. */
  write: () => Promise<ImportWrites>;
}

export interface ImportPlanner {
  plan: (ctx: TenantContext, options: ImportOptions, file: ImportFile, today: IsoDate) => Promise<ImportPlan>;
  /**
   * Takes back what an import created (`items`, as written) while none of it changed after
   * `since`; a 409 otherwise, before anything is deleted.
   */
  undo: (ctx: TenantContext, items: { entity: string; entityId: string }[], since: Date) => Promise<void>;
}

export type PlannerTable = Record<ImportKind, ImportPlanner>;

/**
 * A preview's lists as every format sends them: the first PREVIEW_LIST_MAX planned items (made by
 * `item`), errors and notes, and the whole count of errors.
 */
export const previewLists = <T>(
  planned: readonly T[],
  errors: ImportPreview['errors'],
  notes: ImportPreview['notes'],
  item: (planned: T) => ImportPreview['items'][number],
) => ({
  items: planned.slice(0, PREVIEW_LIST_MAX).map(item),
  errors: errors.slice(0, PREVIEW_LIST_MAX),
  errorCount: errors.length,
  notes: notes.slice(0, PREVIEW_LIST_MAX),
});

/**
 * The preview of a format that creates some of its planned items and skips the others (to-dos,
 * issues, goals, KPIs or people from a list): no values, weeks or board.
 */
export const itemsPreview = <T extends { action: string }>(
  options: ImportOptions,
  file: ImportFile,
  rows: number,
  planned: readonly T[],
  lists: { errors: ImportPreview['errors']; notes: ImportPreview['notes'] } & Pick<
    ImportPreview,
    'people' | 'candidates'
  >,
  item: (planned: T) => ImportPreview['items'][number],
): ImportPreview => {
  const creating = planned.filter((p) => p.action === 'create').length;
  return {
    kind: options.kind,
    fileName: file.fileName,
    rows,
    create: { kpis: creating, values: 0 },
    merge: { kpis: 0, values: 0 },
    skip: { kpis: planned.length - creating },
    weeks: { count: 0, first: null, last: null },
    people: lists.people,
    candidates: lists.candidates,
    ...previewLists(planned, lists.errors, lists.notes, item),
    board: null,
  };
};
