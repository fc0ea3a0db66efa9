import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import {
  cardKeys,
  forgetCard,
  onCardChanged,
  refreshBoardCounts,
  refreshCardLists,
  storeCard,
} from '../../../client/lib/cards.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { refreshOwnedChecklistItems } from '../../tasks/client/myItems.queries.ts';
import type { Card, Checklist, DropTask, Task, ZCreateTask, ZUpdateTask } from '../../tasks/tasks.schemas.ts';
import type { BoardGrouping } from '../boards.grouping.ts';
import type {
  Board,
  BoardColumnPage,
  BoardDetail,
  BoardList,
  DUE_FILTERS,
  Label,
  ZBoardRemoval,
  ZCreateBoard,
  ZUpdateBoard,
} from '../boards.schemas.ts';
import { shownLimits, withCards, withPage } from './boards.format.ts';

// Server state of the dashboard's Boards section and the card dialog: one key factory, the
// hooks, and how 'board.changed' / 'task.changed' events change the cache. Events carry ids
// only, so the affected queries refetch.

export type DueFilter = (typeof DUE_FILTERS)[number];
export interface BoardFilters {
  state: 'active' | 'all';
  search: string;
  due: DueFilter | null;
  memberIds: string[];
  /** The viewer's local date: the due buckets compare against it. */
  today: string;
}

export const boardKeys = {
  all: ['boards'] as const,
  meetings: ['boards', 'meeting'] as const,
  meeting: (meetingId: string) => ['boards', 'meeting', meetingId] as const,
  details: ['boards', 'detail'] as const,
  board: (boardId: string) => ['boards', 'detail', boardId] as const,
  detail: (boardId: string, filters: BoardFilters, groupBy: BoardGrouping) =>
    ['boards', 'detail', boardId, filters, groupBy] as const,
  checklists: (taskId: string) => [...cardKeys.detail(taskId), 'checklists'] as const,
};

// Reads are silent: each area shows its own error state with the server's message.
const silent = { silent: true } as const;

const meetingBoardsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: boardKeys.meeting(meetingId),
    queryFn: ({ signal }) => api.get<Board[]>(`/meetings/${meetingId}/boards`, { signal, ...silent }),
  });

export const useMeetingBoards = (meetingId: string) => useQuery(meetingBoardsQuery(meetingId));

/** How a board first shows: every card, no search or filter, grouped by list. */
export const BOARD_VIEW_START: { filters: Omit<BoardFilters, 'today'>; groupBy: BoardGrouping } = {
  filters: { state: 'all', search: '', due: null, memberIds: [] },
  groupBy: 'list',
};

const boardQuery = (filters: BoardFilters, groupBy: BoardGrouping) => {
  const params = new URLSearchParams({ state: filters.state, today: filters.today, groupBy });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.due) params.set('due', filters.due);
  if (filters.memberIds.length) params.set('memberIds', filters.memberIds.join(','));
  return params;
};

/**
 * GET /boards/{id}: the board with its lists, the first cards of each column (filtered and
 * grouped on the server) with every column's count, labels, people. A refetch (after a change,
 * or someone else's) asks for as many cards as each column shows, so "Show N more" stays.
 */
const boardDetailQuery = (queryClient: QueryClient, boardId: string, filters: BoardFilters, groupBy: BoardGrouping) =>
  queryOptions({
    queryKey: boardKeys.detail(boardId, filters, groupBy),
    queryFn: ({ queryKey, signal }) => {
      const params = boardQuery(filters, groupBy);
      const limits = shownLimits(queryClient.getQueryData<BoardDetail>(queryKey));
      if (limits) params.set('limits', limits);
      return api.get<BoardDetail>(`/boards/${boardId}?${params}`, { signal, ...silent });
    },
  });

