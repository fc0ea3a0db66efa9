import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import type { RateLimit } from '../shared/constants.ts';
import { tooManyRequests } from '../shared/errors.ts';
import { messages } from '../shared/messages.ts';

/** One limited thing a request counts against: e.g. sign-in tries of one account. */
export interface LimitedKey {
  /** What is counted, e.g. `sign-in:account:ann@example.com`. */
  key: string;
  limit: RateLimit;
}

/** Gives the counted tries back (e.g. a sign-in that succeeded must not count as a failure). */
export type Refund = () => Promise<void>;

const windowStartOf = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

// Old windows are removed now and then by the tries themselves, so no job has to run.
const CLEANUP_EVERY = 200;
const KEEP_MS = 24 * 3600 * 1000;

/**
 * Counts one try against each key, in order, with one atomic upsert per key on a fixed-window
 * counter row (`INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`): there is
 * no read-then-write, so N concurrent tries get the counts 1…N and exactly `max` of them pass,
 * on PGlite and PostgreSQL alike. The first key over its limit refuses the try with 429 and a
 * Retry-After of the rest of its window; the keys counted before it are given back.
 *
 * `db` must be the database itself, not a request's transaction: a refused or failed request
 * rolls its transaction back, and its try must still count (and the row lock must not be held
 * while a password is hashed).
 */
export const countTry = async (
  db: Db,
  keys: LimitedKey[],
  message: string = messages.tooManyRequests,
): Promise<Refund> => {
  const counted: { key: string; windowStart: Date }[] = [];
  const refund: Refund = async () => {
    for (const { key, windowStart } of counted) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${windowStart}`);
    }
  };
  const now = Date.now();
  for (const { key, limit } of keys) {
    const windowStart = windowStartOf(now, limit.windowMs);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    if ((row?.count ?? 0) > limit.max) {
      await refund();
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now) / 1000));
      throw tooManyRequests(message, retryAfter);
    }
    counted.push({ key, windowStart });
  }
  if (Math.random() * CLEANUP_EVERY < 1) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now - KEEP_MS)));
  }
  return refund;
};

/** Email addresses are compared lower-cased everywhere; so are their counters. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts a signed-in user's try of `what` against `limit` (key `{what}:user:{userId}`). Without a
 * session nothing is counted: the call answers 401 anyway.
 */
export const limitPerUser = (request: FastifyRequest, what: string, limit: RateLimit) =>
  request.auth ? countTry(request.server.database.db, [{ key: `${what}:user:${request.auth.userId}`, limit }]) : null;
