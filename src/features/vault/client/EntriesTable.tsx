import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconEye,
  IconEyeOff,
  IconHistory,
  IconLock,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { messages } from '../../../shared/messages.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultEntry } from '../vault.schemas.ts';

// The vault's table: passwords masked; Reveal shows one for a while, Copy puts it on the
// clipboard. Both ask the server for that one password (an audited call).

export interface RevealedValue {
  password: string;
  /** Seconds left before it is hidden again. */
  secondsLeft: number;
}

const PasswordCell = ({
  entry,
  revealed,
  busy,
  onReveal,
  onHide,
  onCopy,
}: {
  entry: VaultEntry;
  revealed: RevealedValue | undefined;
  busy: boolean;
  onReveal: () => void;
  onHide: () => void;
  onCopy: () => void;
}) => {
  if (!entry.canReveal) {
    return (
      <Tooltip label={vaultMessages.vaultNoAccessToSecret} withArrow>
        <Group gap={4} wrap="nowrap" tabIndex={0} c="dimmed">
          <IconLock size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {vaultMessages.vaultMasked}
          </Text>
        </Group>
      </Tooltip>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        ff="monospace"
        data-testid="vault-password"
        style={revealed ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }}
        aria-live="polite"
      >
        {revealed ? revealed.password : vaultMessages.vaultMasked}
      </Text>
      {revealed && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {vaultMessages.vaultRevealedFor(revealed.secondsLeft)}
        </Text>
      )}
      <Tooltip label={revealed ? vaultMessages.vaultHide : vaultMessages.vaultReveal} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={revealed ? vaultMessages.vaultHideOf(entry.account) : vaultMessages.vaultRevealOf(entry.account)}
          onClick={revealed ? onHide : onReveal}
          loading={busy}
        >
          {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={vaultMessages.vaultCopy} withArrow>
        <ActionIcon variant="subtle" aria-label={vaultMessages.vaultCopyOf(entry.account)} onClick={onCopy}>
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

export const EntriesTable = ({
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
}: {
  entries: VaultEntry[];
  groupNames: Map<string, string>;
  folderNames: Map<string, string>;
  revealed: Map<string, RevealedValue>;
  busyId: string | null;
  canReadAudit: boolean;
  onReveal: (entry: VaultEntry) => void;
  onHide: (entry: VaultEntry) => void;
  onCopy: (entry: VaultEntry) => void;
  onEdit: (entry: VaultEntry) => void;
  onDelete: (entry: VaultEntry) => void;
  onHistory: (entry: VaultEntry) => void;
}) => (
  <Table.ScrollContainer minWidth={720} type="native">
    <Table verticalSpacing={8} fz="sm" aria-label={vaultMessages.vaultTitle} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{vaultMessages.vaultAccount}</Table.Th>
          <Table.Th>{vaultMessages.vaultUsername}</Table.Th>
          <Table.Th>{vaultMessages.vaultPassword}</Table.Th>
          <Table.Th>{vaultMessages.vaultFolder}</Table.Th>
          <Table.Th>{vaultMessages.vaultGroups}</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>{messages.editButton}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id} data-vault-entry={entry.account}>
            <Table.Td>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.account}
              </Text>
              {entry.siteUrl && (
                <Anchor href={entry.siteUrl} target="_blank" rel="noopener noreferrer" size="xs">
                  {entry.siteUrl.replace(/^https?:\/\//, '')}
                </Anchor>
              )}
              {entry.notes && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {entry.notes}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.username}</Table.Td>
            <Table.Td>
              <PasswordCell
                entry={entry}
                revealed={revealed.get(entry.id)}
                busy={busyId === entry.id}
                onReveal={() => onReveal(entry)}
                onHide={() => onHide(entry)}
                onCopy={() => onCopy(entry)}
              />
            </Table.Td>
            <Table.Td>{entry.folderId ? folderNames.get(entry.folderId) : null}</Table.Td>
            <Table.Td miw={140}>
              <Group gap={4}>
                {entry.restricted && entry.groupIds.length === 0 && (
                  <Badge size="sm" variant="light" color="gray">
                    {vaultMessages.vaultRestricted}
                  </Badge>
                )}
                {entry.groupIds.map((id) => (
                  <Badge key={id} size="sm" variant="light">
                    {groupNames.get(id) ?? vaultMessages.vaultRestricted}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              {(entry.canManage || canReadAudit) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={vaultMessages.vaultEntryActions(entry.account)}
                    >
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {entry.canManage && (
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(entry)}>
                        {messages.editButton}
                      </Menu.Item>
                    )}
                    {canReadAudit && (
                      <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => onHistory(entry)}>
                        {vaultMessages.vaultHistory}
                      </Menu.Item>
                    )}
                    {entry.canManage && (
                      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(entry)}>
                        {messages.deleteButton}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
