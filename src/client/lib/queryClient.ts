import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { onTokenChange } from './session.ts';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // An ApiError already showed its toast and will not fix itself: retrying would only
        // repeat the toast. Network errors (no response) get two more tries.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
        // Socket events keep the cache fresh; refetching on every focus would repeat error toasts.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });

/**
 * The page's one cache, shared by the React tree (Providers) and the route loaders, which start
 * the first requests while the page's code is still loading.
 */
export const queryClient = createQueryClient();

// Cached data belongs to the identity that fetched it: a new or cleared token drops it all.
onTokenChange(() => queryClient.clear());
