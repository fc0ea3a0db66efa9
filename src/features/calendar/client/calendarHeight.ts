/**
 * The calendar card's height (its day view, 8 am to 8 pm, with the filters above), reserved while
 * its code and its language load (only then: a month is shorter): what is below it does not move.
 * Measured in Chromium: 1,389 px on a 390 px phone (filters a row each), 1,181 px from `xs` up.
 */
export const CALENDAR_MIN_HEIGHT = { base: 1389, xs: 1181 } as const;
