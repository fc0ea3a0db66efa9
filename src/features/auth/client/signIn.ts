import { getLastTenant, setLastTenant } from '../../../client/lib/lastTenant.ts';
import { safeRedirect } from '../../../client/lib/redirect.ts';
import { useNavigate, useSearchParams } from '../../../client/lib/router/index.ts';
import { setToken } from '../../../client/lib/session.ts';
import type { SignInResult } from '../auth.schemas.ts';
import { getTrustedBrowser, setTrustedBrowser } from './two-factor/trustedBrowser.ts';

// What every way of signing in shares on the client. No query cache here: the sign-in page
// loads without it (decision 095).

/** What every sign-in sends besides the credentials (with the trusted-browser token, decision 102). */
export const signInExtras = (rememberUser: boolean) => {
  const trustedBrowser = getTrustedBrowser();
  return { rememberUser, lastTenantSelected: getLastTenant(), ...(trustedBrowser ? { trustedBrowser } : {}) };
};

/**
 * Finishes a sign-in (password or Google): keeps the token, remembers the workspace, and goes
 * to the page that was asked for, or to the picker when the session has no workspace yet.
 */
export const useCompleteSignIn = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (result: SignInResult, rememberUser: boolean) => {
    if (result.tenantId) setLastTenant(result.tenantId);
    if (result.trustedBrowser) setTrustedBrowser(result.trustedBrowser);
    setToken(result.accessToken, rememberUser);
    void navigate(result.tenantId ? safeRedirect(searchParams.get('redirect')) : '/workspaces', { replace: true });
  };
};
