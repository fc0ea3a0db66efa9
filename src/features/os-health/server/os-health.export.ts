import { osHealthMessages } from '../os-health.messages.ts';
import { HEALTH_FIGURES, type Health, type HealthQuarter } from '../os-health.schemas.ts';

// The health figures as CSV: a row per quarter, the headline figures then the counts behind them.

const COUNTS = [
  'goalsDone',
  'goalsTotal',
  'todosDoneWhenDue',
  'todosDue',
  'sessionsHeldOnSchedule',
  'sessionsScheduled',
  'sessionsStartedOnTime',
  'sessionsHeldScheduled',
  'sessionsHeld',
  'ratingCount',
  'issuesSolved',
  'kpiCellsOnTime',
  'kpiCells',
] as const satisfies (keyof HealthQuarter)[];

/** Labels are ours (no user text), quoted all the same so a comma never splits a column. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export const healthCsv = (health: Health): string => {
  const { columns, figures } = osHealthMessages;
  const header = [
    columns.quarter,
    columns.startDate,
    columns.endDate,
    ...HEALTH_FIGURES.map((f) => figures[f]),
    ...COUNTS,
  ].map(quoted);
  const lines = [header.join(',')];
  for (const q of health.quarters) {
    const cells = [
      quoted(q.id),
      q.startDate,
      q.endDate,
      ...HEALTH_FIGURES.map((f) => (q[f] === null ? '' : String(q[f]))),
      ...COUNTS.map((c) => String(q[c])),
    ];
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
};

/** `os-health-2026-Q4.csv`, the latest quarter shown. */
export const healthFileName = (health: Health) => `os-health-${health.quarters.at(-1)?.id ?? 'none'}.csv`;
