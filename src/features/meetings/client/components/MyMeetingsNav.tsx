import { DragDropContext, Draggable, type DraggableProvided, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Box,
  ColorSwatch,
  Group,
  Menu,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconFolderPlus,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from '../../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { useFieldError } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { type MeetingFolder, type SimpleMeeting, ZCreateMeetingFolder } from '../../meetings.schemas.ts';
import { DEFAULT_MEETING_COLOR, dashboardPath, isIgnoredDrop } from '../meetings.format.ts';
import {
  useCreateMeetingFolder,
  useDeleteMeetingFolder,
  useMoveMeetingToFolder,
  useUpdateMeetingFolder,
} from '../meetings.mutations.ts';
import { useMeetingFolders, useSimpleMeetings } from '../meetings.queries.ts';

// The sidebar's 'My Meetings' (document 1 §2): the caller's folders with their meetings, and
// the meetings in no folder below them. Meetings are dragged into a folder or out of it; a
// folder's open state is kept on the server, the selected folder in this browser.

const UNFILED = 'unfiled';
const SELECTED_FOLDER_KEY = 'cadence.meetings.selected-folder';

const MeetingItem = ({
  meeting,
  provided,
  dragging,
  onNavigate,
}: {
  meeting: SimpleMeeting;
  provided: DraggableProvided;
  dragging: boolean;
  onNavigate: () => void;
}) => {
  const { pathname } = useLocation();
  const path = dashboardPath(meeting);
  const active = pathname.startsWith(`/meeting-dashboard/${meeting.id}/`);
  // The whole row is the drag handle, but it stays a link (no role="button") for assistive technology.
  const { role: _role, ...handleProps } = provided.dragHandleProps ?? {};
  return (
    <Box ref={provided.innerRef} {...provided.draggableProps} data-sidebar-meeting={meeting.title}>
      <NavLink
        component={Link}
        to={path}
        {...handleProps}
        label={meeting.title}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        leftSection={<ColorSwatch color={meeting.color ?? DEFAULT_MEETING_COLOR} size={10} withShadow={false} />}
        py={5}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: dragging ? 'var(--mantine-color-body)' : undefined,
          boxShadow: dragging ? 'var(--mantine-shadow-md)' : undefined,
        }}
        noWrap
      />
    </Box>
  );
};

