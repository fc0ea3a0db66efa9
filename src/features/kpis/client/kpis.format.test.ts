import { describe, expect, it } from 'vitest';
import type { ScoreCell, Scorecard, ScorecardCell, ScorecardRow } from '../kpis.schemas.ts';
import {
  cellText,
  displayedText,
  draftMet,
  groupRows,
  nextTitleSort,
  rangeParams,
  reorderVisible,
  sortRows,
  trendValues,
  typedKpiValue,
  typedTarget,
  withCell,
  withOrder,
  withoutColumn,
} from './kpis.format.ts';

const cell = (scoreId: string, sessionId: string, measured: string | null, met: boolean | null): ScoreCell => ({
  id: `${scoreId}/${sessionId}`,
  scoreId,
  sessionId,
  measured,
  value: measured === null ? null : Number(measured),
  note: null,
  met,
  changedAt: null,
  changedBy: null,
});

/** A cell as the scorecard view holds it: no ids, null when empty. */
const shown = (measured: string, met: boolean | null, note: string | null = null): ScorecardCell => ({
  measured,
  met,
  note,
});

const row = (id: string, title: string, userId: string, cells: (ScorecardCell | null)[]): ScorecardRow => ({
  id,
  meetingId: 'm',
  userId,
  title,
  goal: '>=',
  score: '10',
  scoreMax: null,
  goalPeriods: [],
  units: null,
  type: 'number',
  formula: null,
  display: 'values',
  rollingPeriods: 4,
  frequency: 'weekly',
  sort: 0,
  createdAt: '',
  createdBy: null,
  changedAt: '',
  changedBy: null,
  cells,
  average: null,
  total: null,
  latest: null,
  shown: null,
  hits: 0,
  counted: 0,
  canDelete: true,
});

const session = (id: string, sessionDate: string) => ({
  id,
  sessionDate,
  startsAt: `${sessionDate}T09:00:00Z`,
  startedAt: null,
  finishedAt: null,
  isCurrent: false,
});

const scorecard = (): Scorecard => ({
  meetingId: 'm',
  frequency: 'weekly',
  frequencyCounts: { weekly: 2, monthly: 0, quarterly: 0 },
  quarterId: null,
  trailing: null,
  dateSince: '2026-01-01',
  dateUntil: '2026-01-31',
  sessions: [session('s1', '2026-01-05'), session('s2', '2026-01-12')],
  currentSessionId: null,
  scores: [
    row('a', 'Revenue', 'u1', [shown('12', true), null]),
    row('b', 'Calls', 'u2', [shown('4', false), shown('6', false, 'Short week')]),
  ],
  owners: [
    { userId: 'u1', scoreCount: 1, hits: 1, counted: 1 },
    { userId: 'u2', scoreCount: 1, hits: 0, counted: 2 },
  ],
  people: [],
  assignableUserIds: [],
  permissions: { canEdit: true, canDeleteColumns: true },
});

describe('typing in a cell (document 2 §4)', () => {
  it('removes commas and prefixes a leading dot with 0', () => {
    expect(typedKpiValue('1,250')).toBe('1250');
    expect(typedKpiValue('.5')).toBe('0.5');
    expect(typedKpiValue('-.5')).toBe('-0.5');
  });
  it('keeps only what a number holds: digits, one dot, a leading minus', () => {
    expect(typedKpiValue('$1,2a3.4.5%')).toBe('123.45');
    expect(typedKpiValue('4-2')).toBe('42');
    expect(typedKpiValue('')).toBe('');
  });
});

describe('display', () => {
  it('shows dollars and percentages, and leaves other units to the goal column', () => {
    expect(cellText('1250', { type: 'dollar', units: '$' })).toBe('$1,250');
    expect(cellText('85', { type: 'percentage', units: '%' })).toBe('85%');
    expect(cellText('12', { type: 'number', units: 'calls' })).toBe('12');
    expect(cellText(7.666_666, { type: 'number', units: null })).toBe('7.67');
  });
  it('draws the trend from the values entered, oldest first', () => {
    expect(trendValues(scorecard().scores[0]!)).toEqual([12]);
    expect(trendValues(scorecard().scores[1]!)).toEqual([4, 6]);
  });
});

describe('range and sort', () => {
  it('asks by quarter, by dates, or for the current quarter', () => {
    expect(rangeParams({ kind: 'current' }).toString()).toBe('');
    expect(rangeParams({ kind: 'quarter', quarterId: '2026-Q2' }).toString()).toBe('quarterId=2026-Q2');
    expect(rangeParams({ kind: 'dates', dateSince: '2026-01-01', dateUntil: '2026-02-01' }).toString()).toBe(
      'dateSince=2026-01-01&dateUntil=2026-02-01',
    );
  });
  it('cycles the title sort none → ascending → descending → none', () => {
    expect(nextTitleSort('none')).toBe('asc');
    expect(nextTitleSort('asc')).toBe('desc');
    expect(nextTitleSort('desc')).toBe('none');
    const rows = [{ title: 'b' }, { title: 'C' }, { title: 'a' }];
    expect(sortRows(rows, 'asc').map((r) => r.title)).toEqual(['a', 'b', 'C']);
    expect(sortRows(rows, 'desc').map((r) => r.title)).toEqual(['C', 'b', 'a']);
    expect(sortRows(rows, 'none').map((r) => r.title)).toEqual(['b', 'C', 'a']);
  });
  it('groups rows by owner, owners by name, unknown owners last', () => {
    const people = new Map([
      ['u1', { id: 'u1', firstName: 'Zoe', lastName: 'A' }],
      ['u2', { id: 'u2', firstName: 'Al', lastName: 'B' }],
    ]);
    const groups = groupRows(
      [
        { id: '1', userId: 'u1' },
        { id: '2', userId: 'gone' },
        { id: '3', userId: 'u2' },
        { id: '4', userId: 'u1' },
      ],
      people,
    );
    expect(groups.map((g) => [g.userId, g.rows.map((r) => r.id)])).toEqual([
      ['u2', ['3']],
      ['u1', ['1', '4']],
      ['gone', ['2']],
    ]);
  });
});

