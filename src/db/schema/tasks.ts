import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { boardLists, boards, labels } from './boards.ts';
import { scores } from './kpis.ts';
import { meetings, sessions } from './meetings.ts';
import { apiTokens } from './tokens.ts';

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const byUser = () => uuid().references(() => users.id, { onDelete: 'set null' });
const taskRef = () =>
  uuid()
    .notNull()
    .references(() => tasks.id, { onDelete: 'cascade' });

/**
 * A repeating to-do's or card's series: its rule (tasks.repeat.ts), where it started, and what
 * each new occurrence is made of (`template`, set when the repeat is set and by edits made to
 * "this and the next ones"). Each occurrence is a task with `series_id` and the date it was made
 * for (`series_date`); the two are unique together, which makes an occurrence exactly once
 * whichever request or server makes it.
 */
export const taskSeries = pgTable(
  'task_series',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    frequency: text().notNull(),
    interval: integer().notNull().default(1),
    /** Weekly: 0 = Sunday … 6 = Saturday. */
    weekdays: integer().array().notNull().default(sql`'{}'::integer[]`),
    monthDay: integer(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
    count: integer(),
    /** The last date the end date or the count allows (null: for ever). */
    lastOn: date({ mode: 'string' }),
    advance: text().notNull().default('done'),
    template: jsonb().notNull(),
    stoppedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    createdBy: byUser(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    index('task_series_due_index').on(t.advance).where(sql`${t.stoppedAt} is null`),
    check('task_series_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    check('task_series_advance_check', sql`${t.advance} in ('done', 'due')`),
    check('task_series_interval_check', sql`${t.interval} between 1 and 99`),
  ],
);

/**
 * An action item / card. Type and status keep the spec's wire values; the allowed statuses per
 * type and "locked only while open" are checked here too (the rules live in shared/tasks.ts).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    type: text().notNull().default('4'),
    status: text().notNull().default('0'),
    dueDate: date({ mode: 'string' }),
    reminder: text().notNull().default('none'),
    /** The reminder period ('2026-05-04', '2026-W19', '2026-05') last mailed: one mail per period. */
    reminderSentFor: text(),
    /** The owner. */
    userId: byUser(),
    boardId: uuid().references(() => boards.id, { onDelete: 'set null' }),
    /** The board list (the spec's taskTypeId). */
    boardListId: uuid().references(() => boardLists.id, { onDelete: 'set null' }),
    showInTasks: text().notNull().default('1'),
    quarterId: text(),
    sort: integer().notNull().default(0),
    isLocked: boolean().notNull().default(false),
    completedAt: timestamp({ withTimezone: true }),
    /** The live session it was solved or finished in (an issue solved in the room). */
    completedInSessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    /** The item it was made from in a meeting: a to-do from an issue, an issue or to-do from a headline. */
    sourceTaskId: uuid().references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    createdAt: now(),
    createdBy: byUser(),
    changedAt: now(),
    changedBy: byUser(),
    /**
     * When the owner, the type and the status last changed: set by the trigger
     * `tasks_mark_changes` (migration 0025) on every update, whichever path made it, so a
     * meeting's conclude lists to-dos re-assigned, issues dropped to the backburner and goals
     * whose status changed while it was live (decision 080).
     */
    ownerChangedAt: timestamp({ withTimezone: true }),
    typeChangedAt: timestamp({ withTimezone: true }),
    statusChangedAt: timestamp({ withTimezone: true }),
    seriesId: uuid().references((): AnyPgColumn => taskSeries.id, { onDelete: 'set null' }),
    /** The rule's date this occurrence was made for (its due date may since have moved). */
    seriesDate: date({ mode: 'string' }),
  },
  (t) => [
    index().on(t.boardListId, t.sort),
    // A board's cards with what its columns, counts and people are read by: counted from the index
    // alone, without reading the cards (decision 072).
    index('tasks_board_cards_index').on(t.boardId, t.tenantId, t.userId, t.boardListId, t.type, t.status),
    index().on(t.tenantId, t.userId),
    // The calendar reads a workspace's cards by due date, a window at a time (decision 034), and
    // a day's first few by title (whatever its case) without sorting the day (decision 071).
    index('tasks_due_date_title_index')
      .on(t.tenantId, t.dueDate, sql`lower(${t.title})`, t.id)
      .where(sql`${t.dueDate} is not null`),
    // A workspace's goals and to-dos by due date, and its issues solved in the room, each read at
    // once (operating-system health, decision 124).
    index('tasks_goals_todos_index').on(t.tenantId, t.type, t.dueDate).where(sql`${t.type} in ('1', '4')`),
    // A goal quarter's goals, recounted for the health summary (decision 134).
    index('tasks_goal_quarter_index').on(t.tenantId, t.quarterId).where(sql`${t.type} = '1'`),
    index('tasks_solved_in_session_index')
      .on(t.tenantId, t.completedInSessionId)
      .where(sql`${t.completedInSessionId} is not null`),
    // Deleting a session (a cancelled one made for the occasion) looks up its tasks by this.
    index('tasks_completed_in_session_index')
      .on(t.completedInSessionId)
      .where(sql`${t.completedInSessionId} is not null`),
    index('tasks_source_task_index').on(t.sourceTaskId).where(sql`${t.sourceTaskId} is not null`),
    uniqueIndex('tasks_series_date_index').on(t.seriesId, t.seriesDate).where(sql`${t.seriesId} is not null`),
    index('tasks_reminder_index').on(t.tenantId).where(sql`${t.reminder} <> 'none'`),
    check('tasks_type_check', sql`${t.type} in ('1', '2', '3', '4', '5')`),
    check(
      'tasks_status_check',
      sql`(${t.type} = '1' and ${t.status} in ('0', '1', '2', '3'))
        or (${t.type} = '5' and ${t.status} in ('0', '2', '3'))
        or (${t.type} in ('2', '3', '4') and ${t.status} in ('0', '1'))`,
    ),
    check('tasks_lock_check', sql`not ${t.isLocked} or ${t.status} = '0'`),
    check('tasks_show_in_tasks_check', sql`${t.showInTasks} in ('0', '1')`),
    check('tasks_reminder_check', sql`${t.reminder} in ('none', 'daily', 'weekly', 'monthly')`),
  ],
);

