import { describe, expect, it } from 'vitest';
import { addDays, addMonths, parseIsoDate, utcToZonedParts, zonedTimeToUtc } from './dates.ts';

describe('the date helper', () => {
  it("throws the spec's 'Date is required.' for a missing date", () => {
    for (const missing of ['', '  ', null, undefined])
      expect(() => parseIsoDate(missing)).toThrow(/^Date is required\.$/);
    expect(() => addDays('', 1)).toThrow('Date is required.');
    expect(parseIsoDate('2026-02-03')).toEqual({ year: 2026, month: 2, day: 3 });
    expect(() => parseIsoDate('03/02/2026')).toThrow('Not a YYYY-MM-DD date');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('stops at 9999-12-31 rather than give a five-digit year', () => {
    expect(addDays('9999-12-31', 7)).toBe('9999-12-31');
    expect(addDays('9999-12-25', 3)).toBe('9999-12-28');
    expect(addMonths('9999-11-30', 60)).toBe('9999-12-31');
  });

  it('keeps the day of month, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-01-30', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('wall-clock time in a time zone', () => {
  it('converts a local time to UTC on both sides of a daylight-saving change', () => {
    expect(zonedTimeToUtc('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedTimeToUtc('2026-03-30', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(zonedTimeToUtc('2026-06-01', '23:30', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T18:00:00.000Z');
  });

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist in New York on 2026-03-08: it becomes 03:30 EDT.
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the first (EDT) is taken.
    expect(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads an instant back as the local date and time', () => {
    expect(utcToZonedParts(new Date('2026-03-09T13:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-09',
      time: '09:00',
    });
    expect(utcToZonedParts(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2027-01-01',
      time: '00:30',
    });
  });
});
