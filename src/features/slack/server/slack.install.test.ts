import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signIn, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { callback, connectSlack, installState, startSlackServer } from '../../../../test/slack.ts';
import type { SlackStandin } from '../../../../test/slack-standin.ts';
import { memberships, slackInstallations, slackOauthStates, tenants } from '../../../db/schema/index.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { SLACK_RETURN_PATH } from '../../../shared/constants.ts';
import { slackMessages } from '../slack.messages.ts';
import type { SlackStatus } from '../slack.schemas.ts';
import { signState } from './slack.state.ts';

let standin: SlackStandin;
let app: FastifyInstance;
let close: () => Promise<void>;
let bare: FastifyInstance;
beforeAll(async () => {
  ({ standin, app, close } = await startSlackServer());
  bare = await testApp();
});
afterAll(async () => {
  await close();
  await bare.close();
});

const stored = async (tenantId: string) =>
  (await app.database.db.select().from(slackInstallations).where(eq(slackInstallations.tenantId, tenantId)))[0];

const statusOf = async (admin: SignedUp) => (await admin.api.get<SlackStatus>('/slack')).body.result;

/** The state's payload, as JSON, and its signature. */
const parts = (state: string) => {
  const [payload, signature] = state.split('.');
  return { payload: JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), signature: signature! };
};

describe('Slack configuration', () => {
  it('needs the three secrets together, and defaults the URLs to slack.com', () => {
    expect(loadConfig({}).slack).toBeNull();
    expect(() => loadConfig({ SLACK_CLIENT_ID: '1.2', SLACK_CLIENT_SECRET: 's' })).toThrow(ConfigError);
    expect(loadConfig({ SLACK_CLIENT_ID: '1.2', SLACK_CLIENT_SECRET: 's', SLACK_SIGNING_SECRET: 'x' }).slack).toEqual({
      clientId: '1.2',
      clientSecret: 's',
      signingSecret: 'x',
      apiUrl: 'https://slack.com/api/',
      authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    });
    const local = loadConfig({
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 's',
      SLACK_SIGNING_SECRET: 'x',
      SLACK_API_URL: 'http://127.0.0.1:4000/api',
    });
    expect(local.slack?.apiUrl).toBe('http://127.0.0.1:4000/api/');
    expect(() => loadConfig({ SLACK_API_URL: 'not a url' })).toThrow('SLACK_API_URL must be a URL');
  });
});

