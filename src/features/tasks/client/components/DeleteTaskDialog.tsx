import { useEffect } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { TASK_TYPE_NAMES } from '../../../../shared/tasks.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import type { Card } from '../../tasks.schemas.ts';
import { useDeleteTask } from '../tasks.queries.ts';

/** "Delete To Do?": asks before deleting a card for good; stays open with the server's refusal. */
export const DeleteTaskDialog = ({ card, onClose }: { card: Card | null; onClose: () => void }) => {
  const remove = useDeleteTask();
  // A new question starts without the last one's error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new card counts
  useEffect(() => remove.reset(), [card?.id]);
  return (
    <ConfirmDialog
      opened={card !== null}
      title={tasksMessages.taskDeleteTitle(card ? TASK_TYPE_NAMES[card.type] : '')}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onConfirm={() => {
        if (card) remove.mutate(card.id, { onSuccess: onClose });
      }}
    >
      {tasksMessages.taskDeleteWarning(card?.title ?? '')}
      {card?.repeats && ` ${tasksMessages.repeatDeleteNote}`}
    </ConfirmDialog>
  );
};
