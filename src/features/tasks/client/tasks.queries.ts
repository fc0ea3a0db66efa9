import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import { forgetCard, onCardChanged, refreshBoardCounts, storeCard } from '../../../client/lib/cards.ts';
import { TASK_LIST_PAGE_SIZE, type TaskType } from '../../../shared/tasks.ts';
import type { Card, Task, TaskCounts, TaskPage, ZCreateTask, ZUpdateTask } from '../tasks.schemas.ts';

// Server state of action items: one key factory, the hooks the dashboard and the task dialog
// use, and how 'task.changed' events change the cache (ids only arrive, so queries refetch).

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  meeting: (meetingId: string) => ['tasks', 'list', 'meeting', meetingId] as const,
};

// Reads are silent: each area shows its own error state with the server's message.
const silent = { silent: true } as const;

/**
 * GET /tasks?meetingId=…&type=…&state=…: one of the dashboard's lists, a page at a time from
 * the server ("Show N more" loads the next). A refetch reloads the pages already shown.
 */
export const meetingTaskListQuery = (
  meetingId: string,
  type: TaskType,
  state: 'active' | 'done',
  pageSize: number = TASK_LIST_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: [...taskKeys.meeting(meetingId), type, state, pageSize],
    queryFn: ({ pageParam, signal }) =>
      api.get<TaskPage>(
        `/tasks?meetingId=${encodeURIComponent(meetingId)}&type=${type}&state=${state}&offset=${pageParam}&limit=${pageSize}`,
        { signal, ...silent },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: TaskPage) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

export const useMeetingTaskList = (
  meetingId: string,
  type: TaskType,
  state: 'active' | 'done',
  pageSize: number = TASK_LIST_PAGE_SIZE,
  enabled = true,
) => useInfiniteQuery({ ...meetingTaskListQuery(meetingId, type, state, pageSize), enabled });

/** The cards of the pages loaded so far, each once (a change between two pages can shift one). */
export const loadedCards = (data: InfiniteData<TaskPage> | undefined): Card[] => {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.items.filter((card) => {
      if (seen.has(card.id)) return false;
      seen.add(card.id);
      return true;
    }),
  );
};

/** How many are left to load after the pages shown. */
export const remainingCards = (data: InfiniteData<TaskPage> | undefined) => {
  const last = data?.pages[data.pages.length - 1];
  return last ? Math.max(0, last.total - last.offset - last.items.length) : 0;
};

/** GET /tasks/counts?meetingId=…: active and done per type, for the tabs. */
export const useMeetingTaskCounts = (meetingId: string) =>
  useQuery({
    queryKey: [...taskKeys.meeting(meetingId), 'counts'],
    queryFn: ({ signal }) =>
      api.get<TaskCounts>(`/tasks/counts?meetingId=${encodeURIComponent(meetingId)}`, { signal, ...silent }),
  });

/** Applies `change` to the cards of every cached page of every list (counts are left alone). */
const changeCachedCards = (queryClient: QueryClient, change: (cards: Card[]) => Card[]) =>
  queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey: taskKeys.lists }, (data) =>
    data && 'pages' in data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) }
      : data,
  );

/** Puts a changed card into every cached list that holds it, and its detail. */
const storeTask = (queryClient: QueryClient, task: Task) => {
  storeCard(queryClient, task);
  changeCachedCards(queryClient, (cards) => cards.map((card) => (card.id === task.id ? { ...card, ...task } : card)));
};

export type CreateTaskInput = z.input<typeof ZCreateTask>;
export type UpdateTaskInput = z.input<typeof ZUpdateTask>;

/** POST /tasks (the dialog shows failures itself). */
export const useCreateTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => api.post<Task>('/tasks', input, silent),
    onSuccess: (task) => {
      storeCard(queryClient, task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      refreshBoardCounts(queryClient);
    },
  });
};

/**
 * PATCH /tasks/{id}. Status and lock changes from a list apply at once and roll back when
 * the server refuses them (its message then shows as a toast); the dialog's saves are silent.
 */
export const useUpdateTask = (options: { silent?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateTaskInput }) =>
      api.patch<Task>(`/tasks/${id}`, patch, { silent: options.silent ?? false }),
    onMutate: async ({ id, patch }) => {
      if (patch.status === undefined && patch.isLocked === undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: taskKeys.lists });
      const before = queryClient.getQueriesData({ queryKey: taskKeys.lists });
      changeCachedCards(queryClient, (cards) =>
        cards.map((card) =>
          card.id === id
            ? {
                ...card,
                status: patch.status ?? card.status,
                isLocked: patch.isLocked ?? card.isLocked,
              }
            : card,
        ),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (task) => {
      storeTask(queryClient, task);
      refreshBoardCounts(queryClient);
    },
    // The server decides the shown status (Overdue) and the completion date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  });
};

/** DELETE /tasks/{id}: permanent. */
export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/tasks/${id}`, undefined, silent),
    onSuccess: (_done, id) => {
      changeCachedCards(queryClient, (cards) => cards.filter((c) => c.id !== id));
      forgetCard(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      refreshBoardCounts(queryClient);
    },
  });
};

// --- Real time

// Someone else created, changed or deleted a card (or its checklist, comments, files): the
// lists that may show it refetch (the card itself: client/lib/cards.ts).
onCardChanged((queryClient) => void queryClient.invalidateQueries({ queryKey: taskKeys.lists }));
