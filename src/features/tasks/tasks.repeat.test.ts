import { describe, expect, it } from 'vitest';
import { followingDate, nextOccurrence, type RepeatRule, seriesEnd, weekdayOf } from './tasks.repeat.ts';

const rule = (over: Partial<RepeatRule>): RepeatRule => ({
  frequency: 'daily',
  interval: 1,
  weekdays: [],
  monthDay: null,
  endsOn: null,
  count: null,
  advance: 'done',
  ...over,
});

/** The first n dates after the start. */
const dates = (r: RepeatRule, startsOn: string, n: number) => {
  const out: string[] = [];
  let last = startsOn;
  for (let i = 0; i < n; i++) {
    const next = nextOccurrence(r, startsOn, last, null);
    if (!next) break;
    out.push(next);
    last = next;
  }
  return out;
};

describe('repeat rules', () => {
  it('knows the weekday of a date', () => {
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-30')).toBe(1);
  });

  it('repeats every N days across a daylight-saving change without moving a date', () => {
    expect(dates(rule({ interval: 3 }), '2026-03-06', 3)).toEqual(['2026-03-09', '2026-03-12', '2026-03-15']);
    expect(dates(rule({}), '2026-10-31', 3)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('repeats weekly on chosen weekdays, every other week', () => {
    // 2026-11-30 is a Monday.
    const weekly = rule({ frequency: 'weekly', weekdays: [1, 3] });
    expect(dates(weekly, '2026-11-30', 4)).toEqual(['2026-12-02', '2026-12-07', '2026-12-09', '2026-12-14']);
    const fortnightly = rule({ frequency: 'weekly', interval: 2, weekdays: [5] });
    expect(dates(fortnightly, '2026-11-30', 3)).toEqual(['2026-12-04', '2026-12-18', '2027-01-01']);
    // Without weekdays, the start's weekday; Sunday ends the Monday week.
    expect(dates(rule({ frequency: 'weekly' }), '2026-11-29', 2)).toEqual(['2026-12-06', '2026-12-13']);
  });

  it('keeps the 31st where a month has it and takes the last day where it has not', () => {
    const monthly = rule({ frequency: 'monthly', monthDay: 31 });
    expect(dates(monthly, '2027-01-31', 4)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(dates(monthly, '2028-01-31', 1)).toEqual(['2028-02-29']);
    const quarterly = rule({ frequency: 'monthly', interval: 3 });
    expect(dates(quarterly, '2026-11-30', 2)).toEqual(['2027-02-28', '2027-05-30']);
  });

  it('ends by date or by count, the first occurrence counted', () => {
    expect(seriesEnd(rule({ count: 3 }), '2026-12-01')).toEqual({ lastOn: '2026-12-03', occurrences: 3 });
    expect(seriesEnd(rule({ endsOn: '2026-12-10', frequency: 'weekly' }), '2026-12-01')).toEqual({
      lastOn: '2026-12-08',
      occurrences: 2,
    });
    expect(nextOccurrence(rule({}), '2026-12-01', '2026-12-03', '2026-12-03')).toBeNull();
    expect(seriesEnd(rule({ count: 10_000 }), '2026-12-01').occurrences).toBe('tooMany');
    expect(seriesEnd(rule({ endsOn: '2030-01-01' }), '2026-12-01').occurrences).toBe('tooMany');
    expect(seriesEnd(rule({ endsOn: '2026-11-01' }), '2026-12-01').occurrences).toBe(0);
    expect(seriesEnd(rule({}), '2026-12-01').occurrences).toBe('unbounded');
  });

  it('never makes a next occurrence on a day already past', () => {
    const weekly = rule({ frequency: 'weekly', weekdays: [1] });
    // Done early (Friday before): the Monday after the current one.
    expect(followingDate(weekly, '2026-11-30', '2026-12-07', '2026-12-04', null)).toBe('2026-12-14');
    // Done late (two weeks after): the first Monday from today.
    expect(followingDate(weekly, '2026-11-30', '2026-12-07', '2026-12-23', null)).toBe('2026-12-28');
    // Done on a Monday that is itself an occurrence date: that day still counts.
    expect(followingDate(weekly, '2026-11-30', '2026-12-07', '2026-12-21', null)).toBe('2026-12-21');
  });

  it('starts its search near the date asked, also years after the start', () => {
    expect(nextOccurrence(rule({ frequency: 'monthly', monthDay: 15 }), '2020-01-15', '2026-11-28', null)).toBe(
      '2026-12-15',
    );
    expect(nextOccurrence(rule({ interval: 7 }), '2020-01-01', '2026-11-28', null)).toBe('2026-12-02');
  });
});
