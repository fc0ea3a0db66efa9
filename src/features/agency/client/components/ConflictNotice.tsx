import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { agencyMessages } from '../../agency.messages.ts';

/**
 * Two people typed into one answer: the later save was refused, so both texts are shown to the
 * person whose words would have been lost, who keeps theirs or takes the other's.
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
  theirs: string;
  theirName: string;
  mine: string;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) => (
  <Alert color="orange" variant="light" mt={4} role="alert" p="xs">
    <Stack gap={6}>
      <Text size="sm">{message}</Text>
      <Text size="xs" fw={600}>
        {agencyMessages.agencyTheirText(theirName)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="their-text">
        {theirs}
      </Text>
      <Text size="xs" fw={600}>
        {agencyMessages.agencyYourText}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="your-text">
        {mine}
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" onClick={onKeepMine}>
          {agencyMessages.agencyKeepMine}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onUseTheirs}>
          {agencyMessages.agencyUseTheirs}
        </Button>
      </Group>
    </Stack>
  </Alert>
);
