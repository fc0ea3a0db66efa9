import { createBrowserRouter } from 'react-router';
import { AppLoader } from './shell/AppLoader.tsx';
import { NotFoundPage } from './shell/NotFoundPage.tsx';
import { UnexpectedErrorPage } from './shell/UnexpectedErrorPage.tsx';

// Pages are lazy routes, so the first load only fetches the shell's code. The error pages are
// bundled with the entry: they must work even when a lazy chunk fails to load.

const homePage = async () => ({ Component: (await import('./shell/HomePage.tsx')).HomePage });

export const router = createBrowserRouter([
  {
    id: 'root',
    ErrorBoundary: UnexpectedErrorPage,
    HydrateFallback: AppLoader,
    children: [
      {
        // The app shell: sidebar, top bar, and the page in the middle.
        lazy: async () => ({ Component: (await import('./shell/AppLayout.tsx')).AppLayout }),
        children: [
          { index: true, lazy: homePage },
          { path: 'home', lazy: homePage },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
