import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../../shared/errors.ts';
import { cadenceImportMessages } from '../cadence-import.messages.ts';
import { importsMessages } from '../imports.messages.ts';
import { readZip } from './cadence-zip.ts';

// Reading an uploaded Excel workbook (decision 122) without trusting it: the zip is looked at
// through its directory first (cadence-zip.ts: unsafe names, lying sizes, bombs), its unpacked
// size is capped well below what a spreadsheet of a few thousand rows needs, and a workbook
// linking to other files (`xl/externalLinks/`) is refused before exceljs reads it. A formula
// cell gives the value the spreadsheet last showed, never its formula.

/** Everything a workbook unpacks to, at most. */
export const XLSX_MAX_UNPACKED = 100 * 1024 * 1024;

const fileError = (message: string) => badRequest({ file: message }, message);

export interface SheetRow {
  /** The row's number as the spreadsheet shows it: the header is row 1. */
  row: number;
  cells: (string | Date)[];
}

/** A cell as text, or a Date for a date cell; a formula gives its last result. */
const cellValue = (value: ExcelJS.CellValue): string | Date => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
    return '';
  }
  return String(value);
};

/** The workbook's sheets by name, each as rows of cells; a 400 that says why when it cannot be. */
export const readWorkbook = async (bytes: Buffer, sheets: string[]): Promise<Map<string, SheetRow[]>> => {
  let entries: ReturnType<typeof readZip>;
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (error instanceof AppError && error.message === cadenceImportMessages.notAZip)
      throw fileError(importsMessages.xlsxNotWorkbook);
    throw error;
  }
  let total = 0;
  for (const entry of entries.values()) total += entry.size;
  if (total > XLSX_MAX_UNPACKED) throw fileError(importsMessages.xlsxTooLarge(XLSX_MAX_UNPACKED / 1024 / 1024));
  if (![...entries.keys()].some((name) => name === 'xl/workbook.xml')) throw fileError(importsMessages.xlsxNotWorkbook);
  if ([...entries.keys()].some((name) => name.startsWith('xl/externalLinks/')))
    throw fileError(importsMessages.xlsxExternalLinks);
  // Every entry is checked against its size and CRC before exceljs sees the bytes.
  for (const entry of entries.values()) entry.read();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError(importsMessages.xlsxNotWorkbook);
  }
  const found = new Map<string, SheetRow[]>();
  for (const name of sheets) {
    const sheet = workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === name.toLowerCase());
    if (!sheet) continue;
    const rows: SheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      // exceljs numbers columns from 1: values[0] is always empty.
      rows.push({ row: number, cells: values.slice(1).map(cellValue) });
    });
    found.set(name, rows);
  }
  return found;
};
