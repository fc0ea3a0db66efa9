import { lazyDialog } from '../../../client/ui/lazyPart.tsx';

// The task form (with its card, repeat and milestone panels) loads the first time it opens: the
// pages that offer it (the dashboard, home, the live meeting) show it only on a click.

export const TaskFormDialog = lazyDialog(
  async () => (await import('./components/TaskFormDialog.tsx')).TaskFormDialog,
  (props) => props.state !== null,
);
