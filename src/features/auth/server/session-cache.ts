import type { Auth } from '../../../server/context.ts';
import { SESSION_CACHE } from '../../../shared/constants.ts';

/**
 * Sessions resolved in the last few seconds, by token hash, so that a burst of calls from one
 * page does not look its session up each time (decisions 039 and 058).
 *
 * It must never serve a revoked session: every transaction that writes a session, a membership
 * or a user clears it after its commit (src/server/transaction.ts), before the request answers —
 * on every instance when there are several (the instances acknowledge the clear, or the writer
 * waits out `ttlMs`, after which no instance holds an entry read before its commit). A lookup
 * that was already reading the database when a clear happened does not store what it read (the
 * generation check), and an entry's age counts from when its read began, so a slow read cannot
 * outlive the bound either.
 */
export interface SessionCache {
  /** The cached answer, or what `read` finds (stored unless a clear came in between). */
  resolve(tokenHash: string, read: () => Promise<CachedSession | null>): Promise<Auth | null>;
  /** Forgets every session on this instance: something that decides who may do what changed. */
  clear(): void;
  /** How long an entry may be served. */
  readonly ttlMs: number;
  /** Entries held (tests). */
  readonly size: number;
}

export interface CachedSession {
  auth: Auth;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  readFrom: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  /** Before this instant the cache only reads through (an instance the others do not know yet). */
  activeFrom?: number;
  now?: () => number;
}

export const createSessionCache = ({
  ttlMs = SESSION_CACHE.ttlMs,
  activeFrom = 0,
  now = Date.now,
}: SessionCacheOptions = {}): SessionCache => {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    async resolve(tokenHash, read) {
      const at = now();
      if (at < activeFrom) return (await read())?.auth ?? null;
      const entry = entries.get(tokenHash);
      if (entry && at - entry.readFrom < ttlMs && at < entry.expiresAt.getTime()) return entry.auth;
      if (entry) entries.delete(tokenHash);
      const readingFrom = generation;
      const found = await read();
      if (!found) return null;
      if (readingFrom === generation) {
        // Bounded: the oldest entry goes first (a Map keeps insertion order).
        if (entries.size >= SESSION_CACHE.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, { ...found, readFrom: at });
      }
      return found.auth;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    ttlMs,
    get size() {
      return entries.size;
    },
  };
};
