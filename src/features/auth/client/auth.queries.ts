import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../client/lib/api.ts';
import { getLastTenant, setLastTenant } from '../../../client/lib/lastTenant.ts';
import { safeRedirect } from '../../../client/lib/redirect.ts';
import { clearToken, getToken, setToken } from '../../../client/lib/session.ts';
import { disconnectRealtime } from '../../../client/lib/socket.ts';
import type { SignInResult } from '../auth.schemas.ts';

export const authKeys = {
  config: ['auth', 'config'] as const,
};

/** The sign-in options of this server: the Google button shows only with a client id. */
export const useAuthConfig = () =>
  useQuery({
    queryKey: authKeys.config,
    queryFn: ({ signal }) => api.get<{ googleClientId: string | null }>('/auth/config', { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    // No Google button is the safe answer when the server cannot say.
    retry: false,
  });

/** What every sign-in sends besides the credentials. */
export const signInExtras = (rememberUser: boolean) => ({ rememberUser, lastTenantSelected: getLastTenant() });

/**
 * Finishes a sign-in (password or Google): keeps the token, remembers the workspace, and goes
 * to the page that was asked for, or to the picker when the session has no workspace yet.
 */
export const useCompleteSignIn = () => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (result: SignInResult, rememberUser: boolean) => {
    if (result.tenantId) setLastTenant(result.tenantId);
    setToken(result.accessToken, rememberUser);
    void navigate(result.tenantId ? safeRedirect(searchParams.get('redirect')) : '/workspaces', { replace: true });
  };
};

/**
 * Logout: the server revokes the token (a failure there changes nothing for the user), then the
 * browser forgets it, the cached data and the live connection. The private-route guard sees the
 * token go and shows the sign-in page. The last workspace stays remembered.
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return async () => {
    if (getToken()) await api.post('/logout', undefined, { silent: true }).catch(() => undefined);
    disconnectRealtime();
    clearToken({ byUser: true });
    queryClient.clear();
  };
};
