import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { serverMessages } from '../../../server/server.messages.ts';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../../shared/errors.ts';
import { KPI_SCORES_MAX } from '../../../shared/kpis.ts';
import { importsMessages } from '../imports.messages.ts';
import {
  type CsvColumns,
  IMPORT_MAX_ROWS,
  type ImportOptions,
  isCsvImportKind,
  JSON_IMPORT_KINDS,
  XLSX_IMPORT_KINDS,
  ZCsvColumnsOptions,
  ZImportOptions,
} from '../imports.schemas.ts';
import { columnsOf } from './csv-columns.ts';
import { type CsvRow, readCsv } from './csv-reader.ts';
import { readJson } from './json-reader.ts';
import type { ImportFile } from './planners.ts';

// The upload of an import: the `options` field (JSON), then the file (at most 20 MB), kept as
// its bytes. A JSON export or a workbook is then parsed whole; a CSV is read as a stream of rows
// once per pass of its planner (decision 129), so no pass holds the file's rows.

const optionsError = (errors: Record<string, string> = { options: importsMessages.optionsInvalid }) =>
  badRequest(errors, importsMessages.optionsInvalid);

const readOptions = <T>(part: MultipartFile, schema: z.ZodType<T>): T => {
  const field = part.fields.options;
  const value = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  if (typeof value !== 'string') throw optionsError();
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw optionsError();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.') || 'options', issue.message]),
    );
    throw optionsError(errors);
  }
  return parsed.data;
};

const tooLarge = () => payloadTooLarge(importsMessages.fileTooLarge, { file: importsMessages.fileTooLarge });

/** The import's settings and its file's rows; 415 when not multipart, 413 past 20 MB, 400 for the rest. */
const filePart = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw unsupportedMediaType(serverMessages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch {
    throw badRequest({ file: serverMessages.uploadMalformed }, serverMessages.uploadMalformed);
  }
  if (!part) throw badRequest({ file: serverMessages.fileMissing }, serverMessages.fileMissing);
  return part;
};

/**
 * Reads the file part with `read`: a file past the limit is a 413, anything else that breaks while
 * reading a 400; what is left of the part is drained either way.
 */
const readingPart = async (part: MultipartFile, read: () => Promise<void>) => {
  try {
    await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest({ file: serverMessages.uploadMalformed }, serverMessages.uploadMalformed);
  } finally {
    part.file.resume();
  }
};

/** Rows the columns step shows: the header and this many data rows; the rest is not read. */
const SAMPLE_ROWS = 5;

/** `POST imports/columns`: a generic CSV's header and first rows, and the mapping they suggest. */
export const readColumnsUpload = async (request: FastifyRequest): Promise<CsvColumns> => {
  const part = await filePart(request);
  const { kind } = readOptions(part, ZCsvColumnsOptions);
  const rows: CsvRow[] = [];
  await readingPart(part, async () => {
    for await (const row of readCsv(part.file, IMPORT_MAX_ROWS)) {
      rows.push(row);
      if (rows.length > SAMPLE_ROWS) break;
    }
  });
  return columnsOf(kind, rows);
};

/** The upload's bytes, chunk by chunk, as the file part gave them. */
async function* replayed(chunks: readonly Buffer[]): AsyncGenerator<Buffer> {
  yield* chunks;
}

export const readImportUpload = async (
  request: FastifyRequest,
): Promise<{ options: ImportOptions; file: ImportFile }> => {
  const part = await filePart(request);
  const options: ImportOptions = readOptions(part, ZImportOptions);
  const fileName = part.filename.slice(0, 255);
  const chunks: Buffer[] = [];
  await readingPart(part, async () => {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  });
  if (part.file.truncated) throw tooLarge();
  if (XLSX_IMPORT_KINDS.includes(options.kind))
    return { options, file: { fileName, format: 'xlsx', bytes: Buffer.concat(chunks) } };
  if (JSON_IMPORT_KINDS.includes(options.kind))
    return { options, file: { fileName, format: 'json', data: readJson(Buffer.concat(chunks)) } };
  // A scorecard holds at most 500 KPIs; the generic kinds read up to 50,000 rows.
  const max = isCsvImportKind(options.kind) ? IMPORT_MAX_ROWS : KPI_SCORES_MAX;
  return { options, file: { fileName, format: 'csv', rows: () => readCsv(replayed(chunks), max) } };
};
