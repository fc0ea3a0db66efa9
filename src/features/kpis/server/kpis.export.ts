import ExcelJS from 'exceljs';
import { formatKpiFigure, type KpiType, kpiNumber } from '../../../shared/kpis.ts';
import type { ExportFormat, Scorecard } from '../kpis.schemas.ts';

// Export of the visible scorecard (Scorecard Settings → Export): one row per measurable, one
// column per meeting date, numbers as numbers. The columns: User, Measurable, Goal (the
// comparator), Target, Units, one per date (YYYY-MM-DD), Average, Total, Latest. A date holds
// what the row shows: the value, or its running total or rolling average when the row displays
// one; a formula row's computed values (an uncomputable one is empty). Yes/no and time rows hold
// text as the scorecard shows it ('Yes', '1:30', '75% yes'); a monthly or quarterly scorecard's
// columns are its periods ('Mar 2026', 'Q2 2026').

const FIXED_HEADERS = ['User', 'Measurable', 'Goal', 'Target', 'Units'];

type Figure = number | string | null;

interface ExportRow {
  user: string;
  title: string;
  goal: string;
  target: Figure;
  units: string;
  type: string;
  values: Figure[];
  average: Figure;
  total: Figure;
  latest: Figure;
}

/** A yes/no or time figure as text, as the scorecard shows it; other types stay numbers. */
const asShown = (kind: 'value' | 'average' | 'total', value: number | null, type: string): Figure =>
  value === null || (type !== 'yesno' && type !== 'time')
    ? value
    : formatKpiFigure(kind, value, { type: type as KpiType, units: null });

const rowsOf = (scorecard: Scorecard): ExportRow[] => {
  const names = new Map(scorecard.people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return scorecard.scores.map((score) => {
    const kind = score.display === 'cumulative' ? 'total' : score.display === 'rolling' ? 'average' : 'value';
    return {
      user: names.get(score.userId) ?? '',
      title: score.title,
      goal: score.goal,
      target: asShown('value', Number(score.score), score.type),
      units: score.units ?? '',
      type: score.type,
      values: (score.shown ?? score.cells.map((cell) => kpiNumber(cell?.measured ?? null))).map((value) =>
        asShown(kind, value, score.type),
      ),
      average: asShown('average', score.average, score.type),
      total: asShown('total', score.total, score.type),
      latest: asShown('value', score.latest, score.type),
    };
  });
};

const headersOf = (scorecard: Scorecard) => [
  ...FIXED_HEADERS,
  ...scorecard.sessions.map((s) => s.label ?? s.sessionDate),
  'Average',
  'Total',
  'Latest',
];

/**
 * A text cell for CSV: quoted when needed; text that a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR at the start) gets a leading apostrophe (CSV injection).
 */
export const csvText = (text: string) => {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const csvNumber = (value: Figure) => (value === null ? '' : typeof value === 'string' ? csvText(value) : String(value));

export const scorecardCsv = (scorecard: Scorecard): string => {
  const lines = [headersOf(scorecard).map(csvText).join(',')];
  for (const row of rowsOf(scorecard)) {
    lines.push(
      [
        csvText(row.user),
        csvText(row.title),
        csvText(row.goal),
        csvNumber(row.target),
        csvText(row.units),
        ...row.values.map(csvNumber),
        csvNumber(row.average),
        csvNumber(row.total),
        csvNumber(row.latest),
      ].join(','),
    );
  }
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

const numberFormat = (type: string) => {
  if (type === 'dollar') return '"$"#,##0.00';
  if (type === 'percentage') return 'General"%"';
  return 'General';
};

export const scorecardXlsx = async (scorecard: Scorecard, title: string): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cadence';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Scorecard', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const headers = headersOf(scorecard);
  sheet.addRow(headers);
  sheet.getRow(1).font = { bold: true };
  const dateCount = scorecard.sessions.length;
  for (const row of rowsOf(scorecard)) {
    const added = sheet.addRow([
      row.user,
      row.title,
      row.goal,
      row.target,
      row.units,
      ...row.values,
      row.average,
      row.total,
      row.latest,
    ]);
    const format = numberFormat(row.type);
    // Target, the dates, Average, Total and Latest are numbers in the measurable's format.
    for (let column = 4; column <= headers.length; column++) {
      if (column === 5) continue;
      added.getCell(column).numFmt = format;
    }
  }
  sheet.getColumn(1).width = 22;
  sheet.getColumn(2).width = 36;
  for (let column = 6; column < 6 + dateCount + 3; column++) sheet.getColumn(column).width = 12;
  workbook.title = title;
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
};

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `scorecard-weekly-l10-2026-04-01-2026-06-30.csv` */
export const exportFileName = (meetingTitle: string, scorecard: Scorecard, format: ExportFormat) => {
  const slug =
    meetingTitle
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'meeting';
  return `scorecard-${slug}-${scorecard.dateSince}-${scorecard.dateUntil}.${format}`;
};
