import type { IsoDate } from '../../../shared/dates.ts';
import {
  formatKpiDuration,
  formatKpiFigure,
  formatKpiValue,
  type KpiFrequency,
  type KpiType,
  kpiFigures,
  kpiMetOn,
  kpiNumber,
  normaliseKpiValueAs,
} from '../../../shared/kpis.ts';
import { cumulativeValues, latestValue } from '../kpis.figures.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type {
  ComputedCell,
  FormulaReason,
  ScoreCell,
  Scorecard,
  ScorecardCell,
  ScorecardRow,
} from '../kpis.schemas.ts';

// Pure helpers of the KPI screens: the range the scorecard shows, typing in a cell, the sort
// cycle, groups, and how a saved or received cell updates a cached scorecard. The rules (met,
// value formatting, quarter ids) are in src/shared/kpis.ts.

/** What the scorecard shows: the current quarter (the server decides), a quarter, or dates. */
export type KpiRange =
  | { kind: 'current' }
  | { kind: 'quarter'; quarterId: string }
  | { kind: 'dates'; dateSince: IsoDate; dateUntil: IsoDate }
  | { kind: 'trailing'; periods: '4' | '13' };

export const CURRENT_RANGE: KpiRange = { kind: 'current' };

/** The range as the query of `GET meetings/{id}/kpis` (and of the export). */
export const rangeParams = (range: KpiRange, frequency: KpiFrequency = 'weekly'): URLSearchParams => {
  const params = new URLSearchParams();
  if (frequency !== 'weekly') params.set('frequency', frequency);
  if (range.kind === 'quarter') params.set('quarterId', range.quarterId);
  if (range.kind === 'dates') {
    params.set('dateSince', range.dateSince);
    params.set('dateUntil', range.dateUntil);
  }
  if (range.kind === 'trailing') params.set('trailing', range.periods);
  return params;
};

/**
 * What typing in a cell leaves in it (document 2 §4): commas removed, a leading '.' gets '0',
 * and only what a number can hold (digits, one '.', a leading '-').
 */
export const typedKpiValue = (input: string): string => {
  let text = input.replace(/[^\d.-]/g, '');
  const negative = text.startsWith('-');
  text = text.replace(/-/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = `${text.slice(0, dot + 1)}${text.slice(dot + 1).replace(/\./g, '')}`;
  if (text.startsWith('.')) text = `0${text}`;
  return `${negative ? '-' : ''}${text}`;
};

/** The title sort of the MEASURABLE header (document 2 §4): none → ascending → descending → none. */
export type TitleSort = 'none' | 'asc' | 'desc';
export const nextTitleSort = (sort: TitleSort): TitleSort =>
  sort === 'none' ? 'asc' : sort === 'asc' ? 'desc' : 'none';

export const sortRows = <T extends { title: string }>(rows: readonly T[], sort: TitleSort): T[] =>
  sort === 'none'
    ? [...rows]
    : [...rows].sort(
        (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) * (sort === 'asc' ? 1 : -1),
      );

interface Named {
  id: string;
  firstName: string;
  lastName: string;
}

/** Rows by owner, owners by first name (document 2 §9); rows keep their order inside a group. */
export const groupRows = <T extends { userId: string }>(
  rows: readonly T[],
  people: ReadonlyMap<string, Named>,
): { userId: string; rows: T[] }[] => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.userId, [...(groups.get(row.userId) ?? []), row]);
  const name = (id: string) => {
    const person = people.get(id);
    return person ? `${person.firstName} ${person.lastName}` : '\uffff';
  };
  return [...groups.entries()]
    .map(([userId, list]) => ({ userId, rows: list }))
    .sort((a, b) => name(a.userId).localeCompare(name(b.userId)));
};

/**
 * A saved or received cell as the scorecard holds it (decision 019): no ids (its place says
 * which), and null when it has neither a value nor a note, as the server sends it.
 */
export const scorecardCell = (
  cell: Pick<ScoreCell, 'measured' | 'met' | 'note' | 'source' | 'fedValue'>,
): ScorecardCell | null =>
  cell.measured === null && cell.note === null
    ? null
    : {
        measured: cell.measured,
        met: cell.met,
        note: cell.note,
        ...(cell.source ? { source: cell.source } : {}),
        ...(cell.fedValue !== undefined ? { fedValue: cell.fedValue } : {}),
      };

