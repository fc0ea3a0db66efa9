import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { refreshCardLists } from '../../../client/lib/cards.ts';
import type { MyMilestones } from '../milestones.schemas.ts';
import type { Checklist, MyChecklistItems } from '../tasks.schemas.ts';

// The caller's own steps on home's To Do's: the milestones and checklist items they own. Under the
// card lists' key, so a card, milestone or checklist changed here or by someone else (task.changed)
// refreshes them with the lists.

const silent = { silent: true };
const MY_ITEMS = '/checklist-items/mine';

/** The lists of checklist items by owner (home's and the live To-Do review's): after a checklist change here. */
export const refreshOwnedChecklistItems = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['tasks', 'list', MY_ITEMS] });
  void queryClient.invalidateQueries({ queryKey: ['tasks', 'list', 'checklist-items'] });
};

const useMine = <T>(path: string, hiddenMeetingIds: readonly string[], enabled: boolean) => {
  const hidden = [...hiddenMeetingIds].sort().join(',');
  return useQuery({
    queryKey: ['tasks', 'list', path, hidden] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<T>(`${path}${hidden ? `?hiddenMeetingIds=${hidden}` : ''}`, { signal, ...silent }),
  });
};

/** The caller's open milestones, less those of hidden meetings. */
export const useMyMilestones = (hiddenMeetingIds: readonly string[], enabled = true) =>
  useMine<MyMilestones>('/milestones/mine', hiddenMeetingIds, enabled);

/** The caller's open checklist items, less those of hidden meetings. */
export const useMyChecklistItems = (hiddenMeetingIds: readonly string[], enabled = true) =>
  useMine<MyChecklistItems>(MY_ITEMS, hiddenMeetingIds, enabled);

/** Ticks one of the caller's checklist items from home; the lists and the card follow. */
export const useTickMyItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<Checklist>(`/checklist-items/${id}`, { status: '1' }),
    onSettled: () => refreshCardLists(queryClient),
  });
};
