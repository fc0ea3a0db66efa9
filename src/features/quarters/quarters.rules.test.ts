import { describe, expect, it } from 'vitest';
import { periodState, periodsOf } from './quarters.rules.ts';

// document 3 §4: a period that starts in the future is red, the current one (started, not
// ended) yellow, a past one grey. A period's first and last days are part of it.

describe('periodState', () => {
  const period = { startDate: '2027-02-01', endDate: '2027-04-30' };

  it('is future up to the day before the start, current from the first to the last day, past after', () => {
    expect(periodState(period, '2026-12-31')).toBe('future');
    expect(periodState(period, '2027-01-31')).toBe('future');
    expect(periodState(period, '2027-02-01')).toBe('current');
    expect(periodState(period, '2027-03-15')).toBe('current');
    expect(periodState(period, '2027-04-30')).toBe('current');
    expect(periodState(period, '2027-05-01')).toBe('past');
  });

  it('is current on the only day of a one-day period', () => {
    expect(periodState({ startDate: '2027-06-01', endDate: '2027-06-01' }, '2027-06-01')).toBe('current');
  });

  it('gives exactly one current period of a year on each boundary day', () => {
    const periods = periodsOf({
      starts: ['2028-01-01', '2028-03-01', '2028-07-01', '2028-10-01'],
      endDate: '2028-12-31',
    });
    // 2028 is a leap year: the first period ends on Feb 29.
    expect(periods[0]).toMatchObject({ startDate: '2028-01-01', endDate: '2028-02-29' });
    const states = (today: string) => periods.map((p) => periodState(p, today));
    expect(states('2028-02-29')).toEqual(['current', 'future', 'future', 'future']);
    expect(states('2028-03-01')).toEqual(['past', 'current', 'future', 'future']);
    expect(states('2028-12-31')).toEqual(['past', 'past', 'past', 'current']);
    expect(states('2029-01-01')).toEqual(['past', 'past', 'past', 'past']);
  });
});
