import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../shared/constants.ts';
import { createQueryClient } from './lib/queryClient.ts';
import { onTokenChange } from './lib/session.ts';
import { colorSchemeManager, theme } from './theme.ts';

export const Providers = ({ children }: { children: ReactNode }) => {
  // One client for the life of the page (useState keeps it stable across re-renders).
  const [queryClient] = useState(createQueryClient);
  // Cached data belongs to the identity that fetched it: a new or cleared token drops it all.
  useEffect(() => onTokenChange(() => queryClient.clear()), [queryClient]);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Tall enough for an expanded "View details" list; placed below the top bar by app.css. */}
        <Notifications position="top-right" notificationMaxHeight={400} zIndex={1000} />
        {/* document 1 §2: dialogs close after 200 ms. */}
        <ModalsProvider modalProps={{ transitionProps: { duration: DIALOG_CLOSE_DELAY_MS } }}>
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
};
