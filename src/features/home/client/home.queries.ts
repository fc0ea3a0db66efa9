import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { TASK_LIST_MAX_PAGE, type TaskType } from '../../../shared/tasks.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { TaskPage } from '../../tasks/tasks.schemas.ts';

/**
 * The caller's own open action items of one type (the home widgets): one page, the largest, with
 * the total; with `meetingId` (the avatar strip) only that meeting's, filtered by the server so
 * the total is right however many items there are. Kept under taskKeys.lists, so a card changed
 * in its dialog or by an event refreshes it.
 */
export const useMyOpenItems = (type: TaskType, filter: { userId: string; meetingId: string | null }) =>
  useQuery({
    queryKey: [...taskKeys.lists, 'mine', type, filter.meetingId] as const,
    // A meeting's list names the member: the caller's own items of that meeting (GET /tasks).
    enabled: !filter.meetingId || filter.userId !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ type, state: 'active', offset: '0', limit: String(TASK_LIST_MAX_PAGE) });
      if (filter.meetingId) {
        params.set('meetingId', filter.meetingId);
        params.set('memberId', filter.userId);
      }
      return api.get<TaskPage>(`/tasks?${params}`, { signal, silent: true });
    },
  });
