import { meetingsMessages } from './meetings.messages.ts';

// How long until something happens, as the top bar says it (document 1 §9): minutes under
// 60 minutes, then hours under 24 hours, else days — always rounded up, so "in 1 minute"
// is shown until the very start, never "in 0 minutes".

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type DurationUnit = 'minutes' | 'hours' | 'days';

/** The rounded-up amount and its unit for `ms` (a positive span); 0 or less is 0 minutes. */
export const roundDuration = (ms: number): { count: number; unit: DurationUnit } => {
  if (!(ms > 0)) return { count: 0, unit: 'minutes' };
  const minutes = Math.ceil(ms / MINUTE_MS);
  if (minutes < 60) return { count: minutes, unit: 'minutes' };
  const hours = Math.ceil(ms / HOUR_MS);
  if (hours < 24) return { count: hours, unit: 'hours' };
  return { count: Math.ceil(ms / DAY_MS), unit: 'days' };
};

/** "5 minutes", "1 hour", "3 days". */
export const formatDuration = (ms: number): string => {
  const { count, unit } = roundDuration(ms);
  if (unit === 'minutes') return meetingsMessages.minutesCount(count);
  if (unit === 'hours') return meetingsMessages.hoursCount(count);
  return meetingsMessages.daysCount(count);
};

/** The top bar's next meeting: '{title}, in {time}', or '{title}, now' once it has begun. */
export const nextMeetingText = (title: string, startsAt: Date, now: Date): string => {
  const ms = startsAt.getTime() - now.getTime();
  return ms > 0 ? meetingsMessages.nextMeetingIn(title, formatDuration(ms)) : meetingsMessages.nextMeetingNow(title);
};

/** 'in 5 minutes', or 'now' once it has begun. */
export const untilText = (startsAt: Date, now: Date): string => {
  const ms = startsAt.getTime() - now.getTime();
  return ms > 0 ? meetingsMessages.inTime(formatDuration(ms)) : meetingsMessages.startedNow;
};
