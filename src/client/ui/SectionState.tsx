import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { ApiError } from '../lib/api.ts';

// The loading and error states each page area has on its own (document 1 §2).

export const SectionLoading = ({ label = messages.loading }: { label?: string }) => (
  <Group gap="xs" role="status" py="sm">
    <Loader size="xs" />
    <Text size="sm" c="dimmed">
      {label}
    </Text>
  </Group>
);

/** What failed, the server's message when it sent one, and a retry button. */
export const SectionError = ({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) => {
  const detail = error instanceof ApiError ? error.message : error instanceof Error ? error.message : null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm" role="alert">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{title}</Text>
        {detail && detail !== title && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {messages.retry}
        </Button>
      </Stack>
    </Alert>
  );
};

/**
 * A whole page that could not load: a record that is not there (or not the caller's to see:
 * 404, or a malformed id: 400) says so as the page's heading; any other failure offers a retry.
 */
export const PageLoadError = ({
  back,
  error,
  notFoundTitle,
  failedTitle,
  onRetry,
  retrying,
}: {
  back: ReactNode;
  error: unknown;
  notFoundTitle: string;
  failedTitle: string;
  onRetry: () => void;
  retrying: boolean;
}) => {
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <Stack gap="md" maw={560}>
      {back}
      {gone ? (
        <Card withBorder padding="lg" radius="md">
          <Title order={1} size="h3">
            {notFoundTitle}
          </Title>
        </Card>
      ) : (
        <SectionError title={failedTitle} error={error} onRetry={onRetry} retrying={retrying} />
      )}
    </Stack>
  );
};
