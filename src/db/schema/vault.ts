import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings } from './meetings.ts';
import { bytea, userGroups } from './people.ts';

// The password vault of a meeting (document 3 §2/§3, decision 045). Secrets are stored only as
// AES-256-GCM ciphertext under the workspace's data key; the data key only wrapped by the master
// key, which never enters the database.

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A workspace's data key, wrapped (nonce | tag | ciphertext) by the master key `masterKeyId`. */
export const vaultKeys = pgTable('vault_keys', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  wrappedKey: bytea().notNull(),
  /** Which master key wrapped it: the first bytes of its SHA-256, never the key. */
  masterKeyId: text().notNull(),
  /** Counts rotations of the data key. */
  version: integer().notNull().default(1),
  createdAt: createdAt(),
  rotatedAt: timestamp({ withTimezone: true }),
});

/** A folder of a meeting's vault (the spec's password group). */
export const vaultFolders = pgTable(
  'vault_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.tenantId, t.meetingId, t.name),
  ],
);

/** One password of a meeting's vault; the password itself only as `secret` (nonce | tag | ciphertext). */
export const vaultEntries = pgTable(
  'vault_entries',
  {
    id: uuid().primaryKey(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    folderId: uuid().references(() => vaultFolders.id, { onDelete: 'set null' }),
    account: text().notNull(),
    username: text(),
    siteUrl: text(),
    notes: text(),
    secret: bytea().notNull(),
    /** Restricted to its groups: only people in one of them see it (even once the groups are gone). */
    restricted: boolean().notNull().default(false),
    createdAt: createdAt(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.tenantId, t.meetingId, t.account),
    index().on(t.folderId),
  ],
);

/** The groups an entry is restricted to. */
export const vaultEntryGroups = pgTable(
  'vault_entry_groups',
  {
    entryId: uuid()
      .notNull()
      .references(() => vaultEntries.id, { onDelete: 'cascade' }),
    groupId: uuid()
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.groupId] }), index().on(t.groupId)],
);

/**
 * The vault's audit log: every reveal, copy, create, change and delete. Rows are only ever
 * inserted: a trigger refuses UPDATE, and DELETE unless the workspace itself is being deleted
 * (decision 063). They outlive the entry, its folder and its meeting: meeting, entry and person
 * are plain ids (no foreign key to cascade), with the meeting's title and the entry's account
 * name kept as they were when the row was written.
 */
export const vaultAudit = pgTable(
  'vault_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    meetingTitle: text().notNull(),
    entryId: uuid(),
    account: text().notNull(),
    action: text().notNull(),
    userId: uuid(),
    sessionId: uuid(),
    /** The API token that acted (decision 093); a plain id like the others here. */
    tokenId: uuid(),
    address: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.tenantId, t.meetingId, t.at),
    index().on(t.entryId, t.at),
    index().on(t.tenantId, t.userId, t.at),
    index().on(t.tenantId, t.at),
    check(
      'vault_audit_action_check',
      sql`${t.action} in ('reveal', 'copy', 'create', 'update', 'delete', 'undecryptable', 'refused_reveal', 'refused_copy')`,
    ),
  ],
);
