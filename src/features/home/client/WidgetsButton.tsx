import { ActionIcon } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../../client/ui/lazyPart.tsx';
import { useUserSettings } from '../../settings/client/userSettings.queries.ts';
import { homeMessages } from '../home.messages.ts';

// The dialog (drag-and-drop) loads when first opened.
const WidgetsDialog = lazyDialog(async () => (await import('./WidgetsDialog.tsx')).WidgetsDialog);

/** The top bar's button that opens the widget-sorting dialog (document 1 §2). */
export const WidgetsButton = () => {
  const [opened, setOpened] = useState(false);
  const settings = useUserSettings();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={homeMessages.widgetsButton}
        onClick={() => setOpened(true)}
        disabled={!settings.data}
      >
        <IconLayoutDashboard size={18} stroke={1.6} />
      </ActionIcon>
      <WidgetsDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
};
