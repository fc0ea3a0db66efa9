import { addDays } from '../../../shared/dates.ts';

/** Today as YYYY-MM-DD in the browser's zone. */
export const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const weekdayOf = (date: string) => WEEKDAY.format(new Date(`${date}T00:00:00Z`));
export const shortDate = (date: string) => SHORT.format(new Date(`${date}T00:00:00Z`));
export const shiftWeek = (start: string, weeks: number) => addDays(start, weeks * 7);
