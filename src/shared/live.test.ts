import { describe, expect, it } from 'vitest';
import {
  averageScore,
  carryAge,
  formatClock,
  isLiveSession,
  looksLikeEmail,
  stepSecondsLeft,
  timingReport,
} from './live.ts';
import { messages } from './messages.ts';

describe('the live meeting’s rules', () => {
  it('counts a step down from its duration, past zero', () => {
    const start = '2026-11-23T10:00:00.000Z';
    const at = (seconds: number) => Date.parse(start) + seconds * 1000;
    expect(stepSecondsLeft(5, null, at(0))).toBe(300);
    expect(stepSecondsLeft(5, start, at(0.9))).toBe(300);
    expect(stepSecondsLeft(5, start, at(61))).toBe(239);
    expect(stepSecondsLeft(5, start, at(302))).toBe(-2);
  });

  it('shows mm:ss with a minus sign when over time, minutes not wrapped into hours', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(-7)).toBe('-00:07');
    expect(formatClock(3725)).toBe('62:05');
  });

  it('averages the scores given, leaving out who did not attend', () => {
    expect(averageScore([])).toBeNull();
    expect(averageScore([{ score: null, notAttended: false }])).toBeNull();
    expect(
      averageScore([
        { score: 8, notAttended: false },
        { score: 9, notAttended: false },
        { score: 2, notAttended: true },
        { score: null, notAttended: false },
      ]),
    ).toBe(8.5);
  });

  it('lets ADD through only for what looks like an email address', () => {
    expect(looksLikeEmail(' visitor@example.com ')).toBe(true);
    expect(looksLikeEmail('visitor@')).toBe(false);
    expect(looksLikeEmail('visitor@example')).toBe(false);
    expect(looksLikeEmail('two words@example.com')).toBe(false);
  });

  it('is live from the start until the finish', () => {
    expect(isLiveSession({ startedAt: null, finishedAt: null })).toBe(false);
    expect(isLiveSession({ startedAt: '2026-11-23T10:00:00Z', finishedAt: null })).toBe(true);
    expect(isLiveSession({ startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T11:00:00Z' })).toBe(false);
  });
});

describe('timingReport', () => {
  it('gives planned, actual and overrun minutes per step to one decimal, and the totals', () => {
    const report = timingReport(
      [
        { id: 'a', title: 'Segue', duration: 5 },
        { id: 'b', title: 'Issues', duration: 40 },
        { id: 'c', title: 'Scores', duration: 5 },
      ],
      { a: 7 * 60 + 30, b: 20 * 60 + 2, other: 999 },
    );
    expect(report.items.map((row) => [row.title, row.plannedMinutes, row.actualMinutes, row.overrunMinutes])).toEqual([
      ['Segue', 5, 7.5, 2.5],
      ['Issues', 40, 20, -20],
      ['Scores', 5, 0, -5],
    ]);
    expect(report).toMatchObject({ plannedMinutes: 50, actualMinutes: 27.5, overrunMinutes: -22.5 });
  });
});

describe('carryAge', () => {
  it('counts whole days under a week, then whole weeks, and nothing on the first day', () => {
    expect(carryAge('2026-11-25', '2026-11-25')).toBeNull();
    expect(carryAge('2026-11-24', '2026-11-25')).toEqual({ unit: 'day', count: 1 });
    expect(carryAge('2026-11-19', '2026-11-25')).toEqual({ unit: 'day', count: 6 });
    expect(carryAge('2026-11-18', '2026-11-25')).toEqual({ unit: 'week', count: 1 });
    expect(carryAge('2026-11-03', '2026-11-25')).toEqual({ unit: 'week', count: 3 });
    expect(messages.carryAge({ unit: 'week', count: 3 })).toBe('On the list 3 weeks');
    expect(messages.carryAge({ unit: 'day', count: 1 })).toBe('On the list 1 day');
  });
});
