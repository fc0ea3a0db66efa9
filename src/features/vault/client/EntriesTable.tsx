import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconFolder, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { messages } from '../../../shared/messages.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultEntry } from '../vault.schemas.ts';
import { BreakableText, PasswordCell, type RevealedValue } from './PasswordCell.tsx';

// The vault's entries on a wide screen: a table, passwords masked (PasswordCell). Folder and
// groups sit under the account, so that a revealed password has room for one line; a phone shows
// the same entries as cards (EntryCards).

/** What the table and the cards show and do. */
export interface EntriesViewProps {
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
}

/** The entry's groups as badges ("Restricted" when its groups were deleted). */
export const GroupBadges = ({ entry, groupNames }: { entry: VaultEntry; groupNames: Map<string, string> }) => (
  <>
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
  </>
);

/** The entry's folder, under its account. */
export const FolderLine = ({ name }: { name: string | undefined }) =>
  name ? (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconFolder size={12} aria-hidden />
      <Text size="xs" c="dimmed">
        {vaultMessages.vaultEntryFolder(name)}
      </Text>
    </Group>
  ) : null;

/** The site's address without its scheme, breaking only at its dots and slashes. */
export const SiteLink = ({ url }: { url: string }) => (
  <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs">
    <BreakableText text={url.replace(/^https?:\/\//, '')} />
  </Anchor>
);

const EntryMenu = ({
  entry,
  canReadAudit,
  onEdit,
  onDelete,
  onHistory,
}: Pick<EntriesViewProps, 'canReadAudit' | 'onEdit' | 'onDelete' | 'onHistory'> & { entry: VaultEntry }) => (
  <Menu position="bottom-end" withinPortal>
    <Menu.Target>
      <ActionIcon variant="subtle" color="gray" aria-label={vaultMessages.vaultEntryActions(entry.account)}>
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
);

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
}: EntriesViewProps) => (
  <Table.ScrollContainer minWidth={720} type="native">
    <Table verticalSpacing={8} fz="sm" aria-label={vaultMessages.vaultTitle} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{vaultMessages.vaultAccount}</Table.Th>
          <Table.Th>{vaultMessages.vaultUsername}</Table.Th>
          <Table.Th>{vaultMessages.vaultPassword}</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>{messages.editButton}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id} data-vault-entry={entry.account}>
            <Table.Td>
              <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                {entry.account}
              </Text>
              {entry.siteUrl && <SiteLink url={entry.siteUrl} />}
              {entry.folderId && <FolderLine name={folderNames.get(entry.folderId)} />}
              {entry.restricted && (
                <Group gap={4} mt={4}>
                  <GroupBadges entry={entry} groupNames={groupNames} />
                </Group>
              )}
              {entry.notes && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {entry.notes}
                </Text>
              )}
            </Table.Td>
            {/* A username or email on one line: the column is as wide as it needs. */}
            <Table.Td>
              <Text size="sm" data-testid="vault-username" style={{ whiteSpace: 'nowrap' }}>
                {entry.username}
              </Text>
            </Table.Td>
            {/* Wide enough for a revealed password on one line (its field scrolls inside itself). */}
            <Table.Td w="18rem">
              <PasswordCell
                entry={entry}
                revealed={revealed.get(entry.id)}
                busy={busyId === entry.id}
                onReveal={() => onReveal(entry)}
                onHide={() => onHide(entry)}
                onCopy={() => onCopy(entry)}
              />
            </Table.Td>
            <Table.Td>
              {(entry.canManage || canReadAudit) && (
                <EntryMenu
                  entry={entry}
                  canReadAudit={canReadAudit}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onHistory={onHistory}
                />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
