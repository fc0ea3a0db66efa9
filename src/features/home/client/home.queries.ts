import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { TASK_LIST_MAX_PAGE, type TaskType } from '../../../shared/tasks.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { TaskPage } from '../../tasks/tasks.schemas.ts';

/**
 * The caller's own open action items of one type (the home widgets): one page, the largest, with
 * the total. Kept under taskKeys.lists, so a card changed in its dialog or by an event refreshes it.
 */
export const useMyOpenItems = (type: TaskType) =>
  useQuery({
    queryKey: [...taskKeys.lists, 'mine', type] as const,
    queryFn: ({ signal }) =>
      api.get<TaskPage>(`/tasks?type=${type}&state=active&offset=0&limit=${TASK_LIST_MAX_PAGE}`, {
        signal,
        silent: true,
      }),
  });
