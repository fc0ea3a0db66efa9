import { z } from 'zod';
import {
  ACCOUNT_IMAGE,
  BUDGET_RESETS,
  MINUTES_PER_DAY,
  MONEY_MAX_CENTS,
  PROJECT_BUDGET_TYPES,
  PROJECT_RATE_MODES,
  PROJECT_TYPES,
  TIME_DEFAULTS,
  TIME_PAGE,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { isoDate, pageOf, pageParams, requiredText } from '../../shared/validation.ts';
import { timeMessages } from './time.messages.ts';
import { ZWeekSheet } from './timesheet.schemas.ts';

// Time tracking's wire shapes (document 3 §3, §7). Money travels as integer cents, durations
// and budget hours as whole minutes (decision 048).

const cents = () =>
  z
    .number({ error: messages.required })
    .int({ error: timeMessages.timeWholeCents })
    .min(0, { error: timeMessages.timeNotNegative })
    .max(MONEY_MAX_CENTS, { error: timeMessages.timeTooLarge });
const budgetMinutes = () =>
  z
    .number({ error: messages.required })
    .int({ error: timeMessages.timeWholeMinutes })
    .min(0, { error: timeMessages.timeNotNegative })
    .max(1_000_000 * 60, { error: timeMessages.timeTooLarge });
const durationMinutes = () =>
  z
    .number({ error: messages.required })
    .int({ error: timeMessages.timeWholeMinutes })
    .min(1, { error: timeMessages.timeDurationPositive })
    .max(MINUTES_PER_DAY, { error: timeMessages.timeDayFull });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .nullish()
    .transform((value) => value || null);

export const ZAccount = z
  .object({
    id: z.uuid(),
    title: z.string(),
    /** The image's address (`/api/v2/images/time-accounts/{id}/{hash}`), or null. */
    image: z.string().nullable(),
    projectCount: z.number(),
  })
  .meta({ id: 'TimeAccount' });
export type Account = z.infer<typeof ZAccount>;

/** A new image as a data URL (a meeting image's rules), null to remove it; left out, it stays. */
const ZImage = z
  .string()
  .max(ACCOUNT_IMAGE.maxChars, { error: messages.imageTooLarge })
  .regex(/^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]+$/, { error: messages.imageWrongType })
  .nullish();

export const ZSaveAccount = z.object({ title: requiredText(200), image: ZImage });
export type SaveAccount = z.infer<typeof ZSaveAccount>;

export const ZProjectTask = z
  .object({
    id: z.uuid(),
    title: z.string(),
    billable: z.boolean(),
    budget: z.number(),
    budgetMinutes: z.number(),
    hourlyRate: z.number(),
  })
  .meta({ id: 'ProjectTask' });
export type ProjectTask = z.infer<typeof ZProjectTask>;

export const ZProjectMember = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    manage: z.boolean(),
    budgetMinutes: z.number(),
    hourlyRate: z.number(),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof ZProjectMember>;

export const ZSaveProjectTask = z.object({
  /** Set for a task already on the project; new ones have none. */
  id: z.uuid().optional(),
  title: requiredText(200),
  billable: z.boolean().default(true),
  budget: cents().default(TIME_DEFAULTS.taskBudget),
  budgetMinutes: budgetMinutes().default(TIME_DEFAULTS.taskBudgetMinutes),
  hourlyRate: cents().default(TIME_DEFAULTS.taskHourlyRate),
});
export const ZSaveProjectMember = z.object({
  userId: z.uuid({ error: messages.required }),
  manage: z.boolean().default(false),
  budgetMinutes: budgetMinutes().default(TIME_DEFAULTS.memberBudgetMinutes),
  hourlyRate: cents().default(TIME_DEFAULTS.memberHourlyRate),
});

