import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../../../client/lib/api.ts';
import { messages } from '../../../../shared/messages.ts';

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