/**
 * A row's figures after its cells changed. A running total is recomputed here; a rolling average
 * reads periods before the range, so `needsRefetch` tells the caller to ask the server.
 */
const refigured = (row: ScorecardRow, cells: (ScorecardCell | null)[]): ScorecardRow => {
  const values = cells.map((cell) => kpiNumber(cell?.measured ?? null));
  return {
    ...row,
    cells,
    ...kpiFigures(cells),
    latest: latestValue(values),
    shown: row.display === 'cumulative' ? cumulativeValues(values) : row.shown,
  };
};

/** Whether a change to these rows needs the server's figures (a rolling average). */
export const needsRefetch = (scorecard: Scorecard, scoreIds: readonly string[]) =>
  scorecard.scores.some((row) => row.display === 'rolling' && scoreIds.includes(row.id));

/**
 * The scorecard with `cell` in place of its old version, and the formula cells it changed
 * (figures recomputed); unchanged where they are not shown.
 */
export const withCell = (scorecard: Scorecard, cell: ScoreCell, computed: readonly ComputedCell[] = []): Scorecard => {
  const place = new Map(scorecard.sessions.map((session, index) => [session.id, index]));
  const changes = new Map<string, [number, ScorecardCell | null][]>();
  const add = (scoreId: string, sessionId: string, value: ScorecardCell | null) => {
    const index = place.get(sessionId);
    if (index !== undefined) changes.set(scoreId, [...(changes.get(scoreId) ?? []), [index, value]]);
  };
  add(cell.scoreId, cell.sessionId, scorecardCell(cell));
  for (const c of computed)
    add(c.scoreId, c.sessionId, { measured: c.measured, met: c.met, note: null, reason: c.reason });
  if (changes.size === 0) return scorecard;
  let changed = false;
  const scores = scorecard.scores.map((row) => {
    const mine = changes.get(row.id);
    if (!mine) return row;
    changed = true;
    let cells = row.cells;
    for (const [index, value] of mine) cells = cells.with(index, value);
    return refigured(row, cells);
  });
  if (!changed) return scorecard;
  return { ...scorecard, scores, owners: ownerFigures(scorecard, scores) };
};

const ownerFigures = (scorecard: Scorecard, scores: ScorecardRow[]) =>
  scorecard.owners.map((owner) => {
    const mine = scores.filter((row) => row.userId === owner.userId);
    return {
      ...owner,
      hits: mine.reduce((sum, row) => sum + row.hits, 0),
      counted: mine.reduce((sum, row) => sum + row.counted, 0),
    };
  });

/** The scorecard without a meeting date column (Delete meeting date). */
export const withoutColumn = (scorecard: Scorecard, sessionId: string): Scorecard => {
  const at = scorecard.sessions.findIndex((session) => session.id === sessionId);
  if (at < 0) return scorecard;
  const scores = scorecard.scores.map((row) => refigured(row, row.cells.toSpliced(at, 1)));
  return {
    ...scorecard,
    sessions: scorecard.sessions.filter((session) => session.id !== sessionId),
    scores,
    owners: ownerFigures(scorecard, scores),
  };
};

/** The scorecard's rows in the order of `ids` (rows not named keep their place at the end). */
export const withOrder = (scorecard: Scorecard, ids: readonly string[]): Scorecard => {
  const position = new Map(ids.map((id, index) => [id, index]));
  const scores = [...scorecard.scores]
    .sort((a, b) => (position.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.id) ?? Number.MAX_SAFE_INTEGER))
    .map((row, index) => ({ ...row, sort: index }));
  return { ...scorecard, scores };
};

/**
 * The whole meeting's order after moving the visible row at `from` to `to` while only some rows
 * are visible (a user filter): the visible ones take each other's places, the others stay.
 */
export const reorderVisible = (allIds: readonly string[], visibleIds: readonly string[], from: number, to: number) => {
  const moved = [...visibleIds];
  const [id] = moved.splice(from, 1);
  if (id === undefined) return [...allIds];
  moved.splice(to, 0, id);
  const visible = new Set(visibleIds);
  let next = 0;
  return allIds.map((existing) => (visible.has(existing) ? (moved[next++] ?? existing) : existing));
};

