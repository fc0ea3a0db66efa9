import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

// The toasts' container loads after the first paint (decision 095).
const Toasts = lazy(async () => ({ default: (await import('./ui/Toasts.tsx')).Toasts }));
// So does the service worker's registration, in a build (decision 101).
const AppUpdate = lazy(async () => ({ default: (await import('./ui/AppUpdate.tsx')).AppUpdate }));

const AfterFirstPaint = ({ children }: { children: ReactNode }) => {
  const [painted, setPainted] = useState(false);
  // A transition: what comes after the first paint renders in slices (decision 142).
  useEffect(() => startTransition(() => setPainted(true)), []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
};

// TanStack Query's provider is a layout route (shell/WithQueries.tsx), not here: the sign-in
// page loads without it.
export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={colorSchemeManager}
    cssVariablesResolver={cssVariablesResolver}
    defaultColorScheme="light"
  >
    <AfterFirstPaint>
      <Toasts />
      {import.meta.env.PROD && <AppUpdate />}
    </AfterFirstPaint>
    {children}
  </MantineProvider>
);
