import { dayjs } from '../../../client/lib/dayjs.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { quarterLabel } from '../../../shared/kpis.ts';
import { quartersMessages } from '../quarters.messages.ts';
import type { YearDates } from '../quarters.rules.ts';
import type { Annual, Quarter, QuarterRecord } from '../quarters.schemas.ts';

/** Today in the browser's time zone, as 'YYYY-MM-DD'. */
export const todayLocal = (): IsoDate => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** An annual's or a quarter record's dates, for the year dialog. */
export const yearDatesOf = (year: Annual | QuarterRecord): YearDates =>
  'quarters' in year
    ? {
        year: year.year,
        isCalendarYear: year.isCalendarYear,
        starts: year.quarters.map((q) => q.startDate) as YearDates['starts'],
        endDate: year.endDate,
      }
    : {
        year: year.year,
        isCalendarYear:
          year.startQuartal1 === `${year.year}-01-01` && year.endQuartal4 === `${year.year}-12-31` ? '1' : '0',
        starts: [year.startQuartal1, year.startQuartal2, year.startQuartal3, year.startQuartal4],
        endDate: year.endQuartal4,
      };

// Period pickers (decisions 043 and 056): the workspace's quarters from the current one through
// the end of next year; a past quarter only when it is the value an item already has.

/** The window of quarters a picker reads: last year (values already saved) through next year. */
export const pickerWindow = (today: IsoDate) => {
  const year = Number(today.slice(0, 4));
  return { since: `${year - 1}-01-01`, until: `${year + 1}-12-31` };
};

/** The quarters a picker offers: current and future ones through next year, and those `keep` names. */
export const pickableQuarters = (
  today: IsoDate,
  quarters: Quarter[],
  keep: (quarter: Quarter) => boolean = () => false,
) => {
  const lastYear = Number(today.slice(0, 4)) + 1;
  return quarters.filter((q) => (q.endDate >= today && q.year <= lastYear) || keep(q));
};

/** 'Q1 2027 (Feb 1 – Apr 30, 2027)': a quarter with its own dates. */
export const quarterOptionLabel = (quarter: Quarter) =>
  quartersMessages.quarterOption(
    quarter.number,
    quarter.year,
    dayjs(quarter.startDate).format('MMM D'),
    dayjs(quarter.endDate).format('MMM D, YYYY'),
  );

/**
 * A quarter picker's choices by id. A saved id outside the loaded window shows as 'Q2 2019'; a
 * goal's old free text that is no quarter id shows as it was typed.
 */
export const quarterChoices = (today: IsoDate, quarters: Quarter[], selected: string | null) => {
  const options = pickableQuarters(today, quarters, (q) => q.id === selected).map((q) => ({
    value: q.id,
    label: quarterOptionLabel(q),
  }));
  if (selected && !options.some((o) => o.value === selected))
    options.unshift({ value: selected, label: quarterLabel(selected) });
  return options;
};
