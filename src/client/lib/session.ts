// The bearer token of the signed-in user. A remembered session survives the browser being
// closed (localStorage); otherwise it lives as long as the browser session (sessionStorage):
// a tab opened without one borrows it from another open tab of this site (borrowSession), and
// logging out in one tab ends it in all of them.

const TOKEN_KEY = 'cadence.token';

type TokenListener = (token: string | null) => void;
const listeners = new Set<TokenListener>();

// Storage can throw (disabled cookies, private modes); a missing session is the safe answer.
const read = (storage: Storage): string | null => {
  try {
    return storage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

const remove = (storage: Storage): void => {
  try {
    storage.removeItem(TOKEN_KEY);
  } catch {
    // nothing to remove
  }
};

export const getToken = (): string | null => read(sessionStorage) ?? read(localStorage);

// Why the last session ended: the sign-in page is reached with "?redirect=" only when the
// session ended by itself (401), not when the user chose to log out.
let endedByUser = false;

/** True when the token was last cleared by the user logging out. */
export const sessionEndedByUser = (): boolean => endedByUser;

export const setToken = (token: string, remember: boolean): void => {
  endedByUser = false;
  // Only one copy, so that signing in without "remember me" forgets an older remembered token.
  remove(remember ? sessionStorage : localStorage);
  (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  for (const listener of listeners) listener(token);
};

const forget = (byUser: boolean): void => {
  endedByUser = byUser;
  const had = getToken() !== null;
  remove(sessionStorage);
  remove(localStorage);
  if (had) for (const listener of listeners) listener(null);
};

// The tabs of this site in this browser talk over one channel (same origin only): a new tab asks
// for the session, a tab that has one answers, and a logout tells the others.
type TabMessage = { type: 'ask' } | { type: 'token'; token: string } | { type: 'logged-out'; token: string };
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cadence.session');
channel?.addEventListener('message', ({ data }: MessageEvent<TabMessage>) => {
  const own = read(sessionStorage);
  if (data?.type === 'ask' && own) channel.postMessage({ type: 'token', token: own } satisfies TabMessage);
  if (data?.type === 'logged-out' && own === data.token) forget(true);
});

export const clearToken = (options: { byUser?: boolean } = {}): void => {
  const token = read(sessionStorage);
  forget(options.byUser ?? false);
  if (options.byUser && token) channel?.postMessage({ type: 'logged-out', token } satisfies TabMessage);
};

/**
 * This tab's token, or the browser session of another open tab: without one of its own, a tab
 * asks the others and keeps the first answer (within `waitMs`); null when no tab has a session.
 */
export const borrowSession = (waitMs = 250): Promise<string | null> => {
  const own = getToken();
  if (own || !channel) return Promise.resolve(own);
  const open = channel;
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      open.removeEventListener('message', onAnswer);
      resolve(token);
    };
    const onAnswer = ({ data }: MessageEvent<TabMessage>) => {
      if (data?.type !== 'token' || typeof data.token !== 'string') return;
      try {
        sessionStorage.setItem(TOKEN_KEY, data.token);
      } catch {
        // A tab that cannot keep it still uses it for this page.
      }
      for (const listener of listeners) listener(data.token);
      done(data.token);
    };
    const timer = setTimeout(() => done(getToken()), waitMs);
    open.addEventListener('message', onAnswer);
    open.postMessage({ type: 'ask' } satisfies TabMessage);
  });
};

/** Calls `listener` whenever the token is set or cleared; returns the unsubscribe function. */
export const onTokenChange = (listener: TokenListener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
