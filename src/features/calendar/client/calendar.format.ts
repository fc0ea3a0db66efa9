import { CALENDAR_DAY_HOURS } from '../../../shared/constants.ts';
import type { CalendarEvent } from '../calendar.schemas.ts';

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export const textOn = (hex: string | null): string => {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!match) return '#ffffff';
  const channel = (i: number) => {
    const c = Number.parseInt(match[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // White text needs (1.05)/(L+0.05) ≥ 4.5, i.e. L ≤ 0.183.
  return luminance > 0.183 ? '#111111' : '#ffffff';
};

/** The default event colour where a meeting has none: dark enough for white text. */
export const DEFAULT_EVENT_COLOR = '#1c64b5';

/** A quarter's start (decision 056): its own colour, apart from meetings' (white text reads on it). */
export const QUARTER_EVENT_COLOR = '#5f3dc4';

/** The "+N MORE" row of a cell whose cards were not all sent: quiet, and readable. */
export const MORE_EVENT_COLOR = '#e9ecef';

const hourOf = (iso: string, timezone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour + minute / 60;
};

const asTime = (hours: number) => `${String(Math.floor(hours)).padStart(2, '0')}:00:00`;

/**
 * The hours the time grid shows: 8 am to 8 pm (document 1 §9), widened to whole hours that hold
 * an earlier or later session, so nothing is out of reach.
 */
export const shownHours = (events: CalendarEvent[], timezone: string) => {
  let start = Number.parseInt(CALENDAR_DAY_HOURS.start, 10);
  let end = Number.parseInt(CALENDAR_DAY_HOURS.end, 10);
  for (const event of events) {
    if (event.allDay) continue;
    start = Math.min(start, Math.floor(hourOf(event.start, timezone)));
    const last = event.end ? hourOf(event.end, timezone) : hourOf(event.start, timezone) + 1;
    // An event running past midnight ends "early" in the next day: show to the end of the day.
    end = Math.max(end, last < hourOf(event.start, timezone) ? 24 : Math.ceil(last));
  }
  return { slotMinTime: asTime(start), slotMaxTime: asTime(Math.min(end, 24)) };
};
