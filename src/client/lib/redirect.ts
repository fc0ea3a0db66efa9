// Where to go after signing in. The target comes from the address bar (`?redirect=`), so it is
// accepted only when it stays on this site; anything else means home.

/** A same-origin path (with its query and hash), or '/' for anything else. */
export const safeRedirect = (target: string | null | undefined): string => {
  if (!target?.startsWith('/')) return '/';
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
};

/** The sign-in page, asked to come back to `path` afterwards (home needs no reminder). */
export const loginPath = (path: string): string =>
  path === '/' || path === '' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
