import { z } from 'zod';
import { ZPersonSummary } from '../../shared/person.ts';
import { pageOf, pageParams } from '../../shared/validation.ts';
import { ZKpiGoal, ZKpiType } from '../kpis/kpis.schemas.ts';

// Imports of outside data (decisions 111–113): a file and its settings are sent to preview and
// sent again to confirm; nothing is kept between the two. Shapes for the server and the client.

export const IMPORT_KINDS = [
  'ninety-scorecard',
  'ninety-scorecard-monthly',
  'trello-board',
  'planka-board',
  'ninety-rocks',
  'ninety-issues',
  'csv-todos',
  'csv-issues',
  'csv-goals',
  'csv-kpis',
  'csv-people',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds whose file is JSON (the others are CSV). */
export const JSON_IMPORT_KINDS: readonly ImportKind[] = ['trello-board', 'planka-board'];
/** The kinds whose file is an Excel workbook. */
export const XLSX_IMPORT_KINDS: readonly ImportKind[] = ['ninety-rocks', 'ninety-issues'];
/** The kinds that make a board of the meeting (the others fill its scorecard). */
export const BOARD_IMPORT_KINDS: readonly ImportKind[] = ['trello-board', 'planka-board'];

/** The generic CSV kinds: any CSV, its columns mapped to the fields first (decision 126). */
export const CSV_IMPORT_KINDS = ['csv-todos', 'csv-issues', 'csv-goals', 'csv-kpis', 'csv-people'] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];
export const isCsvImportKind = (kind: string): kind is CsvImportKind =>
  (CSV_IMPORT_KINDS as readonly string[]).includes(kind);

/** The fields each generic kind reads, in the order the mapping step shows them; `required` ones must be mapped. */
export const CSV_FIELDS = {
  'csv-todos': [
    { field: 'title', required: true },
    { field: 'description', required: false },
    { field: 'owner', required: false },
    { field: 'dueDate', required: false },
    { field: 'status', required: false },
  ],
  'csv-issues': [
    { field: 'title', required: true },
    { field: 'description', required: false },
    { field: 'owner', required: false },
    { field: 'status', required: false },
  ],
  'csv-goals': [
    { field: 'title', required: true },
    { field: 'description', required: false },
    { field: 'owner', required: false },
    { field: 'dueDate', required: false },
    { field: 'status', required: false },
  ],
  'csv-kpis': [
    { field: 'title', required: true },
    { field: 'goal', required: true },
    { field: 'owner', required: false },
    { field: 'type', required: false },
    { field: 'units', required: false },
    { field: 'frequency', required: false },
  ],
  'csv-people': [
    { field: 'email', required: true },
    { field: 'firstName', required: false },
    { field: 'lastName', required: false },
    { field: 'role', required: false },
  ],
} as const satisfies Record<CsvImportKind, readonly { field: string; required: boolean }[]>;
export const CSV_FIELD_NAMES = [
  'title',
  'description',
  'owner',
  'dueDate',
  'status',
  'goal',
  'type',
  'units',
  'frequency',
  'email',
  'firstName',
  'lastName',
  'role',
] as const;
export type CsvField = (typeof CSV_FIELD_NAMES)[number];
/** How a date like 03/04/2026 is read: day first, month first, or told by the column's other dates. */
export const DATE_ORDERS = ['auto', 'dmy', 'mdy'] as const;
/** Invitations one import may send at most (each is a mail). */
export const IMPORT_INVITES_MAX = 200;
/** The value of a person's mapping that invites them (an email not in the workspace). */
export const INVITE = 'invite';

/** Largest file read (bytes), and most data rows. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Rows with an error, and planned items, listed in a preview at most (the counts cover all). */
export const PREVIEW_LIST_MAX = 200;
export const IMPORTS_PAGE = { size: 20, max: 100 } as const;

export const DUPLICATE_CHOICES = ['skip', 'merge'] as const;

/**
 * The settings sent with the file (multipart field `options`, JSON, before the file): the
 * format, the meeting, what to do with duplicates, how unmatched people map (a name or email as
 * in the file → a member's id, or null for unassigned), and whether rows in error are left out.
 */
export const ZImportOptions = z
  .object({
    kind: z.enum(IMPORT_KINDS),
    meetingId: z.uuid(),
    duplicates: z.enum(DUPLICATE_CHOICES).default('skip'),
    people: z.record(z.string().max(200), z.union([z.uuid(), z.literal(INVITE)]).nullable()).default({}),
    skipInvalidRows: z.boolean().default(false),
    /** The year of the newest week column (Ninety's headers carry none); by default the latest year it is not in the future. */
    latestWeekYear: z.int().min(2000).max(2100).optional(),
    /** The year of a monthly scorecard's months (its headers carry none); by default the current year. */
    year: z.int().min(2000).max(2100).optional(),
    /** A generic CSV's mapping: field → the file's header (decision 126). */
    columns: z.partialRecord(z.enum(CSV_FIELD_NAMES), z.string().min(1).max(200)).optional(),
    /** How a generic CSV's slash dates are read; `auto` tells it from the whole column. */
    dateOrder: z.enum(DATE_ORDERS).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (!isCsvImportKind(value.kind)) {
      if (value.columns) context.addIssue({ code: 'custom', path: ['columns'], message: 'Only for a generic CSV.' });
      return;
    }
    const fields: readonly { field: string; required: boolean }[] = CSV_FIELDS[value.kind];
    const columns = value.columns ?? {};
    for (const name of Object.keys(columns)) {
      if (!fields.some((f) => f.field === name))
        context.addIssue({ code: 'custom', path: ['columns', name], message: `Not a field of ${value.kind}.` });
    }
    for (const { field, required } of fields) {
      if (required && !(field in columns))
        context.addIssue({ code: 'custom', path: ['columns', field], message: 'Required.' });
    }
  })
  .meta({ id: 'ImportOptions' });
