// The bearer token of the signed-in user. A remembered session survives the browser being
// closed (localStorage); otherwise it lives only as long as the tab (sessionStorage).

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

export const clearToken = (options: { byUser?: boolean } = {}): void => {
  endedByUser = options.byUser ?? false;
  const had = getToken() !== null;
  remove(sessionStorage);
  remove(localStorage);
  if (had) for (const listener of listeners) listener(null);
};

/** Calls `listener` whenever the token is set or cleared; returns the unsubscribe function. */
export const onTokenChange = (listener: TokenListener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
