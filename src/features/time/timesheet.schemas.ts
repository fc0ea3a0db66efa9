import { z } from 'zod';
import { MINUTES_PER_DAY, MONEY_MAX_CENTS, TIME_PAGE } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { isoDate, pageOf, pageParams, requiredText } from '../../shared/validation.ts';
import { timeMessages } from './time.messages.ts';

// The weekly timesheet (a week grid, submitted weeks and their approval) and profitability
// (cost rates, each project's revenue, cost, profit and margin). Money is integer cents,
// durations whole minutes (decision 048).

export const WEEK_STATUSES = ['open', 'submitted', 'approved', 'returned'] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number];
/** Weeks in these states hold their person's time: nothing on their days is written. */
export const LOCKED_WEEK_STATUSES = ['submitted', 'approved'] as const satisfies readonly WeekStatus[];

/** A person's week as the timesheet shows it: open until submitted. */
export const ZWeekSheet = z
  .object({
    /** The submitted week's id; null while the week was never submitted. */
    id: z.uuid().nullable(),
    status: z.enum(WEEK_STATUSES),
    /** The approver's words when the week was returned. */
    comment: z.string().nullable(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decidedByName: z.string().nullable(),
  })
  .meta({ id: 'TimeWeekSheet' });
export type WeekSheet = z.infer<typeof ZWeekSheet>;

/** `PUT time/timesheet/cells`: the time of one task on one day, as the week grid sets it. */
export const ZSetCell = z.object({
  projectId: z.uuid({ error: messages.required }),
  taskId: z.uuid({ error: messages.required }),
  spentOn: isoDate(),
  minutes: z
    .number({ error: messages.required })
    .int({ error: timeMessages.timeWholeMinutes })
    .min(0, { error: timeMessages.timeNotNegative })
    .max(MINUTES_PER_DAY, { error: timeMessages.timeDayFull }),
});
export type SetCell = z.infer<typeof ZSetCell>;
export const ZCell = z
  .object({ projectId: z.uuid(), taskId: z.uuid(), spentOn: z.string(), minutes: z.number() })
  .meta({ id: 'TimeCell' });

/** `POST time/weeks`: submit the week holding this day. */
export const ZSubmitWeek = z.object({ week: isoDate() });
/** `POST time/weeks/{id}/return`: why the week goes back to its person. */
export const ZReturnWeek = z.object({ comment: requiredText(1000) });

export const APPROVAL_FILTERS = ['submitted', 'approved', 'returned'] as const;
export const ZApprovalsQuery = z.object({
  status: z.enum(APPROVAL_FILTERS).default('submitted'),
  ...pageParams({ size: TIME_PAGE.default, max: TIME_PAGE.max }),
});
export type ApprovalsQuery = z.infer<typeof ZApprovalsQuery>;
export const ZApproval = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    weekStart: z.string(),
    status: z.enum(APPROVAL_FILTERS),
    comment: z.string().nullable(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    decidedByName: z.string().nullable(),
    minutes: z.number(),
    billableMinutes: z.number(),
    /** The week's time per project (account / project), by name. */
    projects: z.array(z.object({ projectId: z.uuid(), name: z.string(), minutes: z.number() })),
    /** Whether the caller may approve or return it now. */
    canDecide: z.boolean(),
  })
  .meta({ id: 'TimeApproval' });
export type Approval = z.infer<typeof ZApproval>;
export const ZApprovalPage = pageOf(ZApproval).meta({ id: 'TimeApprovalPage' });
export type ApprovalPage = z.infer<typeof ZApprovalPage>;

const hourlyCost = () =>
  z
    .number({ error: messages.required })
    .int({ error: timeMessages.timeWholeCents })
    .min(0, { error: timeMessages.timeNotNegative })
    .max(MONEY_MAX_CENTS, { error: timeMessages.timeTooLarge });

export const ZCostRate = z.object({ validFrom: z.string(), hourlyCost: z.number() }).meta({ id: 'TimeCostRate' });
export type CostRate = z.infer<typeof ZCostRate>;
export const ZSaveCostRate = z.object({ validFrom: isoDate(), hourlyCost: hourlyCost() });
export type SaveCostRate = z.infer<typeof ZSaveCostRate>;
export const ZCostRateParams = z.object({ id: z.uuid(), validFrom: isoDate() });

export const ZProfitQuery = z.object(pageParams({ size: TIME_PAGE.default, max: TIME_PAGE.max }));
export type ProfitQuery = z.infer<typeof ZProfitQuery>;
export const ZProfitFigures = z.object({
  /** What the client is charged: billable time at its rates (time), the fixed fee, or 0. */
  revenue: z.number(),
  /** Every entry's minutes at its person's cost rate on the day it was spent. */
  cost: z.number(),
  profit: z.number(),
  /** Profit as a percent of revenue (one decimal); null without revenue. */
  marginPercent: z.number().nullable(),
});
export const ZProfitRow = ZProfitFigures.extend({
  id: z.uuid(),
  accountTitle: z.string(),
  name: z.string(),
  type: z.enum(['time', 'fixed_fee', 'non_billable']),
  minutes: z.number(),
  billableMinutes: z.number(),
  /** Time by people who had no cost rate on its day: it costs nothing here. */
  uncostedMinutes: z.number(),
}).meta({ id: 'TimeProfitRow' });
export type ProfitRow = z.infer<typeof ZProfitRow>;
export const ZProfitPage = pageOf(ZProfitRow)
  .extend({ totals: ZProfitFigures.extend({ minutes: z.number(), uncostedMinutes: z.number() }) })
  .meta({ id: 'TimeProfitPage' });
export type ProfitPage = z.infer<typeof ZProfitPage>;
