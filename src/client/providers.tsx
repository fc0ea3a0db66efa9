import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../shared/constants.ts';
import { queryClient } from './lib/queryClient.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={colorSchemeManager}
    cssVariablesResolver={cssVariablesResolver}
    defaultColorScheme="light"
  >
    <QueryClientProvider client={queryClient}>
      {/* Tall enough for an expanded "View details" list. Bottom right, clear of the top bar and
            of every dialog's header and close button (decision 026). */}
      <Notifications position="bottom-right" notificationMaxHeight={400} zIndex={1000} />
      {/* document 1 §2: dialogs close after 200 ms. */}
      <ModalsProvider modalProps={{ transitionProps: { duration: DIALOG_CLOSE_DELAY_MS } }}>{children}</ModalsProvider>
    </QueryClientProvider>
  </MantineProvider>
);
