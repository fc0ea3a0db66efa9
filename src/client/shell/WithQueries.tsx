// Mantine's whole stylesheet: the first page has only what it shows (ui/firstStyles.ts).
import '@mantine/core/styles.layer.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queryClient.ts';
import { Outlet } from '../lib/router/index.ts';

/**
 * The data layer for every page but the sign-in page: a layout route, so TanStack Query loads
 * with the first page that reads through it and not with the entry (decision 095).
 */
export const WithQueries = () => (
  <QueryClientProvider client={queryClient}>
    <Outlet />
  </QueryClientProvider>
);
