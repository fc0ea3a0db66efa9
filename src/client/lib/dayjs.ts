import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { zoneOffsetMinutes } from '../../shared/dates.ts';

// dayjs with the plugins the client needs, set up once: import dayjs from here.
dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * `instant` as the clocks in `timeZone` show it, to format or read its fields (hour, day). dayjs's
 * own tz() asks Intl afresh at every call, which a list of rows or a ticking clock pays for on
 * every render; this reuses the cached offsets of shared/dates.ts. Not for zone tokens (Z).
 */
export const inZone = (instant: string | number | Date, timeZone: string): Dayjs => {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return dayjs(Number.NaN);
  return dayjs.utc(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000);
};

export { dayjs };
