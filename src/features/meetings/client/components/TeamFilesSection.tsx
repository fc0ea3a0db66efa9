import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
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
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { type ShortcutFile, ZCreateFileFolder } from '../../meetings.schemas.ts';
import { linkError } from '../meetings.links.ts';
import { type FileFolder, useAddFile, useCreateFileFolder, useDeleteFile, useFileFolder } from '../meetings.queries.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { SectionCard } from './SectionCard.tsx';

// Meeting Shortcuts → Team Files (document 1 §2): a tree of folders with subfolders, the files
// (links) of the selected folder, and the add-folder, add-file and delete-file dialogs.

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? messages.invalidValue);

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
      aria-label={expanded ? messages.collapseFolder(label) : messages.expandFolder(label)}
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

const AddFolderForm = ({
  meetingId,
  parent,
  onClose,
}: {
  meetingId: string;
  parent: FileFolder | null;
  onClose: () => void;
}) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateFileFolder(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const problem = firstMessage(ZCreateFileFolder.shape.name.safeParse(name));
    setError(problem);
    if (problem) return;
    create.mutate(
      { name: name.trim(), parentId: parent?.id ?? null },
      {
        onSuccess: () => {
          showSuccess(messages.folderAdded);
          closeSoon();
        },
        // document 1 §8: 409 is a taken name, anything else a generic problem.
        onError: (err) =>
          setFailure(
            err instanceof ApiError && err.status === 409 ? messages.folderNameTaken : messages.folderCreateFailed,
          ),
      },
    );
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.createButton}
      pending={create.isPending}
      failure={failure}
    >
      {parent && <FolderCrumb name={parent.name} />}
      <TextInput
        label={messages.folderName}
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
      />
    </DialogForm>
  );
};

/** The folder a new entry goes into, above the form's fields. */
const FolderCrumb = ({ name }: { name: string }) => (
  <Group gap={6}>
    <IconFolder size={16} aria-hidden />
    <Text size="sm" c="dimmed">
      {name}
    </Text>
  </Group>
);

const AddFolderDialog = ({
  meetingId,
  parent,
  opened,
  onClose,
}: {
  meetingId: string;
  parent: FileFolder | null;
  opened: boolean;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={messages.addFolder}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <AddFolderForm meetingId={meetingId} parent={parent} onClose={onClose} />
  </Modal>
);

const AddFileForm = ({
  meetingId,
  folder,
  onClose,
}: {
  meetingId: string;
  folder: FileFolder | null;
  onClose: () => void;
}) => {
  const [values, setValues] = useState({ name: '', externalLink: '', description: '' });
  const [errors, setErrors] = useState<{ name?: string | null; externalLink?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddFile(meetingId);
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const found = {
      name: values.name.trim() ? null : messages.required,
      externalLink: values.externalLink.trim() ? linkError(values.externalLink) : messages.required,
    };
    setErrors(found);
    if (found.name || found.externalLink) return;
    add.mutate(
      {
        name: values.name.trim(),
        externalLink: values.externalLink.trim(),
        description: values.description.trim(),
        folderId: folder?.id ?? null,
      },
      {
        onSuccess: () => {
          showSuccess(messages.fileAdded);
          closeSoon();
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.addButton}
      pending={add.isPending}
      failure={failure}
    >
      {folder && <FolderCrumb name={folder.name} />}
      <TextInput
        label={messages.fileName}
        required
        data-autofocus
        value={values.name}
        onChange={(event) => {
          setValues({ ...values, name: event.currentTarget.value });
          setErrors({ ...errors, name: null });
        }}
        error={errors.name}
      />
      <TextInput
        label={messages.fileLink}
        required
        placeholder="https://"
        value={values.externalLink}
        onChange={(event) => {
          setValues({ ...values, externalLink: event.currentTarget.value });
          setErrors({ ...errors, externalLink: null });
        }}
        error={errors.externalLink}
      />
      <Textarea
        label={messages.fileDescription}
        autosize
        minRows={2}
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
      />
    </DialogForm>
  );
};

const AddFileDialog = ({
  meetingId,
  folder,
  opened,
  onClose,
}: {
  meetingId: string;
  folder: FileFolder | null;
  opened: boolean;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={messages.addFile}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <AddFileForm meetingId={meetingId} folder={folder} onClose={onClose} />
  </Modal>
);

const FilesTable = ({ files, onDelete }: { files: ShortcutFile[]; onDelete: (file: ShortcutFile) => void }) =>
  files.length === 0 ? (
    <Text size="sm" c="dimmed" py="sm">
      {messages.noFilesHere}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table verticalSpacing={6} fz="sm" aria-label={messages.teamFiles}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{messages.fileName}</Table.Th>
            <Table.Th>{messages.columnExtension}</Table.Th>
            <Table.Th>{messages.columnUrl}</Table.Th>
            <Table.Th>{messages.columnDescription}</Table.Th>
            <Table.Th w={44} />
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
                <Tooltip label={messages.deleteFileTitle} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(file)}
                    aria-label={messages.deleteFileNamed(file.name)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
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
  const [dialog, setDialog] = useState<'folder' | 'file' | null>(null);
  const [deleting, setDeleting] = useState<ShortcutFile | null>(null);
  const top = useFileFolder(meetingId, null);
  const current = useFileFolder(meetingId, selected?.id ?? null);
  const remove = useDeleteFile(meetingId);

  let tree: React.ReactNode;
  if (top.isPending) tree = <SectionLoading />;
  else if (top.isError)
    tree = (
      <SectionError
        title={messages.filesLoadFailed}
        error={top.error}
        onRetry={() => void top.refetch()}
        retrying={top.isFetching}
      />
    );
  else
    tree = (
      <Box component="ul" m={0} p={0} aria-label={messages.folderTree}>
        <Box component="li" style={{ listStyle: 'none' }}>
          <FolderRow
            label={messages.teamFiles}
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
        title={messages.filesLoadFailed}
        error={current.error}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  else
    files = (
      <FilesTable
        files={current.data.files}
        onDelete={(file) => {
          remove.reset();
          setDeleting(file);
        }}
      />
    );

  return (
    <SectionCard
      title={messages.meetingShortcuts}
      actions={
        <>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFolderPlus size={14} />}
            onClick={() => setDialog('folder')}
          >
            {messages.addFolder}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFilePlus size={14} />}
            onClick={() => setDialog('file')}
          >
            {messages.addFile}
          </Button>
        </>
      }
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4} w={230} style={{ flex: '0 0 auto' }}>
          {tree}
        </Stack>
        <Stack gap={4} flex={1} miw={280}>
          <Text fw={600} size="sm" component="h3" m={0}>
            {selected?.name ?? messages.teamFiles}
          </Text>
          {files}
        </Stack>
      </Group>
      <AddFolderDialog
        meetingId={meetingId}
        parent={selected}
        opened={dialog === 'folder'}
        onClose={() => setDialog(null)}
      />
      <AddFileDialog
        meetingId={meetingId}
        folder={selected}
        opened={dialog === 'file'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.deleteFileTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      >
        {messages.deleteFileConfirm}
      </ConfirmDialog>
    </SectionCard>
  );
};
