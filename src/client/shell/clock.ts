import { MONTH_NAMES, zoneOffsetMinutes } from '../../shared/dates.ts';

// The top bar's clock without dayjs, which the first page would otherwise load for these two
// strings alone (decision 095). Same output as dayjs's 'MMMM DD, YYYY, hh:mm A' and 'hh:mm A'
// in English (clock.test.ts holds them together).

const two = (value: number) => String(value).padStart(2, '0');

/** `instant` as the clocks of `timeZone` show it: the full date and time, and the time alone. */
export const topBarClock = (instant: Date, timeZone: string): { dateTime: string; time: string } => {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  const hour = local.getUTCHours();
  const time = `${two(hour % 12 || 12)}:${two(local.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
  const date = `${MONTH_NAMES[local.getUTCMonth()]} ${two(local.getUTCDate())}, ${local.getUTCFullYear()}`;
  return { dateTime: `${date}, ${time}`, time };
};
