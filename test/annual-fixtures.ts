// Request bodies of the administration's years (decision 043), shared by the tests
// that need a year to exist: an annual for POST/PUT /annuals and a quarter record for
// POST/PUT /quartals, both the calendar year's (January 1, April 1, July 1, October 1, December 31).

/** The four quarter starts and the end of calendar year `year`. */
const calendarDates = (year: number) => ({
  starts: [`${year}-01-01`, `${year}-04-01`, `${year}-07-01`, `${year}-10-01`] as const,
  endDate: `${year}-12-31`,
});

/** The body of a calendar-year annual (POST /annuals, PUT /annuals/{id}). */
export const calendarYear = (year: number) => {
  const { starts, endDate } = calendarDates(year);
  return { year, isCalendarYear: '1', quarters: starts.map((startDate) => ({ startDate })), endDate };
};

/** The same year as a quarter record (POST /quartals, PUT /quartals). */
export const calendarRecord = (year: number) => {
  const { starts, endDate } = calendarDates(year);
  return {
    year,
    startQuartal1: starts[0],
    startQuartal2: starts[1],
    startQuartal3: starts[2],
    startQuartal4: starts[3],
    endQuartal4: endDate,
  };
};
