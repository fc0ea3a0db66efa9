import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';
import { Link } from '../lib/router/index.ts';

// The error pages of spec document 3 §8, routed at /error/500, /error/401 and /error/403. They
// are bundled with the entry (like the 404 page): they must work when nothing else does.

const ErrorLayout = ({ code, children }: { code: string; children: ReactNode }) => (
  <Center mih="100vh" p="md">
    <Stack align="center" gap="lg" maw={520} ta="center">
      <Text fz={72} fw={800} lh={1} c="dimmed" aria-hidden>
        {code}
      </Text>
      {children}
    </Stack>
  </Center>
);

/** 500: 'Oops! Something went wrong!' with a retry link to /home. */
export const ServerErrorPage = () => (
  <ErrorLayout code="500">
    <Title order={1} size="h2">
      {clientMessages.serverErrorTitle}
    </Title>
    <Text c="dimmed">{clientMessages.serverErrorText}</Text>
    <Button component={Link} to="/home" size="md">
      {clientMessages.tryAgain}
    </Button>
  </ErrorLayout>
);

/** 401: Access Denied, with a link to the sign-in page. */
export const AccessDeniedPage = () => (
  <ErrorLayout code="401">
    <Title order={1} size="h2">
      {clientMessages.accessDeniedTitle}
    </Title>
    <Text c="dimmed">{clientMessages.accessDeniedText}</Text>
    <Button component={Link} to="/login" size="md">
      {messages.goToLogin}
    </Button>
  </ErrorLayout>
);

/** The permission-denied text of document 1 §2, whose last word links to '/'. */
const PermissionDeniedText = () => (
  <>
    <Title order={1} size="h2">
      {clientMessages.permissionDeniedTitle}
    </Title>
    <Text>
      {clientMessages.permissionDeniedText}{' '}
      <Anchor component={Link} to="/">
        {clientMessages.permissionDeniedLink}
      </Anchor>
    </Text>
  </>
);

/** The permission-denied message inside the app shell (the guard's fallback). */
export const PermissionDenied = () => (
  <Stack align="center" gap="md" maw={520} mx="auto" py="xl" ta="center">
    <PermissionDeniedText />
  </Stack>
);

/** 403: the permission-denied page on its own. */
export const ForbiddenPage = () => (
  <ErrorLayout code="403">
    <PermissionDeniedText />
  </ErrorLayout>
);

/**
 * The second guard of document 1 §2: its children only when `allowed`, otherwise the
 * permission-denied text (inside the shell, so the user can go elsewhere).
 */
export const RequirePermission = ({ allowed, children }: { allowed: boolean; children: ReactNode }) =>
  allowed ? children : <PermissionDenied />;
