import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import type { FeedStatus, FeedWithSecret } from '../kpi-feeds.schemas.ts';

// A KPI's feed (decision 119): its status, making it or replacing its secret, and stopping it.

export const kpiFeedKeys = { feed: (scoreId: string) => ['kpis', 'feed', scoreId] as const };

export const useKpiFeed = (scoreId: string, enabled: boolean) =>
  useQuery({
    queryKey: kpiFeedKeys.feed(scoreId),
    queryFn: ({ signal }) => api.get<FeedStatus | null>(`/scores/${scoreId}/feed`, { signal, silent: true }),
    enabled,
    // Values arrive from elsewhere: each opening shows when the last one came.
    refetchOnMount: 'always',
  });

export const useSetKpiFeed = (scoreId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FeedWithSecret>(`/scores/${scoreId}/feed`, {}, { silent: true }),
    onSuccess: ({ secret: _secret, ...status }) => queryClient.setQueryData(kpiFeedKeys.feed(scoreId), status),
  });
};

export const useDeleteKpiFeed = (scoreId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<boolean>(`/scores/${scoreId}/feed`, undefined, { silent: true }),
    onSuccess: () => queryClient.setQueryData(kpiFeedKeys.feed(scoreId), null),
  });
};
