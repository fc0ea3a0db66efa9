import { describe, expect, it } from 'vitest';
import { quarterPeriods } from './tasks.format.ts';

describe('due-date periods', () => {
  it('offer the current quarter and the later ones through next year, none past', () => {
    expect(quarterPeriods('2026-05-14').map((p) => p.value)).toEqual([
      '2026-06-30',
      '2026-09-30',
      '2026-12-31',
      '2027-03-31',
      '2027-06-30',
      '2027-09-30',
      '2027-12-31',
    ]);
    expect(quarterPeriods('2026-05-14')[0]?.label).toBe('Q2 2026 (ends Jun 30, 2026)');
  });

  it('on a quarter’s last day still offer that quarter; in the last quarter, next year’s four', () => {
    expect(quarterPeriods('2026-03-31')[0]?.value).toBe('2026-03-31');
    expect(quarterPeriods('2026-12-01').map((p) => p.value)).toEqual([
      '2026-12-31',
      '2027-03-31',
      '2027-06-30',
      '2027-09-30',
      '2027-12-31',
    ]);
  });
});
