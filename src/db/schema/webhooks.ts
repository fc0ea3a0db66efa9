import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { bytea } from './people.ts';

/**
 * Outbound webhooks (decision 097): a URL an admin subscribed to some event kinds. The secret
 * signs each delivery (HMAC-SHA256), so it must be read back: it is sealed with the workspace's
 * vault data key (decision 099), like the Slack bot token. After a rotation the previous one keeps
 * signing alongside until `previousSecretUntil`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    kinds: text().array().notNull(),
    sealedSecret: bytea(),
    sealedPreviousSecret: bytea(),
    /** Secrets of webhooks made before sealing: sealed, then emptied, when the server starts. */
    secret: text(),
    previousSecret: text(),
    previousSecretUntil: timestamp({ withTimezone: true }),
    /** Set: nothing is queued or sent until an admin resumes it (by hand, or after repeated failures). */
    pausedAt: timestamp({ withTimezone: true }),
    pausedReason: text(),
    /** Failed attempts in a row; reset by any success. */
    failuresInRow: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.createdAt)],
);

/**
 * The outbox and the delivery log in one: a row is written in the transaction of the change it
 * tells of, then claimed and sent by the delivery job. `body` is the exact JSON sent, so a
 * redelivery sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id (the body's `id`): the same on a redelivery, so receivers can drop repeats. */
    eventId: uuid().notNull(),
    kind: text().notNull(),
    body: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one instance is sending it; the others leave it alone. */
    claimedUntil: timestamp({ withTimezone: true }),
    responseStatus: integer(),
    responseMs: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_index').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index().on(t.webhookId, t.createdAt),
    index().on(t.tenantId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
