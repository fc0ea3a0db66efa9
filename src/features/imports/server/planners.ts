import type { TenantContext } from '../../../server/context.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { type ImportKind, type ImportOptions, type ImportPreview, PREVIEW_LIST_MAX } from '../imports.schemas.ts';
import type { CsvRow } from './csv-reader.ts';

// The shape every import format has (decision 121): a plan read from the file against the
// workspace (the preview, and the writes a confirmation makes), and how its created things are
// taken back. The service dispatches on the options' kind through the table in import-kinds.ts.

/**
 * An uploaded file as read: a CSV (its rows read anew from the upload's bytes at each call of
 * `rows`, so no row outlives its pass), the value of a JSON document, or a workbook's bytes.
 */
export type ImportFile =
  | { fileName: string; format: 'csv'; rows: () => AsyncIterable<CsvRow> }
  | { fileName: string; format: 'json'; data: unknown }
  | { fileName: string; format: 'xlsx'; bytes: Buffer };

/** Something an import created or filled: its entity and id, as `import_items` keeps them. */
export type CreatedItem = [entity: string, id: string];

export interface ImportWrites {
  /** What was created and not yet handed to `record`. */
  created: CreatedItem[];
  /** The record's counts, by what was made (`kpis`, `values`, `cards`, …). */
  counts: Record<string, number>;
}

/** Told after each chunk a confirmation writes: how many of the planned items are written. */
export type ImportProgress = (written: number, total: number) => void;

export interface ImportPlan {
  meetingId: string;
  preview: ImportPreview;
  errorCount: number;
  /** Whether confirming would write anything at all. */
  writesSomething: boolean;
  /**
   * Writes what the preview showed, in the caller's transaction. A planner writing in chunks hands
   * each chunk's created items to `record` as it goes instead of returning them all at the end,
   * and tells `progress` how many of its planned items are written.
   */
  write: (record: (items: CreatedItem[]) => Promise<void>, progress: ImportProgress) => Promise<ImportWrites>;
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
 * A list the preview shows, gathered while a file streams by: its first PREVIEW_LIST_MAX entries
 * kept, every entry counted.
 */
export class PreviewList<T> {
  readonly first: T[] = [];
  count = 0;

  add(entry: T) {
    this.count += 1;
    if (this.first.length < PREVIEW_LIST_MAX) this.first.push(entry);
  }

  /** Puts `entry` first (a note about the whole file). */
  addFirst(entry: T) {
    this.count += 1;
    this.first.unshift(entry);
    if (this.first.length > PREVIEW_LIST_MAX) this.first.pop();
  }
}

/** Planned items gathered while a file streams by: the preview's first ones, and the counts. */
export class PlannedItems<T extends { action: string }> extends PreviewList<T> {
  creating = 0;

  override add(item: T) {
    super.add(item);
    if (item.action === 'create') this.creating += 1;
  }
}

/** A preview's list, whole or gathered while streaming. */
type Listed<T> = readonly T[] | PreviewList<T>;
const firstOf = <T>(list: Listed<T>) => (list instanceof PreviewList ? list.first : list).slice(0, PREVIEW_LIST_MAX);
const countOf = <T>(list: Listed<T>) => (list instanceof PreviewList ? list.count : list.length);

/**
 * A preview's lists as every format sends them: the first PREVIEW_LIST_MAX planned items (made by
 * `item`), errors and notes, and the whole count of errors.
 */
export const previewLists = <T>(
  planned: Listed<T>,
  errors: Listed<ImportPreview['errors'][number]>,
  notes: Listed<ImportPreview['notes'][number]>,
  item: (planned: T) => ImportPreview['items'][number],
) => ({
  items: firstOf(planned).map(item),
  errors: firstOf(errors),
  errorCount: countOf(errors),
  notes: firstOf(notes),
});

/**
 * The preview of a format that creates some of its planned items and skips the others (to-dos,
 * issues, goals, KPIs or people from a list): no values, weeks or board.
 */
export const itemsPreview = <T extends { action: string }>(
  options: ImportOptions,
  file: ImportFile,
  rows: number,
  planned: readonly T[] | PlannedItems<T>,
  lists: { errors: Listed<ImportPreview['errors'][number]>; notes: Listed<ImportPreview['notes'][number]> } & Pick<
    ImportPreview,
    'people' | 'candidates'
  >,
  item: (planned: T) => ImportPreview['items'][number],
): ImportPreview => {
  const creating =
    planned instanceof PlannedItems ? planned.creating : planned.filter((p) => p.action === 'create').length;
  return {
    kind: options.kind,
    fileName: file.fileName,
    rows,
    create: { kpis: creating, values: 0 },
    merge: { kpis: 0, values: 0 },
    skip: { kpis: countOf(planned) - creating },
    weeks: { count: 0, first: null, last: null },
    people: lists.people,
    candidates: lists.candidates,
    ...previewLists(planned, lists.errors, lists.notes, item),
    board: null,
  };
};
