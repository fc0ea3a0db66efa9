import { Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { messages } from '../../../shared/messages.ts';
import { vaultMessages } from '../vault.messages.ts';
import { type EntriesViewProps, FolderLine, GroupBadges, SiteLink } from './EntriesTable.tsx';
import { BreakableText, PasswordCell } from './PasswordCell.tsx';

// The vault's entries on a phone: one card each, every action a button within the screen's
// width (a six-column table put Reveal and Copy off-screen, behind a sideways scroll).

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    {children}
  </Box>
);

export const EntryCards = ({
  entries,
  groupNames,
  folderNames,
  revealed,
  busyId,
  canReadAudit,
  onReveal,
  onHide,
  onCopy,
  onEdit,
  onDelete,
  onHistory,
}: EntriesViewProps) => (
  <Stack component="ul" gap="sm" m={0} p={0} aria-label={vaultMessages.vaultTitle} style={{ listStyle: 'none' }}>
    {entries.map((entry) => {
      const folder = entry.folderId ? folderNames.get(entry.folderId) : undefined;
      return (
        <Card key={entry.id} component="li" withBorder radius="md" padding="sm" data-vault-entry={entry.account}>
          <Stack gap="xs">
            <Box>
              <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                {entry.account}
              </Text>
              {entry.siteUrl && <SiteLink url={entry.siteUrl} />}
              {entry.notes && (
                <Text size="xs" c="dimmed" lineClamp={3}>
                  {entry.notes}
                </Text>
              )}
            </Box>
            {entry.username && (
              <Field label={vaultMessages.vaultUsername}>
                <Text size="sm" data-testid="vault-username">
                  <BreakableText text={entry.username} />
                </Text>
              </Field>
            )}
            <Field label={vaultMessages.vaultPassword}>
              <PasswordCell
                entry={entry}
                revealed={revealed.get(entry.id)}
                busy={busyId === entry.id}
                onReveal={() => onReveal(entry)}
                onHide={() => onHide(entry)}
                onCopy={() => onCopy(entry)}
                touch
              />
            </Field>
            {(folder || entry.restricted) && (
              <Group gap={4}>
                <FolderLine name={folder} />
                <GroupBadges entry={entry} groupNames={groupNames} />
              </Group>
            )}
            {(entry.canManage || canReadAudit) && (
              <Group gap="xs">
                {entry.canManage && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={vaultMessages.vaultEditOf(entry.account)}
                    onClick={() => onEdit(entry)}
                  >
                    {messages.editButton}
                  </Button>
                )}
                {canReadAudit && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="gray"
                    leftSection={<IconHistory size={14} aria-hidden />}
                    aria-label={vaultMessages.vaultHistoryOf(entry.account)}
                    onClick={() => onHistory(entry)}
                  >
                    {vaultMessages.vaultHistory}
                  </Button>
                )}
                {entry.canManage && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={vaultMessages.vaultDeleteOf(entry.account)}
                    onClick={() => onDelete(entry)}
                  >
                    {messages.deleteButton}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Card>
      );
    })}
  </Stack>
);
