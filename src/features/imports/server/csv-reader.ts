import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { badRequest } from '../../../shared/errors.ts';
import { importsMessages } from '../imports.messages.ts';

// Reading an uploaded CSV as a stream of rows, whatever tool wrote it (decision 112): the
// encoding is sniffed from the first bytes (a UTF-8 byte order mark, valid UTF-8, otherwise
// Windows-1252, which is what Excel on Windows writes), the text is decoded chunk by chunk and
// csv-parse yields one record at a time, so memory stays flat however long the file is.

/** Bytes looked at to tell UTF-8 from Windows-1252. */
const SNIFF_BYTES = 64 * 1024;
/** A record (one row, quoted newlines included) longer than this is a broken file. */
const MAX_RECORD_CHARS = 1_000_000;

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
}

const fileError = (message: string) => badRequest({ file: message }, message);

const isUtf8 = (bytes: Buffer, complete: boolean) => {
  try {
    // Streaming mode holds back a character cut at the end of the sample instead of failing.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
};

/** The file's text, decoded chunk by chunk in the encoding its first bytes show. */
async function* decodedText(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let complete = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const sample = Buffer.concat(head);
  if (sample.length === 0) throw fileError(importsMessages.fileEmpty);
  const utf16 = (sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff);
  if (utf16 || sample.includes(0)) throw fileError(importsMessages.fileNotText);
  const bom = sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;
  const encoding = bom || isUtf8(sample, complete) ? 'utf-8' : 'windows-1252';
  // Not fatal past the sample: a stray byte later becomes U+FFFD rather than refusing the file.
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  yield decoder.decode(sample, { stream: true });
  if (!complete) {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (next.value.includes(0)) throw fileError(importsMessages.fileNotText);
      yield decoder.decode(next.value, { stream: true });
    }
  }
  yield decoder.decode();
}

/**
 * The rows of a CSV stream, the header first, empty lines skipped. A malformed file (an
 * unclosed quote, a record past 1 MB) or a binary one is a 400 naming the line; more than
 * `maxRows` data rows is a 400 too, raised as soon as the row past the limit is read.
 */
export async function* readCsv(source: AsyncIterable<Buffer>, maxRows: number): AsyncGenerator<CsvRow> {
  const text = Readable.from(decodedText(source));
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    trim: false,
  });
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (row > maxRows + 1) throw fileError(importsMessages.tooManyRows(maxRows));
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? row + 1;
      throw fileError(importsMessages.fileBroken(line));
    }
    throw error;
  } finally {
    text.destroy();
    parser.destroy();
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d.,]+%?$/;

/**
 * A text cell made harmless for spreadsheets that may open it again later: one starting like a
 * formula (`=HYPERLINK(…)`, `+`, `-`, `@`) gets a leading apostrophe, which spreadsheets show
 * as text. Plain numbers ('-5') are left alone.
 */
export const neutralise = (text: string): { text: string; changed: boolean } =>
  FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? { text: `'${text}`, changed: true } : { text, changed: false };
