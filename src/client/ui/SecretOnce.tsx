import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { CopyButton } from './CopyButton.tsx';

/** A secret shown this once (an API token, a signing secret): the warning, the text, Copy and Done. */
export const SecretOnce = ({
  secret,
  warning,
  label,
  texts,
  testId,
  onDone,
}: {
  secret: string;
  warning: string;
  label: string;
  texts: { copy: string; copied: string; done: string };
  testId: string;
  onDone: () => void;
}) => {
  const labelId = useId();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
        {warning}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Code
          block
          aria-labelledby={labelId}
          data-testid={testId}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {secret}
        </Code>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              aria-live="polite"
            >
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-autofocus>
          {texts.done}
        </Button>
      </Group>
    </Stack>
  );
};
