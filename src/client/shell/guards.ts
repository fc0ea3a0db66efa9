import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPath, safeRedirect } from '../lib/redirect.ts';
import { getToken } from '../lib/session.ts';

// Route loaders that decide before a page's code loads. They look at the token only: whether
// the session is still valid is the server's answer to GET /self (see RequireAuth).

/** Private routes: nobody signed in → the sign-in page, which comes back here afterwards. */
export const requireToken = ({ request }: LoaderFunctionArgs) => {
  if (getToken()) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(`${url.pathname}${url.search}`));
};

/** /login and /sign-up: a signed-in user goes on to the app (spec document 3 §2). */
export const redirectIfSignedIn = ({ request }: LoaderFunctionArgs) => {
  if (!getToken()) return null;
  throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
};