const projectFields = {
  accountId: z.uuid({ error: messages.required }),
  name: requiredText(200),
  startDate: isoDate().nullish(),
  endDate: isoDate().nullish(),
  note: optionalText(5000),
  type: z.enum(PROJECT_TYPES).default('time'),
  hourlyRate: z.enum(PROJECT_RATE_MODES).default('no_rate'),
  projectHoursRate: cents().default(TIME_DEFAULTS.taskHourlyRate),
  budgetType: z.enum(PROJECT_BUDGET_TYPES).default('no_budget'),
  totalProjectFee: cents().default(0),
  totalProjectMinutes: budgetMinutes().default(100 * 60),
  fixedFee: cents().default(0),
  budgetReset: z.enum(BUDGET_RESETS).default('never'),
  budgetProjectExpenses: z.boolean().default(false),
  budgetEmailExceeds: z.boolean().default(false),
  percentOfBudgetExceed: z
    .number()
    .int()
    .min(1, { error: timeMessages.timePercent })
    .max(100, { error: timeMessages.timePercent })
    .default(TIME_DEFAULTS.alertPercent),
  showToAdmins: z.boolean().default(false),
  showToAll: z.boolean().default(true),
  meetingId: z.uuid().nullish(),
  tasks: z.array(ZSaveProjectTask).max(200),
  teams: z.array(ZSaveProjectMember).max(500),
};

/** `POST time/projects` (saveProject). */
export const ZCreateProject = z.object(projectFields);
export type CreateProject = z.infer<typeof ZCreateProject>;

/** `PUT time/projects/{id}` (saveProject with an id): the whole form again. */
export const ZUpdateProject = z.object({
  ...projectFields,
  /** Needed to switch the type of a project with logged time (409 otherwise). */
  confirmTypeChange: z.boolean().default(false),
  /** Re-price the time already logged at the new rates (otherwise only new time uses them). */
  applyRatesToLoggedTime: z.boolean().default(false),
});
export type UpdateProject = z.infer<typeof ZUpdateProject>;

export const ZBudgetFigures = z
  .object({
    unit: z.enum(['hours', 'money']),
    budget: z.number().nullable(),
    spent: z.number(),
    remaining: z.number().nullable(),
    remainingPercent: z.number().nullable(),
    usedPercent: z.number().nullable(),
    cost: z.number(),
    revenue: z.number(),
  })
  .meta({ id: 'BudgetFigures' });

/** A project report row of the Accounts tab (document 3 §3), with the project's settings. */
export const ZProjectReport = z
  .object({
    id: z.uuid(),
    accountId: z.uuid(),
    accountTitle: z.string(),
    name: z.string(),
    type: z.enum(PROJECT_TYPES),
    budgetType: z.enum(PROJECT_BUDGET_TYPES),
    hourlyRate: z.enum(PROJECT_RATE_MODES),
    budgetReset: z.enum(BUDGET_RESETS),
    figures: ZBudgetFigures,
    totalMinutes: z.number(),
    canManage: z.boolean(),
  })
  .meta({ id: 'ProjectReport' });
export type ProjectReport = z.infer<typeof ZProjectReport>;

export const ZProjectReportQuery = z.object({
  ...pageParams({ size: TIME_PAGE.default, max: TIME_PAGE.max }),
  accountId: z.uuid().optional(),
  /** all; budgeted (with a budget); mine (projects I manage). */
  filter: z.enum(['all', 'budgeted', 'mine']).default('all'),
  type: z.enum(PROJECT_TYPES).optional(),
});
export type ProjectReportQuery = z.infer<typeof ZProjectReportQuery>;
export const ZProjectReportPage = pageOf(ZProjectReport).meta({ id: 'ProjectReportPage' });
export type ProjectReportPage = z.infer<typeof ZProjectReportPage>;

