// "Trust this browser for 30 days" (decision 102): the server's token, kept by this browser and
// sent with its next sign-ins. Only the server can tell whether it still holds.

const KEY = 'cadence.trustedBrowser';

export const getTrustedBrowser = (): string | undefined => {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

export const setTrustedBrowser = (token: string) => {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the code is asked again next time.
  }
};
