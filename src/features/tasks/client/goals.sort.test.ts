import { describe, expect, it } from 'vitest';
import { ariaSort, nextDueSort, sortGoals } from './goals.sort.ts';

const goal = (title: string, status: '0' | '1' | '2' | '3', dueDate: string | null) => ({ title, status, dueDate });

const goals = [
  goal('done early', '1', '2025-01-10'),
  goal('off late', '2', '2025-09-30'),
  goal('on none', '0', null),
  goal('incomplete', '3', '2025-02-01'),
  goal('on late', '0', '2025-12-31'),
  goal('off early', '2', '2025-03-31'),
  goal('on early', '0', '2025-03-31'),
];

describe('goal sort (document 3 §4)', () => {
  it('defaults to On Track, then Off Track, then the rest, each by due date (none last)', () => {
    expect(sortGoals(goals, 'none').map((g) => g.title)).toEqual([
      'on early',
      'on late',
      'on none',
      'off early',
      'off late',
      'done early',
      'incomplete',
    ]);
  });

  it('sorts by due date only when the column is ascending or descending, goals without a date last', () => {
    expect(sortGoals(goals, 'asc').map((g) => g.title)).toEqual([
      'done early',
      'incomplete',
      'off early',
      'on early',
      'off late',
      'on late',
      'on none',
    ]);
    expect(sortGoals(goals, 'desc').map((g) => g.title)).toEqual([
      'on late',
      'off late',
      'off early',
      'on early',
      'incomplete',
      'done early',
      'on none',
    ]);
  });

  it('does not change the list it is given', () => {
    const copy = [...goals];
    sortGoals(goals, 'asc');
    expect(goals).toEqual(copy);
  });

  it('cycles the due-date header ascending, descending, unsorted', () => {
    expect(nextDueSort('none')).toBe('asc');
    expect(nextDueSort('asc')).toBe('desc');
    expect(nextDueSort('desc')).toBe('none');
    expect(['none', 'asc', 'desc'].map((s) => ariaSort(s as 'none'))).toEqual(['none', 'ascending', 'descending']);
  });
});
