import { CALENDAR_DAY_HOURS } from '../../../shared/constants.ts';
import type { CalendarEvent } from '../calendar.schemas.ts';

/** WCAG relative luminance of a '#rrggbb' or '#rgb' colour; null for anything else. */
export const relativeLuminance = (hex: string): number | null => {
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const digits = short ? `${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : hex.replace(/^#/, '');
  if (!/^[0-9a-f]{6}$/i.test(digits)) return null;
  const channel = (i: number) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
};

/**
 * Black or white, whichever has the higher contrast on `hex` (at least 4.58:1 for any colour:
 * white reads up to a luminance of 0.179, black from there). A colour that is not hex gets white.
 */
export const textOn = (hex: string | null): string => {
  const luminance = relativeLuminance(hex ?? '');
  if (luminance === null) return '#ffffff';
  // White: 1.05 / (L + 0.05); black: (L + 0.05) / 0.05.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
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
