import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';
import type { LiveSession, LiveState } from '../live.schemas.ts';
import { holdStateReads, liveKeys, resumeStateReads } from './live.queries.ts';

// Issues solved in the room (docs/decisions/036): the calls of the Issues and Headlines steps.
// Card changes reach the other screens as 'task.changed'; the issue being discussed as
// 'live.discussing', which patches the live state in place.

const setDiscussed = (
  queryClient: ReturnType<typeof useQueryClient>,
  sessionId: string,
  discussedTaskId: string | null,
) =>
  queryClient.setQueryData<LiveState>(liveKeys.state(sessionId), (state) =>
    state ? { ...state, session: { ...state.session, discussedTaskId } } : state,
  );

/** POST sessions/{id}/discussing: everyone's screen highlights this issue (null: none). */
export const useDiscussIssue = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string | null) => api.post<LiveSession>(`/sessions/${sessionId}/discussing`, { taskId }),
    onMutate: async (taskId) => {
      const cancelled = await holdStateReads(queryClient, sessionId);
      setDiscussed(queryClient, sessionId, taskId);
      return { cancelled };
    },
    onSuccess: (session) => setDiscussed(queryClient, sessionId, session.discussedTaskId),
    onError: () => void queryClient.invalidateQueries({ queryKey: liveKeys.state(sessionId) }),
    onSettled: (_session, _error, _taskId, context) => resumeStateReads(queryClient, sessionId, context?.cancelled),
  });
};

/** After a room action: the lists refetch, and the discussed issue may have been cleared. */
const useRoomAction = <Input>(sessionId: string, call: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      void queryClient.invalidateQueries({ queryKey: liveKeys.state(sessionId) });
    },
  });
};

/** POST sessions/{id}/issues/{taskId}/solve | backburner. */
export const useIssueDecision = (sessionId: string) =>
  useRoomAction(sessionId, ({ taskId, decision }: { taskId: string; decision: 'solve' | 'backburner' }) =>
    api.post<Card>(`/sessions/${sessionId}/issues/${taskId}/${decision}`),
  );

export interface RoomTodo {
  title: string;
  userId: string;
  dueDate: string | null;
}

/** POST sessions/{id}/issues/{taskId}/todos (the dialog shows failures itself). */
export const useTodosFromIssue = (sessionId: string) =>
  useRoomAction(sessionId, ({ taskId, todos }: { taskId: string; todos: RoomTodo[] }) =>
    api.post<Card[]>(`/sessions/${sessionId}/issues/${taskId}/todos`, { todos }, { silent: true }),
  );

/** POST sessions/{id}/headlines/{taskId}/convert: to an issue ('2') or a to-do ('4'). */
export const useConvertHeadline = (sessionId: string) =>
  useRoomAction(sessionId, ({ taskId, type }: { taskId: string; type: '2' | '4' }) =>
    api.post<Card>(`/sessions/${sessionId}/headlines/${taskId}/convert`, { type }),
  );

registerRealtimeUpdater('live.discussing', (queryClient, data) =>
  setDiscussed(queryClient, data.sessionId, data.taskId),
);
