import { lazyDialog } from '../../../client/ui/lazyPart.tsx';

// The meeting's forms load the first time they open: the dashboard and the list show them on a click.

export const MeetingFormDialog = lazyDialog(
  async () => (await import('./components/MeetingFormDialog.tsx')).MeetingFormDialog,
);
export const AgendaFormDialog = lazyDialog(
  async () => (await import('./components/AgendaFormDialog.tsx')).AgendaFormDialog,
);
export const FolderDialog = lazyDialog(async () => (await import('./components/TeamFilesDialogs.tsx')).FolderDialog);
export const FileDialog = lazyDialog(async () => (await import('./components/TeamFilesDialogs.tsx')).FileDialog);
