import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { meetings } from './meetings.ts';
import { bytea } from './people.ts';

// Slack (decision 051): a workspace's connection to one Slack team, the OAuth states
// already used, the slash-command signatures seen lately, and the channel a meeting's recap
// goes to. The bot token is stored only sealed under the workspace's vault data key.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** One Slack team per Cadence workspace, and one Cadence workspace per Slack team. */
export const slackInstallations = pgTable('slack_installations', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  teamId: text().notNull().unique(),
  teamName: text().notNull(),
  appId: text(),
  botUserId: text(),
  scopes: text().notNull(),
  /** AES-256-GCM (nonce | tag | ciphertext) under the workspace's vault data key, bound to the workspace. */
  botToken: bytea().notNull(),
  installedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  installedAt: createdAt(),
});

/** The nonces of OAuth states already redeemed: a state works once. Old rows are pruned on use. */
export const slackOauthStates = pgTable(
  'slack_oauth_states',
  {
    nonce: text().primaryKey(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    usedAt: createdAt(),
  },
  (t) => [index('slack_oauth_states_used_at_idx').on(t.usedAt)],
);

/** Slash-command signatures seen in the last minutes: a replayed request is refused. */
export const slackSeenSignatures = pgTable(
  'slack_seen_signatures',
  {
    signature: text().primaryKey(),
    seenAt: createdAt(),
  },
  (t) => [index('slack_seen_signatures_seen_at_idx').on(t.seenAt)],
);

/** The Slack channel a meeting's recap is posted to when a session is archived. */
export const slackMeetingChannels = pgTable(
  'slack_meeting_channels',
  {
    meetingId: uuid()
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channelId: text().notNull(),
    channelName: text().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: createdAt(),
  },
  (t) => [index('slack_meeting_channels_tenant_idx').on(t.tenantId)],
);
