import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

// The org chart (accountability chart, document 2 §3–§5): a workspace's seats on a grid of rows
// of seat numbers 1–20, drawn as a tree from each seat's parent (docs/decisions/046).

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A seat (the spec's org chart node). One seat per place: (row, seat number) is unique in a workspace. */
export const orgChartSeats = pgTable(
  'org_chart_seats',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The seat above; deleting a seat is allowed only for leaves, so a parent never vanishes under a child. */
    parentId: uuid().references((): AnyPgColumn => orgChartSeats.id, { onDelete: 'restrict' }),
    row: integer().notNull(),
    seatNumber: integer().notNull(),
    color: text().notNull(),
    jobTitle: text().notNull(),
    /** The seat's responsibilities, one per line. */
    description: text().array().notNull().default(sql`'{}'::text[]`),
    /** Someone in the seat who is not (yet) a user of the workspace. */
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** URL of the seat's picture (see orgChartSeatImages), or null. */
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('org_chart_seats_place_unique').on(t.tenantId, t.row, t.seatNumber),
    index().on(t.parentId),
    check('org_chart_seats_seat_number_check', sql`${t.seatNumber} between 1 and 20`),
    check('org_chart_seats_row_check', sql`${t.row} between 1 and 20`),
  ],
);

/** The workspace users in a seat (the spec's coworkers). */
export const orgChartSeatUsers = pgTable(
  'org_chart_seat_users',
  {
    seatId: uuid()
      .notNull()
      .references(() => orgChartSeats.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
  },
  (t) => [primaryKey({ columns: [t.seatId, t.userId] }), index().on(t.tenantId)],
);

/** A seat's picture, served by a URL that carries its hash (as people's photos, decision 031). */
export const orgChartSeatImages = pgTable('org_chart_seat_images', {
  seatId: uuid()
    .primaryKey()
    .references(() => orgChartSeats.id, { onDelete: 'cascade' }),
  mimeType: text().notNull(),
  bytes: bytea().notNull(),
  hash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
