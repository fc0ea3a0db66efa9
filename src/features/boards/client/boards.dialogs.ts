import { lazyDialog } from '../../../client/ui/lazyPart.tsx';

// The board's dialogs load the first time they open: a board shows its cards first.

/** The card dialog is open for a card, while one is being created, or when creating it failed. */
export const cardDialogOpen = (props: { taskId: string | null; creating?: boolean; createFailure?: unknown }) =>
  props.taskId !== null || props.creating === true || (props.createFailure ?? null) !== null;

export const CardDialog = lazyDialog(async () => (await import('./CardDialog.tsx')).CardDialog, cardDialogOpen);
export const ListFormDialog = lazyDialog(async () => (await import('./components/ListFormDialog.tsx')).ListFormDialog);
export const BoardFormDialog = lazyDialog(
  async () => (await import('./components/BoardFormDialog.tsx')).BoardFormDialog,
);
