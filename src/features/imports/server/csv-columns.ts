import { formatIsoDate, isRealIsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { importsMessages } from '../imports.messages.ts';
import {
  CSV_FIELDS,
  type CsvColumns,
  type CsvField,
  type CsvImportKind,
  type DATE_ORDERS,
  type ImportOptions,
} from '../imports.schemas.ts';
import { type CsvRow, neutralise } from './csv-reader.ts';
import type { ImportFile } from './planners.ts';

// The generic CSV kinds (decision 126): the file's own headers mapped to the fields a kind
// reads, suggested from the header names, then the mapping sent back with the import's options.
// Dates are read in ISO or as d/m/y or m/d/y, the order told by the column or chosen.

const fileError = (message: string) => badRequest({ file: message }, message);

/** Header names (lower case, spaces and punctuation dropped) that suggest each field. */
const SYNONYMS: Record<CsvField, string[]> = {
  title: ['title', 'name', 'subject', 'summary', 'task', 'todo', 'issue', 'goal', 'rock', 'kpi', 'measurable'],
  description: ['description', 'details', 'notes', 'note', 'body', 'comment', 'comments'],
  owner: ['owner', 'assignee', 'assignedto', 'who', 'responsible', 'ownername', 'owneremail'],
  dueDate: ['duedate', 'due', 'deadline', 'dueon', 'duedateiso'],
  status: ['status', 'state', 'done', 'completed', 'complete'],
  goal: ['goal', 'target', 'threshold'],
  type: ['type', 'kind', 'unittype', 'format'],
  units: ['units', 'unit', 'unitlabel'],
  frequency: ['frequency', 'period', 'cadence', 'interval'],
  email: ['email', 'emailaddress', 'mail', 'e-mail'],
  firstName: ['firstname', 'givenname', 'first', 'forename'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  role: ['role', 'access', 'permission', 'workspacerole'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-.()/:]+/g, '');

/** The header cells as text, formula-like ones neutralised (they are shown back to the importer). */
export const headerCells = (row: CsvRow | undefined) => (row?.cells ?? []).map((c) => neutralise(c.trim()).text);

/** Field → header for each field whose synonyms name one of the headers (each header used once). */
export const suggestMapping = (kind: CsvImportKind, headers: string[]): CsvColumns['suggested'] => {
  const suggested: CsvColumns['suggested'] = {};
  const used = new Set<string>();
  for (const { field } of CSV_FIELDS[kind]) {
    const names = SYNONYMS[field];
    // Earlier synonyms win: "Title" over "Name" for a title.
    for (const name of names) {
      const header = headers.find((h) => h !== '' && !used.has(h) && normalise(h) === normalise(name));
      if (header) {
        suggested[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return suggested;
};

/** The columns step's answer for the first rows read. */
export const columnsOf = (kind: CsvImportKind, rows: CsvRow[]): CsvColumns => {
  const [header, ...data] = rows;
  const headers = headerCells(header);
  if (headers.length === 0 || headers.every((h) => h === '')) throw fileError(importsMessages.fileEmpty);
  return {
    kind,
    headers,
    samples: data.map((row) => headers.map((_, i) => neutralise((row.cells[i] ?? '').trim()).text)),
    fields: CSV_FIELDS[kind].map(({ field, required }) => ({ field, required })),
    suggested: suggestMapping(kind, headers),
  };
};

/** A row's cell of a mapped field, trimmed; '' when the field is not mapped. */
export type CellOf = (cells: string[], field: CsvField) => string;

/** How to read a mapped field of a row, and whether the mapping names the field. */
export interface MappedColumns {
  cellOf: CellOf;
  has: (field: CsvField) => boolean;
}

/** The file's header checked against the mapping: every mapped header must be in the file (a 400 naming it otherwise). */
const columnsOfHeader = (options: ImportOptions, header: CsvRow): MappedColumns => {
  const headers = headerCells(header);
  const index = new Map<CsvField, number>();
  for (const [field, name] of Object.entries(options.columns ?? {}) as [CsvField, string][]) {
    const at = headers.findIndex((h) => h.toLowerCase() === name.trim().toLowerCase());
    if (at < 0) throw badRequest({ columns: importsMessages.columnMissing(name) }, importsMessages.columnMissing(name));
    index.set(field, at);
  }
  const cellOf: CellOf = (cells, field) => {
    const at = index.get(field);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  return { cellOf, has: (field) => index.has(field) };
};

/**
 * One pass over a CSV file's rows (a new read of the file), mapped by the importer: the header checked (see columnsOfHeader),
 * then each data row handed to `each` (awaited: a pass may write as it reads). Answers the number of data
 * rows; a file without any is a 400.
 */
export const eachMappedRow = async (
  options: ImportOptions,
  file: ImportFile,
  each: (row: CsvRow, columns: MappedColumns) => unknown,
): Promise<number> => {
  let columns: MappedColumns | undefined;
  let count = 0;
  for await (const row of file.format === 'csv' ? file.rows() : []) {
    if (!columns) {
      columns = columnsOfHeader(options, row);
      continue;
    }
    count += 1;
    await each(row, columns);
  }
  if (count === 0) throw fileError(importsMessages.fileEmpty);
  return count;
};

type DateOrder = Exclude<(typeof DATE_ORDERS)[number], 'auto'>;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;
const yearOf = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** Which orders a numeric date allows: dmy when its first part may be a day and its second a month, and so on. */
const ordersOf = (value: string): DateOrder[] => {
  const match = NUMERIC.exec(value);
  if (!match) return [];
  const [a, b] = [Number(match[1]), Number(match[2])];
  const orders: DateOrder[] = [];
  if (b <= 12) orders.push('dmy');
  if (a <= 12) orders.push('mdy');
  return orders;
};

/**
 * What a date column tells of its order, seen one value at a time: the order every numeric date
 * allows, when some date allows only it (13/04/2026 is day first).
 */
export class DateOrderEvidence {
  private dmy = true;
  private mdy = true;
  private decided = false;

  see(value: string) {
    const orders = ordersOf(value);
    if (orders.length === 0) return;
    this.dmy &&= orders.includes('dmy');
    this.mdy &&= orders.includes('mdy');
    if (orders.length === 1) this.decided = true;
  }

  /** The order chosen, else the one the column told; null when still open. */
  order(chosen: ImportOptions['dateOrder']): DateOrder | null {
    if (chosen && chosen !== 'auto') return chosen;
    if (!this.decided || this.dmy === this.mdy) return null;
    return this.dmy ? 'dmy' : 'mdy';
  }
}

/**
 * A date cell as an ISO day: null when empty; `ambiguous` when it reads both ways and no order
 * is known (03/04/2026 with every date of the column ≤ 12); undefined when it is not a date.
 */
export const parseCsvDate = (value: string, order: DateOrder | null): string | null | undefined | 'ambiguous' => {
  if (value === '') return null;
  const iso = ISO.exec(value);
  if (iso) {
    const date = formatIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return isRealIsoDate(date) ? date : undefined;
  }
  const match = NUMERIC.exec(value);
  if (!match) return undefined;
  const [a, b, year] = [Number(match[1]), Number(match[2]), yearOf(match[3]!)];
  const orders = ordersOf(value);
  if (orders.length === 0) return undefined;
  const use = order ?? (orders.length === 1 || a === b ? orders[0]! : 'ambiguous');
  if (use === 'ambiguous') return 'ambiguous';
  const date = use === 'dmy' ? formatIsoDate(year, b, a) : formatIsoDate(year, a, b);
  return isRealIsoDate(date) ? date : undefined;
};
