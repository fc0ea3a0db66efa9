import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { clientMessages } from '../client.messages.ts';
import { ApiError } from '../lib/api.ts';
import { isRouteErrorResponse, useRouteError } from '../lib/router/index.ts';
import { AccessDeniedPage, ForbiddenPage, ServerErrorPage } from './ErrorPages.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * The root error boundary. Most API failures never get here (they show toasts and each page
 * area has its own error state); one thrown from a page goes to the spec's page for its status
 * (document 3 §8): 401 Access Denied, 403 the permission page, 5xx 'Oops! Something went
 * wrong!'. Anything else is a bug or a chunk that failed to load.
 */
export const UnexpectedErrorPage = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = error instanceof ApiError ? error.status : isRouteErrorResponse(error) ? error.status : null;
  if (status === 401) return <AccessDeniedPage />;
  if (status === 403) return <ForbiddenPage />;
  if (status !== null && status >= 500) return <ServerErrorPage />;
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <Text c="red" aria-hidden>
          <IconAlertTriangle size={56} stroke={1.5} />
        </Text>
        <Title order={1} size="h3">
          {clientMessages.unexpectedError}
        </Title>
        {/* A reload fetches the current build, which is what fixes a failed chunk load. */}
        <Button variant="light" onClick={() => window.location.reload()}>
          {clientMessages.reloadPage}
        </Button>
      </Stack>
    </Center>
  );
};