export const useBoardDetail = (boardId: string, filters: BoardFilters, groupBy: BoardGrouping) => {
  const queryClient = useQueryClient();
  return useQuery({
    ...boardDetailQuery(queryClient, boardId, filters, groupBy),
    // A new search or grouping keeps the board on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
};

/**
 * A meeting's first board as its dashboard first shows it (the Boards section shows the first
 * board, BOARD_VIEW_START, on the viewer's `today`), fetched while the page's code loads.
 */
export const prefetchFirstBoard = async (queryClient: QueryClient, meetingId: string, today: Promise<string>) => {
  const [boards, date] = await Promise.all([queryClient.fetchQuery(meetingBoardsQuery(meetingId)), today]);
  const first = boards[0];
  if (!first) return;
  const { filters, groupBy } = BOARD_VIEW_START;
  await queryClient.prefetchQuery(boardDetailQuery(queryClient, first.id, { ...filters, today: date }, groupBy));
};

/** GET /boards/{id}/cards: "Show N more" of one column, added to the board on screen. */
export const useShowMoreCards = (boardId: string, filters: BoardFilters, groupBy: BoardGrouping) => {
  const queryClient = useQueryClient();
  const key = boardKeys.detail(boardId, filters, groupBy);
  return useMutation({
    mutationFn: (group: string) => {
      const shown = queryClient.getQueryData<BoardDetail>(key)?.groups.find((g) => g.key === group);
      const params = boardQuery(filters, groupBy);
      params.set('group', group);
      params.set('offset', String(shown?.cardIds.length ?? 0));
      return api.get<BoardColumnPage>(`/boards/${boardId}/cards?${params}`, silent);
    },
    onSuccess: async (page) => {
      // A refetch under way asked for the columns as they were: it gives way, and asks again after.
      const refetching = queryClient.isFetching({ queryKey: key, exact: true }) > 0;
      if (refetching) await queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData<BoardDetail>(key, (detail) => (detail ? withPage(detail, page) : detail));
      if (refetching) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
};

export type CreateBoardInput = z.input<typeof ZCreateBoard>;
export type UpdateBoardInput = z.input<typeof ZUpdateBoard>;
export type BoardRemoval = z.infer<typeof ZBoardRemoval>;

/** Everything of the boards refetches, the open cards with it (a card's labels and lists are the board's). */
const invalidateBoards = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: cardKeys.all });
  return queryClient.invalidateQueries({ queryKey: boardKeys.all });
};

/**
 * A board is gone: everything of the boards refetches except that board's own view, which
 * would only answer 404 (a failed request, logged by the browser) while the list moves on.
 */
const forgetBoard = (queryClient: QueryClient, boardId: string) => {
  void queryClient.invalidateQueries({ queryKey: cardKeys.all });
  return queryClient.invalidateQueries({
    queryKey: boardKeys.all,
    predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === boardId),
  });
};

/** POST /boards (the dialog shows failures itself). */
export const useCreateBoard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBoardInput) => api.post<Board>('/boards', input, silent),
    onSuccess: () => invalidateBoards(queryClient),
  });
};

/** PATCH /boards/{id}. */
export const useUpdateBoard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateBoardInput }) =>
      api.patch<Board>(`/boards/${id}`, patch, silent),
    onSuccess: () => invalidateBoards(queryClient),
  });
};

/** DELETE /boards/{id}: archived when it has cards, deleted when empty (the server decides). */
export const useRemoveBoard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<BoardRemoval>(`/boards/${id}`, undefined, silent),
    onSuccess: (removal, id) =>
      removal.action === 'deleted' ? forgetBoard(queryClient, id) : invalidateBoards(queryClient),
  });
};

/**
 * PUT /boards/order (saveBoardOrder): the meeting's boards in their new order, shown at once
 * and put back when refused.
 */
export const useOrderBoards = (meetingId: string) => {
  const queryClient = useQueryClient();
  const key = boardKeys.meeting(meetingId);
  return useMutation({
    mutationFn: (boardIds: string[]) => api.put<boolean>('/boards/order', { boardIds }, silent),
    onMutate: async (boardIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Board[]>(key);
      queryClient.setQueryData<Board[]>(key, (boards) => {
        if (!boards) return boards;
        const byId = new Map(boards.map((board) => [board.id, board]));
        return boardIds.flatMap((id, sort) => {
          const board = byId.get(id);
          return board ? [{ ...board, sort }] : [];
        });
      });
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

// Lists

export const useSaveList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; boardId: string; name: string }) =>
      input.id
        ? api.put<BoardList>(`/task-types/${input.id}`, { name: input.name }, silent)
        : api.post<BoardList>('/task-types', { boardId: input.boardId, name: input.name }, silent),
    onSuccess: (list) => queryClient.invalidateQueries({ queryKey: boardKeys.board(list.boardId) }),
  });
};

