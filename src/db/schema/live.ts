import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';
import { userGroups } from './people.ts';

// The live meeting (document 1 §3 Session: meetingMembers, nonMeetingMembers) and its archive
// (document 3 §3). See docs/decisions/017-live-meeting.md.

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const sessionRef = () =>
  uuid()
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' });

/**
 * A person of a session's recap: who joined (the spec's meetingMembers), their rating and note,
 * and whether a leader marked them 'Did not attend'. A leader may rate or mark someone who has
 * not joined, so `joinedAt` is nullable.
 */
export const sessionAttendees = pgTable(
  'session_attendees',
  {
    sessionId: sessionRef(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    /** Their part in the meeting when the row was made: tells "no longer part of this meeting" later. */
    roleAtJoin: text().notNull(),
    joinedAt: timestamp({ withTimezone: true }),
    score: integer(),
    note: text(),
    notAttended: boolean().notNull().default(false),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index().on(t.userId),
    // A workspace's ratings read at once (operating-system health, decision 124).
    index('session_attendees_rated_index')
      .on(t.tenantId, t.sessionId)
      .where(sql`${t.score} is not null and not ${t.notAttended}`),
    check('session_attendees_score_check', sql`${t.score} is null or ${t.score} between 1 and 10`),
    check('session_attendees_role_check', sql`${t.roleAtJoin} in ('leader', 'member', 'other')`),
  ],
);

/** Non-meeting attendees added by email in the recap (the spec's nonMeetingMembers); they get the recap email. */
export const sessionGuests = pgTable(
  'session_guests',
  {
    sessionId: sessionRef(),
    email: text().notNull(),
    tenantId: tenantId(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.email] })],
);

/** PostgreSQL's full-text document type (reports). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What the archive search matches (decision 055): the meeting's title (weight A), the
 * titles of the issues solved, to-dos and issues created, headlines and goals, the ratings'
 * notes and the attendees' names (B). Computed by PostgreSQL from the snapshot (immutable
 * functions only, so PostgreSQL 15 and PGlite agree); the session's note, which stays editable,
 * is matched through its own index on `sessions`.
 */
const ARCHIVE_SEARCH_DOCUMENT =
  sql.raw(`setweight(to_tsvector('english'::regconfig, coalesce(snapshot->>'meetingTitle', '')), 'A') ||
  setweight(jsonb_to_tsvector('english'::regconfig,
    coalesce(jsonb_path_query_array(snapshot, '$.issuesSolved[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.todosCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.issuesCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.headlines[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.goalsCreated[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.goalsFinished[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.completedActionItems[*].items[*].title'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.scores[*].note'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.scores[*].fullName'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.attendeesAdmins[*].fullName'), '[]'::jsonb)
    || coalesce(jsonb_path_query_array(snapshot, '$.attendeesMembers[*].fullName'), '[]'::jsonb),
    '["string"]'), 'B')`);

/**
 * The snapshot of a held session, written once when it is finished (document 3 §3): what the
 * meeting looked like then, whatever happens to its people, scores and action items later.
 */
export const sessionArchives = pgTable(
  'session_archives',
  {
    sessionId: uuid()
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    /** `MeetingArchive` without the session's note and link, which stay editable on the session. */
    snapshot: jsonb().notNull(),
    avgScore: real(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The archive search's document (reports): generated from the snapshot. */
    search: tsvector().generatedAlwaysAs(ARCHIVE_SEARCH_DOCUMENT),
  },
  (t) => [
    index('session_archives_search_index').using('gin', t.search),
    index('session_archives_tenant_index').on(t.tenantId, t.meetingId),
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.meetingId),
  ],
);

/**
 * A cascading message of a session (decision 081): what the meeting tells whom. The audience is
 * a meeting (its leaders and members), a directory group (its people) or everyone in the
 * workspace. Delivered when the session is finished (`sentAt`), and kept in its archive.
 */
export const cascadingMessages = pgTable(
  'cascading_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    sessionId: sessionRef(),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    audience: text().notNull(),
    /** The audience meeting or group; null for everyone, or when it was deleted since. */
    audienceMeetingId: uuid().references(() => meetings.id, { onDelete: 'set null' }),
    audienceGroupId: uuid().references(() => userGroups.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    /** How many people it reached when sent. */
    recipientCount: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.sessionId, t.createdAt),
    index().on(t.tenantId, t.meetingId),
    index().on(t.audienceMeetingId).where(sql`${t.audienceMeetingId} is not null`),
    index().on(t.audienceGroupId).where(sql`${t.audienceGroupId} is not null`),
    check('cascading_messages_audience_check', sql`${t.audience} in ('meeting', 'group', 'everyone')`),
  ],
);
