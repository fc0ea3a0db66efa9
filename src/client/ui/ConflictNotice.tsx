import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { clientMessages } from '../client.messages.ts';

/**
 * Two people typed into one text (an answer, a description): the later save was refused, so both
 * texts are shown to the person whose words would have been lost, who keeps theirs or takes the
 * other's.
 */
export const ConflictNotice = ({
  message,
  theirs,
  theirName,
  mine,
  onKeepMine,
  onUseTheirs,
}: {
  message: string;
  theirs: ReactNode;
  theirName: string;
  mine: ReactNode;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) => (
  <Alert color="orange" variant="light" mt={4} role="alert" p="xs">
    <Stack gap={6}>
      <Text size="sm">{message}</Text>
      <Text size="xs" fw={600}>
        {clientMessages.theirText(theirName)}
      </Text>
      <Box fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="their-text">
        {theirs}
      </Box>
      <Text size="xs" fw={600}>
        {clientMessages.yourText}
      </Text>
      <Box fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="your-text">
        {mine}
      </Box>
      <Group gap="xs">
        <Button size="compact-sm" onClick={onKeepMine}>
          {clientMessages.keepMine}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onUseTheirs}>
          {clientMessages.useTheirs}
        </Button>
      </Group>
    </Stack>
  </Alert>
);