export const useDeleteList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: BoardList) => api.delete<boolean>(`/task-types/${list.id}`, undefined, silent),
    onSuccess: (_done, list) => queryClient.invalidateQueries({ queryKey: boardKeys.board(list.boardId) }),
  });
};

/** Changes every cached view of a board at once (all filter combinations). */
export const patchBoardViews = (
  queryClient: QueryClient,
  boardId: string,
  change: (detail: BoardDetail) => BoardDetail,
) => queryClient.setQueriesData<BoardDetail>({ queryKey: boardKeys.board(boardId) }, (d) => (d ? change(d) : d));

/** PUT /boards/{id}/task-types-order, shown at once and put back when refused. */
export const useOrderLists = (boardId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listIds: string[]) => api.put<BoardList[]>(`/boards/${boardId}/task-types-order`, { listIds }, silent),
    onMutate: async (listIds) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.board(boardId) });
      const before = queryClient.getQueriesData<BoardDetail>({ queryKey: boardKeys.board(boardId) });
      patchBoardViews(queryClient, boardId, (detail) => {
        const byId = new Map(detail.lists.map((list) => [list.id, list]));
        const lists = listIds.flatMap((id, sort) => {
          const list = byId.get(id);
          return list ? [{ ...list, sort }] : [];
        });
        return { ...detail, lists };
      });
      return { before };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.board(boardId) }),
  });
};

/**
 * PATCH /tasks/{id}/drop: one drag and drop. `optimistic` is the board as it looks after the
 * drop; it shows at once and the board before it comes back when the server refuses.
 */
export const useDropCard = (boardId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, drop }: { id: string; drop: DropTask; optimistic: (d: BoardDetail) => BoardDetail }) =>
      api.patch<Task>(`/tasks/${id}/drop`, drop, silent),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.board(boardId) });
      const before = queryClient.getQueriesData<BoardDetail>({ queryKey: boardKeys.board(boardId) });
      patchBoardViews(queryClient, boardId, optimistic);
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      refreshBoardCounts(queryClient);
      return queryClient.invalidateQueries({ queryKey: boardKeys.board(boardId) });
    },
  });
};

// Cards

export type CreateTaskInput = z.input<typeof ZCreateTask>;
export type UpdateTaskInput = z.input<typeof ZUpdateTask>;

export const useCreateCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => api.post<Task>('/tasks', input, silent),
    onSuccess: (task) => {
      if (task.boardId) {
        // Shown at the end of its list at once; the refetch puts the server's view in place.
        patchBoardViews(queryClient, task.boardId, (detail) => withCards(detail, { added: [task] }));
        void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
        refreshBoardCounts(queryClient);
      }
    },
  });
};

/** Puts a changed card into its detail and into the cached views of its board. */
const storeBoardCard = (queryClient: QueryClient, task: Task) => {
  storeCard(queryClient, task);
  if (task.boardId)
    patchBoardViews(queryClient, task.boardId, (detail) =>
      withCards(detail, {
        changed: detail.cards.flatMap((card): Card[] => (card.id === task.id ? [{ ...card, ...task }] : [])),
      }),
    );
};

/** PATCH /tasks/{id}; the dialog shows the server's refusal itself. */
export const useUpdateCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateTaskInput }) =>
      api.patch<Task>(`/tasks/${id}`, patch, silent),
    onSuccess: (task) => {
      storeBoardCard(queryClient, task);
      if (task.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
      refreshBoardCounts(queryClient);
      // The action-item lists of the dashboard may show it too.
      refreshCardLists(queryClient);
    },
  });
};

