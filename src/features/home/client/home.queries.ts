import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { TASK_LIST_MAX_PAGE, type TaskType } from '../../../shared/tasks.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { TaskPage } from '../../tasks/tasks.schemas.ts';

/**
 * The caller's own open action items of one type (the home widgets): one page, the largest, with
 * the total, less those of the meetings hidden by the avatar strip. The server leaves them out
 * (`hiddenMeetingIds`, decision 069), so the total is right however many items there are. Kept
 * under taskKeys.lists, so a card changed in its dialog or by an event refreshes it. Waits for
 * `enabled` (the hidden meetings known), so home does not ask twice.
 */
export const useMyOpenItems = (type: TaskType, hiddenMeetingIds: readonly string[], enabled = true) => {
  const hidden = [...hiddenMeetingIds].sort().join(',');
  return useQuery({
    queryKey: [...taskKeys.lists, 'mine', type, hidden] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ type, state: 'active', offset: '0', limit: String(TASK_LIST_MAX_PAGE) });
      if (hidden) params.set('hiddenMeetingIds', hidden);
      return api.get<TaskPage>(`/tasks?${params}`, { signal, silent: true });
    },
  });
};