/** Whether a draft typed into a cell meets the goal in force on its date, for the colour while typing. */
export const draftMet = (
  row: Pick<ScorecardRow, 'goal' | 'score' | 'scoreMax' | 'goalPeriods'> & { type?: KpiType },
  draft: string,
  date: IsoDate | null = null,
): boolean | null =>
  kpiMetOn(
    { goal: row.goal, score: row.score, scoreMax: row.scoreMax ?? null },
    row.goalPeriods ?? [],
    date,
    normaliseKpiValueAs(row.type ?? 'number', draft) ?? null,
  );

/** A stored target as the score form shows it for editing: a duration as h:mm. */
export const typedTarget = (stored: string, type: KpiType) => {
  const minutes = type === 'time' ? kpiNumber(stored) : null;
  return minutes === null ? stored : formatKpiDuration(minutes);
};

/** What a running total or rolling average shows in a cell (a yes/no's: the count or share of yes). */
export const displayedText = (
  value: number | null,
  row: { type: KpiType; units: string | null; display: 'values' | 'cumulative' | 'rolling' },
) => figureText(row.display === 'cumulative' ? 'total' : row.display === 'rolling' ? 'average' : 'value', value, row);

/** How a row's average or total shows (a yes/no's as the share or count of yes). */
export const figureText = (
  kind: 'average' | 'total' | 'value',
  value: number | null,
  row: { type: KpiType; units: string | null },
) => formatKpiFigure(kind, value, { type: row.type, units: row.units === '$' || row.units === '%' ? row.units : null });

/** The numbers of a row's cells for its trend line, oldest first (empty cells left out). */
export const trendValues = (row: Pick<ScorecardRow, 'cells'>): number[] =>
  row.cells.flatMap((cell) => {
    const value = kpiNumber(cell?.measured ?? null);
    return value === null ? [] : [value];
  });

/**
 * How a cell, an average or a total shows a value: by type ($1,250, 85%, 12). Free-text units
 * ('calls') are left to the GOAL column, so the date columns stay narrow.
 */
export const cellText = (value: string | number | null, row: { type: KpiType; units: string | null }) =>
  formatKpiValue(value, { type: row.type, units: row.units === '$' || row.units === '%' ? row.units : null });

/** What a formula cell without a value says instead. */
export const reasonText = (reason: FormulaReason) =>
  reason === 'divisionByZero'
    ? kpisMessages.kpiReasonDivisionByZero
    : reason === 'deletedInput'
      ? kpisMessages.kpiReasonDeletedInput
      : reason === 'outOfRange'
        ? kpisMessages.kpiReasonOutOfRange
        : kpisMessages.kpiReasonMissingInput;

const REFERENCE = /\{([0-9a-f-]{36})\}/g;
const NAME = /\[([^\]]*)\]/g;

/** A stored formula as the form shows it: each `{id}` as `[Title]` (a deleted one as `[?]`). */
export const formulaWithNames = (formula: string, rows: readonly { id: string; title: string }[]) => {
  const titles = new Map(rows.map((row) => [row.id, row.title]));
  return formula.replace(REFERENCE, (_whole, id: string) => `[${titles.get(id) ?? '?'}]`);
};

/**
 * A formula typed with `[Title]` names as the server stores it (`{id}`); an error for a name that
 * is no measurable of the scorecard, or that two share.
 */
export const formulaWithIds = (
  text: string,
  rows: readonly { id: string; title: string }[],
): { formula: string } | { error: string } => {
  const byTitle = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.title.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), row.id]);
  }
  let error: string | null = null;
  const formula = text.replace(NAME, (_whole, name: string) => {
    const ids = byTitle.get(name.trim().toLowerCase()) ?? [];
    if (ids.length !== 1 && error === null)
      error = ids.length === 0 ? kpisMessages.kpiFormulaUnknownNamed(name) : kpisMessages.kpiFormulaAmbiguous(name);
    return `{${ids[0] ?? ''}}`;
  });
  return error === null ? { formula } : { error };
};
