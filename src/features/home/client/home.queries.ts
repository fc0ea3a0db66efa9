import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import type { TaskType } from '../../../shared/tasks.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';

/** How many of the caller's open items a home widget reads (one page). */
export const HOME_ITEMS_PAGE = 100;

/** GET /tasks answers a bare list today and `{ items, total }` once it pages: read either. */
const itemsOf = (result: Card[] | { items: Card[] }) => (Array.isArray(result) ? result : result.items);

/**
 * The caller's own open action items of one type (the home widgets): one page. Kept as a list
 * under taskKeys.lists, so a card changed in its dialog or by an event updates it there too.
 */
export const useMyOpenItems = (type: TaskType) =>
  useQuery({
    queryKey: [...taskKeys.lists, 'mine', type] as const,
    queryFn: ({ signal }) =>
      api
        .get<Card[] | { items: Card[] }>(`/tasks?type=${type}&state=active&offset=0&limit=${HOME_ITEMS_PAGE}`, {
          signal,
          silent: true,
        })
        .then(itemsOf),
  });
