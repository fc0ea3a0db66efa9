import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';
import { ApiError } from '../lib/api.ts';
import { type Health, useHealth } from './health.queries.ts';

type Answer = 'ok' | 'down' | 'unknown';

const StatusRow = ({ label, answer }: { label: string; answer: Answer }) => {
  const text =
    answer === 'ok'
      ? clientMessages.statusOk
      : answer === 'down'
        ? clientMessages.statusDown
        : clientMessages.statusUnknown;
  const color = answer === 'ok' ? 'teal' : answer === 'down' ? 'red' : 'gray';
  return (
    <Group component="li" justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Badge color={color} variant="light">
        {text}
      </Badge>
    </Group>
  );
};

const ageText = (seconds: number) => {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
};

/** Scheduled backups: the last good one's age; red when the last one failed or none is a day and a half old. */
const BackupRow = ({ backups }: { backups: NonNullable<Health['backups']> }) => {
  const stale = backups.ageSeconds === null || backups.ageSeconds > 36 * 3600;
  const text = [
    backups.ageSeconds === null
      ? clientMessages.statusBackupNone
      : clientMessages.statusBackupAge(ageText(backups.ageSeconds)),
    backups.lastFailed ? clientMessages.statusBackupFailed : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Group component="li" justify="space-between" wrap="nowrap">
      <Text size="sm">{clientMessages.statusBackups}</Text>
      <Badge color={backups.lastFailed || stale ? 'red' : 'teal'} variant="light">
        {text}
      </Badge>
    </Group>
  );
};

/** Whether the server and its database answer (GET /api/health), with its own loading and error state. */
export const SystemStatusCard = () => {
  const titleId = useId();
  const health = useHealth();
  // A 503 is the server answering that its database does not.
  const databaseDown = health.error instanceof ApiError && health.error.status === 503;

  let body: React.ReactNode;
  if (health.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {messages.loading}
        </Text>
      </Group>
    );
  } else if (health.isSuccess || databaseDown) {
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        <StatusRow
          label={clientMessages.statusServer}
          answer={health.isSuccess && health.data.status !== 'ok' ? 'unknown' : 'ok'}
        />
        <StatusRow
          label={clientMessages.statusDatabase}
          answer={databaseDown ? 'down' : health.data?.database === 'ok' ? 'ok' : 'unknown'}
        />
        {health.data?.backups && <BackupRow backups={health.data.backups} />}
      </Stack>
    );
  } else {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{clientMessages.statusLoadFailed}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => health.refetch()} loading={health.isFetching}>
            {messages.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="sm">
        {clientMessages.systemStatus}
      </Title>
      {body}
    </Card>
  );
};
