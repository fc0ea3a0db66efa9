import type { IsoDate } from '../../../shared/dates.ts';
import type { YearDates } from '../quarters.rules.ts';
import type { Annual, QuarterRecord } from '../quarters.schemas.ts';

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
