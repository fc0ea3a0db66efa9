import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings, sessions } from './meetings.ts';
import { tasks } from './tasks.ts';

// Proposed issues (docs/decisions/123): issues Cadence suggests for a meeting's Issues step from
// its own numbers, which a leader accepts, dismisses or snoozes.

const tenantId = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const byUser = () => uuid().references(() => users.id, { onDelete: 'set null' });

/**
 * A meeting's proposal settings: how many hours before a session they are prepared, and each
 * rule on or off with its thresholds (`rules`, validated by the feature's schema; a rule not in
 * it has its defaults). No row: every default.
 */
export const proposalSettings = pgTable(
  'proposal_settings',
  {
    meetingId: uuid().primaryKey(),
    tenantId: tenantId(),
    hoursBefore: integer().notNull().default(24),
    rules: jsonb().notNull().default({}),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: byUser(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    index().on(t.tenantId),
    check('proposal_settings_hours_check', sql`${t.hoursBefore} between 1 and 168`),
  ],
);

/**
 * One proposal: a rule that fired on one origin (a KPI, a goal, a to-do, a project, an issue, a
 * session or a person) of a meeting, with the figures that made it fire. One row per meeting,
 * rule and origin, whatever its state: running the rules again updates it, never adds a second.
 * `fingerprint` is the evidence's identity: a dismissed proposal comes back only when it differs.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    rule: text().notNull(),
    originKind: text().notNull(),
    /** No foreign key: origins are rows of several tables (and people). */
    originId: uuid().notNull(),
    originTitle: text().notNull(),
    evidence: jsonb().notNull(),
    fingerprint: text().notNull(),
    status: text().notNull().default('open'),
    /** Snoozed: proposed again from this instant. */
    snoozedUntil: timestamp({ withTimezone: true }),
    /** Accepted: the issue it became. */
    issueId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    /** Since when the rule has fired on this origin without a break (the proposal's age). */
    proposedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: byUser(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.meetingId], foreignColumns: [meetings.tenantId, meetings.id] }).onDelete(
      'cascade',
    ),
    unique('proposals_meeting_rule_origin_unique').on(t.meetingId, t.rule, t.originId),
    // A meeting's list by state, newest first.
    index('proposals_meeting_status_index').on(t.meetingId, t.status, t.proposedAt),
    index().on(t.tenantId),
    index('proposals_issue_index').on(t.issueId).where(sql`${t.issueId} is not null`),
    check(
      'proposals_rule_check',
      sql`${t.rule} in ('kpiOffGoal', 'goalOffTrack', 'todoLate', 'budgetAlert', 'issueStale', 'lowRating', 'missedSessions')`,
    ),
    check(
      'proposals_origin_kind_check',
      sql`${t.originKind} in ('kpi', 'goal', 'todo', 'project', 'issue', 'session', 'person')`,
    ),
    check('proposals_status_check', sql`${t.status} in ('open', 'accepted', 'dismissed', 'snoozed')`),
  ],
);

/** The sessions the hourly job prepared proposals for: once each, whichever server ran it first. */
export const proposalPreparations = pgTable(
  'proposal_preparations',
  {
    sessionId: uuid()
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    meetingId: uuid().notNull(),
    preparedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId), index().on(t.meetingId)],
);
