import type { Db } from '../db/client.ts';
import type { PendingEvent } from './context.ts';

// Where a transaction's events may be written down before it commits: a sink sees every event
// the transaction raised, with the transaction itself, so whatever it writes (an outbox row)
// commits or rolls back with the change. Core imports no feature: app.ts registers the sinks.

/** What a transaction's events came from. */
export interface EventOrigin {
  /** The person (or a workspace token's service account) who made the change; null for a job. */
  userId: string | null;
}

/** Writes what it needs in `tx`; may return work to run once the transaction has committed. */
export type EventSink = (
  tx: Db,
  events: readonly PendingEvent[],
  origin: EventOrigin,
) => Promise<(() => void) | undefined>;

const sinks = new Set<EventSink>();

/** Registered once at load (app.ts); a set, so several apps in one process register once. */
export const registerEventSink = (sink: EventSink) => {
  sinks.add(sink);
};

/** Runs every sink inside the transaction, after the work, before the commit; returns the after-commit work. */
export const sinkEvents = async (tx: Db, events: readonly PendingEvent[], origin: EventOrigin) => {
  const after: (() => void)[] = [];
  if (events.length === 0) return after;
  for (const sink of sinks) {
    const then = await sink(tx, events, origin);
    if (then) after.push(then);
  }
  return after;
};
