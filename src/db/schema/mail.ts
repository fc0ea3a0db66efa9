import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every email Cadence sends. Without SMTP_URL this is where mail goes (and a log line says so). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index().on(t.to, t.createdAt)],
);
