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

export const setToken = (token: string, remember: boolean): void => {
  // Only one copy, so that signing in without "remember me" forgets an older remembered token.
  remove(remember ? sessionStorage : localStorage);
  (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  for (const listener of listeners) listener(token);
};

export const clearToken = (): void => {
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
