import { and, eq, inArray, sql } from 'drizzle-orm';
import { taskMeetings, tasks } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { formatIsoDate, isRealIsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportFile } from './planners.ts';
import { readWorkbook, type SheetRow } from './xlsx-reader.ts';

// What Ninety's rocks and issues workbooks share (decision 122): their sheets read with the
// header checked, cells as text, dates as ISO days, and the meeting's cards of a type by title.

const fileError = (message: string) => badRequest({ file: message }, message);

export const text = (cell: string | Date | undefined) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : (cell ?? '').trim();

/** A date cell: an ISO day, null when empty, undefined when it is not a date. */
export const dateOf = (cell: string | Date | undefined): string | null | undefined => {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10);
  const value = (cell ?? '').trim();
  if (value === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return isRealIsoDate(`${iso[1]}-${iso[2]}-${iso[3]}`) ? `${iso[1]}-${iso[2]}-${iso[3]}` : undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us) {
    const date = formatIsoDate(Number(us[3]), Number(us[1]), Number(us[2]));
    return isRealIsoDate(date) ? date : undefined;
  }
  return undefined;
};

/**
 * The named sheets of the workbook, their headers checked (a 400 naming the columns otherwise);
 * at least one of `required` must be there.
 */
export const readSheets = async (
  file: ImportFile,
  columns: Record<string, readonly string[]>,
  required: string[],
): Promise<Map<string, SheetRow[]>> => {
  if (file.format !== 'xlsx') throw fileError(importsMessages.xlsxNotWorkbook);
  const sheets = await readWorkbook(file.bytes, Object.keys(columns));
  if (!required.some((name) => sheets.has(name)))
    throw fileError(importsMessages.sheetMissing(required.map((n) => `"${n}"`).join(' or ')));
  const data = new Map<string, SheetRow[]>();
  for (const [name, rows] of sheets) {
    const [header, ...rest] = rows;
    const expected = columns[name]!;
    const cells = (header?.cells ?? []).map((c) => text(c));
    if (!expected.every((column, i) => cells[i]?.toLowerCase() === column.toLowerCase()))
      throw fileError(importsMessages.sheetHeaderInvalid(name, expected.join(', ')));
    data.set(name, rest);
  }
  return data;
};

/** The meeting's cards of the types, by lower-cased title (the first of a title wins). */
export const meetingCardsByTitle = async (ctx: TenantContext, meetingId: string, types: TaskType[]) => {
  const rows = await ctx.db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .innerJoin(taskMeetings, eq(taskMeetings.taskId, tasks.id))
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(taskMeetings.meetingId, meetingId), inArray(tasks.type, types)))
    .orderBy(sql`${tasks.createdAt}`);
  const byTitle = new Map<string, string>();
  for (const row of rows) {
    const key = row.title.trim().toLowerCase();
    if (!byTitle.has(key)) byTitle.set(key, row.id);
  }
  return byTitle;
};

/** A description with the item's link back to Ninety, as rich text. */
export const withLink = (html: string | null, link: string) => {
  if (!/^https?:\/\/\S+$/i.test(link)) return html;
  const safe = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `${html ?? ''}<p><a href="${safe}">${safe}</a></p>`;
};
