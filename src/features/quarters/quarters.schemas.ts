import { z } from 'zod';
import { isoDate, pageOf, pageParams } from '../../shared/validation.ts';
import { quartersMessages } from './quarters.messages.ts';

// Annuals and quarters (document 3 §3): two shapes of one record (decision 043).

export const ZCalendarFlag = z.enum(['0', '1']);

/** One of a year's four periods; its id is 'YYYY-Qn' (the quarter id KPIs and goals use). */
export const ZQuarter = z
  .object({
    id: z.string(),
    year: z.number(),
    number: z.number(),
    startDate: z.string(),
    endDate: z.string(),
    /** True when the year has no annual yet and this is the calendar quarter. */
    isDefault: z.boolean(),
  })
  .meta({ id: 'Quarter' });
export type Quarter = z.infer<typeof ZQuarter>;

export const ZAnnual = z
  .object({
    id: z.string(),
    year: z.number(),
    isCalendarYear: ZCalendarFlag,
    startDate: z.string(),
    endDate: z.string(),
    quarters: z.array(ZQuarter),
  })
  .meta({ id: 'Annual' });
export type Annual = z.infer<typeof ZAnnual>;

/** The Quarters page's row: the same record as its annual. */
export const ZQuarterRecord = z
  .object({
    id: z.string(),
    year: z.number(),
    startQuartal1: z.string(),
    startQuartal2: z.string(),
    startQuartal3: z.string(),
    startQuartal4: z.string(),
    endQuartal4: z.string(),
  })
  .meta({ id: 'QuarterRecord' });
export type QuarterRecord = z.infer<typeof ZQuarterRecord>;

const ZYear = z.coerce
  .number({ error: quartersMessages.quarterYearFormat })
  .int({ error: quartersMessages.quarterYearFormat })
  .min(1900, { error: quartersMessages.quarterYearFormat })
  .max(2999, { error: quartersMessages.quarterYearFormat });

/** `POST/PUT annuals`: the year, its kind, the four period starts and the year's end. */
export const ZSaveAnnual = z.strictObject({
  year: ZYear,
  isCalendarYear: ZCalendarFlag,
  quarters: z.array(z.strictObject({ startDate: isoDate() })).length(4),
  endDate: isoDate(),
});
export type SaveAnnual = z.infer<typeof ZSaveAnnual>;

/** `saveQuartals`: a year and its four quarter starts and the end of Q4. */
export const ZSaveQuarterRecord = z.strictObject({
  id: z.uuid().optional(),
  year: ZYear,
  startQuartal1: isoDate(),
  startQuartal2: isoDate(),
  startQuartal3: isoDate(),
  startQuartal4: isoDate(),
  endQuartal4: isoDate(),
});
export type SaveQuarterRecord = z.infer<typeof ZSaveQuarterRecord>;

export const ZAnnualsQuery = z.strictObject(pageParams({ size: 25, max: 100 }));
export const ZAnnualsPage = pageOf(ZAnnual).meta({ id: 'AnnualsPage' });
export const ZQuarterRecordsPage = pageOf(ZQuarterRecord).meta({ id: 'QuarterRecordsPage' });

/** The quarters that touch a window of days (at most a few years), for pickers and filters. */
export const ZQuartersQuery = z.strictObject({ since: isoDate(), until: isoDate() });

/** The year choices of the Add dialog (current year and the next two without an annual). */
export const ZAnnualChoices = z.object({ years: z.array(z.number()) }).meta({ id: 'AnnualChoices' });
