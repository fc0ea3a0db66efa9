import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import type { GettingStarted } from '../home.schemas.ts';

export const gettingStartedKeys = { all: ['getting-started'] as const };

/**
 * The workspace's getting-started steps. Asked again each time home opens (a meeting made on
 * another page ticks its step at once), never from a stale cache. A failure toasts, as the
 * system status did on home, besides the panel's own retry.
 */
export const useGettingStarted = () =>
  useQuery({
    queryKey: gettingStartedKeys.all,
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => api.get<GettingStarted>('/getting-started', { signal }),
  });

/** Closes the panel at once; it comes back (with the error toast) if the server refuses. */
export const useDismissGettingStarted = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<GettingStarted>('/getting-started/dismiss'),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: gettingStartedKeys.all });
      const before = client.getQueryData<GettingStarted>(gettingStartedKeys.all);
      if (before) client.setQueryData<GettingStarted>(gettingStartedKeys.all, { ...before, dismissed: true });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(gettingStartedKeys.all, context.before);
    },
    onSuccess: (result) => client.setQueryData(gettingStartedKeys.all, result),
  });
};
