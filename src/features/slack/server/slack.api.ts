import { type Logger, LogLevel, WebAPIPlatformError, WebClient } from '@slack/web-api';
import type { FastifyBaseLogger } from 'fastify';
import type { SlackConfig } from '../../../server/config.ts';

// Slack's Web API through the official SDK (decision 051), against SLACK_API_URL (slack.com, or
// the local stand-in in tests). One client per server; each call names its token.

/** The SDK's log lines go to the server's log (warn and error only; never tokens), or nowhere. */
export const slackLogger = (log?: Pick<FastifyBaseLogger, 'warn' | 'error'>): Logger => ({
  debug: () => {},
  info: () => {},
  warn: (...msg: unknown[]) => log?.warn({ slack: msg.map(String).join(' ') }, 'slack sdk'),
  error: (...msg: unknown[]) => log?.error({ slack: msg.map(String).join(' ') }, 'slack sdk'),
  setLevel: () => {},
  getLevel: () => LogLevel.WARN,
  setName: () => {},
});

export const createSlackApi = (config: SlackConfig, log: FastifyBaseLogger) =>
  new WebClient(undefined, {
    slackApiUrl: config.apiUrl,
    logger: slackLogger(log),
    // Off the request path, but a dead Slack must not queue work for half an hour (the SDK's default).
    retryConfig: { retries: 1, minTimeout: 200, maxTimeout: 1000 },
    timeout: 10_000,
    rejectRateLimitedCalls: true,
    maxRequestConcurrency: 4,
    // Method names only: a crafted name can never send the token elsewhere.
    allowAbsoluteUrls: false,
  });

export type SlackApi = ReturnType<typeof createSlackApi>;

/** Slack's error code (`users_not_found`, `channel_not_found`, …), or the SDK's for a failed request. */
export const slackErrorOf = (error: unknown): string =>
  error instanceof WebAPIPlatformError
    ? error.data.error
    : ((error as { code?: string } | null)?.code ?? 'request_failed');

/** Text for Slack's mrkdwn: &, < and > are escaped, as Slack asks (links are written by us). */
export const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link in Slack's mrkdwn. */
export const slackLink = (url: string, label: string) => `<${url}|${slackEscape(label)}>`;
