import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {
  Answers,
  Conversation,
  ConversationSummary,
  CoreValue,
  CoreValues,
  CreateConversation,
  CreatePair,
  History,
  OneOnOne,
  Pair,
  Pairs,
  ReportingLines,
  TalkingPoint,
  UpdateOneOnOne,
  UpdatePoint,
} from '../people-tools.schemas.ts';

// The people tools' one client owner: query keys, reads, writes and how events touch the cache.

export const peopleToolsKeys = {
  all: ['people-tools'] as const,
  coreValues: ['people-tools', 'core-values'] as const,
  reporting: (unplaced: boolean, offset: number) => ['people-tools', 'reporting', unplaced, offset] as const,
  reportingAll: ['people-tools', 'reporting'] as const,
  pairs: ['people-tools', 'pairs'] as const,
  pair: (id: string) => ['people-tools', 'pair', id] as const,
  meeting: (id: string) => ['people-tools', 'meeting', id] as const,
  history: (pairId: string) => ['people-tools', 'history', pairId] as const,
  conversations: (pairId: string) => ['people-tools', 'conversations', pairId] as const,
  conversation: (id: string) => ['people-tools', 'conversation', id] as const,
};

const silent = { silent: true } as const;
export const PAGE = 25;

export const coreValuesQuery = queryOptions({
  queryKey: peopleToolsKeys.coreValues,
  queryFn: ({ signal }) => api.get<CoreValues>('/core-values', { signal, ...silent }),
});
export const useCoreValues = () => useQuery(coreValuesQuery);

const useInvalidate = (key: readonly unknown[]) => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: key });
};

export const useSaveCoreValue = () => {
  const refetch = useInvalidate(peopleToolsKeys.coreValues);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Partial<CoreValue> }) =>
      id
        ? api.patch<CoreValue>(`/core-values/${id}`, input, silent)
        : api.post<CoreValue>('/core-values', input, silent),
    onSettled: refetch,
  });
};

export const useReorderCoreValues = () => {
  const refetch = useInvalidate(peopleToolsKeys.coreValues);
  return useMutation({
    mutationFn: (ids: string[]) => api.put<CoreValue[]>('/core-values/order', { ids }, silent),
    onSettled: refetch,
  });
};

export const useReportingLines = (unplaced: boolean, offset: number) =>
  useQuery({
    queryKey: peopleToolsKeys.reporting(unplaced, offset),
    queryFn: ({ signal }) =>
      api.get<ReportingLines>(`/reporting-lines?unplaced=${unplaced}&offset=${offset}&limit=${PAGE}`, {
        signal,
        ...silent,
      }),
    placeholderData: keepPreviousData,
  });

export const useSetManager = () => {
  const refetch = useInvalidate(peopleToolsKeys.reportingAll);
  return useMutation({
    mutationFn: ({ reportId, managerId }: { reportId: string; managerId: string | null | 'chart' }) =>
      managerId === 'chart'
        ? api.delete(`/reporting-lines/${reportId}`, undefined, silent)
        : api.put(`/reporting-lines/${reportId}`, { managerId }, silent),
    onSettled: refetch,
  });
};

