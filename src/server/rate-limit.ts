import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema/index.ts';

export type RateLimitKind = 'sign-in-failure' | 'reset-request';

export interface Attempt {
  kind: RateLimitKind;
  /** What is being tried: the email address. */
  subject: string;
  clientAddress: string;
}

/** How many attempts of this kind came for this subject from this address within the window. */
export const recentAttempts = async (db: Db, attempt: Attempt, windowMs: number): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.kind, attempt.kind),
        eq(rateLimitEvents.subject, attempt.subject),
        eq(rateLimitEvents.clientAddress, attempt.clientAddress),
        gt(rateLimitEvents.createdAt, new Date(Date.now() - windowMs)),
      ),
    );
  return row?.n ?? 0;
};

export const recordAttempt = async (db: Db, attempt: Attempt) => {
  await db.insert(rateLimitEvents).values(attempt);
};
