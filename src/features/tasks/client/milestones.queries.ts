import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import { cardKeys, refreshCardLists } from '../../../client/lib/cards.ts';
import type {
  CreateMilestone,
  GoalCardChoices,
  GoalKpiChoices,
  Milestones,
  UpdateMilestone,
  ZSetProgressSources,
} from '../milestones.schemas.ts';

// A goal's milestones: under the card's key, so a 'task.changed' event (someone else ticked
// one) refetches them with the card.

const silent = { silent: true };
export const milestonesKey = (goalId: string) => [...cardKeys.detail(goalId), 'milestones'] as const;

export const useMilestones = (goalId: string) =>
  useQuery({
    queryKey: milestonesKey(goalId),
    queryFn: ({ signal }) => api.get<Milestones>(`/tasks/${goalId}/milestones`, { signal, ...silent }),
  });

/** `ids` with the one at `from` moved to `to`: the order a drop and the up and down buttons send. */
export const movedIds = (ids: readonly string[], from: number, to: number): string[] => {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

/**
 * What the goal's progress may count (its progress dialog, while open): the first page of the KPIs
 * or the open cards of its meetings the caller sees, whose title contains `q`. The last answer
 * stays shown while the next search runs.
 */
export const useGoalChoices = <K extends 'kpis' | 'cards'>(goalId: string, kind: K, q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...cardKeys.detail(goalId), 'progress-choices', kind, q] as const,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<K extends 'kpis' ? GoalKpiChoices : GoalCardChoices>(
        `/tasks/${goalId}/progress-choices/${kind}?${new URLSearchParams({ q, limit: '100' })}`,
        { signal, ...silent },
      ),
  });

type MilestoneCall =
  | { kind: 'add'; input: CreateMilestone }
  | { kind: 'update'; id: string; input: UpdateMilestone }
  | { kind: 'delete'; id: string }
  | { kind: 'order'; ids: string[] }
  | { kind: 'sources'; input: z.input<typeof ZSetProgressSources> };

/** Every change of a goal's milestones; the answer is the goal's milestones as they now are. */
export const useMilestoneChange = (goalId: string) => {
  const queryClient = useQueryClient();
  const key = milestonesKey(goalId);
  return useMutation({
    mutationFn: (call: MilestoneCall) => {
      switch (call.kind) {
        case 'add':
          return api.post<Milestones>(`/tasks/${goalId}/milestones`, call.input, silent);
        case 'update':
          return api.patch<Milestones>(`/milestones/${call.id}`, call.input, silent);
        case 'delete':
          return api.delete<Milestones>(`/milestones/${call.id}`, undefined, silent);
        case 'order':
          return api.put<Milestones>(`/tasks/${goalId}/milestones/order`, { ids: call.ids }, silent);
        case 'sources':
          return api.put<Milestones>(`/tasks/${goalId}/progress-sources`, call.input, silent);
      }
    },
    onMutate: async (call) => {
      // A tick and a new order show at once in every view of the goal's milestones (a dropped
      // row stays where it was dropped instead of jumping back until the answer).
      const ticks = call.kind === 'update' && call.input.done !== undefined;
      if (!ticks && call.kind !== 'order') return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Milestones>(key);
      queryClient.setQueryData<Milestones>(key, (current) => {
        if (!current) return current;
        if (call.kind === 'order') {
          const at = new Map(call.ids.map((id, index) => [id, index]));
          const items = [...current.items].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
          return { ...current, items: items.map((m, sort) => ({ ...m, sort })) };
        }
        if (call.kind !== 'update') return current;
        return {
          ...current,
          items: current.items.map((m) =>
            m.id === call.id ? { ...m, doneAt: call.input.done ? new Date().toISOString() : null } : m,
          ),
        };
      });
      return { before };
    },
    onError: (_error, _call, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      // The goal's lists show "2 of 5" and the next milestone.
      refreshCardLists(queryClient);
    },
  });
};