export const ZProject = z
  .object({
    id: z.uuid(),
    accountId: z.uuid(),
    name: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** Null for everyone but workspace admins. */
    note: z.string().nullable(),
    type: z.enum(PROJECT_TYPES),
    hourlyRate: z.enum(PROJECT_RATE_MODES),
    projectHoursRate: z.number(),
    budgetType: z.enum(PROJECT_BUDGET_TYPES),
    totalProjectFee: z.number(),
    totalProjectMinutes: z.number(),
    fixedFee: z.number(),
    budgetReset: z.enum(BUDGET_RESETS),
    budgetProjectExpenses: z.boolean(),
    budgetEmailExceeds: z.boolean(),
    percentOfBudgetExceed: z.number(),
    showToAdmins: z.boolean(),
    showToAll: z.boolean(),
    meetingId: z.uuid().nullable(),
    tasks: z.array(ZProjectTask),
    teams: z.array(ZProjectMember),
    loggedMinutes: z.number(),
    canManage: z.boolean(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof ZProject>;

/** A project the caller may log time on, with its active tasks (the entry form's choices). */
export const ZLoggable = z
  .object({
    id: z.uuid(),
    name: z.string(),
    accountId: z.uuid(),
    accountTitle: z.string(),
    tasks: z.array(z.object({ id: z.uuid(), title: z.string() })),
  })
  .meta({ id: 'TimeLoggable' });
export type Loggable = z.infer<typeof ZLoggable>;

export const ZEntry = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    projectId: z.uuid(),
    projectName: z.string(),
    accountId: z.uuid(),
    accountTitle: z.string(),
    taskId: z.uuid(),
    taskTitle: z.string(),
    spentOn: z.string(),
    minutes: z.number(),
    note: z.string().nullable(),
    meetingId: z.uuid().nullable(),
    meetingTitle: z.string().nullable(),
    /** The meeting's session the time was for (decision 068), with its local date to label it. */
    sessionId: z.uuid().nullable().describe("One of the meeting's sessions, or null"),
    sessionDate: z.iso.date().nullable().describe("The session's local date (YYYY-MM-DD), or null"),
    billable: z.boolean(),
  })
  .meta({ id: 'TimeEntry' });
export type Entry = z.infer<typeof ZEntry>;

export const ZSaveEntry = z.object({
  projectId: z.uuid({ error: messages.required }),
  taskId: z.uuid({ error: messages.required }),
  spentOn: isoDate(),
  minutes: durationMinutes(),
  note: optionalText(2000),
  meetingId: z.uuid().nullish(),
  /**
   * One of `meetingId`'s sessions (decision 068). Null clears it; left out, an edit keeps the
   * entry's session while its meeting stays the same (and a new entry has none).
   */
  sessionId: z
    .uuid()
    .nullish()
    .describe(
      "One of the meeting's sessions (`GET /meetings/{id}/sessions`); another meeting's is 400, another workspace's 404. Null clears it; left out, an edit keeps it while the meeting stays the same.",
    ),
});
export type SaveEntry = z.infer<typeof ZSaveEntry>;

export const ZTimer = z
  .object({
    /** document 3 §3: STARTED_TIMER while running; no timer is STOPPED_TIMER. */
    timerStatus: z.enum(['STARTED_TIMER', 'STOPPED_TIMER']),
    projectId: z.uuid().nullable(),
    projectName: z.string().nullable(),
    taskId: z.uuid().nullable(),
    taskTitle: z.string().nullable(),
    entryId: z.uuid().nullable(),
    note: z.string().nullable(),
    meetingId: z.uuid().nullable(),
    startedAt: z.string().nullable(),
  })
  .meta({ id: 'Timer' });
export type Timer = z.infer<typeof ZTimer>;

/**
 * `POST time/timer` (saveTimer): a new timer (projectId and taskId), or the Start of an existing
 * entry (`entryId`, whose project, task, note and meeting it takes).
 */
export const ZStartTimer = z.object({
  entryId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  taskId: z.uuid().optional(),
  note: optionalText(2000),
  meetingId: z.uuid().nullish(),
});
export type StartTimer = z.input<typeof ZStartTimer>;

/**
 * What a timer call wrote: the entry written or continued (null when nothing fitted), the
 * minutes that did not fit in the day, and a sentence saying so (null when all was written).
 */
export const ZStopResult = z
  .object({
    timer: ZTimer,
    entry: ZEntry.nullable(),
    droppedMinutes: z.number(),
    notice: z.string().nullable(),
  })
  .meta({ id: 'TimerStopResult' });
export type StopResult = z.infer<typeof ZStopResult>;

export const ZWeekQuery = z.object({ week: isoDate() });
export const ZWeek = z
  .object({
    /** The first day shown (the user's first day of week on or before `week`). */
    start: z.string(),
    /** `locked`: the day is in a submitted or approved week of the caller's. */
    days: z.array(z.object({ date: z.string(), minutes: z.number(), locked: z.boolean() })),
    totalMinutes: z.number(),
    entries: z.array(ZEntry),
    /** The week's timesheet: open, submitted, approved or returned. */
    sheet: ZWeekSheet,
  })
  .meta({ id: 'TimeWeek' });
export type Week = z.infer<typeof ZWeek>;

export const ZTeamQuery = z.object({
  week: isoDate(),
  meetingId: z.uuid().optional(),
  ...pageParams({ size: TIME_PAGE.default, max: TIME_PAGE.max }),
});
/** document 3 §3: a team time row, per person. */
export const ZTeamRow = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    totalHours: z.number(),
    capacity: z.number(),
    billableHours: z.number(),
    nonBillableHours: z.number(),
    billablePercent: z.number(),
    nonBillablePercent: z.number(),
    /** Logged time as a percent of capacity (one decimal; 0 without capacity). */
    utilisationPercent: z.number(),
    /** The hourly cost (cents) in force on the week's first day, null without one (admins). */
    hourlyCost: z.number().nullable(),
  })
  .meta({ id: 'TeamRow' });