describe('cache updates', () => {
  it('puts a saved or received cell in place and recomputes the figures of its row and owner', () => {
    const before = scorecard();
    const next = withCell(before, cell('a', 's2', '20', true));
    const revenue = next.scores[0]!;
    expect(revenue.cells).toEqual([shown('12', true), shown('20', true)]);
    expect(revenue.total).toBe(32);
    expect(revenue.average).toBe(16);
    expect(revenue.hits).toBe(2);
    expect(revenue.counted).toBe(2);
    expect(next.owners[0]).toMatchObject({ hits: 2, counted: 2 });
    // The other rows are the same objects (their table rows do not re-render).
    expect(next.scores[1]).toBe(before.scores[1]);
    expect(before.scores[0]!.cells[1]).toBeNull();
    // Cleared (no value, no note): back to null, as the server sends an empty cell.
    const cleared = withCell(next, cell('a', 's2', null, null));
    expect(cleared.scores[0]!.cells).toEqual([shown('12', true), null]);
    expect(cleared.scores[0]).toMatchObject({ total: 12, average: 12, hits: 1, counted: 1 });
    // A note alone keeps the cell, uncoloured.
    const noted = withCell(before, { ...cell('a', 's2', null, null), note: 'Closed' });
    expect(noted.scores[0]!.cells[1]).toEqual({ measured: null, met: null, note: 'Closed' });
    expect(noted.scores[0]).toMatchObject({ counted: 1, hits: 1 });
  });
  it('leaves the scorecard alone for a cell it does not show', () => {
    const before = scorecard();
    expect(withCell(before, cell('a', 'elsewhere', '1', false))).toBe(before);
    expect(withCell(before, cell('zzz', 's1', '1', false))).toBe(before);
  });
  it('drops a deleted meeting date and its cells', () => {
    const next = withoutColumn(scorecard(), 's1');
    expect(next.sessions.map((s) => s.id)).toEqual(['s2']);
    expect(next.scores.map((r) => r.cells)).toEqual([[null], [shown('6', false, 'Short week')]]);
    expect(next.scores[1]).toMatchObject({ total: 6, counted: 1 });
    expect(next.scores[0]).toMatchObject({ total: null, average: null, counted: 0 });
  });
  it('reorders rows by id', () => {
    expect(withOrder(scorecard(), ['b', 'a']).scores.map((r) => [r.id, r.sort])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });
  it('moves a row among the visible ones while the others keep their places', () => {
    // All: a b c d e; visible (one owner): a c e. Moving e to the top of the visible ones.
    expect(reorderVisible(['a', 'b', 'c', 'd', 'e'], ['a', 'c', 'e'], 2, 0)).toEqual(['e', 'b', 'a', 'd', 'c']);
    expect(reorderVisible(['a', 'b'], ['a', 'b'], 0, 1)).toEqual(['b', 'a']);
  });
});

describe('yes/no and time rows', () => {
  const time = { type: 'time' as const, units: null, display: 'values' as const };
  const yesno = { type: 'yesno' as const, units: null, display: 'rolling' as const };
  it('shows minutes as h:mm and edits them so', () => {
    expect(cellText('90', time)).toBe('1:30');
    expect(typedTarget('90', 'time')).toBe('1:30');
    expect(typedTarget('12.5', 'number')).toBe('12.5');
    expect(displayedText(195, { ...time, display: 'cumulative' })).toBe('3:15');
  });
  it('shows a yes/no rolling average as the share of yes, a running total as the count', () => {
    expect(cellText('1', yesno)).toBe('Yes');
    expect(displayedText(0.5, yesno)).toBe('50% yes');
    expect(displayedText(4, { ...yesno, display: 'cumulative' })).toBe('4 yes');
  });
  it('colours a typed duration against the goal in minutes', () => {
    const row = { goal: '<=' as const, score: '90', scoreMax: null, goalPeriods: [], type: 'time' as const };
    expect(draftMet(row, '1:15')).toBe(true);
    expect(draftMet(row, '2h')).toBe(false);
    expect(draftMet(row, 'soon')).toBeNull();
  });
  it('asks for a monthly scorecard with its frequency', () => {
    expect(rangeParams({ kind: 'current' }, 'monthly').toString()).toBe('frequency=monthly');
    expect(rangeParams({ kind: 'trailing', periods: '4' }, 'weekly').toString()).toBe('trailing=4');
  });
});
