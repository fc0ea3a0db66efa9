import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../client/lib/api.ts';
import { refreshBoardCounts, refreshCardViews, storeCard } from '../../../client/lib/cards.ts';
import type { ZSetRepeat } from '../repeat.schemas.ts';
import type { Task } from '../tasks.schemas.ts';

// A card's repeat: set (or changed from this occurrence on) and stopped. The views that show
// the card (its repeat mark) and the next occurrence a change may have made refresh.

const afterChange = (queryClient: ReturnType<typeof useQueryClient>, task: Task) => {
  storeCard(queryClient, task);
  refreshCardViews(queryClient, { id: task.id, boardId: task.boardId, action: 'updated' });
  refreshBoardCounts(queryClient);
};

/** PUT /tasks/{id}/repeat (the panel shows failures itself). */
export const useSetRepeat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: z.input<typeof ZSetRepeat> }) =>
      api.put<Task>(`/tasks/${id}/repeat`, rule, { silent: true }),
    onSuccess: (task) => afterChange(queryClient, task),
  });
};

/** DELETE /tasks/{id}/repeat. */
export const useStopRepeat = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Task>(`/tasks/${id}/repeat`, undefined, { silent: true }),
    onSuccess: (task) => afterChange(queryClient, task),
  });
};
