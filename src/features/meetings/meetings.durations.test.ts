import { describe, expect, it } from 'vitest';
import { formatDuration, nextMeetingText, roundDuration, untilText } from './meetings.durations.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('roundDuration', () => {
  it('counts minutes under an hour, rounded up', () => {
    expect(roundDuration(1)).toEqual({ count: 1, unit: 'minutes' });
    expect(roundDuration(MINUTE)).toEqual({ count: 1, unit: 'minutes' });
    expect(roundDuration(MINUTE + SECOND)).toEqual({ count: 2, unit: 'minutes' });
    expect(roundDuration(59 * MINUTE)).toEqual({ count: 59, unit: 'minutes' });
  });

  it('switches to hours once the rounded minutes reach 60', () => {
    expect(roundDuration(59 * MINUTE + SECOND)).toEqual({ count: 1, unit: 'hours' });
    expect(roundDuration(HOUR)).toEqual({ count: 1, unit: 'hours' });
    expect(roundDuration(HOUR + SECOND)).toEqual({ count: 2, unit: 'hours' });
    expect(roundDuration(23 * HOUR)).toEqual({ count: 23, unit: 'hours' });
  });

  it('switches to days once the rounded hours reach 24', () => {
    expect(roundDuration(23 * HOUR + SECOND)).toEqual({ count: 1, unit: 'days' });
    expect(roundDuration(DAY)).toEqual({ count: 1, unit: 'days' });
    expect(roundDuration(DAY + SECOND)).toEqual({ count: 2, unit: 'days' });
    expect(roundDuration(45 * DAY)).toEqual({ count: 45, unit: 'days' });
  });

  it('treats a span that is over (or not a number) as no time left', () => {
    expect(roundDuration(0)).toEqual({ count: 0, unit: 'minutes' });
    expect(roundDuration(-5 * MINUTE)).toEqual({ count: 0, unit: 'minutes' });
    expect(roundDuration(Number.NaN)).toEqual({ count: 0, unit: 'minutes' });
  });
});

describe('formatDuration', () => {
  it('says the unit in the singular for one', () => {
    expect(formatDuration(30 * SECOND)).toBe('1 minute');
    expect(formatDuration(5 * MINUTE)).toBe('5 minutes');
    expect(formatDuration(HOUR)).toBe('1 hour');
    expect(formatDuration(90 * MINUTE)).toBe('2 hours');
    expect(formatDuration(DAY)).toBe('1 day');
    expect(formatDuration(3 * DAY - HOUR)).toBe('3 days');
  });
});

describe('nextMeetingText', () => {
  const now = new Date('2026-03-02T09:30:00Z');
  it("says '{title}, in {time}' before the start", () => {
    expect(nextMeetingText('Weekly L10', new Date('2026-03-02T10:00:00Z'), now)).toBe('Weekly L10, in 30 minutes');
    expect(nextMeetingText('Weekly L10', new Date('2026-03-04T09:00:00Z'), now)).toBe('Weekly L10, in 2 days');
  });
  it("says '{title}, now' from the start on", () => {
    expect(nextMeetingText('Weekly L10', now, now)).toBe('Weekly L10, now');
    expect(nextMeetingText('Weekly L10', new Date('2026-03-02T09:00:00Z'), now)).toBe('Weekly L10, now');
  });
});

describe('untilText', () => {
  it("says 'in {time}' before the start and 'now' from then on", () => {
    const now = new Date('2026-03-02T09:30:00Z');
    expect(untilText(new Date('2026-03-02T12:00:00Z'), now)).toBe('in 3 hours');
    expect(untilText(now, now)).toBe('now');
  });
});
