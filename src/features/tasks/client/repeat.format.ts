import { dayjs } from '../../../client/lib/dayjs.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import type { TaskRepeat } from '../repeat.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { nextOccurrence, type RepeatRule } from '../tasks.repeat.ts';
import { formatDay } from './tasks.format.ts';

// How a repeat reads on screen: its rule in words and the dates it makes next.

const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
/** 'Mon' … 'Sun' for 0 = Sunday … 6 = Saturday, in the week's order from Monday. */
export const weekdayChoices = WEEKDAY_ORDER.map((day) => ({
  value: String(day),
  label: dayjs('2026-11-29').add(day, 'day').format('ddd'),
}));

const weekdayNames = (days: number[]) =>
  WEEKDAY_ORDER.filter((day) => days.includes(day))
    .map((day) => weekdayChoices.find((c) => c.value === String(day))!.label)
    .join(', ');

/** "Every 2 weeks on Mon, Wed · until Mar 1, 2030 · the next one comes when this one is done". */
export const repeatSummary = (
  repeat: Pick<TaskRepeat, 'frequency' | 'interval' | 'weekdays' | 'monthDay' | 'endsOn' | 'count' | 'advance'>,
) => {
  const on =
    repeat.frequency === 'weekly'
      ? weekdayNames(repeat.weekdays)
      : repeat.frequency === 'monthly' && repeat.monthDay
        ? tasksMessages.repeatDayOfMonth(repeat.monthDay)
        : '';
  const ends = repeat.endsOn
    ? tasksMessages.repeatUntil(formatDay(repeat.endsOn))
    : repeat.count
      ? tasksMessages.repeatTimesText(repeat.count)
      : null;
  return tasksMessages.repeatSummary(
    tasksMessages.repeatEveryText(repeat.frequency, repeat.interval, on),
    ends,
    repeat.advance,
  );
};

/** The next few dates after `from` the rule makes (the form's preview). */
export const upcomingDates = (rule: RepeatRule, startsOn: IsoDate, count = 3): IsoDate[] => {
  const dates: IsoDate[] = [];
  let last = startsOn;
  for (let i = 0; i < count; i++) {
    const next = nextOccurrence(rule, startsOn, last, rule.endsOn);
    if (!next) break;
    dates.push(next);
    last = next;
  }
  return dates;
};
