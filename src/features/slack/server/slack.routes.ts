import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { SLACK_COMMAND_BODY_LIMIT, SLACK_RETURN_PATH } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { slackMessages } from '../slack.messages.ts';
import {
  ZMeetingSlack,
  ZSaveMeetingSlack,
  ZSlackCallbackQuery,
  ZSlackChannelPage,
  ZSlackChannelQuery,
  ZSlackInstall,
  ZSlackStatus,
  ZSlashAnswer,
  ZSlashCommand,
} from '../slack.schemas.ts';
import { createSlackApi } from './slack.api.ts';
import { getMeetingSlack, listChannels, saveMeetingSlack } from './slack.channels.service.ts';
import { runSlashCommand } from './slack.commands.service.ts';
import { completeInstall, disconnectSlack, installUrl, type SlackDeps, slackStatus } from './slack.install.service.ts';
import { type SlackRelay, startSlackRelay } from './slack.relay.ts';
import { verifySlackRequest } from './slack.signature.ts';

const tags = ['slack'];
const ZMeetingParams = z.object({ id: z.uuid() });

/** The raw bodies of Slack's form posts, for their signatures (the parsed form is request.body). */
const rawBodies = new WeakMap<FastifyRequest, string>();

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A refused callback as a page, for the admin's browser (the status stays 400/403). */
const refusalPage = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(messages.slack)}</title></head>` +
  `<body><main><h1>${escapeHtml(slackMessages.slackConnectRefused)}</h1><p>${escapeHtml(message)}</p>` +
  `<p><a href="${SLACK_RETURN_PATH}">${escapeHtml(slackMessages.slackBackToAdministration)}</a></p></main></body></html>`;

/** What the Slack routes share: the SDK client (null when not configured) and the relay. */
export interface SlackServer {
  deps: SlackDeps;
  /** Sends notifications and recaps to Slack as they are published; null when not configured. */
  relay: SlackRelay | null;
}

/** The server's Slack side, made once in buildApp (after the real-time hub, which the relay listens to). */
export const createSlackServer = (fastify: FastifyInstance): SlackServer => {
  const { config } = fastify;
  const api = config.slack ? createSlackApi(config.slack, fastify.log) : null;
  const deps: SlackDeps = { config: config.slack, api, keyring: fastify.vaultKeyring, publicUrl: config.publicUrl };
  const relay = api
    ? startSlackRelay(fastify.realtime, {
        db: fastify.database.db,
        api,
        keyring: fastify.vaultKeyring,
        publicUrl: config.publicUrl,
        log: (err, what) => fastify.log.warn({ err }, what),
      })
    : null;
  return { deps, relay };
};

export const slackRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = fastify;
  const { deps } = fastify.slack;
  const log = (err: unknown, what: string) => fastify.log.warn({ err }, what);

  // Slack posts slash commands as a form; only this plugin's routes read forms.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SLACK_COMMAND_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as string);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/slack',
    {
      schema: {
        tags,
        operationId: 'getSlackStatus',
        summary: "Whether this server has a Slack app, and the workspace's connection (admins)",
        response: { 200: success(ZSlackStatus), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => slackStatus(ctx, deps))),
  );

  app.post(
    '/slack/install',
    {
      schema: {
        tags,
        operationId: 'installSlack',
        summary:
          "Slack's authorize page for this workspace (admins): scopes, the v2 callback and a signed state that works once for 10 minutes",
        response: { 200: success(ZSlackInstall), ...failures(401, 403, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => installUrl(ctx, deps))),
  );

  app.get(
    '/slack/callback',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'slackOauthCallback',
        summary:
          "Slack's OAuth v2 redirect: checks the state, exchanges the code and stores the bot token encrypted, then redirects to the administration page with ?slack=connected|cancelled|failed",
        security: [],
        querystring: ZSlackCallbackQuery,
        response: {
          302: z.unknown().describe('To the administration page, with the result'),
          // A browser (Accept: text/html) gets the refusal as a page; any other client the envelope.
          ...Object.fromEntries(
            Object.entries(failures(400, 403, 409)).map(([status, fail]) => [
              status,
              {
                description: 'The refusal: a page for a browser, the envelope otherwise',
                content: { 'application/json': { schema: fail }, 'text/html': { schema: z.string() } },
              },
            ]),
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const result = await completeInstall(
          fastify.database.db,
          deps,
          request.query,
          (event) => fastify.realtime.publish(event, { changedBy: null, originClientId: null }),
          log,
        );
        return reply.redirect(`${SLACK_RETURN_PATH}?slack=${result}`);
      } catch (error) {
        if (!(error instanceof AppError) || !request.headers.accept?.includes('text/html')) throw error;
        return (reply as FastifyReply)
          .code(error.status)
          .type('text/html; charset=utf-8')
          .send(refusalPage(error.message));
      }
    },
  );

  app.delete(
    '/slack',
    {
      schema: {
        tags,
        operationId: 'disconnectSlack',
        summary: 'Disconnect Slack (admins): the bot token and the recap channels are deleted',
        response: { 200: success(z.object({ connected: z.boolean() })), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => disconnectSlack(ctx))),
  );

  app.get(
    '/meetings/:id/slack',
    {
      schema: {
        tags,
        operationId: 'getMeetingSlack',
        summary: "The meeting's recap channel, and whether the caller may change it",
        params: ZMeetingParams,
        response: { 200: success(ZMeetingSlack), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getMeetingSlack(ctx, deps, request.params.id))),
  );

  app.get(
    '/meetings/:id/slack/channels',
    {
      schema: {
        tags,
        operationId: 'listSlackChannels',
        summary: "One page of the Slack team's public channels, for the recap channel picker (leaders, admins)",
        params: ZMeetingParams,
        querystring: ZSlackChannelQuery,
        response: { 200: success(ZSlackChannelPage), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => listChannels(ctx, deps, request.params.id, request.query.cursor))),
  );

  app.put(
    '/meetings/:id/slack',
    {
      schema: {
        tags,
        operationId: 'saveMeetingSlack',
        summary: "Set the meeting's recap channel, or null to stop posting recaps (leaders, admins)",
        params: ZMeetingParams,
        body: ZSaveMeetingSlack,
        response: { 200: success(ZMeetingSlack), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveMeetingSlack(ctx, deps, request.params.id, request.body))),
  );

  app.post(
    '/slack/commands',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'slackSlashCommand',
        summary:
          '`/cadence issue|todo <meeting> <title>` from Slack (form-encoded, X-Slack-Signature checked, replays refused); answers an ephemeral message',
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: ZSlashCommand,
        response: { 200: ZSlashAnswer, ...failures(400, 401, 409) },
      },
      // The signature is over the raw body: checked before the form is even validated.
      preValidation: async (request) => {
        if (!config.slack) throw new AppError('conflict', slackMessages.slackNotConfigured);
        verifySlackRequest(config.slack.signingSecret, request.headers, rawBodies.get(request) ?? '', new Date());
      },
    },
    async (request) =>
      runSlashCommand(fastify.database.db, deps, request.headers['x-slack-signature'] as string, request.body, (work) =>
        request.inTransaction(work),
      ),
  );
};
