import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';
import { tasks } from './tasks.ts';

// Time tracking (document 3 §2, §3; decisions 048 and 049). Money is `numeric(14,2)` here and
// integer minor units (cents) in TypeScript; durations are whole minutes.

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const byUser = () => uuid().references(() => users.id, { onDelete: 'set null' });
const money = () => numeric({ precision: 14, scale: 2 });

/** A client account that projects are billed to (title, image). */
export const timeAccounts = pgTable(
  'time_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text().notNull(),
    /** A data URL of a small picture, or null. */
    image: text(),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [index().on(t.tenantId, t.title)],
);

/** A project of an account, with its type, rate mode and budget. */
export const timeProjects = pgTable(
  'time_projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    accountId: uuid()
      .notNull()
      .references(() => timeAccounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    /** Visible to workspace admins only. */
    note: text(),
    type: text().notNull().default('time'),
    hourlyRate: text().notNull().default('no_rate'),
    projectHoursRate: money().notNull().default('0'),
    budgetType: text().notNull().default('no_budget'),
    totalProjectFee: money().notNull().default('0'),
    /** Whole minutes (the form shows hours). */
    totalProjectMinutes: integer().notNull().default(0),
    fixedFee: money().notNull().default('0'),
    budgetReset: text().notNull().default('never'),
    budgetProjectExpenses: boolean().notNull().default(false),
    budgetEmailExceeds: boolean().notNull().default(false),
    percentOfBudgetExceed: integer().notNull().default(80),
    showToAdmins: boolean().notNull().default(false),
    showToAll: boolean().notNull().default(true),
    /** The meeting whose issues list hears of budget alerts (beyond the spec). */
    meetingId: uuid().references(() => meetings.id, { onDelete: 'set null' }),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    index().on(t.tenantId, t.accountId),
    check('time_projects_type_check', sql`${t.type} in ('time', 'fixed_fee', 'non_billable')`),
    check('time_projects_rate_check', sql`${t.hourlyRate} in ('no_rate', 'project', 'person', 'task')`),
    check(
      'time_projects_budget_check',
      sql`${t.budgetType} in ('no_budget', 'total_project_fees', 'fees_per_task', 'total_project_hours', 'hours_per_task', 'hours_per_person')`,
    ),
    check('time_projects_reset_check', sql`${t.budgetReset} in ('never', 'monthly')`),
    check(
      'time_projects_money_check',
      sql`${t.projectHoursRate} >= 0 and ${t.totalProjectFee} >= 0 and ${t.fixedFee} >= 0 and ${t.totalProjectMinutes} >= 0`,
    ),
    check('time_projects_percent_check', sql`${t.percentOfBudgetExceed} between 1 and 100`),
  ],
);

/** A task of a project (the spec's project task). Removed tasks stay for the time logged on them. */
export const timeProjectTasks = pgTable(
  'time_project_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    billable: boolean().notNull().default(true),
    budget: money().notNull().default('10'),
    budgetMinutes: integer().notNull().default(6000),
    hourlyRate: money().notNull().default('100'),
    sort: integer().notNull().default(0),
    deleted: boolean().notNull().default(false),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    index().on(t.projectId, t.sort),
    check('time_project_tasks_money_check', sql`${t.budget} >= 0 and ${t.budgetMinutes} >= 0 and ${t.hourlyRate} >= 0`),
  ],
);

/** A person on a project (the spec's project team member); `manage` makes them its manager. */
export const timeProjectMembers = pgTable(
  'time_project_members',
  {
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    manage: boolean().notNull().default(false),
    budgetMinutes: integer().notNull().default(600),
    hourlyRate: money().notNull().default('100'),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index().on(t.tenantId, t.userId),
    check('time_project_members_money_check', sql`${t.budgetMinutes} >= 0 and ${t.hourlyRate} >= 0`),
  ],
);

