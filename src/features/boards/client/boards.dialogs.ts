import { lazyDialog } from '../../../client/ui/lazyPart.tsx';

// The board's dialogs load the first time they open: a board shows its cards first.

export const CardDialog = lazyDialog(
  async () => (await import('./CardDialog.tsx')).CardDialog,
  (props) => props.taskId !== null || props.creating === true || (props.createFailure ?? null) !== null,
);
export const ListFormDialog = lazyDialog(async () => (await import('./components/ListFormDialog.tsx')).ListFormDialog);
export const BoardFormDialog = lazyDialog(
  async () => (await import('./components/BoardFormDialog.tsx')).BoardFormDialog,
);
