import { addDays, addMonths, type IsoDate, parseIsoDate, zonedTimeToUtc } from '../../shared/dates.ts';

// A meeting's repeat rule and the dates it produces. Pure, so the server (which stores the
// sessions) and the wizard (which previews them) compute the same dates.

export const REPEAT_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

/** The form's repeat options (document 1 §4): each is a repeat-every and unit; custom sets both. */
export const REPEAT_INTERVALS = {
  none: { repeatEvery: 0, repeatType: null },
  daily: { repeatEvery: 1, repeatType: 'days' },
  weekly: { repeatEvery: 1, repeatType: 'weeks' },
  monthly: { repeatEvery: 1, repeatType: 'months' },
  annually: { repeatEvery: 1, repeatType: 'years' },
} as const satisfies Record<string, { repeatEvery: number; repeatType: RepeatUnit | null }>;

/** How the form and the API name a stored rule: a preset when it is one, otherwise custom. */
export const intervalOf = (
  repeatEvery: number,
  repeatType: string | null,
): keyof typeof REPEAT_INTERVALS | 'custom' => {
  if (repeatEvery <= 0 || !repeatType) return 'none';
  for (const [name, preset] of Object.entries(REPEAT_INTERVALS)) {
    if (preset.repeatEvery === repeatEvery && preset.repeatType === repeatType) {
      return name as keyof typeof REPEAT_INTERVALS;
    }
  }
  return 'custom';
};

export interface RecurrenceRule {
  startDate: IsoDate;
  /** Local wall-clock time 'HH:mm' in `timezone`. */
  startTime: string;
  timezone: string;
  /** 0: the meeting does not repeat. */
  repeatEvery: number;
  repeatType: RepeatUnit | null;
  /** At most this many meetings, the first included. */
  noOfCycles: number | null;
  /** No meeting after this date. */
  endDate: IsoDate | null;
}

export interface Occurrence {
  date: IsoDate;
  startsAt: Date;
}

const repeats = (rule: RecurrenceRule) => rule.repeatEvery > 0 && rule.repeatType !== null;

/** The k-th date of the rule (k = 0 is the start), always counted from the start date. */
const nthDate = (rule: RecurrenceRule, k: number): IsoDate => {
  const step = k * rule.repeatEvery;
  const dayOfMonth = parseIsoDate(rule.startDate).day;
  switch (rule.repeatType) {
    case 'days':
      return addDays(rule.startDate, step);
    case 'weeks':
      return addDays(rule.startDate, 7 * step);
    case 'months':
      return addMonths(rule.startDate, step, dayOfMonth);
    case 'years':
      return addMonths(rule.startDate, 12 * step, dayOfMonth);
    default:
      return rule.startDate;
  }
};

/**
 * The meetings of the rule from its start up to `until` (inclusive), at most `limit` of them.
 * Each keeps the local start time, so a 09:00 meeting stays at 09:00 across daylight saving.
 */
export const occurrences = (rule: RecurrenceRule, until: IsoDate, limit = 2000): Occurrence[] => {
  const out: Occurrence[] = [];
  const last = rule.endDate && rule.endDate < until ? rule.endDate : until;
  const count = repeats(rule) ? Math.min(limit, rule.noOfCycles ?? limit) : 1;
  for (let k = 0; k < count; k++) {
    const date = nthDate(rule, k);
    if (date > last) break;
    out.push({ date, startsAt: zonedTimeToUtc(date, rule.startTime, rule.timezone) });
  }
  return out;
};
