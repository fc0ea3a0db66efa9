import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { clearToken, getToken } from '../../../client/lib/session.ts';
import { disconnectRealtime } from '../../../client/lib/socket.ts';

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
