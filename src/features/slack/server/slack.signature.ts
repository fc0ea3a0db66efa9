import { createHmac, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { slackSeenSignatures } from '../../../db/schema/index.ts';
import { SLACK_SIGNATURE_WINDOW_SECONDS } from '../../../shared/constants.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { slackMessages } from '../slack.messages.ts';

// Requests from Slack (decision 051): `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256 of
// `v0:{X-Slack-Request-Timestamp}:{raw body}` under the app's signing secret. A timestamp more
// than five minutes away is refused, and so is a signature already seen in that window (a
// replay): seen signatures are rows, so every instance refuses it.

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** `v0=` and the hex HMAC of the request, as Slack computes it. */
export const slackSignature = (signingSecret: string, timestamp: string, rawBody: string) =>
  `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;

/** The request's signature once checked (401 otherwise): its timestamp is recent and its HMAC ours. */
export const verifySlackRequest = (
  signingSecret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): string => {
  const timestamp = header(headers, 'x-slack-request-timestamp');
  const signature = header(headers, 'x-slack-signature');
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp))
    throw unauthorized(slackMessages.slackSignatureInvalid);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SLACK_SIGNATURE_WINDOW_SECONDS)
    throw unauthorized(slackMessages.slackTimestampStale);
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw unauthorized(slackMessages.slackSignatureInvalid);
  return signature;
};

/** Remembers a checked signature, in the caller's transaction; 401 when it was seen already. */
export const rememberSignature = async (db: Db, signature: string) => {
  // Older ones can go: their timestamps are refused as stale now.
  const before = new Date(Date.now() - 2 * SLACK_SIGNATURE_WINDOW_SECONDS * 1000);
  await db.delete(slackSeenSignatures).where(lt(slackSeenSignatures.seenAt, before));
  const fresh = await db
    .insert(slackSeenSignatures)
    .values({ signature })
    .onConflictDoNothing()
    .returning({ signature: slackSeenSignatures.signature });
  if (fresh.length === 0) throw unauthorized(slackMessages.slackReplay);
};
