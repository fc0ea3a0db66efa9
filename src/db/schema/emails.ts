import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

/**
 * A workspace's custom text of one email template (decision 050). The key is one of
 * src/shared/emailTemplates.ts; no row means the default text in code. A null subject keeps the
 * default subject.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    subject: text(),
    message: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
