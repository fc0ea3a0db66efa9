import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { messages } from '../../shared/messages.ts';
import { TWO_FACTOR_REQUIRED_EVENT } from '../../shared/two-factor.ts';
import { clientMessages } from '../client.messages.ts';
import { ApiError } from '../lib/api.ts';
import { loginPath } from '../lib/redirect.ts';
import { Navigate, Outlet, useLocation } from '../lib/router/index.ts';
import { selfKey, useSelf } from '../lib/self.ts';
import { sessionEndedByUser } from '../lib/session.ts';
import { onServerDisconnect } from '../lib/socket.ts';
import { useToken } from '../lib/useToken.ts';
import { AppLoader } from './AppLoader.tsx';

// A workspace that requires two-factor sign-in, for a member without it (decision 102).
const TwoFactorRequiredScreen = lazy(async () => ({
  default: (await import('../../features/auth/client/two-factor/TwoFactorRequiredScreen.tsx')).TwoFactorRequiredScreen,
}));

/** The picker is the one private page that works without a current workspace. */
const WORKSPACES_PATH = '/workspaces';

/**
 * The guard of every private page. The route loader has checked that a token exists; this asks
 * the server whose it is (GET /self) and follows the token: when it goes (logout, or a 401 that
 * made the API client clear it) the user lands on the sign-in page.
 */
export const RequireAuth = () => {
  const token = useToken();
  const self = useSelf();
  const location = useLocation();
  const queryClient = useQueryClient();
  // A session ended by the server (disabled, signed out everywhere) shows the sign-in page at
  // once: the live connection is dropped first, and asking GET /self again then answers 401.
  useEffect(() => onServerDisconnect(() => void queryClient.invalidateQueries({ queryKey: selfKey })), [queryClient]);
  // A workspace call answered "two-factor required": GET /self says which workspace, and the screen shows.
  useEffect(() => {
    const ask = () => void queryClient.invalidateQueries({ queryKey: selfKey });
    window.addEventListener(TWO_FACTOR_REQUIRED_EVENT, ask);
    return () => window.removeEventListener(TWO_FACTOR_REQUIRED_EVENT, ask);
  }, [queryClient]);

  if (!token) {
    // After a logout plain /login; after an expired session, come back here once signed in.
    const target = sessionEndedByUser() ? '/login' : loginPath(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  // Data from before a failed refetch is still good enough to show the app with.
  if (!self.data && self.isError) {
    // A 401 has cleared the token already: the next render redirects.
    if (self.error instanceof ApiError && self.error.status === 401) return <AppLoader />;
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} maw={420}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{clientMessages.sessionLoadFailed}</Text>
            <Text size="sm" c="dimmed">
              {self.error.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => self.refetch()} loading={self.isFetching}>
              {messages.retry}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (!self.data) return <AppLoader />;
  const required = self.data.twoFactorRequiredBy;
  if (required && location.pathname !== WORKSPACES_PATH)
    return (
      <Suspense fallback={<AppLoader />}>
        <TwoFactorRequiredScreen workspace={required.name} otherWorkspaces={self.data.tenantCount > 1} />
      </Suspense>
    );
  // A session without a workspace (several workspaces, none remembered) picks one first.
  if (!self.data.tenant && location.pathname !== WORKSPACES_PATH) return <Navigate to={WORKSPACES_PATH} replace />;
  return <Outlet />;
};
