import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Self } from '../../shared/self.ts';
import { api } from './api.ts';
import { useToken } from './useToken.ts';

/** The cache key of who is signed in; whatever changes the session or its workspace refreshes it. */
export const selfKey = ['self'] as const;

/**
 * Who is signed in and in which workspace (GET /self). Silent: the guard shows a failure itself,
 * and a 401 (an expired session) only sends the user to the sign-in page.
 */
export const selfQuery = queryOptions({
  queryKey: selfKey,
  queryFn: ({ signal }) => api.get<Self>('/self', { signal, silent: true }),
});

export const useSelf = () => {
  const token = useToken();
  return useQuery({ ...selfQuery, enabled: token !== null });
};
