import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Task } from '../../features/tasks/tasks.schemas.ts';
import { messages } from '../../shared/messages.ts';
import type { RealtimeEventMap } from '../../shared/realtime.ts';
import { showInfo } from '../ui/toast.ts';
import { api } from './api.ts';
import { registerRealtimeUpdater } from './realtimeCache.ts';

// One client owner of a card (a row of tasks: an action item, a goal, a card on a board): one
// key for the whole card, one hook, the store helpers, and the one 'task.changed' updater.
// Boards, tasks, home and the live meeting show cards in their own views (a board, the
// meeting's lists); each registers how its views refresh when someone else changes a card.

export const cardKeys = {
  all: ['cards'] as const,
  /** The whole card; its dialog's panels (activity, attachments, share, checklists) sit under it. */
  detail: (id: string) => ['cards', id] as const,
};

/** GET /tasks/{id}: the whole card for its dialog; null once it is known to be deleted (see forgetCard). */
export const useCard = (id: string | null) =>
  useQuery({
    queryKey: cardKeys.detail(id ?? ''),
    // Silent: the dialog shows its own error state with the server's message.
    queryFn: ({ signal }) => api.get<Task | null>(`/tasks/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });

/** The card as the server answered a change of it. */
export const storeCard = (queryClient: QueryClient, task: Task) =>
  queryClient.setQueryData(cardKeys.detail(task.id), task);

/**
 * A card known to be deleted (here, or by someone else): its queries stop and it reads as
 * null, which closes its dialog. Refetching it and its parts would only answer 404s, which
 * the browser logs as failed requests.
 */
export const forgetCard = (queryClient: QueryClient, id: string) => {
  void queryClient.cancelQueries({ queryKey: cardKeys.detail(id) });
  queryClient.setQueryData<Task | null>(cardKeys.detail(id), null);
};

/**
 * The boards' chips count their active cards: any card this client adds, changes, moves or
 * deletes (on whichever board, from whichever view) refetches them. Our own changes do not
 * come back as events, so mutations call this themselves.
 */
export const refreshBoardCounts = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: ['boards', 'meeting'] });

/** The meeting's and home's lists of cards (the tasks feature's lists) refetch. */
export const refreshCardLists = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] });

type CardViewsRefresh = (queryClient: QueryClient, data: RealtimeEventMap['task.changed']) => void;
const views = new Set<CardViewsRefresh>();

/** How a feature's views of cards refresh when someone else changes a card (see the updater below). */
export const onCardChanged = (refresh: CardViewsRefresh) => {
  views.add(refresh);
};

/** A change this client made that views cannot see in its answer (our changes come back as no event). */
export const refreshCardViews = (queryClient: QueryClient, data: RealtimeEventMap['task.changed']) => {
  for (const refresh of views) refresh(queryClient, data);
};

// Someone else created, changed, moved or deleted a card (or its checklists, comments, files):
// the views that may show it refetch, and so does an open dialog. A card deleted while its
// dialog is open says so (document 2 §4).
registerRealtimeUpdater('task.changed', (queryClient, data) => {
  for (const refresh of views) refresh(queryClient, data);
  const open = queryClient.getQueryCache().find({ queryKey: cardKeys.detail(data.id), exact: true });
  if (data.action === 'deleted') {
    if (open && open.getObserversCount() > 0) showInfo(messages.cardDeleted);
    // Its dialog closes; nothing of it is asked for again.
    forgetCard(queryClient, data.id);
  } else void queryClient.invalidateQueries({ queryKey: cardKeys.detail(data.id) });
});
