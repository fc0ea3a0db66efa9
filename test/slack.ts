import type { FastifyInstance } from 'fastify';
import { slackSignature } from '../src/features/slack/server/slack.signature.ts';
import { testApp } from './app.ts';
import type { SignedUp } from './factories.ts';
import { type SlackStandin, startSlackStandin } from './slack-standin.ts';

// Slack: a Cadence server pointed at the local Slack stand-in, and the steps every
// Slack test takes (connect a workspace, send a signed slash command).

export const SIGNING_SECRET = 'test-signing-secret';

/** A server whose Slack app is the stand-in's. */
export const slackApp = (standin: SlackStandin) =>
  testApp({
    slack: {
      clientId: standin.clientId,
      clientSecret: standin.clientSecret,
      signingSecret: SIGNING_SECRET,
      apiUrl: standin.apiUrl,
      authorizeUrl: standin.authorizeUrl,
    },
  });

/** The stand-in and a server using it; `close` stops both. */
export const startSlackServer = async () => {
  const standin = await startSlackStandin();
  const app = await slackApp(standin);
  return {
    standin,
    app,
    close: async () => {
      await app.close();
      await standin.close();
    },
  };
};

/** The state of a fresh install link of `admin`'s workspace. */
export const installState = async (admin: SignedUp) => {
  const answer = await admin.api.post<{ url: string }>('/slack/install');
  if (answer.status !== 200) throw new Error(`install failed: ${JSON.stringify(answer.body)}`);
  return new URL(answer.body.result.url).searchParams.get('state')!;
};

/** Slack's redirect back to the callback, as the admin's browser follows it. */
export const callback = (app: FastifyInstance, query: Record<string, string>, accept = 'application/json') =>
  app.inject({ method: 'GET', url: `/api/v2/slack/callback?${new URLSearchParams(query)}`, headers: { accept } });

/** Connects `admin`'s workspace to a new team of the stand-in. */
export const connectSlack = async (app: FastifyInstance, admin: SignedUp, standin: SlackStandin) => {
  standin.newTeam();
  const state = await installState(admin);
  const answer = await callback(app, { code: standin.issueCode(), state });
  if (answer.statusCode !== 302 || !answer.headers.location?.toString().endsWith('slack=connected'))
    throw new Error(`connect failed: ${answer.statusCode} ${answer.body}`);
};

/** A slash command as Slack posts it: form-encoded and signed (unless `signature` is given). */
export const slashCommand = (
  app: FastifyInstance,
  fields: { team_id: string; user_id: string; text: string },
  options: { timestamp?: number; signature?: string; secret?: string } = {},
) => {
  const body = new URLSearchParams({
    token: 'legacy-verification-token',
    team_domain: 'acme',
    channel_id: 'C0GENERAL',
    channel_name: 'general',
    user_name: 'someone',
    command: '/cadence',
    response_url: 'https://hooks.slack.invalid/commands/1',
    trigger_id: '1.2.3',
    api_app_id: 'A0STANDIN',
    ...fields,
  }).toString();
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return app.inject({
    method: 'POST',
    url: '/api/v2/slack/commands',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': options.signature ?? slackSignature(options.secret ?? SIGNING_SECRET, timestamp, body),
    },
    payload: body,
  });
};
