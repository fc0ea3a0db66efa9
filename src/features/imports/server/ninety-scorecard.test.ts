import { describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '../../../shared/dates.ts';
import { importsMessages } from '../imports.messages.ts';
import { checkHeader, parseGoal, resolveWeeks } from './ninety-scorecard.ts';

const HEAD = ['#', 'Group', 'Status', 'Title', 'Description', 'Owner', 'Goal', 'Average'];
const starts = (weeks: { start: string }[]) => weeks.map((week) => week.start);

describe("Ninety's week columns", () => {
  it('dates weeks across a year boundary, oldest first or newest first', () => {
    const oldestFirst = [...HEAD, 'Dec 22 - Dec 28', 'Dec 29 - Jan 4', 'Jan 5 - Jan 11'];
    expect(starts(resolveWeeks(oldestFirst, '2026-02-01'))).toEqual(['2025-12-22', '2025-12-29', '2026-01-05']);
    const newestFirst = [...HEAD, 'Jan 5 - Jan 11', 'Dec 29 - Jan 4', 'Dec 22 - Dec 28'];
    expect(starts(resolveWeeks(newestFirst, '2026-02-01'))).toEqual(['2025-12-22', '2025-12-29', '2026-01-05']);
  });

  it('puts the newest week in the latest year it has begun by today, unless a year is given', () => {
    const header = [...HEAD, 'Oct 13 - Oct 19', 'Oct 20 - Oct 26'];
    expect(starts(resolveWeeks(header, '2026-10-21'))).toEqual(['2026-10-13', '2026-10-20']);
    expect(starts(resolveWeeks(header, '2026-10-15'))).toEqual(['2025-10-13', '2025-10-20']);
    expect(starts(resolveWeeks(header, '2026-10-21', 2024))).toEqual(['2024-10-13', '2024-10-20']);
  });

  it('ignores trailing empty headers and refuses what is not a week', () => {
    expect(resolveWeeks([...HEAD, 'Jan 5 - Jan 11', '', ''], '2026-03-01')).toHaveLength(1);
    expect(() => resolveWeeks([...HEAD, 'January'], '2026-03-01')).toThrow(
      importsMessages.weekHeaderInvalid('January'),
    );
    expect(() => resolveWeeks([...HEAD, 'Jan 5 - Jan 9'], '2026-03-01')).toThrow(
      importsMessages.weekHeaderInvalid('Jan 5 - Jan 9'),
    );
    expect(() => resolveWeeks([...HEAD, 'Jan 5 - Jan 11', 'Jan 8 - Jan 14'], '2026-03-01')).toThrow(
      importsMessages.weeksOutOfOrder('Jan 5 - Jan 11'),
    );
  });

  it('refuses the monthly scorecard and other files by their header', () => {
    expect(() => checkHeader(['Title', 'Goal', ...MONTH_NAMES])).toThrow(importsMessages.monthlyNotSupported);
    expect(() => checkHeader(['Title', 'Goal'])).toThrow(importsMessages.notNinetyScorecard);
    expect(() => checkHeader([...HEAD, 'Jan 5 - Jan 11'])).not.toThrow();
  });
});

describe("Ninety's goals", () => {
  it('reads the comparator, the target and the type', () => {
    expect(parseGoal('>= 50%')).toEqual({ goal: '>=', target: '50', type: 'percentage' });
    expect(parseGoal('< 10')).toEqual({ goal: '<=', target: '10', type: 'number', strict: '<' });
    expect(parseGoal('> 2.5')).toEqual({ goal: '>=', target: '2.5', type: 'number', strict: '>' });
    expect(parseGoal('$5,000')).toEqual({ goal: '>=', target: '5000', type: 'dollar' });
    expect(parseGoal('<= $1,250.50')).toEqual({ goal: '<=', target: '1250.50', type: 'dollar' });
    expect(parseGoal('= 3')).toEqual({ goal: '==', target: '3', type: 'number' });
    expect(parseGoal('>= lots')).toBeUndefined();
    expect(parseGoal('10 - 20')).toBeUndefined();
  });
});