describe('Slack install', () => {
  it('says Slack is not configured on a server without its settings, and refuses to install', async () => {
    const admin = await signUp(bare);
    expect((await admin.api.get<SlackStatus>('/slack')).body.result).toEqual({
      configured: false,
      connected: false,
      teamId: null,
      teamName: null,
      installedAt: null,
    });
    const install = await admin.api.post('/slack/install');
    expect(install.status).toBe(409);
    expect(install.body.message).toBe(slackMessages.slackNotConfigured);
  });

  it("gives admins Slack's authorize page with the scopes, the v2 callback and a signed state; others 403", async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const answer = await admin.api.post<{ url: string }>('/slack/install');
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.result.url);
    expect(`${url.origin}${url.pathname}`).toBe(standin.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(standin.clientId);
    expect(url.searchParams.get('scope')!.split(',')).toEqual(
      expect.arrayContaining(['chat:write', 'users:read', 'users:read.email']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('http://cadence.test/api/v2/slack/callback');
    const { payload } = parts(url.searchParams.get('state')!);
    expect(payload).toMatchObject({ t: admin.tenantId, u: admin.userId });
    expect(payload.e).toBeGreaterThan(Date.now());
    for (const call of [member.api.post('/slack/install'), member.api.get('/slack'), member.api.delete('/slack')])
      expect((await call).status).toBe(403);
  });

  it('exchanges the code, stores the bot token encrypted (never in plain text) and redirects to administration', async () => {
    const admin = await signUp(app);
    standin.newTeam();
    const state = await installState(admin);
    const answer = await callback(app, { code: standin.issueCode(), state });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`${SLACK_RETURN_PATH}?slack=connected`);
    expect(standin.calls).toContain('oauth.v2.access');
    const row = await stored(admin.tenantId);
    expect(row).toMatchObject({ teamId: standin.team.id, teamName: standin.team.name, installedBy: admin.userId });
    expect(row!.botToken.includes(Buffer.from(standin.botToken))).toBe(false);
    expect(row!.botToken.toString('latin1')).not.toContain('xoxb-');
    const [tenant] = await app.database.db.select().from(tenants).where(eq(tenants.id, admin.tenantId));
    expect(tenant!.slackWorkspaceName).toBe(standin.team.name);
    expect(await statusOf(admin)).toMatchObject({
      configured: true,
      connected: true,
      teamId: standin.team.id,
      teamName: standin.team.name,
    });
    // The same team cannot be connected to a second workspace (slash commands name the team).
    const other = await signUp(app);
    const taken = await callback(app, { code: standin.issueCode(), state: await installState(other) });
    expect(taken.statusCode).toBe(409);
    expect(await stored(other.tenantId)).toBeUndefined();
    // Disconnecting forgets the token.
    await admin.api.delete('/slack');
  });

  it('refuses a reused, forged, expired or malformed state with a clear message, and stores nothing', async () => {
    const admin = await signUp(app);
    const state = await installState(admin);
    const { payload, signature } = parts(state);
    const attacker = await signUp(app);
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, t: attacker.tenantId })).toString('base64url');
    const cases: [string, string, number, string][] = [
      ['forged', `${forgedPayload}.${signature}`, 403, slackMessages.slackStateForged],
      [
        'signed with another secret',
        signState('not-the-secret', {
          tenantId: admin.tenantId,
          userId: admin.userId,
          expiresAt: Date.now() + 60_000,
          nonce: 'n'.repeat(24),
        }),
        403,
        slackMessages.slackStateForged,
      ],
      [
        'expired',
        signState(standin.clientSecret, {
          tenantId: admin.tenantId,
          userId: admin.userId,
          expiresAt: Date.now() - 1,
          nonce: 'e'.repeat(24),
        }),
        400,
        slackMessages.slackStateExpired,
      ],
      ['malformed', 'not-a-state', 400, slackMessages.slackStateInvalid],
      ['missing', '', 400, slackMessages.slackStateInvalid],
    ];
    for (const [what, bad, status, message] of cases) {
      const answer = await callback(app, { code: standin.issueCode(), state: bad });
      expect(answer.statusCode, what).toBe(status);
      expect(answer.json().message, what).toBe(message);
    }
    expect(await stored(admin.tenantId)).toBeUndefined();
    expect(await stored(attacker.tenantId)).toBeUndefined();

    // Used once: the second use is refused, even with a fresh code, and the first stays.
    standin.newTeam();
    expect((await callback(app, { code: standin.issueCode(), state })).statusCode).toBe(302);
    const first = await stored(admin.tenantId);
    const exchanges = standin.calls.filter((call) => call === 'oauth.v2.access').length;
    const reused = await callback(app, { code: standin.issueCode(), state });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().message).toBe(slackMessages.slackStateUsed);
    expect(standin.calls.filter((call) => call === 'oauth.v2.access').length).toBe(exchanges);
    expect(await stored(admin.tenantId)).toEqual(first);
    const nonces = await app.database.db
      .select()
      .from(slackOauthStates)
      .where(eq(slackOauthStates.nonce, parts(state).payload.n));
    expect(nonces).toHaveLength(1);

    // The admin's browser gets a page, with the same status.
    const page = await callback(app, { code: standin.issueCode(), state }, 'text/html,application/xhtml+xml');
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This Slack link was already used');
    expect(page.body).toContain(`href="${SLACK_RETURN_PATH}"`);
  });

  it('refuses the state of someone who is no longer an admin', async () => {
    const admin = await signUp(app);
    const other = await joinWorkspace(app, admin);
    const adminFlag = (isAdmin: '0' | '1') =>
      app.database.db
        .update(memberships)
        .set({ isAdmin })
        .where(and(eq(memberships.tenantId, admin.tenantId), eq(memberships.userId, other.userId)));
    await adminFlag('1');
    // A new session reads the flag afresh.
    const token = await signIn(app, other.email, admin.tenantId);
    const state = await installState({ ...other, token, api: client(app, token) });
    await adminFlag('0');
    const answer = await callback(app, { code: standin.issueCode(), state });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(slackMessages.slackStateNotAdmin);
    expect(await stored(admin.tenantId)).toBeUndefined();
  });

  it('redirects with the result when the admin cancels at Slack or the exchange fails, storing nothing', async () => {
    const admin = await signUp(app);
    const cancelled = await callback(app, { error: 'access_denied', state: await installState(admin) });
    expect(cancelled.headers.location).toBe(`${SLACK_RETURN_PATH}?slack=cancelled`);
    const failed = await callback(app, { code: 'not-a-code-slack-gave', state: await installState(admin) });
    expect(failed.statusCode).toBe(302);
    expect(failed.headers.location).toBe(`${SLACK_RETURN_PATH}?slack=failed`);
    expect(await stored(admin.tenantId)).toBeUndefined();
  });

  it('disconnects (the token is deleted) and tells the workspace room only', async () => {
    const admin = await signUp(app);
    const outsider = await signUp(app);
    await connectSlack(app, admin, standin);
    const base = await listen(app);
    const mine = await connect(base, admin.token);
    const theirs = await connect(base, outsider.token);
    try {
      const answer = await admin.api.delete('/slack');
      expect(answer.status).toBe(200);
      expect(await stored(admin.tenantId)).toBeUndefined();
      expect((await statusOf(admin)).connected).toBe(false);
      await eventually(() => mine.received.some((m) => m.type === 'slack.changed'));
      await settle();
      expect(theirs.received.some((m) => m.type === 'slack.changed')).toBe(false);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });

  it('keeps the token readable across a rotation of the workspace key', async () => {
    const admin = await signUp(app);
    await connectSlack(app, admin, standin);
    const before = (await stored(admin.tenantId))!.botToken;
    expect((await admin.api.post('/vault/rotate-key')).status).toBe(200);
    const after = (await stored(admin.tenantId))!.botToken;
    expect(after.equals(before)).toBe(false);
    // The channel picker reads the token: it still opens.
    const meeting = await createMeeting(admin);
    expect((await admin.api.get(`/meetings/${meeting.id}/slack/channels`)).status).toBe(200);
  });
});
