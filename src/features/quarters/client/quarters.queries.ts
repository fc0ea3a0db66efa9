import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import type { Annual, Quarter, QuarterRecord, SaveAnnual, SaveQuarterRecord } from '../quarters.schemas.ts';

export const quarterKeys = {
  all: ['quarters'] as const,
  annuals: (page: number) => ['quarters', 'annuals', page] as const,
  choices: ['quarters', 'choices'] as const,
  records: (page: number) => ['quarters', 'records', page] as const,
  window: (since: IsoDate, until: IsoDate) => ['quarters', 'window', since, until] as const,
};

export const QUARTERS_PAGE_SIZE = 25;

type Page<T> = { items: T[]; total: number; offset: number };

export const useAnnuals = (page: number) =>
  useQuery({
    queryKey: quarterKeys.annuals(page),
    queryFn: ({ signal }) =>
      api.get<Page<Annual>>(`/annuals?offset=${page * QUARTERS_PAGE_SIZE}&limit=${QUARTERS_PAGE_SIZE}`, {
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

export const useAnnualChoices = () =>
  useQuery({
    queryKey: quarterKeys.choices,
    queryFn: ({ signal }) => api.get<{ years: number[] }>('/annuals/choices', { signal, silent: true }),
  });

export const useQuarterRecords = (page: number) =>
  useQuery({
    queryKey: quarterKeys.records(page),
    queryFn: ({ signal }) =>
      api.get<Page<QuarterRecord>>(`/quartals?offset=${page * QUARTERS_PAGE_SIZE}&limit=${QUARTERS_PAGE_SIZE}`, {
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

/** The workspace's quarters touching the days `since`–`until` (period pickers). */
export const useQuarters = (since: IsoDate, until: IsoDate, enabled = true) =>
  useQuery({
    enabled,
    queryKey: quarterKeys.window(since, until),
    queryFn: ({ signal }) => api.get<Quarter[]>(`/quarters?since=${since}&until=${until}`, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: quarterKeys.all });
};

/** Saves a year in either shape: an annual (by id or new) or a quarter record. */
export const useSaveYear = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (
      input: { kind: 'annual'; id: string | null; body: SaveAnnual } | { kind: 'quartal'; body: SaveQuarterRecord },
    ): Promise<Annual | QuarterRecord> =>
      input.kind === 'quartal'
        ? api.post<QuarterRecord>('/quartals', input.body, { silent: true })
        : input.id
          ? api.put<Annual>(`/annuals/${input.id}`, input.body, { silent: true })
          : api.post<Annual>('/annuals', input.body, { silent: true }),
    onSuccess: refresh,
  });
};

export const useDeleteYear = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/annuals/${id}`, undefined, { silent: true }),
    onSuccess: refresh,
  });
};

// An admin changed a year's periods: pages and pickers refetch.
registerRealtimeUpdater('quarters.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: quarterKeys.all });
});
