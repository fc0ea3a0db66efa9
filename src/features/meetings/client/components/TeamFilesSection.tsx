import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconFilePlus,
  IconFolder,
  IconFolderOpen,
  IconFolderPlus,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { ShortcutFile } from '../../meetings.schemas.ts';
import { FileDialog, FolderDialog } from '../meetings.dialogs.ts';
import { useDeleteFile, useDeleteFileFolder } from '../meetings.mutations.ts';
import { type FileFolder, useFileFolder } from '../meetings.queries.ts';

// Meeting Shortcuts → Team Files (document 1 §2): a tree of folders with subfolders, the files
// (links) of the selected folder; folders and files are added, renamed and deleted in the dialogs
// of TeamFilesDialogs and the delete-file / Delete Shortcut confirmations.

const FolderRow = ({
  label,
  depth,
  selected,
  expanded,
  loading,
  onToggle,
  onSelect,
}: {
  label: string;
  depth: number;
  selected: boolean;
  expanded: boolean;
  loading: boolean;
  onToggle: () => void;
  onSelect: () => void;
}) => (
  <Group gap={2} wrap="nowrap" pl={depth * 14}>
    <ActionIcon
      size="sm"
      variant="subtle"
      color="gray"
      onClick={onToggle}
      aria-label={expanded ? meetingsMessages.collapseFolder(label) : meetingsMessages.expandFolder(label)}
      aria-expanded={expanded}
    >
      {loading ? <Loader size={10} /> : expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
    </ActionIcon>
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      px={6}
      py={3}
      flex={1}
      miw={0}
      className="cadence-row-button"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap">
        {expanded ? <IconFolderOpen size={16} aria-hidden /> : <IconFolder size={16} aria-hidden />}
        <Text size="sm" truncate fw={selected ? 600 : 400}>
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  </Group>
);

const FolderNode = ({
  meetingId,
  folder,
  depth,
  selectedId,
  onSelect,
}: {
  meetingId: string;
  folder: FileFolder;
  depth: number;
  selectedId: string | null;
  onSelect: (folder: FileFolder) => void;
}) => {
  const [expanded, setExpanded] = useState(false);
  const contents = useFileFolder(meetingId, folder.id, expanded);
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <FolderRow
        label={folder.name}
        depth={depth}
        selected={selectedId === folder.id}
        expanded={expanded}
        loading={expanded && contents.isPending}
        onToggle={() => setExpanded((value) => !value)}
        onSelect={() => {
          onSelect(folder);
          setExpanded(true);
        }}
      />
      {expanded && contents.data && contents.data.subFolders.length > 0 && (
        <Box component="ul" m={0} p={0}>
          {contents.data.subFolders.map((child) => (
            <FolderNode
              key={child.id}
              meetingId={meetingId}
              folder={child}
              depth={depth + 1}
              selectedId={selectedId}
              onSelect={onSelect}
            />
          ))}
        </Box>
      )}
    </Box>
  );
};

