import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';

// The vision board (document 2 §3): a workspace's templates, each a titled set of sections
// (docs/decisions/047).

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const visionTemplates = pgTable(
  'vision_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    title: text().notNull(),
    /** One or two columns on the board. */
    columns: integer().notNull().default(2),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.tenantId, t.title), check('vision_templates_columns_check', sql`${t.columns} in (1, 2)`)],
);

export const visionSections = pgTable(
  'vision_sections',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    templateId: uuid()
      .notNull()
      .references(() => visionTemplates.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text().notNull().default(''),
    /** 'text', or a section that shows live data: 'quarterlyGoals', 'longTermIssues'. */
    kind: text().notNull().default('text'),
    sort: integer().notNull().default(0),
    /** Raised by every edit: a save names the version it started from (a conflict otherwise). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.templateId, t.sort),
    index().on(t.tenantId),
    check('vision_sections_kind_check', sql`${t.kind} in ('text', 'quarterlyGoals', 'longTermIssues')`),
  ],
);