export const useDeleteCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Pick<Task, 'id' | 'boardId'>) => api.delete<boolean>(`/tasks/${task.id}`, undefined, silent),
    onSuccess: (_done, task) => {
      if (task.boardId) {
        patchBoardViews(queryClient, task.boardId, (detail) => withCards(detail, { removedIds: [task.id] }));
        void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
        refreshBoardCounts(queryClient);
      }
      forgetCard(queryClient, task.id);
      refreshCardLists(queryClient);
    },
  });
};

// Labels

export const useCreateLabel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; color: string; boardId: string }) => api.post<Label>('/labels', input, silent),
    onSuccess: (label) => {
      if (label.boardId)
        patchBoardViews(queryClient, label.boardId, (detail) => ({ ...detail, labels: [...detail.labels, label] }));
      void queryClient.invalidateQueries({ queryKey: boardKeys.details });
    },
  });
};

// Checklists

export const useChecklists = (taskId: string | null) =>
  useQuery({
    queryKey: boardKeys.checklists(taskId ?? ''),
    queryFn: ({ signal }) => api.get<Checklist[]>(`/tasks/${taskId}/checklists`, { signal, ...silent }),
    enabled: taskId !== null,
  });

type ChecklistCall =
  | { kind: 'addChecklist'; title: string; copyFromId?: string | null }
  | { kind: 'deleteChecklist'; id: string }
  | { kind: 'addItem'; checklistId: string; title: string }
  | { kind: 'toggleItem'; id: string; status: '0' | '1' }
  | { kind: 'planItem'; id: string; ownerId: string | null; dueDate: string | null }
  | { kind: 'deleteItem'; id: string };

/** Every checklist change of one card; the card's progress on the board follows on success. */
export const useChecklistChange = (task: Pick<Task, 'id' | 'boardId'>) => {
  const queryClient = useQueryClient();
  const key = boardKeys.checklists(task.id);
  return useMutation({
    mutationFn: async (call: ChecklistCall): Promise<unknown> => {
      switch (call.kind) {
        case 'addChecklist':
          return api.post<Checklist>(
            '/checklists',
            { taskId: task.id, title: call.title, copyFromId: call.copyFromId ?? null },
            silent,
          );
        case 'deleteChecklist':
          return api.delete<boolean>(`/checklists/${call.id}`, undefined, silent);
        case 'addItem':
          return api.post<Checklist>('/checklist-items', { checklistId: call.checklistId, title: call.title }, silent);
        case 'toggleItem':
          return api.put<Checklist>(`/checklist-items/${call.id}`, { status: call.status }, silent);
        case 'planItem':
          return api.put<Checklist>(
            `/checklist-items/${call.id}`,
            { ownerId: call.ownerId, dueDate: call.dueDate },
            silent,
          );
        case 'deleteItem':
          return api.delete<Checklist>(`/checklist-items/${call.id}`, undefined, silent);
      }
    },
    onMutate: async (call) => {
      // Ticking shows at once (document 2 §4: toggling saves at once).
      if (call.kind !== 'toggleItem') return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Checklist[]>(key);
      queryClient.setQueryData<Checklist[]>(key, (lists) =>
        lists?.map((list) => ({
          ...list,
          items: list.items.map((item) => (item.id === call.id ? { ...item, status: call.status } : item)),
        })),
      );
      return { before };
    },
    onError: (_error, _call, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      if (task.boardId) void queryClient.invalidateQueries({ queryKey: boardKeys.board(task.boardId) });
      // Home and the live To-Do review list the items people own.
      refreshOwnedChecklistItems(queryClient);
    },
  });
};

// --- Real time

// Someone else changed a board (name, lists, their order, labels), archived or deleted it.
registerRealtimeUpdater('board.changed', (queryClient, data) => {
  void (data.action === 'deleted' ? forgetBoard(queryClient, data.id) : invalidateBoards(queryClient));
});

// Someone else created, changed, moved or deleted a card, or its checklists: every board view
// on screen refetches, since a card moved to another board leaves the old one (each asks for as
// many cards per column as it shows); the boards' active-card counts follow. The card itself
// and its open dialog: client/lib/cards.ts.
onCardChanged((queryClient) => {
  void queryClient.invalidateQueries({ queryKey: boardKeys.details });
  void queryClient.invalidateQueries({ queryKey: boardKeys.meetings });
});
