import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

/**
 * A workspace's year and its four periods (decision 043): the spec's Annual and its Quarter
 * record are two views of this one row. Period n starts on its start date and ends the day
 * before period n+1 starts; the fourth ends on `endDate`.
 */
export const annuals = pgTable(
  'annuals',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    /** '1' calendar year (Jan 1 – Dec 31), '0' a custom fiscal year. */
    isCalendarYear: text().notNull().default('1'),
    startDate: date({ mode: 'string' }).notNull(),
    start2: date({ mode: 'string' }).notNull(),
    start3: date({ mode: 'string' }).notNull(),
    start4: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique().on(t.tenantId, t.year),
    check('annuals_calendar_check', sql`${t.isCalendarYear} in ('0', '1')`),
    check(
      'annuals_order_check',
      sql`${t.startDate} < ${t.start2} and ${t.start2} < ${t.start3} and ${t.start3} < ${t.start4} and ${t.start4} <= ${t.endDate}`,
    ),
  ],
);
