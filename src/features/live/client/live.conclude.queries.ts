import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { CascadingMessage, RecapItems, SaveCascadingMessage } from '../live.schemas.ts';

// The conclude's server state (decision 081): the Recap step's read-back and the session's
// cascading messages. The read-back sits under the tasks' list key, so that whatever refreshes
// the meeting's lists (a card made or changed here, or 'task.changed' from another screen)
// refreshes it too; the messages follow 'live.cascading.changed'.

export const concludeKeys = {
  recap: (sessionId: string) => [...taskKeys.lists, 'session-recap', sessionId] as const,
  messages: (sessionId: string) => ['live', 'cascading', sessionId] as const,
};

const silent = { silent: true } as const;

export const useRecapItems = (sessionId: string) =>
  useQuery({
    queryKey: concludeKeys.recap(sessionId),
    queryFn: ({ signal }) => api.get<RecapItems>(`/sessions/${sessionId}/recap-items`, { signal, ...silent }),
  });

export const useCascadingMessages = (sessionId: string) =>
  useQuery({
    queryKey: concludeKeys.messages(sessionId),
    queryFn: ({ signal }) =>
      api.get<CascadingMessage[]>(`/sessions/${sessionId}/cascading-messages`, { signal, ...silent }),
  });

export type CascadingDraft = SaveCascadingMessage;

/** POST, PUT or DELETE of one message (the form shows failures itself); the list refetches after. */
export const useSaveCascadingMessage = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: CascadingDraft }) =>
      id
        ? api.put<CascadingMessage>(`/sessions/${sessionId}/cascading-messages/${id}`, draft, silent)
        : api.post<CascadingMessage>(`/sessions/${sessionId}/cascading-messages`, draft, silent),
    onSettled: () => queryClient.invalidateQueries({ queryKey: concludeKeys.messages(sessionId) }),
  });
};

export const useDeleteCascadingMessage = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/sessions/${sessionId}/cascading-messages/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: concludeKeys.messages(sessionId) }),
  });
};

registerRealtimeUpdater('live.cascading.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: concludeKeys.messages(data.sessionId) });
});
