import type { Auth } from '../../../server/context.ts';
import { SESSION_CACHE } from '../../../shared/constants.ts';

/**
 * Sessions resolved in the last few seconds, by token hash, so that a burst of calls from one
 * page does not look its session up each time (docs/decisions/039-per-request-work.md).
 *
 * It is used only where this process is the only writer of the database (the embedded
 * database: the data lock of decision 025 guarantees it), because it must never serve a
 * revoked session: every transaction that writes a session, a membership or a user clears
 * it after its commit (src/server/transaction.ts), before the request answers. A lookup that
 * was already reading the database when a clear happened does not store what it read (the
 * generation check), so a stale answer cannot slip back in after the clear.
 */
export interface SessionCache {
  /** The cached answer, or what `read` finds (stored unless a clear came in between). */
  resolve(tokenHash: string, read: () => Promise<CachedSession | null>): Promise<Auth | null>;
  /** Forgets every session: something that decides who may do what changed. */
  clear(): void;
  /** Entries held (tests). */
  readonly size: number;
}

export interface CachedSession {
  auth: Auth;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  storedAt: number;
}

export const createSessionCache = (now: () => number = Date.now): SessionCache => {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    async resolve(tokenHash, read) {
      const entry = entries.get(tokenHash);
      const at = now();
      if (entry && at - entry.storedAt < SESSION_CACHE.ttlMs && at < entry.expiresAt.getTime()) return entry.auth;
      if (entry) entries.delete(tokenHash);
      const readingFrom = generation;
      const found = await read();
      if (!found) return null;
      if (readingFrom === generation) {
        // Bounded: the oldest entry goes first (a Map keeps insertion order).
        if (entries.size >= SESSION_CACHE.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, { ...found, storedAt: now() });
      }
      return found.auth;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
};
