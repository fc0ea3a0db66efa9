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
  /**
   * An answer built only from the rows whose writes clear this cache (sessions, memberships,
   * users, workspaces), kept under `key` with the same bound, the same clear and the same
   * generation check as a session (GET /self, decision 066).
   */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Forgets every session on this instance: something that decides who may do what changed. */
  clear(): void;
  /** How long an entry may be served. */
  readonly ttlMs: number;
  /** Entries held, sessions and remembered answers (tests). */
  readonly size: number;
}

export interface CachedSession {
  auth: Auth;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  readFrom: number;
}

interface Remembered {
  value: unknown;
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
  const remembered = new Map<string, Remembered>();
  let generation = 0;
  /** Bounded: the oldest entry goes first (a Map keeps insertion order). */
  const store = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= SESSION_CACHE.maxEntries) map.delete(map.keys().next().value!);
    map.set(key, value);
  };
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
      if (readingFrom === generation) store(entries, tokenHash, { ...found, readFrom: at });
      return found.auth;
    },
    async remember<T>(key: string, read: () => Promise<T>) {
      const at = now();
      if (at < activeFrom) return read();
      const entry = remembered.get(key);
      if (entry && at - entry.readFrom < ttlMs) return entry.value as T;
      if (entry) remembered.delete(key);
      const readingFrom = generation;
      const value = await read();
      if (readingFrom === generation) store(remembered, key, { value, readFrom: at });
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
      remembered.clear();
    },
    ttlMs,
    get size() {
      return entries.size + remembered.size;
    },
  };
};
