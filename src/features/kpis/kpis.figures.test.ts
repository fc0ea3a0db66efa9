import { describe, expect, it } from 'vitest';
import { cumulativeValues, displayedValues, latestValue, rollingValues } from './kpis.figures.ts';

describe('row displays', () => {
  it('runs a total over the range, leaving empty periods empty', () => {
    expect(cumulativeValues([5, null, 3, 0.1, 0.2])).toEqual([5, null, 8, 8.1, 8.3]);
  });

  it('averages over the last N periods, reaching into the periods before the range', () => {
    // Before the range: 2, 4. Shown: 6, empty, 10, 12. Window of 3:
    // 6 → (2+4+6)/3 = 4; empty → empty; 10 → (6+10)/2 = 8 (the empty period counts for nothing);
    // 12 → (10+12)/2 = 11.
    expect(rollingValues([6, null, 10, 12], 3, [2, 4])).toEqual([4, null, 8, 11]);
    // Without earlier periods the first windows are shorter.
    expect(rollingValues([6, 9, 12], 2)).toEqual([6, 7.5, 10.5]);
  });

  it('takes the latest value of the range', () => {
    expect(latestValue([1, 7, null])).toBe(7);
    expect(latestValue([null, null])).toBeNull();
  });

  it('shows nothing extra for plain values', () => {
    expect(displayedValues('values', [1, 2], 4)).toBeNull();
    expect(displayedValues('cumulative', [1, 2], 4)).toEqual([1, 3]);
    expect(displayedValues('rolling', [1, 3], 4, [5])).toEqual([3, 3]);
  });
});
