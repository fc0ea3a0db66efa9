import { Badge, Button, Card, Group, PasswordInput, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useMoments } from '../../../../client/lib/moments.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { firstErrorText } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../../client/ui/toast.ts';
import { WORKSPACE_EXPORT_RETENTION_DAYS } from '../../../../shared/constants.ts';
import { formatSize } from '../../../../shared/fileSize.ts';
import { reportsMessages } from '../../reports.messages.ts';
import { EXPORT_PASSPHRASE_MIN, type WorkspaceExport } from '../../reports.schemas.ts';
import { downloadWorkspaceExport, useStartWorkspaceExport, useWorkspaceExports } from '../reports.queries.ts';

// The workspace export for admins: start one (after a question), follow its progress
// (real-time events), download the zip once ready.

const statusColor: Record<WorkspaceExport['status'], string> = {
  queued: 'gray',
  running: 'orange',
  done: 'green',
  failed: 'red',
  expired: 'gray',
};

export const WorkspaceExportPanel = () => {
  const moments = useMoments();
  const list = useWorkspaceExports(true);
  const start = useStartWorkspaceExport();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Optional: with one, the vault's passwords go into the zip sealed under it (decision 115).
  const [passphrase, setPassphrase] = useState('');
  const busy = list.data?.items.some((item) => item.status === 'queued' || item.status === 'running') ?? false;
  const confirm = () => {
    setFailure(null);
    start.mutate(passphrase || undefined, {
      onSuccess: () => {
        setAsking(false);
        setPassphrase('');
        showSuccess(reportsMessages.workspaceExportStarted);
      },
      onError: (error) => setFailure(firstErrorText(error)),
    });
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {reportsMessages.workspaceExportTitle}
          </Title>
          <Button onClick={() => setAsking(true)} disabled={busy}>
            {reportsMessages.workspaceExportStart}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {reportsMessages.workspaceExportIntro(WORKSPACE_EXPORT_RETENTION_DAYS)}
        </Text>
        {list.isPending ? (
          <SectionLoading />
        ) : list.isError ? (
          <SectionError
            title={reportsMessages.workspaceExportFailedToLoad}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {reportsMessages.workspaceExportNone}
          </Text>
        ) : (
          // One row per export, its parts wrapping under each other on a narrow screen (nothing
          // scrolls sideways or is clipped on a phone).
          <Stack
            component="ul"
            gap={0}
            aria-label={reportsMessages.workspaceExportTitle}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.data.items.map((item, index) => (
              <Group
                component="li"
                key={item.id}
                justify="space-between"
                align="center"
                wrap="wrap"
                gap="xs"
                py="xs"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Stack gap={0}>
                  <Text size="sm">{moments.at(item.createdAt)}</Text>
                  {item.expiresAt && (
                    <Text size="xs" c="dimmed">
                      {reportsMessages.workspaceExportKeptUntil(moments.day(item.expiresAt))}
                    </Text>
                  )}
                  {item.status === 'expired' && (
                    <Text size="xs" c="dimmed">
                      {reportsMessages.workspaceExportRemovedAfter(WORKSPACE_EXPORT_RETENTION_DAYS)}
                    </Text>
                  )}
                </Stack>
                <Group gap="sm" wrap="wrap">
                  {item.status === 'running' || item.status === 'queued' ? (
                    <Stack gap={4} w={200}>
                      <Badge color={statusColor[item.status]} variant="light">
                        {reportsMessages.workspaceExportStatus[item.status]} {item.progress}%
                      </Badge>
                      <Progress value={item.progress} aria-label={reportsMessages.workspaceExportStatus[item.status]} />
                    </Stack>
                  ) : (
                    <Badge color={statusColor[item.status]} variant="light">
                      {reportsMessages.workspaceExportStatus[item.status]}
                    </Badge>
                  )}
                  {item.status === 'done' && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() =>
                        downloadWorkspaceExport(item, reportsMessages.workspaceExportGone).catch((error: Error) =>
                          showError(error.message),
                        )
                      }
                    >
                      {reportsMessages.workspaceExportDownload} {item.size === null ? '' : formatSize(item.size)}
                    </Button>
                  )}
                  {/* The newest export expired: a new one is one click away (the header's button too). */}
                  {item.status === 'expired' && index === 0 && (
                    <Button size="xs" variant="light" onClick={() => setAsking(true)} disabled={busy}>
                      {reportsMessages.workspaceExportStartNew}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={reportsMessages.workspaceExportConfirmTitle}
        confirmLabel={reportsMessages.workspaceExportStart}
        confirmColor="blue"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        pending={start.isPending}
        error={failure}
      >
        <Stack gap="sm">
          <Text size="sm">{reportsMessages.workspaceExportConfirm}</Text>
          <PasswordInput
            label={reportsMessages.workspaceExportPassphrase}
            description={reportsMessages.workspaceExportPassphraseHelp(EXPORT_PASSPHRASE_MIN)}
            value={passphrase}
            autoComplete="new-password"
            onChange={(event) => setPassphrase(event.currentTarget.value)}
          />
        </Stack>
      </ConfirmDialog>
    </Card>
  );
};