export type ImportOptions = z.infer<typeof ZImportOptions>;

export const ZRowError = z.object({ row: z.int(), reason: z.string() }).meta({ id: 'ImportRowError' });
export type RowError = z.infer<typeof ZRowError>;

export const ZImportPerson = z
  .object({
    /** The owner as the file names them (a name or an email). */
    source: z.string(),
    rows: z.int(),
    /** Found by email or full name among the workspace's people; null when not found. */
    matched: ZPersonSummary.nullable(),
    /** Who will own the rows: the match, the mapping sent, or null (the meeting leader). */
    assigned: ZPersonSummary.nullable(),
    /** Mapped to "invite": the import invites this email to the workspace (its rows stay unassigned). */
    invite: z.boolean().optional(),
  })
  .meta({ id: 'ImportPerson' });
export type ImportPerson = z.infer<typeof ZImportPerson>;

export const ZImportItem = z
  .object({
    row: z.int(),
    title: z.string(),
    owner: z.string(),
    /** A KPI's goal; null for a card. */
    goal: ZKpiGoal.nullable(),
    target: z.string().nullable(),
    type: ZKpiType.nullable(),
    /** A card's list; null for a KPI. */
    group: z.string().nullable(),
    /** A KPI's values, or a card's checklist items and comments. */
    values: z.int(),
    action: z.enum(['create', 'merge', 'skip']),
  })
  .meta({ id: 'ImportItem' });
export type ImportItem = z.infer<typeof ZImportItem>;

export const ZImportPreview = z
  .object({
    kind: z.enum(IMPORT_KINDS),
    fileName: z.string(),
    rows: z.int(),
    create: z.object({ kpis: z.int(), values: z.int() }),
    merge: z.object({ kpis: z.int(), values: z.int() }),
    skip: z.object({ kpis: z.int() }),
    weeks: z.object({ count: z.int(), first: z.string().nullable(), last: z.string().nullable() }),
    people: z.array(ZImportPerson),
    /** Who may own a KPI of this meeting (its leaders and members), for the mapping step. */
    candidates: z.array(ZPersonSummary),
    items: z.array(ZImportItem),
    errors: z.array(ZRowError),
    errorCount: z.int(),
    notes: z.array(ZRowError),
    /** For a board import: the board made, or merged into (a board of the meeting with the same name). */
    board: z
      .object({
        name: z.string(),
        existingId: z.string().nullable(),
        lists: z.int(),
        labels: z.int(),
        cards: z.int(),
        checklistItems: z.int(),
        comments: z.int(),
      })
      .nullable(),
    /** For a generic CSV: how its slash dates were read (null: none to read, or still ambiguous). */
    dateOrder: z.enum(['dmy', 'mdy']).nullable().optional(),
    /** For a generic CSV: invitations the import would send. */
    invites: z.int().optional(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportRecord = z
  .object({
    id: z.string(),
    kind: z.string(),
    fileName: z.string(),
    meetingId: z.string().nullable(),
    status: z.enum(['done', 'undone']),
    counts: z.record(z.string(), z.int()),
    createdAt: z.string(),
    createdBy: ZPersonSummary.nullable(),
    undoneAt: z.string().nullable(),
    undoneBy: ZPersonSummary.nullable(),
  })
  .meta({ id: 'ImportRecord' });
export type ImportRecord = z.infer<typeof ZImportRecord>;

export const ZImportPage = pageOf(ZImportRecord).meta({ id: 'ImportPage' });
export type ImportPage = z.infer<typeof ZImportPage>;
export const ZImportsQuery = z.object(pageParams(IMPORTS_PAGE)).strict();
export const ZImportId = z.object({ id: z.uuid() });

/** `POST imports/columns`: the generic kind the file is for (multipart field `options`). */
export const ZCsvColumnsOptions = z
  .object({ kind: z.enum(CSV_IMPORT_KINDS) })
  .strict()
  .meta({ id: 'CsvColumnsOptions' });

/** A CSV's headers, its first rows and the mapping suggested from the header names. */
export const ZCsvColumns = z
  .object({
    kind: z.enum(CSV_IMPORT_KINDS),
    headers: z.array(z.string()),
    /** The first data rows (at most 5), cells as text, formula-like cells neutralised. */
    samples: z.array(z.array(z.string())),
    fields: z.array(z.object({ field: z.enum(CSV_FIELD_NAMES), required: z.boolean() })),
    /** Field → header, for the fields a header's name matched. */
    suggested: z.partialRecord(z.enum(CSV_FIELD_NAMES), z.string()),
  })
  .meta({ id: 'CsvColumns' });
export type CsvColumns = z.infer<typeof ZCsvColumns>;
