import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient } from './lib/queryClient.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

// The toasts' container loads after the first paint (decision 095).
const Toasts = lazy(async () => ({ default: (await import('./ui/Toasts.tsx')).Toasts }));
// So does the service worker's registration, in a build (decision 101).
const AppUpdate = lazy(async () => ({ default: (await import('./ui/AppUpdate.tsx')).AppUpdate }));

const AfterFirstPaint = ({ children }: { children: ReactNode }) => {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={colorSchemeManager}
    cssVariablesResolver={cssVariablesResolver}
    defaultColorScheme="light"
  >
    <QueryClientProvider client={queryClient}>
      <AfterFirstPaint>
        <Toasts />
        {import.meta.env.PROD && <AppUpdate />}
      </AfterFirstPaint>
      {children}
    </QueryClientProvider>
  </MantineProvider>
);
