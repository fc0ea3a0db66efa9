import { InstallProvider } from '@slack/oauth';
import type { OauthV2AccessResponse } from '@slack/web-api';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  memberships,
  slackInstallations,
  slackMeetingChannels,
  slackOauthStates,
  tenants,
  users,
  vaultKeys,
} from '../../../db/schema/index.ts';
import type { SlackConfig } from '../../../server/config.ts';
import type { PendingEvent, TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { API_ROOT, SLACK_SCOPES, SLACK_STATE_TTL_MS } from '../../../shared/constants.ts';
import { AppError, badRequest, conflict, forbidden } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import {
  dataKeyForWrite,
  openWorkspaceSecret,
  sealWorkspaceSecret,
  unwrapDataKey,
  WORKSPACE_SECRET,
} from '../../vault/server/vault.keys.ts';
import { slackMessages } from '../slack.messages.ts';
import type { SlackStatus } from '../slack.schemas.ts';
import { type SlackApi, slackLogger } from './slack.api.ts';
import { signedStateStore, verifyState } from './slack.state.ts';

// Connecting a workspace to Slack (decision 051): the install link (the SDK's InstallProvider
// with our signed state), the v2 callback (state checked, code exchanged through the SDK, the bot
// token sealed under the workspace's vault key in one transaction with the state's single use),
// and disconnecting. Only workspace admins install and disconnect.

export interface SlackDeps {
  config: SlackConfig | null;
  api: SlackApi | null;
  keyring: VaultKeyring;
  publicUrl: string;
}

export const callbackUrl = (publicUrl: string) => `${publicUrl}${API_ROOT}/slack/callback`;

const notConfigured = () => new AppError('conflict', slackMessages.slackNotConfigured);

const configured = (deps: SlackDeps) => {
  if (!deps.config || !deps.api) throw notConfigured();
  return { config: deps.config, api: deps.api };
};

/** `GET slack`: the connection as admins see it on the Integrations section. */
export const slackStatus = async (ctx: TenantContext, deps: SlackDeps): Promise<SlackStatus> => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .select({
      teamId: slackInstallations.teamId,
      teamName: slackInstallations.teamName,
      installedAt: slackInstallations.installedAt,
    })
    .from(slackInstallations)
    .where(eq(slackInstallations.tenantId, ctx.tenantId));
  return {
    configured: deps.config !== null,
    connected: !!row,
    teamId: row?.teamId ?? null,
    teamName: row?.teamName ?? null,
    installedAt: row?.installedAt.toISOString() ?? null,
  };
};

/** `POST slack/install`: Slack's authorize page with the scopes, our callback and a fresh state. */
export const installUrl = async (ctx: TenantContext, deps: SlackDeps) => {
  assertWorkspaceAdmin(ctx);
  const { config } = configured(deps);
  const installer = new InstallProvider({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    stateStore: signedStateStore(config.clientSecret),
    authorizationUrl: config.authorizeUrl,
    // The SDK's own logger would write to the console: building a URL needs none.
    logger: slackLogger(),
  });
  const url = await installer.generateInstallUrl({
    scopes: [...SLACK_SCOPES],
    redirectUri: callbackUrl(deps.publicUrl),
    metadata: JSON.stringify({ tenantId: ctx.tenantId, userId: ctx.userId }),
  });
  return { url };
};

/** The callback's outcome, for the redirect to the administration page. */
export type CallbackResult = 'connected' | 'cancelled' | 'failed';

/** The state's nonce was redeemed already (a reused link): 403. */
const used = () => forbidden(slackMessages.slackStateUsed);

/** The admin who asked is still an enabled admin of that workspace (403 otherwise). */
const assertStillAdmin = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select({ isAdmin: memberships.isAdmin })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.userId, userId),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
      ),
    );
  if (row?.isAdmin !== '1') throw forbidden(slackMessages.slackStateNotAdmin);
};

/**
 * `GET slack/callback`: checks the state (signature, expiry, not used, the admin still one),
 * exchanges the code through the SDK (oauth.v2.access) and stores the connection. A refused state
 * stores nothing (400/403); Slack's refusal or a failed exchange is a result for the page.
 */
export const completeInstall = async (
  db: Db,
  deps: SlackDeps,
  query: { code?: string; state?: string; error?: string },
  publish: (event: PendingEvent) => void,
  log: (err: unknown, what: string) => void,
): Promise<CallbackResult> => {
  const { config, api } = configured(deps);
  if (!query.state) throw badRequest({ state: slackMessages.slackStateInvalid }, slackMessages.slackStateInvalid);
  const state = verifyState(config.clientSecret, query.state, new Date());
  const [seen] = await db
    .select({ nonce: slackOauthStates.nonce })
    .from(slackOauthStates)
    .where(eq(slackOauthStates.nonce, state.nonce));
  if (seen) throw used();
  await assertStillAdmin(db, state.tenantId, state.userId);
  if (query.error) return 'cancelled';
  if (!query.code) throw badRequest({ code: messages.required }, slackMessages.slackCodeMissing);
  let answer: OauthV2AccessResponse;
  try {
    answer = await api.oauth.v2.access({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code: query.code,
      redirect_uri: callbackUrl(deps.publicUrl),
    });
  } catch (err) {
    log(err, 'slack oauth.v2.access');
    return 'failed';
  }
  const { access_token: token, team } = answer;
  if (!token || !team?.id || answer.token_type !== 'bot') {
    log(new Error('oauth.v2.access answered no bot token'), 'slack oauth.v2.access');
    return 'failed';
  }
  // Slack redirects with a GET, so this is not a request's write transaction: its own, and the
  // event once it committed.
  await db.transaction((tx) =>
    storeInstallation(tx, deps.keyring, state, {
      teamId: team.id!,
      teamName: team.name ?? team.id!,
      appId: answer.app_id ?? null,
      botUserId: answer.bot_user_id ?? null,
      scopes: answer.scope ?? '',
      token,
    }),
  );
  publish({ tenantId: state.tenantId, type: 'slack.changed', data: { connected: true } });
  return 'connected';
};