/**
 * Time logged by a person on a day. The hourly rate and billability in force when it was
 * logged are kept with it, so a later rate change does not rewrite history (unless asked).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    taskId: uuid()
      .notNull()
      .references(() => timeProjectTasks.id, { onDelete: 'cascade' }),
    spentOn: date({ mode: 'string' }).notNull(),
    minutes: integer().notNull(),
    note: text(),
    meetingId: uuid().references(() => meetings.id, { onDelete: 'set null' }),
    /**
     * The meeting's session (date) the time was for, or null (decision 068). The service keeps it
     * one of `meetingId`'s sessions; a removed session leaves the entry on its meeting.
     */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    rate: money().notNull().default('0'),
    billable: boolean().notNull(),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    // The week view: one person's days.
    index().on(t.tenantId, t.userId, t.spentOn),
    // Budget bars and reports: a project's time, by day.
    index().on(t.projectId, t.spentOn),
    index().on(t.tenantId, t.spentOn),
    // A session's deletion finds its entries (ON DELETE SET NULL) without reading them all.
    index().on(t.sessionId).where(sql`${t.sessionId} is not null`),
    check('time_entries_minutes_check', sql`${t.minutes} between 1 and 1440`),
  ],
);

/**
 * Each project's logged time per calendar month, kept by triggers on `time_entries` (migration
 * time_project_months): what the budget bars sum, so a page of bars reads a row per project and
 * month instead of every entry (decision 057). `value` is the exact sum of minutes × rate.
 */
export const timeProjectMonths = pgTable(
  'time_project_months',
  {
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    minutes: integer().notNull().default(0),
    billableMinutes: integer().notNull().default(0),
    value: numeric().notNull().default('0'),
    billableValue: numeric().notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month] })],
);

/** The one running timer of a person in a workspace (server-owned: every tab shows it). */
export const timeTimers = pgTable(
  'time_timers',
  {
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    taskId: uuid()
      .notNull()
      .references(() => timeProjectTasks.id, { onDelete: 'cascade' }),
    /** Set when the timer continues an existing entry (its Start button). */
    entryId: uuid().references(() => timeEntries.id, { onDelete: 'cascade' }),
    note: text(),
    meetingId: uuid().references(() => meetings.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

/** A person's weekly capacity (minutes); 40 h when there is no row. */
export const timeCapacities = pgTable(
  'time_capacities',
  {
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weeklyMinutes: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    check('time_capacities_minutes_check', sql`${t.weeklyMinutes} between 0 and 10080`),
  ],
);

/** A budget threshold a project crossed in a budget period: each fires once per period. */
export const timeBudgetAlerts = pgTable(
  'time_budget_alerts',
  {
    projectId: uuid()
      .notNull()
      .references(() => timeProjects.id, { onDelete: 'cascade' }),
    /** 'all' for a budget that never resets, 'YYYY-MM' for a monthly one. */
    period: text().notNull(),
    threshold: integer().notNull(),
    tenantId: tenantId(),
    issueId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    firedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.period, t.threshold] })],
);

/**
 * A person's submitted week (the weekly timesheet): none while the week is open. Submitted and
 * approved weeks lock the person's time on those seven days; a returned week is open again with
 * the approver's comment. `weekStart` is the person's first day of week when it was submitted.
 */
export const timeWeeks = pgTable(
  'time_weeks',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    comment: text(),
    submittedAt: now(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: byUser(),
  },
  (t) => [
    unique('time_weeks_person_week').on(t.tenantId, t.userId, t.weekStart),
    // The approvals list: a workspace's weeks waiting, oldest first.
    index().on(t.tenantId, t.status, t.weekStart),
    check('time_weeks_status_check', sql`${t.status} in ('submitted', 'approved', 'returned')`),
  ],
);

/**
 * What an hour of a person's time costs the agency, from a day on (internal, admins only):
 * an entry costs the rate in force on the day it was spent, so a raise does not rewrite the past.
 */
export const timeCostRates = pgTable(
  'time_cost_rates',
  {
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    validFrom: date({ mode: 'string' }).notNull(),
    hourlyCost: money().notNull(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.validFrom] }),
    check('time_cost_rates_money_check', sql`${t.hourlyCost} >= 0`),
  ],
);