export const usePairs = (offset: number) =>
  useQuery({
    queryKey: [...peopleToolsKeys.pairs, offset],
    queryFn: ({ signal }) => api.get<Pairs>(`/one-on-ones?offset=${offset}&limit=${PAGE}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
  });

export const usePair = (id: string) =>
  useQuery({
    queryKey: peopleToolsKeys.pair(id),
    queryFn: ({ signal }) => api.get<Pair>(`/one-on-ones/${id}`, { signal, ...silent }),
  });

export const useCreatePair = () => {
  const refetch = useInvalidate(peopleToolsKeys.pairs);
  return useMutation({
    mutationFn: (input: CreatePair) => api.post<Pair>('/one-on-ones', input, silent),
    onSettled: refetch,
  });
};

export const useUpdatePair = (id: string) => {
  const refetch = useInvalidate(peopleToolsKeys.pair(id));
  return useMutation({
    mutationFn: (input: { sharedWithAdmins: boolean }) => api.patch<Pair>(`/one-on-ones/${id}`, input, silent),
    onSettled: refetch,
  });
};

/** The pair's current 1:1 (made on first call), then the 1:1 itself. */
export const useUpcoming = (pairId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...peopleToolsKeys.pair(pairId), 'upcoming'],
    queryFn: () => api.post<{ id: string }>(`/one-on-ones/${pairId}/upcoming`, undefined, silent),
    enabled,
    staleTime: 30_000,
  });

export const useOneOnOne = (id: string | undefined) =>
  useQuery({
    queryKey: peopleToolsKeys.meeting(id ?? ''),
    queryFn: ({ signal }) => api.get<OneOnOne>(`/one-on-one-meetings/${id}`, { signal, ...silent }),
    enabled: Boolean(id),
  });

export const useUpdateOneOnOne = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOneOnOne) => api.patch<OneOnOne>(`/one-on-one-meetings/${id}`, input, silent),
    onSuccess: (meeting) => {
      queryClient.setQueryData(peopleToolsKeys.meeting(id), meeting);
      void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.pair(meeting.pairId) });
      void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.history(meeting.pairId) });
    },
  });
};

export const usePointActions = (meetingId: string) => {
  const refetch = useInvalidate(peopleToolsKeys.meeting(meetingId));
  const add = useMutation({
    mutationFn: (input: { title: string; recurring: boolean }) =>
      api.post<TalkingPoint>(`/one-on-one-meetings/${meetingId}/points`, input, silent),
    onSettled: refetch,
  });
  const update = useMutation({
    mutationFn: ({ pointId, input }: { pointId: string; input: UpdatePoint }) =>
      api.patch<TalkingPoint>(`/one-on-one-meetings/${meetingId}/points/${pointId}`, input, silent),
    onSettled: refetch,
  });
  const convert = useMutation({
    mutationFn: ({ pointId, type }: { pointId: string; type: 'todo' | 'issue' }) =>
      api.post<TalkingPoint>(`/one-on-one-meetings/${meetingId}/points/${pointId}/convert`, { type }, silent),
    onSettled: refetch,
  });
  return { add, update, convert };
};

export const useHistory = (pairId: string, q: string, limit: number) =>
  useQuery({
    queryKey: [...peopleToolsKeys.history(pairId), q, limit],
    queryFn: ({ signal }) =>
      api.get<History>(`/one-on-ones/${pairId}/history?limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}`, {
        signal,
        ...silent,
      }),
    placeholderData: keepPreviousData,
  });

export const useConversations = (pairId: string, limit: number) =>
  useQuery({
    queryKey: [...peopleToolsKeys.conversations(pairId), limit],
    queryFn: ({ signal }) =>
      api.get<{ items: ConversationSummary[]; total: number }>(`/one-on-ones/${pairId}/conversations?limit=${limit}`, {
        signal,
        ...silent,
      }),
    placeholderData: keepPreviousData,
  });

export const useCreateConversation = (pairId: string) => {
  const refetch = useInvalidate(peopleToolsKeys.conversations(pairId));
  return useMutation({
    mutationFn: (input: CreateConversation) =>
      api.post<ConversationSummary>(`/one-on-ones/${pairId}/conversations`, input, silent),
    onSettled: refetch,
  });
};

export const useConversation = (id: string) =>
  useQuery({
    queryKey: peopleToolsKeys.conversation(id),
    queryFn: ({ signal }) => api.get<Conversation>(`/conversations/${id}`, { signal, ...silent }),
  });

export const useConversationActions = (id: string) => {
  const queryClient = useQueryClient();
  const onSuccess = (conversation: Conversation) => {
    queryClient.setQueryData(peopleToolsKeys.conversation(id), conversation);
    void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.conversations(conversation.pairId) });
  };
  return {
    saveForm: useMutation({
      mutationFn: (input: { answers: Answers; submit: boolean }) =>
        api.put<Conversation>(`/conversations/${id}/form`, input, silent),
      onSuccess,
    }),
    saveSummary: useMutation({
      mutationFn: (summary: string) => api.put<Conversation>(`/conversations/${id}/summary`, { summary }, silent),
      onSuccess,
    }),
    acknowledge: useMutation({
      mutationFn: () => api.post<Conversation>(`/conversations/${id}/acknowledge`, undefined, silent),
      onSuccess,
    }),
  };
};

registerRealtimeUpdater('peopleTools.coreValuesChanged', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.coreValues });
});
registerRealtimeUpdater('peopleTools.oneOnOneChanged', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.pairs });
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.pair(data.pairId) });
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.history(data.pairId) });
  if (data.oneOnOneId) void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.meeting(data.oneOnOneId) });
});
registerRealtimeUpdater('peopleTools.conversationChanged', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.conversations(data.pairId) });
  void queryClient.invalidateQueries({ queryKey: peopleToolsKeys.conversation(data.conversationId) });
});