interface Exchanged {
  teamId: string;
  teamName: string;
  appId: string | null;
  botUserId: string | null;
  scopes: string;
  token: string;
}

/** One transaction: the state's single use, the connection (token sealed) and the workspace's Slack name. */
const storeInstallation = async (
  db: Db,
  keyring: VaultKeyring,
  state: { tenantId: string; userId: string; nonce: string },
  exchanged: Exchanged,
) => {
  const { tenantId } = state;
  // Nonces older than any state's life can go: their states are refused as expired anyway.
  await db.delete(slackOauthStates).where(lt(slackOauthStates.usedAt, new Date(Date.now() - SLACK_STATE_TTL_MS)));
  const redeemed = await db
    .insert(slackOauthStates)
    .values({ nonce: state.nonce, tenantId })
    .onConflictDoNothing()
    .returning({ nonce: slackOauthStates.nonce });
  if (redeemed.length === 0) throw used();
  const [taken] = await db
    .select({ tenantId: slackInstallations.tenantId })
    .from(slackInstallations)
    .where(and(eq(slackInstallations.teamId, exchanged.teamId), ne(slackInstallations.tenantId, tenantId)));
  if (taken) throw conflict(slackMessages.slackTeamTaken(exchanged.teamName));
  const botToken = sealWorkspaceSecret(
    await dataKeyForWrite(db, keyring, tenantId),
    tenantId,
    WORKSPACE_SECRET.slackBotToken,
    exchanged.token,
  );
  const row = {
    teamId: exchanged.teamId,
    teamName: exchanged.teamName,
    appId: exchanged.appId,
    botUserId: exchanged.botUserId,
    scopes: exchanged.scopes,
    botToken,
    installedBy: state.userId,
    installedAt: new Date(),
  };
  const [previous] = await db
    .select({ teamId: slackInstallations.teamId })
    .from(slackInstallations)
    .where(eq(slackInstallations.tenantId, tenantId));
  // Another Slack team: the recap channels chosen were the old team's.
  if (previous && previous.teamId !== exchanged.teamId)
    await db.delete(slackMeetingChannels).where(eq(slackMeetingChannels.tenantId, tenantId));
  await db
    .insert(slackInstallations)
    .values({ tenantId, ...row })
    .onConflictDoUpdate({ target: slackInstallations.tenantId, set: row });
  await db.update(tenants).set({ slackWorkspaceName: exchanged.teamName }).where(eq(tenants.id, tenantId));
};

/** `DELETE slack`: forgets the token and the recap channels (the app stays in Slack until removed there). */
export const disconnectSlack = async (ctx: TenantContext) => {
  assertWorkspaceAdmin(ctx);
  const removed = await ctx.db
    .delete(slackInstallations)
    .where(eq(slackInstallations.tenantId, ctx.tenantId))
    .returning({ teamId: slackInstallations.teamId });
  if (removed.length === 0) return { connected: false };
  await ctx.db.delete(slackMeetingChannels).where(eq(slackMeetingChannels.tenantId, ctx.tenantId));
  await ctx.db.update(tenants).set({ slackWorkspaceName: null }).where(eq(tenants.id, ctx.tenantId));
  ctx.publish({ tenantId: ctx.tenantId, type: 'slack.changed', data: { connected: false } });
  return { connected: false };
};

export interface Installation {
  tenantId: string;
  teamId: string;
  teamName: string;
  token: string;
}

/** The installation's columns and the workspace key's, to read the token in one statement. */
export const installationColumns = {
  tenantId: slackInstallations.tenantId,
  teamId: slackInstallations.teamId,
  teamName: slackInstallations.teamName,
  botToken: slackInstallations.botToken,
  wrappedKey: vaultKeys.wrappedKey,
  masterKeyId: vaultKeys.masterKeyId,
};

interface InstallationRow {
  tenantId: string;
  teamId: string;
  teamName: string;
  botToken: Buffer;
  wrappedKey: Buffer;
  masterKeyId: string;
}

/** The bot token of a row read with `installationColumns`, opened with the workspace's data key. */
export const openInstallation = (keyring: VaultKeyring, row: InstallationRow): Installation => ({
  tenantId: row.tenantId,
  teamId: row.teamId,
  teamName: row.teamName,
  token: openWorkspaceSecret(
    unwrapDataKey(keyring, row.tenantId, row),
    row.tenantId,
    WORKSPACE_SECRET.slackBotToken,
    row.botToken,
  ),
});

/** A workspace's installation with its token, or null when not connected (one statement). */
export const findInstallation = async (
  db: Db,
  keyring: VaultKeyring,
  where: { tenantId: string } | { teamId: string },
): Promise<Installation | null> => {
  const [row] = await db
    .select(installationColumns)
    .from(slackInstallations)
    .innerJoin(vaultKeys, eq(vaultKeys.tenantId, slackInstallations.tenantId))
    .where(
      'tenantId' in where
        ? eq(slackInstallations.tenantId, where.tenantId)
        : eq(slackInstallations.teamId, where.teamId),
    );
  return row ? openInstallation(keyring, row) : null;
};
