import '@fontsource-variable/inter';
import './ui/firstStyles.ts';
import './app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router/index.ts';
import { Providers } from './providers.tsx';
import { router } from './router.tsx';
import { colorSchemeManager } from './theme.ts';
import { installHints } from './ui/hints.ts';
import { installPopoverEscape } from './ui/popoverEscape.ts';

// What Mantine's ColorSchemeScript would do inline (the CSP forbids inline scripts): set the
// stored scheme before the first render, so a dark-mode user gets no white flash.
const storedScheme = colorSchemeManager.get('light');
const resolvedScheme =
  storedScheme === 'auto' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : storedScheme;
document.documentElement.setAttribute('data-mantine-color-scheme', resolvedScheme);

installPopoverEscape();
installHints();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: the first render comes in slices, so the page answers input while it builds.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