const FilesTable = ({
  files,
  onEdit,
  onDelete,
}: {
  files: ShortcutFile[];
  onEdit: (file: ShortcutFile) => void;
  onDelete: (file: ShortcutFile) => void;
}) =>
  files.length === 0 ? (
    <Text size="sm" c="dimmed" py="sm">
      {meetingsMessages.noFilesHere}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table verticalSpacing={6} fz="sm" aria-label={meetingsMessages.teamFiles}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{meetingsMessages.fileName}</Table.Th>
            <Table.Th>{meetingsMessages.columnExtension}</Table.Th>
            <Table.Th>{meetingsMessages.columnUrl}</Table.Th>
            <Table.Th>{meetingsMessages.columnDescription}</Table.Th>
            <Table.Th w={76} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td fw={500}>{file.name}</Table.Td>
              <Table.Td c="dimmed">{file.extension ?? '—'}</Table.Td>
              <Table.Td maw={240}>
                <Anchor
                  href={file.externalLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  truncate="end"
                  display="block"
                >
                  {file.externalLink}
                </Anchor>
              </Table.Td>
              <Table.Td c={file.description ? undefined : 'dimmed'}>{file.description ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={meetingsMessages.editFileTitle} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onEdit(file)}
                      aria-label={meetingsMessages.editFileNamed(file.name)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={meetingsMessages.deleteFileTitle} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(file)}
                      aria-label={meetingsMessages.deleteFileNamed(file.name)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

export const TeamFilesSection = ({ meetingId }: { meetingId: string }) => {
  const [selected, setSelected] = useState<FileFolder | null>(null);
  const [rootExpanded, setRootExpanded] = useState(true);
  const [dialog, setDialog] = useState<'folder' | 'renameFolder' | 'file' | null>(null);
  const [editingFile, setEditingFile] = useState<ShortcutFile | null>(null);
  const [deleting, setDeleting] = useState<ShortcutFile | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<FileFolder | null>(null);
  const top = useFileFolder(meetingId, null);
  const current = useFileFolder(meetingId, selected?.id ?? null);
  const remove = useDeleteFile(meetingId);
  const removeFolder = useDeleteFileFolder(meetingId);
  // The selected folder's name as the server has it now (a rename shows at once).
  const selectedFolder =
    selected && current.data?.id === selected.id ? { ...selected, name: current.data.name! } : selected;

  let tree: React.ReactNode;
  if (top.isPending) tree = <SectionLoading />;
  else if (top.isError)
    tree = (
      <SectionError
        title={meetingsMessages.filesLoadFailed}
        error={top.error}
        onRetry={() => void top.refetch()}
        retrying={top.isFetching}
      />
    );
  else
    tree = (
      <Box component="ul" m={0} p={0} aria-label={meetingsMessages.folderTree}>
        <Box component="li" style={{ listStyle: 'none' }}>
          <FolderRow
            label={meetingsMessages.teamFiles}
            depth={0}
            selected={selected === null}
            expanded={rootExpanded}
            loading={false}
            onToggle={() => setRootExpanded((value) => !value)}
            onSelect={() => {
              setSelected(null);
              setRootExpanded(true);
            }}
          />
          {rootExpanded && (
            <Box component="ul" m={0} p={0}>
              {top.data.subFolders.map((folder) => (
                <FolderNode
                  key={folder.id}
                  meetingId={meetingId}
                  folder={folder}
                  depth={1}
                  selectedId={selected?.id ?? null}
                  onSelect={setSelected}
                />
              ))}
            </Box>
          )}
        </Box>
      </Box>
    );

  let files: React.ReactNode;
  if (current.isPending) files = <SectionLoading />;
  else if (current.isError)
    files = (
      <SectionError
        title={meetingsMessages.filesLoadFailed}
        error={current.error}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  else
    files = (
      <FilesTable
        files={current.data.files}
        onEdit={(file) => {
          setEditingFile(file);
          setDialog('file');
        }}
        onDelete={(file) => {
          remove.reset();
          setDeleting(file);
        }}
      />
    );

  return (
    <SectionCard
      title={meetingsMessages.meetingShortcuts}
      actions={
        <>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setDialog('folder')}
          >
            {meetingsMessages.addFolder}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFilePlus size={14} />}
            onClick={() => {
              setEditingFile(null);
              setDialog('file');
            }}
          >
            {meetingsMessages.addFile}
          </Button>
        </>
      }
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4} w={230} style={{ flex: '0 0 auto' }}>
          {tree}
        </Stack>
        <Stack gap={4} flex={1} miw={280}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" component="h3" m={0} truncate>
              {selectedFolder?.name ?? meetingsMessages.teamFiles}
            </Text>
            {selectedFolder && (
              <Group gap={2} wrap="nowrap">
                <Tooltip label={meetingsMessages.renameFolderButton} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => setDialog('renameFolder')}
                    aria-label={meetingsMessages.renameFolderButton}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={meetingsMessages.deleteFolderButton} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      removeFolder.reset();
                      setDeletingFolder(selectedFolder);
                    }}
                    aria-label={meetingsMessages.deleteFolderButton}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          {files}
        </Stack>
      </Group>
      <FolderDialog
        meetingId={meetingId}
        parent={selectedFolder}
        editing={dialog === 'renameFolder' ? selectedFolder : null}
        opened={dialog === 'folder' || dialog === 'renameFolder'}
        onClose={() => setDialog(null)}
      />
      <FileDialog
        meetingId={meetingId}
        folder={selectedFolder}
        editing={editingFile}
        opened={dialog === 'file'}
        onClose={() => {
          setDialog(null);
          setEditingFile(null);
        }}
      />
      <ConfirmDialog
        opened={deletingFolder !== null}
        title={meetingsMessages.deleteShortcutTitle}
        onClose={() => setDeletingFolder(null)}
        onConfirm={() =>
          deletingFolder &&
          removeFolder.mutate(deletingFolder.id, {
            onSuccess: () => {
              showSuccess(meetingsMessages.folderDeleted);
              setDeletingFolder(null);
              setSelected(null);
            },
          })
        }
        pending={removeFolder.isPending}
        error={removeFolder.isError ? errorText(removeFolder.error) : null}
      >
        {deletingFolder ? meetingsMessages.deleteShortcutFolder(deletingFolder.name) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={meetingsMessages.deleteFileTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      >
        {meetingsMessages.deleteFileConfirm}
      </ConfirmDialog>
    </SectionCard>
  );
};
