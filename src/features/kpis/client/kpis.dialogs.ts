import { lazyDialog } from '../../../client/ui/lazyPart.tsx';

// The score form loads the first time it opens: the scorecard shows its scores first.

export const ScoreFormDialog = lazyDialog(
  async () => (await import('./components/ScoreFormDialog.tsx')).ScoreFormDialog,
  (props) => props.state !== null,
);
