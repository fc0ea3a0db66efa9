import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { scores } from './kpis.ts';
import { sessions } from './meetings.ts';
import { bytea } from './people.ts';

/**
 * A KPI fed by another system (docs/decisions/119): the system posts values, signed with this
 * feed's secret, to `/api/kpi-feeds/{id}`. One feed per KPI; the secret is sealed with the
 * workspace's vault data key and shown once, when made or replaced.
 */
export const kpiFeeds = pgTable(
  'kpi_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scoreId: uuid()
      .notNull()
      .unique()
      .references(() => scores.id, { onDelete: 'cascade' }),
    sealedSecret: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** When the secret was last replaced (the old one stopped working then). */
    secretSetAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.tenantId)],
);

/**
 * The last value a feed pushed for a column: where a cell's value came from. The cell holds it
 * unless a person entered a value there, which is kept and shown as overriding it. A column is a
 * meeting date (`sessionId` set; a meeting has one session a day) or a month's or quarter's first
 * day, so `onDate` names it either way.
 */
export const kpiFedValues = pgTable(
  'kpi_fed_values',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scoreId: uuid()
      .notNull()
      .references(() => scores.id, { onDelete: 'cascade' }),
    onDate: date({ mode: 'string' }).notNull(),
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
    /** Normalised decimal text, as in score cells. */
    measured: text().notNull(),
    note: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scoreId, t.onDate] }),
    index().on(t.sessionId),
    check('kpi_fed_values_measured_check', sql`${t.measured} ~ '^-?[0-9]+([.][0-9]+)?$'`),
  ],
);