/** The meetings a card belongs to (the spec's meetingIds). */
export const taskMeetings = pgTable(
  'task_meetings',
  {
    taskId: taskRef(),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.meetingId] }), index().on(t.meetingId, t.taskId)],
);

/** The card's members: it shows in their action items. */
export const taskMembers = pgTable(
  'task_members',
  {
    taskId: taskRef(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index().on(t.userId, t.taskId)],
);

export const taskWatchers = pgTable(
  'task_watchers',
  {
    taskId: taskRef(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index().on(t.userId)],
);

export const taskLabels = pgTable(
  'task_labels',
  {
    taskId: taskRef(),
    labelId: uuid()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.labelId] }), index().on(t.labelId)],
);

export const checklists = pgTable(
  'checklists',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    taskId: taskRef(),
    title: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [index().on(t.taskId, t.sort)],
);

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    checklistId: uuid()
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    status: text().notNull().default('0'),
    sort: integer().notNull().default(0),
    /** Who does it: it shows among their action items. */
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueDate: date({ mode: 'string' }),
  },
  (t) => [
    index().on(t.checklistId, t.sort),
    // A person's items (their action items).
    index().on(t.tenantId, t.ownerId),
    check('checklist_items_status_check', sql`${t.status} in ('0', '1')`),
  ],
);

/**
 * A milestone of a goal: a step with an owner and a due date (on or before the goal's), done on
 * a day. The goal's progress is the share of its milestones done.
 */
export const goalMilestones = pgTable(
  'goal_milestones',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    goalId: taskRef(),
    title: text().notNull(),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueDate: date({ mode: 'string' }),
    doneAt: timestamp({ withTimezone: true }),
    sort: integer().notNull().default(0),
    /** The due date its owner was last told of the day before: told once, again if it moves. */
    remindedFor: date({ mode: 'string' }),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [
    index().on(t.goalId, t.sort),
    // A person's milestones by due date (their action items, the calendar).
    index().on(t.tenantId, t.ownerId, t.dueDate),
  ],
);

/** A card whose done share counts in a goal's progress (a card counts in one goal at most). */
export const goalCards = pgTable(
  'goal_cards',
  {
    tenantId: tenantId(),
    goalId: taskRef(),
    cardId: taskRef(),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.cardId] }), uniqueIndex().on(t.cardId)],
);

/** The KPI whose latest value, against the goal's own target, counts in a goal's progress. */
export const goalKpis = pgTable('goal_kpis', {
  tenantId: tenantId(),
  goalId: taskRef().primaryKey(),
  scoreId: uuid()
    .notNull()
    .references(() => scores.id, { onDelete: 'cascade' }),
  /** Normalised decimal text, as the KPI's values are. */
  target: text().notNull(),
});

/** A comment in a card's activity log (sanitized HTML). */
export const activities = pgTable(
  'activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    taskId: taskRef(),
    description: text().notNull(),
    createdAt: now(),
    createdBy: byUser(),
    /** The API token the comment was written through, if any (decision 093). */
    viaTokenId: uuid().references(() => apiTokens.id, { onDelete: 'set null' }),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [index().on(t.taskId, t.createdAt)],
);

/** A file attached to a card; its bytes live in DATA_DIR/attachments/{storageKey}. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    taskId: taskRef(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: now(),
    createdBy: byUser(),
  },
  (t) => [index().on(t.taskId, t.createdAt)],
);

/** The card's public read-only link: a random token; deleting the row revokes it. */
export const taskShares = pgTable('task_shares', {
  taskId: uuid()
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  token: text().notNull().unique(),
  createdAt: now(),
  createdBy: byUser(),
});