const FolderNameDialog = ({
  opened,
  folder,
  onClose,
}: {
  opened: boolean;
  /** null: a new folder. */
  folder: MeetingFolder | null;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={folder ? meetingsMessages.renameFolderTitle : meetingsMessages.createFolderTitle}
    centered
    size="sm"
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <FolderNameForm folder={folder} onClose={onClose} />
  </Modal>
);

const FolderNameForm = ({ folder, onClose }: { folder: MeetingFolder | null; onClose: () => void }) => {
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useFieldError(name);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateMeetingFolder();
  const update = useUpdateMeetingFolder();
  const closeSoon = useDelayedClose(onClose);
  const submit = () => {
    setFailure(null);
    const check = ZCreateMeetingFolder.shape.name.safeParse(name);
    setError(check.success ? null : (check.error.issues[0]?.message ?? messages.required));
    if (!check.success) return;
    const done = { onSuccess: closeSoon, onError: (e: unknown) => setFailure(errorText(e)) };
    if (folder) update.mutate({ id: folder.id, patch: { name: check.data } }, done);
    else create.mutate(check.data, done);
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={folder ? messages.saveButton : messages.createButton}
      pending={create.isPending || update.isPending}
      failure={failure}
    >
      <TextInput
        label={messages.folderName}
        required
        data-autofocus
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={error}
      />
    </DialogForm>
  );
};

const FolderBlock = ({
  folder,
  meetings,
  selected,
  onSelect,
  onToggle,
  onRename,
  onDelete,
  onNavigate,
}: {
  folder: MeetingFolder;
  meetings: SimpleMeeting[];
  selected: boolean;
  onSelect: () => void;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
  onNavigate: () => void;
}) => (
  <Droppable droppableId={`folder:${folder.id}`}>
    {(provided, snapshot) => (
      <Box
        ref={provided.innerRef}
        {...provided.droppableProps}
        data-folder={folder.name}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          outline: snapshot.isDraggingOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
          background: snapshot.isDraggingOver ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group
          gap={0}
          wrap="nowrap"
          className="cadence-row-button"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <UnstyledButton
            onClick={() => {
              onSelect();
              onToggle();
            }}
            aria-expanded={folder.open}
            aria-current={selected ? 'true' : undefined}
            flex={1}
            miw={0}
            px={8}
            py={6}
          >
            <Group gap={6} wrap="nowrap">
              {folder.open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
              {folder.open ? <IconFolderOpen size={16} aria-hidden /> : <IconFolder size={16} aria-hidden />}
              <Text size="sm" fw={selected ? 700 : 500} truncate>
                {folder.name}
              </Text>
              <Text size="xs" c="dimmed">
                {meetings.length}
              </Text>
            </Group>
          </UnstyledButton>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={meetingsMessages.folderActions(folder.name)}
                mr={4}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
                {meetingsMessages.renameFolder}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                {meetingsMessages.deleteFolder}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {folder.open && (
          <Stack gap={0} pl={14}>
            {meetings.map((meeting, index) => (
              <Draggable key={meeting.id} draggableId={`meeting:${meeting.id}`} index={index}>
                {(drag, dragSnapshot) => (
                  <MeetingItem
                    meeting={meeting}
                    provided={drag}
                    dragging={dragSnapshot.isDragging}
                    onNavigate={onNavigate}
                  />
                )}
              </Draggable>
            ))}
            {meetings.length === 0 && (
              <Text size="xs" c="dimmed" px={8} py={4}>
                {meetingsMessages.emptyFolder}
              </Text>
            )}
          </Stack>
        )}
        {provided.placeholder}
      </Box>
    )}
  </Droppable>
);

export const MyMeetingsNav = ({ onNavigate }: { onNavigate: () => void }) => {
  const list = useSimpleMeetings(true, true);
  const folders = useMeetingFolders();
  const move = useMoveMeetingToFolder();
  const toggle = useUpdateMeetingFolder();
  const remove = useDeleteMeetingFolder();
  const [selectedId, setSelectedId] = useLocalStorage<string | null>({
    key: SELECTED_FOLDER_KEY,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const [naming, setNaming] = useState<{ folder: MeetingFolder | null } | null>(null);
  const [deleting, setDeleting] = useState<MeetingFolder | null>(null);

  const onDragEnd = (result: DropResult) => {
    if (isIgnoredDrop(result) || !result.destination) return;
    // Folders keep no order of their own: only a move to another place counts.
    if (result.destination.droppableId === result.source.droppableId) return;
    const meetingId = result.draggableId.replace(/^meeting:/, '');
    const target = result.destination.droppableId;
    move.mutate({ meetingId, folderId: target === UNFILED ? null : target.replace(/^folder:/, '') });
  };

  const header = (
    <Group justify="space-between" px={8} mt="md" mb={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }} component="h2" m={0}>
        {meetingsMessages.myMeetings}
      </Text>
      <Tooltip label={meetingsMessages.newFolder} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={meetingsMessages.newFolder}
          onClick={() => setNaming({ folder: null })}
        >
          <IconFolderPlus size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  let body: React.ReactNode;
  if (list.isPending || folders.isPending) body = <SectionLoading />;
  else if (list.isError || folders.isError)
    body = (
      <SectionError
        title={meetingsMessages.sidebarLoadFailed}
        error={list.error ?? folders.error}
        onRetry={() => {
          void list.refetch();
          void folders.refetch();
        }}
        retrying={list.isFetching || folders.isFetching}
      />
    );
  else {
    const byId = new Map(list.data.map((meeting) => [meeting.id, meeting]));
    const filed = new Set(folders.data.flatMap((folder) => folder.meetingIds));
    const unfiled = list.data.filter((meeting) => !filed.has(meeting.id));
    body = (
      <DragDropContext onDragEnd={onDragEnd}>
        <Stack gap={2}>
          {folders.data.map((folder) => (
            <FolderBlock
              key={folder.id}
              folder={folder}
              meetings={folder.meetingIds.map((id) => byId.get(id)).filter((m): m is SimpleMeeting => m !== undefined)}
              selected={selectedId === folder.id}
              onSelect={() => setSelectedId(folder.id)}
              onToggle={() => toggle.mutate({ id: folder.id, patch: { open: !folder.open } })}
              onRename={() => setNaming({ folder })}
              onDelete={() => {
                remove.reset();
                setDeleting(folder);
              }}
              onNavigate={onNavigate}
            />
          ))}
          <Droppable droppableId={UNFILED}>
            {(provided, snapshot) => (
              <Stack
                gap={0}
                ref={provided.innerRef}
                {...provided.droppableProps}
                mih={28}
                data-testid="unfiled-meetings"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  outline: snapshot.isDraggingOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                {unfiled.map((meeting, index) => (
                  <Draggable key={meeting.id} draggableId={`meeting:${meeting.id}`} index={index}>
                    {(drag, dragSnapshot) => (
                      <MeetingItem
                        meeting={meeting}
                        provided={drag}
                        dragging={dragSnapshot.isDragging}
                        onNavigate={onNavigate}
                      />
                    )}
                  </Draggable>
                ))}
                {provided.placeholder}
                {list.data.length === 0 && (
                  <Text size="xs" c="dimmed" px={8} py={4}>
                    {meetingsMessages.noMeetingsInSidebar}
                  </Text>
                )}
              </Stack>
            )}
          </Droppable>
        </Stack>
      </DragDropContext>
    );
  }

  return (
    <Box component="section" aria-label={meetingsMessages.myMeetings}>
      {header}
      {body}
      <FolderNameDialog opened={naming !== null} folder={naming?.folder ?? null} onClose={() => setNaming(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={meetingsMessages.deleteFolderTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (selectedId === deleting.id) setSelectedId(null);
              setDeleting(null);
            },
          })
        }
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
      >
        {meetingsMessages.deleteFolderWarning(deleting?.name ?? '')}
      </ConfirmDialog>
    </Box>
  );
};
