import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings } from './meetings.ts';

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const byUser = () => uuid().references(() => users.id, { onDelete: 'set null' });

/** A board of lists and cards, shown on the dashboards of its meetings. */
export const boards = pgTable(
  'boards',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    color: text(),
    sort: integer().notNull().default(0),
    /** Set: archived (kept with its cards, out of the meetings' boards). */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    createdBy: byUser(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [index().on(t.tenantId, t.sort)],
);

/** Which meetings show a board (the spec's board.meetingIds / meeting.boardIds). */
export const boardMeetings = pgTable(
  'board_meetings',
  {
    boardId: uuid()
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.meetingId] }), index().on(t.meetingId, t.boardId)],
);

/** A list of a board (the spec's "task type"). */
export const boardLists = pgTable(
  'board_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    boardId: uuid()
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: now(),
    changedAt: now(),
    changedBy: byUser(),
  },
  (t) => [index().on(t.boardId, t.sort)],
);

/** A coloured label; a board's own, or the workspace's when boardId is null. */
export const labels = pgTable(
  'labels',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    boardId: uuid().references(() => boards.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    color: text().notNull().default(sql`'#C2CDD8'`),
    createdAt: now(),
  },
  (t) => [index().on(t.tenantId, t.boardId)],
);