export type TeamRow = z.infer<typeof ZTeamRow>;
export const ZTeamWeek = z
  .object({
    start: z.string(),
    totals: ZTeamRow.omit({ userId: true, name: true, hourlyCost: true }),
    items: z.array(ZTeamRow),
    total: z.number(),
    offset: z.number(),
    /** The week's time per meeting, and (decision 068) per session of it where logged against one. */
    meetings: z.array(
      z.object({
        meetingId: z.uuid(),
        title: z.string(),
        minutes: z.number(),
        sessions: z
          .array(z.object({ sessionId: z.uuid(), sessionDate: z.iso.date(), minutes: z.number() }))
          .describe('By session date; the rest of `minutes` was logged against no session'),
      }),
    ),
  })
  .meta({ id: 'TimeTeamWeek' });
export type TeamWeek = z.infer<typeof ZTeamWeek>;

export const ZSetCapacity = z.object({
  weeklyMinutes: z
    .number()
    .int({ error: timeMessages.timeWholeMinutes })
    .min(0, { error: timeMessages.timeNotNegative })
    .max(7 * MINUTES_PER_DAY, { error: timeMessages.timeTooLarge }),
});

export const REPORT_GROUPS = ['account', 'project', 'task', 'person'] as const;
export const ZReportQuery = z.object({
  from: isoDate(),
  to: isoDate(),
  groupBy: z.enum(REPORT_GROUPS).default('project'),
});
export type ReportQuery = z.infer<typeof ZReportQuery>;
export const ZReportRow = z
  .object({
    id: z.uuid(),
    name: z.string(),
    minutes: z.number(),
    billableMinutes: z.number(),
    /** Billable time of hourly projects at its rates (fixed-fee effort is not an amount billed). */
    amount: z.number(),
  })
  .meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof ZReportRow>;
export const ZReport = z
  .object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(REPORT_GROUPS),
    rows: z.array(ZReportRow),
    totalMinutes: z.number(),
    totalAmount: z.number(),
  })
  .meta({ id: 'TimeReport' });
export type Report = z.infer<typeof ZReport>;
export const ZReportExportQuery = ZReportQuery.extend({ format: z.enum(['csv', 'xlsx']) });

export const ZAccountsQuery = z.object(pageParams({ size: TIME_PAGE.default, max: TIME_PAGE.max }));
export const ZAccountPage = pageOf(ZAccount).meta({ id: 'TimeAccountPage' });
