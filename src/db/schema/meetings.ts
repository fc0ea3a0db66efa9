import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { agencyItems } from './agency.ts';

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A recurring meeting. The start is a local date and wall-clock time in `timezone`, so that a
 * weekly 09:00 meeting stays at 09:00 across daylight saving; sessions hold the UTC instants.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text().notNull(),
    description: text(),
    type: text().notNull().default('meeting'),
    color: text(),
    image: text(),
    location: text(),
    /** The meeting's video link. */
    sharepointUrl: text(),
    facebookGroupUrl: text(),
    fileDriveUrl: text(),
    startDate: date({ mode: 'string' }).notNull(),
    /** 'HH:mm' in `timezone`. */
    startTime: text().notNull(),
    timezone: text().notNull(),
    /** 0: does not repeat. */
    repeatEvery: integer().notNull().default(1),
    repeatType: text(),
    noOfCycles: integer(),
    endDate: date({ mode: 'string' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.tenantId, t.title),
    unique('meetings_tenant_id_id_unique').on(t.tenantId, t.id),
    check('meetings_type_check', sql`${t.type} in ('meeting', 'team', 'account')`),
    check(
      'meetings_repeat_type_check',
      sql`${t.repeatType} is null or ${t.repeatType} in ('days', 'weeks', 'months', 'years')`,
    ),
    check('meetings_repeat_every_check', sql`${t.repeatEvery} >= 0`),
  ],
);

/** Leaders (the spec's administratorIds) and members (shareWithIds), in their shown order. */
export const meetingPeople = pgTable(
  'meeting_people',
  {
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.role, t.userId] }),
    // "The meetings I am part of" looks people up by user.
    index().on(t.userId, t.meetingId),
    check('meeting_people_role_check', sql`${t.role} in ('leader', 'member')`),
  ],
);

/** One meeting date. Started and finished sessions are history and survive rule changes. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    /** The local calendar date of the meeting. */
    sessionDate: date({ mode: 'string' }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    note: text(),
    /** When the note was last written and by whom: a save names the version it was typed over (decision 089). */
    noteChangedAt: timestamp({ withTimezone: true }),
    noteChangedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The recording link. */
    link: text(),
    currentStep: integer().notNull().default(0),
    lastStepStartedAt: timestamp({ withTimezone: true }),
    /** Seconds spent in each agenda item, by its id, over the session's runs (the timing report). */
    stepSeconds: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** The issue a leader picked as the one being discussed (no foreign key: tasks refer to sessions). */
    discussedTaskId: uuid(),
    startedAt: timestamp({ withTimezone: true }),
    startedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Made by starting the meeting on a day its rule has no date: cancelling it removes it again. */
    unscheduled: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    unique('sessions_meeting_id_session_date_unique').on(t.meetingId, t.sessionDate),
    index().on(t.meetingId, t.startsAt),
    // A workspace's sessions of some quarters, whatever the meeting (operating-system health, decision 124).
    index().on(t.tenantId, t.sessionDate),
    // The next session of each meeting: a range scan over the sessions not yet finished.
    index('sessions_unfinished_index').on(t.meetingId, t.startsAt).where(sql`${t.finishedAt} is null`),
    // Live sessions are few; the meetings list looks them up for every meeting. At most one per
    // meeting: two people pressing Start at once cannot both start one.
    uniqueIndex('sessions_live_index')
      .on(t.meetingId)
      .where(sql`${t.startedAt} is not null and ${t.finishedAt} is null`),
    // The archive search matches a held session's note (reports, decision 055).
    index('sessions_note_search_index')
      .using('gin', sql`to_tsvector('english'::regconfig, coalesce(${t.note}, ''))`)
      .where(sql`${t.finishedAt} is not null`),
  ],
);

/** An agenda item of a meeting; `checked` items make up the live meeting and its duration. */
export const agendaItems = pgTable(
  'agenda_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    keyName: text().notNull(),
    sort: integer().notNull(),
    checked: boolean().notNull().default(true),
    /** Minutes. */
    duration: integer().notNull().default(5),
    description: text(),
    embedUrl: text(),
    boardId: uuid(),
    boardListId: uuid(),
    /** Agency tools: an agency_framework step's framework. */
    agencyItemId: uuid().references(() => agencyItems.id, { onDelete: 'set null' }),
    /** An action-items step's type ('2' issues, '3' headlines, '4' to-dos); null: to-dos. */
    taskType: text(),
  },
  (t) => [
    index().on(t.meetingId, t.sort),
    check('agenda_items_duration_check', sql`${t.duration} >= 0`),
    check('agenda_items_task_type_check', sql`${t.taskType} is null or ${t.taskType} in ('2', '3', '4')`),
  ],
);

/** A person's own folders of meetings in the sidebar ('My Meetings'). */
export const meetingFolders = pgTable(
  'meeting_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    open: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.userId)],
);

/** Which of a person's folders holds a meeting: one at most per person. */
export const meetingFolderEntries = pgTable(
  'meeting_folder_entries',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    folderId: uuid()
      .notNull()
      .references(() => meetingFolders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.meetingId] }), index().on(t.folderId)],
);

/** Team Files of a meeting: folders (with subfolders) of links to files kept elsewhere. */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    parentId: uuid(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    // Names are unique within a folder; top-level folders compare with a null parent.
    unique('file_folders_name_unique').on(t.meetingId, t.parentId, t.name).nullsNotDistinct(),
  ],
);

/** A shortcut: a named link to a file, in a Team Files folder. */
export const shortcutFiles = pgTable(
  'shortcut_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    folderId: uuid().references(() => fileFolders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    extension: text(),
    externalLink: text().notNull(),
    description: text(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.meetingId, t.folderId)],
);
