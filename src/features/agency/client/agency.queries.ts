import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { AGENCY_CATEGORIES_PAGE, AGENCY_ITEMS_PAGE, type AgencyKind } from '../../../shared/constants.ts';
import type { AgencyEvents } from '../agency.events.ts';
import type {
  AgencyAnswer,
  AgencyCategoriesPage,
  AgencyItem,
  AgencyItemsPage,
  AgencySingleColumn,
} from '../agency.schemas.ts';

export const agencyKeys = {
  all: ['agency'] as const,
  categories: (hidden: boolean) => ['agency', 'categories', hidden] as const,
  allCategoryItems: ['agency', 'category-items'] as const,
  categoryItems: (categoryId: string, hidden: boolean) => ['agency', 'category-items', categoryId, hidden] as const,
  items: ['agency', 'item'] as const,
  item: (id: string, hidden: boolean) => ['agency', 'item', id, hidden] as const,
  columns: ['agency', 'column'] as const,
  column: (id: string) => ['agency', 'column', id] as const,
};

const silent = { silent: true } as const;

/** getAtCategories: the catalogue (a page holds every category a workspace has in practice). */
export const useCategories = (hidden: boolean) =>
  useQuery({
    queryKey: agencyKeys.categories(hidden),
    queryFn: ({ signal }) =>
      api.get<AgencyCategoriesPage>(`/agency/categories?limit=${AGENCY_CATEGORIES_PAGE.max}&hidden=${hidden}`, {
        signal,
        ...silent,
      }),
  });

/** Show All: a category's items, read once asked for. */
export const useCategoryItems = (categoryId: string, hidden: boolean, enabled: boolean) =>
  useQuery({
    queryKey: agencyKeys.categoryItems(categoryId, hidden),
    queryFn: ({ signal }) =>
      api.get<AgencyItemsPage>(
        `/agency/categories/${categoryId}/items?limit=${AGENCY_ITEMS_PAGE.max}&hidden=${hidden}`,
        { signal, ...silent },
      ),
    enabled,
  });

export const useAgencyItem = (id: string | null, hidden = false) =>
  useQuery({
    queryKey: agencyKeys.item(id ?? '', hidden),
    queryFn: ({ signal }) => api.get<AgencyItem>(`/agency/items/${id}?hidden=${hidden}`, { signal, ...silent }),
    enabled: id !== null,
  });

export const useAgencyColumn = (id: string) =>
  useQuery({
    queryKey: agencyKeys.column(id),
    queryFn: ({ signal }) => api.get<AgencySingleColumn>(`/agency/columns/${id}`, { signal, ...silent }),
  });

type AnswerChange = AgencyEvents['agency.answer'];

/** An answer saved or removed, applied to a framework's question. */
const withAnswer = (item: AgencyItem, change: AnswerChange): AgencyItem => ({
  ...item,
  columns: item.columns.map((column) =>
    column.id !== change.columnId
      ? column
      : {
          ...column,
          questions: column.questions.map((question) => {
            if (question.id !== change.questionId) return question;
            const others = question.answers.filter((a) => a.position !== change.position);
            const answers: AgencyAnswer[] =
              change.answer === null
                ? others.map((a) => (a.position > change.position ? { ...a, position: a.position - 1 } : a))
                : [
                    ...others,
                    {
                      position: change.position,
                      answer: change.answer,
                      changedAt: change.changedAt,
                      changedBy: change.changedBy,
                    },
                  ].sort((a, b) => a.position - b.position);
            return { ...question, answers };
          }),
        },
  ),
});

/** Applies an answer change to every cached framework and single column that shows it. */
const applyAnswer = (queryClient: QueryClient, change: AnswerChange) => {
  for (const [key, item] of queryClient.getQueriesData<AgencyItem>({ queryKey: agencyKeys.items })) {
    if (item && item.id === change.itemId) queryClient.setQueryData(key, withAnswer(item, change));
  }
  for (const [key, single] of queryClient.getQueriesData<AgencySingleColumn>({ queryKey: agencyKeys.columns })) {
    if (single && single.column.id === change.columnId) {
      const patched = withAnswer({ columns: [single.column] } as AgencyItem, change);
      queryClient.setQueryData(key, { ...single, column: patched.columns[0] });
    }
  }
};

/** saveAnswer: one slot of a question; the caches take the stored answer. */
export const useSaveAnswer = (itemId: string, columnId: string, questionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      position,
      answer,
      baseChangedAt,
    }: {
      position: number;
      answer: string;
      baseChangedAt: string | null;
    }) =>
      api.put<AgencyAnswer>(`/agency/questions/${questionId}/answers/${position}`, { answer, baseChangedAt }, silent),
    onSuccess: (saved) => applyAnswer(queryClient, { itemId, columnId, questionId, ...saved }),
    // Refused because someone changed the slot: read it again, so that their text is the one shown.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: agencyKeys.items });
        void queryClient.invalidateQueries({ queryKey: agencyKeys.columns });
      }
    },
  });
};

export const useRemoveAnswer = (itemId: string, columnId: string, questionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (position: number) =>
      api.delete<boolean>(`/agency/questions/${questionId}/answers/${position}`, undefined, silent),
    onSuccess: (_done, position) =>
      applyAnswer(queryClient, {
        itemId,
        columnId,
        questionId,
        position,
        answer: null,
        changedAt: new Date().toISOString(),
        changedBy: null,
      }),
  });
};

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: agencyKeys.all });
};

/** Admin content: create (POST) or change (PATCH) a category, framework, column or question. */
export const useSaveContent = (kind: AgencyKind) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Record<string, unknown> }) =>
      id
        ? api.patch<{ id: string }>(`/agency/${kind}/${id}`, input, silent)
        : api.post<{ id: string }>(`/agency/${kind}`, input, silent),
    onSuccess: refresh,
  });
};

export const useDeleteContent = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: AgencyKind; id: string }) =>
      api.delete<boolean>(`/agency/${kind}/${id}`, undefined, silent),
    onSuccess: refresh,
  });
};

export const useSetHidden = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, id, hidden }: { kind: AgencyKind; id: string; hidden: boolean }) =>
      api.put<{ hidden: boolean }>(`/agency/${kind}/${id}/hidden`, { hidden }, silent),
    onSuccess: refresh,
  });
};

/** Listeners for answers saved elsewhere (an answer being typed shows a notice). */
const answerWatchers = new Set<(change: AnswerChange) => void>();
export const watchAnswers = (listener: (change: AnswerChange) => void) => {
  answerWatchers.add(listener);
  return () => {
    answerWatchers.delete(listener);
  };
};

// Someone else saved an answer: every view of it shows the new text, who and when.
registerRealtimeUpdater('agency.answer', (queryClient, data) => {
  applyAnswer(queryClient, data);
  for (const listener of answerWatchers) listener(data);
});
// Content changed, was hidden or shown again: refetch.
registerRealtimeUpdater('agency.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: agencyKeys.all });
});
