import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../analyzer.events.ts';
import type { AnalyzerBar, AnalyzerHistory, AnalyzerRow, AnalyzerTable, RatePerson } from '../people-tools.schemas.ts';
import { peopleToolsKeys } from './people-tools.queries.ts';

// The People Analyzer's reads and writes; its keys sit under the people tools' own.

export const analyzerKeys = {
  all: [...peopleToolsKeys.all, 'analyzer'] as const,
  table: (params: AnalyzerParams) => [...peopleToolsKeys.all, 'analyzer', 'table', params] as const,
  history: (personId: string, offset: number) =>
    [...peopleToolsKeys.all, 'analyzer', 'history', personId, offset] as const,
};

export interface AnalyzerParams {
  quarter: string;
  meetingId: string | null;
  groupId: string | null;
  offset: number;
}

export const ANALYZER_PAGE = 25;
export const HISTORY_PAGE = 4;
const silent = { silent: true } as const;

export const useAnalyzer = (params: AnalyzerParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: analyzerKeys.table(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        quarter: params.quarter,
        offset: String(params.offset),
        limit: String(ANALYZER_PAGE),
      });
      if (params.meetingId) query.set('meetingId', params.meetingId);
      if (params.groupId) query.set('groupId', params.groupId);
      return api.get<AnalyzerTable>(`/people-analyzer?${query}`, { signal, ...silent });
    },
    placeholderData: keepPreviousData,
  });

export const useAnalyzerHistory = (personId: string, offset: number) =>
  useQuery({
    queryKey: analyzerKeys.history(personId, offset),
    queryFn: ({ signal }) =>
      api.get<AnalyzerHistory>(`/people-analyzer/people/${personId}/history?offset=${offset}&limit=${HISTORY_PAGE}`, {
        signal,
        ...silent,
      }),
    placeholderData: keepPreviousData,
  });

/** Rates one cell; the table's row is replaced by the answer, so the colour and the flag follow at once. */
export const useRatePerson = (params: AnalyzerParams) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, input }: { personId: string; input: RatePerson }) =>
      api.patch<AnalyzerRow>(`/people-analyzer/people/${personId}/ratings/${params.quarter}`, input, silent),
    onSuccess: (row) => {
      queryClient.setQueryData<AnalyzerTable>(analyzerKeys.table(params), (table) =>
        table ? { ...table, items: table.items.map((item) => (item.person.id === row.person.id ? row : item)) } : table,
      );
      void queryClient.invalidateQueries({ queryKey: [...analyzerKeys.all, 'history', row.person.id] });
    },
  });
};

export const useSaveBar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bar: AnalyzerBar) => api.put<AnalyzerBar>('/people-analyzer/bar', bar, silent),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: analyzerKeys.all }),
  });
};

registerRealtimeUpdater('peopleTools.analyzerChanged', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: analyzerKeys.all });
});
// Core values added, renamed or retired change the table's columns.
registerRealtimeUpdater('peopleTools.coreValuesChanged', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: analyzerKeys.all });
});
