import type { QueryClient } from '@tanstack/react-query';
import { loginPath, safeRedirect } from '../lib/redirect.ts';
import { type LoaderFunctionArgs, redirect } from '../lib/router/index.ts';
import { borrowSession, getToken } from '../lib/session.ts';

// The query cache is imported when a private page needs it, not by the entry (decision 095).
const cache = () => import('../lib/queryClient.ts').then(({ queryClient }) => queryClient);

// Route loaders that decide before a page's code loads. They look at the token only: whether
// the session is still valid is the server's answer to GET /self (see RequireAuth).

/**
 * Private routes: nobody signed in → the sign-in page, which comes back here afterwards. With a
 * token, GET /self starts now, while the page's code loads, instead of after it (RequireAuth
 * reads the answer from the cache; a failure is its to show, so it is not awaited here).
 */
export const requireToken = async ({ request }: LoaderFunctionArgs) => {
  // A new tab of a signed-in browser takes the session of the tabs already open.
  if (await borrowSession()) {
    void Promise.all([cache(), import('../lib/self.ts')]).then(([client, { selfQuery }]) =>
      client.prefetchQuery(selfQuery),
    );
    return null;
  }
  const url = new URL(request.url);
  throw redirect(loginPath(`${url.pathname}${url.search}`));
};

/** /login and /sign-up: a signed-in user goes on to the app (spec document 3 §2). */
export const redirectIfSignedIn = async ({ request }: LoaderFunctionArgs) => {
  if (!(await borrowSession())) return null;
  throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
};

/**
 * A private page's loader that starts the page's first requests while its code loads, instead
 * of after. Not awaited, and its failures are ignored here: the page asks the cache for the same
 * queries and shows their loading state and errors itself.
 */
export const prefetching =
  (start: (args: LoaderFunctionArgs, client: QueryClient) => Promise<unknown>) => (args: LoaderFunctionArgs) => {
    if (getToken()) void cache().then((client) => start(args, client).catch(() => {}));
    return null;
  };
