import { addDays, type IsoDate, parseIsoDate } from '../../shared/dates.ts';
import { quartersMessages } from './quarters.messages.ts';

// The rules of a year's periods (document 3 §4, §5), the same on the server and in the forms.

/** A year's dates: the four period starts and the last period's end. */
export interface YearDates {
  year: number;
  isCalendarYear: '0' | '1';
  starts: [IsoDate, IsoDate, IsoDate, IsoDate];
  endDate: IsoDate;
}

/** How many years ahead of the current one can be added (the current year and the next two). */
export const ANNUAL_YEARS_AHEAD = 2;

/** document 3 §5: default periods Jan 1, Apr 1, Jul 1, Oct 1 and Dec 31. */
export const defaultYearDates = (year: number): YearDates => ({
  year,
  isCalendarYear: '1',
  starts: [`${year}-01-01`, `${year}-04-01`, `${year}-07-01`, `${year}-10-01`],
  endDate: `${year}-12-31`,
});

/** The year choices of the Add dialog: the current year and the next two that have no annual. */
export const yearChoices = (currentYear: number, existing: number[]) =>
  Array.from({ length: ANNUAL_YEARS_AHEAD + 1 }, (_, i) => currentYear + i).filter((y) => !existing.includes(y));

/** Period n (0-based) of a year: from its start to the day before the next start, the last to the end. */
export const periodsOf = (dates: Pick<YearDates, 'starts' | 'endDate'>) =>
  dates.starts.map((startDate, i) => ({
    number: i + 1,
    startDate,
    endDate: i < 3 ? addDays(dates.starts[i + 1] as IsoDate, -1) : dates.endDate,
  }));

/** document 3 §4: a period that starts in the future is red, a current one yellow, a past one grey. */
export const periodState = (period: { startDate: IsoDate; endDate: IsoDate }, today: IsoDate) =>
  period.startDate > today ? 'future' : period.endDate < today ? 'past' : 'current';

/** Field names of the five dates, for errors: `quarters.0.startDate` … and `endDate`. */
export const startField = (i: number) => `quarters.${i}.startDate`;

export interface Neighbours {
  /** The end of the closest earlier year that has an annual. */
  previousEnd?: IsoDate;
  /** The start of the closest later year that has an annual. */
  nextStart?: IsoDate;
}

/**
 * The mistakes in a year's dates, by field (empty when none): calendar years run Jan 1 – Dec 31;
 * a year starts in itself and lasts at most twelve months; starts strictly increase up to the end;
 * no overlap with the neighbouring years; when editing, a date already past keeps its value.
 */
export const yearDateErrors = (
  dates: YearDates,
  neighbours: Neighbours,
  locked?: { before: YearDates; today: IsoDate },
): Record<string, string> => {
  const errors: Record<string, string> = {};
  const { year, starts, endDate } = dates;
  if (dates.isCalendarYear === '1') {
    if (starts[0] !== `${year}-01-01`) errors[startField(0)] = quartersMessages.calendarYearFixed;
    if (endDate !== `${year}-12-31`) errors.endDate = quartersMessages.calendarYearFixed;
  } else {
    if (parseIsoDate(starts[0]).year !== year) errors[startField(0)] = quartersMessages.annualStartOutsideYear(year);
    else {
      // Only once the start lies in the year (at most 2999): a start of 9999-12-31 has no next year to end in.
      const latestEnd = addDays(`${year + 1}${starts[0].slice(4)}`, -1);
      if (endDate > latestEnd) errors.endDate = quartersMessages.annualTooLong(latestEnd);
    }
  }
  for (let i = 1; i < 4; i++) {
    if ((starts[i] as IsoDate) <= (starts[i - 1] as IsoDate)) errors[startField(i)] ??= quartersMessages.periodsOverlap;
  }
  if (endDate < starts[3]) errors.endDate ??= quartersMessages.periodsOverlap;
  if (neighbours.previousEnd && starts[0] <= neighbours.previousEnd)
    errors[startField(0)] ??= quartersMessages.annualStartOverlap(neighbours.previousEnd);
  if (neighbours.nextStart && endDate >= neighbours.nextStart)
    errors.endDate ??= quartersMessages.annualEndOverlap(neighbours.nextStart);
  if (locked) {
    const { before, today } = locked;
    before.starts.forEach((old, i) => {
      if (old < today && starts[i] !== old) errors[startField(i)] = quartersMessages.pastDateLocked;
    });
    if (before.endDate < today && endDate !== before.endDate) errors.endDate = quartersMessages.pastDateLocked;
  }
  return errors;
};

/** Whether a date of a saved year is locked (already past) in the edit form. */
export const isPastDate = (date: IsoDate, today: IsoDate) => date < today;
