import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/oauth';
import { z } from 'zod';
import { SLACK_STATE_TTL_MS } from '../../../shared/constants.ts';
import { badRequest, forbidden } from '../../../shared/errors.ts';
import { slackMessages } from '../slack.messages.ts';

// The OAuth `state` (decision 051): the workspace and the admin who asked, an expiry and a
// nonce, signed with HMAC-SHA256 under a key derived from the Slack client secret. It needs no
// storage to check; that it is used once is kept by the nonce's row (slack_oauth_states).

export interface InstallState {
  tenantId: string;
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  nonce: string;
}

const ZPayload = z.object({ t: z.uuid(), u: z.uuid(), e: z.number().int(), n: z.string().regex(/^[\w-]{16,64}$/) });

const keyOf = (clientSecret: string) =>
  createHmac('sha256', clientSecret).update('cadence:slack-oauth-state:v1').digest();
const mac = (clientSecret: string, payload: string) =>
  createHmac('sha256', keyOf(clientSecret)).update(payload).digest();

export const signState = (clientSecret: string, state: InstallState) => {
  const payload = Buffer.from(
    JSON.stringify({ t: state.tenantId, u: state.userId, e: state.expiresAt, n: state.nonce }),
  ).toString('base64url');
  return `${payload}.${mac(clientSecret, payload).toString('base64url')}`;
};

const invalid = () => badRequest({ state: slackMessages.slackStateInvalid }, slackMessages.slackStateInvalid);

/** The state's content; 400 when malformed or expired, 403 when its signature is not ours. */
export const verifyState = (clientSecret: string, state: string, now: Date): InstallState => {
  const [payload, signature, ...rest] = state.split('.');
  if (!payload || !signature || rest.length > 0) throw invalid();
  const expected = mac(clientSecret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden(slackMessages.slackStateForged);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = ZPayload.safeParse(decoded);
  if (!parsed.success) throw invalid();
  if (parsed.data.e <= now.getTime())
    throw badRequest({ state: slackMessages.slackStateExpired }, slackMessages.slackStateExpired);
  return { tenantId: parsed.data.t, userId: parsed.data.u, expiresAt: parsed.data.e, nonce: parsed.data.n };
};

/**
 * The state as the SDK's InstallProvider asks for it: `metadata` carries the workspace and the
 * admin (JSON), the state comes back with them as metadata once verified.
 */
export const signedStateStore = (clientSecret: string): StateStore => ({
  generateStateParam: async (options: InstallURLOptions, now: Date) => {
    const { tenantId, userId } = JSON.parse(options.metadata ?? '{}') as { tenantId: string; userId: string };
    return signState(clientSecret, {
      tenantId,
      userId,
      expiresAt: now.getTime() + SLACK_STATE_TTL_MS,
      nonce: randomBytes(18).toString('base64url'),
    });
  },
  verifyStateParam: async (now: Date, state: string) => {
    const verified = verifyState(clientSecret, state, now);
    return { scopes: [], metadata: JSON.stringify(verified) };
  },
});
