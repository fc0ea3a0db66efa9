import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../calendar.schemas.ts';
import { DEFAULT_EVENT_COLOR, MORE_EVENT_COLOR, QUARTER_EVENT_COLOR, shownHours, textOn } from './calendar.format.ts';

const session = (start: string, end: string | null): CalendarEvent => ({
  id: `session-${start}`,
  kind: 'session',
  title: 'Sync',
  start,
  end,
  allDay: false,
  color: null,
  meetingId: 'm',
  sessionId: 's',
  taskId: null,
  status: '0',
  done: false,
});

const due = (date: string): CalendarEvent => ({
  ...session(date, null),
  id: `task-${date}`,
  kind: 'task',
  allDay: true,
  sessionId: null,
  taskId: 't',
});

describe('shownHours: the time grid of the day and week views', () => {
  it('shows 8 am to 8 pm when every item lies within', () => {
    expect(shownHours([], 'UTC')).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '20:00:00' });
    expect(shownHours([session('2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z'), due('2026-03-02')], 'UTC')).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '20:00:00',
    });
    // Ending on the hour does not add one.
    expect(shownHours([session('2026-03-02T19:00:00Z', '2026-03-02T20:00:00Z')], 'UTC').slotMaxTime).toBe('20:00:00');
  });

  it('widens to the whole hours of an earlier or later session', () => {
    const early = session('2026-03-02T06:30:00Z', '2026-03-02T07:15:00Z');
    const late = session('2026-03-04T21:00:00Z', '2026-03-04T22:30:00Z');
    expect(shownHours([early, late], 'UTC')).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '23:00:00' });
    // A session without an end counts as one hour.
    expect(shownHours([session('2026-03-02T20:00:00Z', null)], 'UTC').slotMaxTime).toBe('21:00:00');
    // One running past midnight shows the day to its end.
    expect(shownHours([session('2026-03-02T23:00:00Z', '2026-03-03T01:00:00Z')], 'UTC').slotMaxTime).toBe('24:00:00');
  });

  it('reads the hours on the person’s wall clock, not UTC', () => {
    // 13:00 UTC is 08:00 in New York in winter: no widening there, but 13:00 in UTC is within too.
    const noon = session('2026-01-12T13:00:00Z', '2026-01-12T14:00:00Z');
    expect(shownHours([noon], 'America/New_York')).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '20:00:00' });
    // In Tokyo (UTC+9) the same session is 22:00–23:00.
    expect(shownHours([noon], 'Asia/Tokyo')).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '23:00:00' });
    // In summer New York is UTC-4: 11:00 UTC is 07:00 there.
    expect(shownHours([session('2026-07-06T11:00:00Z', '2026-07-06T11:30:00Z')], 'America/New_York').slotMinTime).toBe(
      '07:00:00',
    );
  });
});

// WCAG 2 contrast, computed here on its own (not with the code under test).
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
const hex = (n: number) => n.toString(16).padStart(2, '0');

describe('textOn: the text colour of an event on its meeting colour', () => {
  it('reads at 4.5:1 at least on every colour', () => {
    const steps = Array.from({ length: 18 }, (_, i) => Math.min(255, i * 15));
    let checked = 0;
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const colour = `#${hex(r)}${hex(g)}${hex(b)}`;
          expect(contrast(colour, textOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
          checked += 1;
        }
    expect(checked).toBe(18 ** 3);
    // Mid greys, where white stops reading and a dark grey would not yet (#777: 4.48 with white).
    for (const grey of ['#757575', '#767676', '#777777', '#787878', '#797979', '#7a7a7a', '#7f7f7f'])
      expect(contrast(grey, textOn(grey)), grey).toBeGreaterThanOrEqual(4.5);
  });

  it('picks white on dark colours and black on light ones; white when the colour is not hex', () => {
    expect(textOn(DEFAULT_EVENT_COLOR)).toBe('#ffffff');
    expect(textOn(QUARTER_EVENT_COLOR)).toBe('#ffffff');
    expect(textOn(MORE_EVENT_COLOR)).toBe('#000000');
    expect(textOn('#ffd43b')).toBe('#000000');
    expect(textOn('#FFF')).toBe('#000000');
    expect(textOn('#000')).toBe('#ffffff');
    expect(textOn('1c64b5')).toBe('#ffffff');
    expect(textOn(null)).toBe('#ffffff');
    expect(textOn('rebeccapurple')).toBe('#ffffff');
  });
});
