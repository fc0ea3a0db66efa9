import ExcelJS from 'exceljs';
import { statusName, type TaskType } from '../../../shared/tasks.ts';
import { csvText } from '../../kpis/server/kpis.export.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { Report, ReportFormat } from '../reports.schemas.ts';

// A report as CSV (one file, its tables one after another under their names) or XLSX (one sheet
// per table), numbers as numbers ("each report exports as CSV and XLSX").

type Cell = string | number | null;
interface Table {
  name: string;
  headers: string[];
  rows: Cell[][];
}

const tablesOf = (report: Report): Table[] => [
  {
    name: 'Summary',
    headers: ['Section', 'Figure', 'Value'],
    rows: [
      ['Window', 'From', report.dateSince],
      ['Window', 'Until', report.dateUntil],
      ['Attendance', 'Total sessions', report.attendance.totalSessions],
      ['Attendance', 'Sessions held', report.attendance.sessionsHeld],
      ['Attendance', report.kind === 'meeting' ? 'Your sessions' : 'Sessions attended', report.attendance.userSessions],
      ['Attendance', 'Average rating', report.attendance.avgScore],
      ['Action items', 'Total', report.actionItems.total],
      ['Action items', 'Completed on time', report.actionItems.completedOnTime],
      ['Action items', 'Completed overdue', report.actionItems.completedOverdue],
      ['Goals', 'Expired', report.goals.totalExpiredGoals],
      ['Goals', 'Current', report.goals.totalCurrentGoals],
      ['Goals', 'Completed on time', report.goals.completedOnTime],
      ['Goals', 'Completed overdue', report.goals.completedOverdue],
      ['Goals', 'On track', report.goals.onTrackGoals],
      ['Goals', 'Off track', report.goals.offTrackGoals],
      ['Cards created', 'Total', report.tasksCreatedByUser.total],
    ],
  },
  {
    name: 'Goals',
    headers: ['Goal', 'Status', 'Due date', 'Owner'],
    rows: report.goals.list.map((g) => [g.title, statusName('1' as TaskType, g.status), g.dueDate, g.fullName]),
  },
  {
    name: 'Cards created',
    headers: ['Person', 'Cards'],
    rows: report.tasksCreatedByUser.cardsCreatedByUser.map((row) => [row.fullName, row.count]),
  },
  {
    name: 'KPIs',
    headers: ['KPI', 'Owner', 'Goal', 'Target', 'Units', 'Total', 'Average', 'Hits', 'Values'],
    rows: report.kpis.map((k) => [
      k.title,
      k.fullName,
      k.goal,
      Number(k.score),
      k.units,
      k.total,
      k.avg,
      k.hits,
      k.counted,
    ]),
  },
  {
    name: 'Ratings',
    headers: ['Date', 'Meeting', 'Rating'],
    rows: report.charts.ratings.map((r) => [r.date, r.meetingTitle, r.rating]),
  },
  {
    name: 'Completion by month',
    // The chart's series, in the chart's and its legend's order (decision 059).
    headers: [
      'Month',
      reportsMessages.reportSeriesOnTime,
      reportsMessages.reportSeriesLate,
      reportsMessages.reportSeriesOverdue,
      reportsMessages.reportSeriesOpen,
    ],
    rows: report.charts.completionByMonth.map((m) => [m.month, m.onTime, m.late, m.overdue, m.open]),
  },
  {
    name: 'KPI hits by week',
    headers: [
      'Week',
      reportsMessages.reportSeriesHits,
      reportsMessages.reportSeriesMisses,
      reportsMessages.reportSeriesEmpty,
    ],
    rows: report.charts.kpiHitsByWeek.map((w) => [w.week, w.hits, w.misses, w.empty]),
  },
];

const csvCell = (cell: Cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : csvText(cell));

export const reportCsv = (report: Report): string => {
  const lines: string[] = [];
  for (const table of tablesOf(report)) {
    if (lines.length > 0) lines.push('');
    lines.push(csvText(table.name));
    lines.push(table.headers.map(csvText).join(','));
    for (const row of table.rows) lines.push(row.map(csvCell).join(','));
  }
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

export const reportXlsx = async (report: Report): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cadence';
  workbook.created = new Date();
  for (const table of tablesOf(report)) {
    const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(table.headers);
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row);
    sheet.getColumn(1).width = 32;
    for (let column = 2; column <= table.headers.length; column++) sheet.getColumn(column).width = 16;
  }
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
};

export const REPORT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'report';

/** `report-weekly-l10-2026-01-01-2026-06-30.csv`, `report-ann-smith-….xlsx` */
export const reportFileName = (report: Report, format: ReportFormat) => {
  const about = [report.meeting?.title, report.person?.fullName].filter(Boolean).join(' ');
  return `report-${slugOf(about)}-${report.dateSince}-${report.dateUntil}.${format}`;
};
