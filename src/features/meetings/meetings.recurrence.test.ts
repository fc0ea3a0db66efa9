import { describe, expect, it } from 'vitest';
import { occurrences, type RecurrenceRule } from './meetings.recurrence.ts';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  startDate: '2026-01-05',
  startTime: '09:00',
  timezone: 'America/New_York',
  repeatEvery: 1,
  repeatType: 'weeks',
  noOfCycles: null,
  endDate: null,
  ...overrides,
});

const isoTimes = (list: { startsAt: Date }[]) => list.map((o) => o.startsAt.toISOString());

describe('meeting recurrence', () => {
  it('keeps a weekly 09:00 meeting at 09:00 in New York across both daylight-saving changes', () => {
    const weekly = occurrences(rule({ startDate: '2026-02-23' }), '2026-11-09');
    const at = (date: string) => weekly.find((o) => o.date === date)?.startsAt.toISOString();
    expect(at('2026-03-02')).toBe('2026-03-02T14:00:00.000Z'); // EST, UTC-5
    expect(at('2026-03-09')).toBe('2026-03-09T13:00:00.000Z'); // EDT, UTC-4, the day after the change
    expect(at('2026-11-02')).toBe('2026-11-02T14:00:00.000Z'); // EST again
  });

  it('keeps a weekly 09:00 meeting at 09:00 in Berlin across both daylight-saving changes', () => {
    const weekly = occurrences(rule({ startDate: '2026-03-23', timezone: 'Europe/Berlin' }), '2026-11-02');
    expect(isoTimes(weekly.slice(0, 2))).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    expect(weekly.find((o) => o.date === '2026-10-26')?.startsAt.toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('puts a monthly meeting on the 31st on the last day of shorter months, then back on the 31st', () => {
    const monthly = occurrences(rule({ startDate: '2026-01-31', repeatType: 'months' }), '2026-06-30');
    expect(monthly.map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('handles the 29th in leap and common years, and an annual meeting on Feb 29', () => {
    const monthly = occurrences(rule({ startDate: '2027-12-29', repeatType: 'months' }), '2028-03-01');
    expect(monthly.map((o) => o.date)).toEqual(['2027-12-29', '2028-01-29', '2028-02-29']);
    const annual = occurrences(rule({ startDate: '2028-02-29', repeatType: 'years' }), '2032-12-31');
    expect(annual.map((o) => o.date)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('stops after the number of cycles or on the end date', () => {
    expect(occurrences(rule({ noOfCycles: 3 }), '2027-01-01').map((o) => o.date)).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(occurrences(rule({ endDate: '2026-01-19' }), '2027-01-01')).toHaveLength(3);
    expect(occurrences(rule({ endDate: '2026-01-18' }), '2027-01-01')).toHaveLength(2);
  });

  it('gives one meeting when it does not repeat', () => {
    expect(occurrences(rule({ repeatEvery: 0, repeatType: null }), '2030-01-01').map((o) => o.date)).toEqual([
      '2026-01-05',
    ]);
  });

  it('follows custom rules: every 2 weeks, every 3 days', () => {
    expect(occurrences(rule({ repeatEvery: 2 }), '2026-02-02').map((o) => o.date)).toEqual([
      '2026-01-05',
      '2026-01-19',
      '2026-02-02',
    ]);
    expect(occurrences(rule({ repeatEvery: 3, repeatType: 'days' }), '2026-01-12').map((o) => o.date)).toEqual([
      '2026-01-05',
      '2026-01-08',
      '2026-01-11',
    ]);
  });
});
