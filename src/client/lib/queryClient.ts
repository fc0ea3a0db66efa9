import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

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
