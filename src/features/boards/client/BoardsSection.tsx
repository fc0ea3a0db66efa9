import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { ActionIcon, Box, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconArchive, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNow } from '../../../client/lib/useNow.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { todayIn } from '../../tasks/client/tasks.format.ts';
import { boardsMessages } from '../boards.messages.ts';
import type { Board } from '../boards.schemas.ts';
import { BoardFormDialog } from './boards.dialogs.ts';
import { placeAt, removalBlocker } from './boards.format.ts';
import { useMeetingBoards, useOrderBoards, useRemoveBoard } from './boards.queries.ts';
import { BoardView } from './components/BoardView.tsx';

// The meeting dashboard's Boards section (document 1 §2, document 2 §2–§9): the meeting's
// boards as a row of chips (click to show one, drag to reorder them), Create New Board / Edit
// Board, archive or delete, and the chosen board. It loads and fails on its own.
//
// Removal: what the client can tell from the board (it is this meeting's last board, it has
// active cards, an agenda item points at it) is said at once instead of the question; the
// server checks the same rules (and the board's other meetings) and its message shows in the
// dialog when it refuses.

const Swatch = ({ color }: { color: string | null }) => (
  <Box
    w={10}
    h={10}
    style={{ borderRadius: 3, flexShrink: 0, background: color ?? 'var(--mantine-color-gray-4)' }}
    aria-hidden
  />
);

const BoardPicker = ({
  boards,
  currentId,
  onChoose,
  onReorder,
}: {
  boards: Board[];
  currentId: string;
  onChoose: (id: string) => void;
  onReorder: (ids: string[]) => void;
}) => {
  const onDragEnd = (result: DropResult) => {
    const { source, destination, draggableId } = result;
    // No destination or the same spot: nothing happens (document 2 §4).
    if (!destination || destination.index === source.index) return;
    onReorder(
      placeAt(
        boards.map((board) => board.id),
        draggableId,
        destination.index,
      ),
    );
  };
  return (
    <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={boardsMessages.boardKeyboardHint}>
      <Droppable droppableId="boards" direction="horizontal" type="BOARD">
        {(provided) => (
          <Box
            ref={provided.innerRef}
            {...provided.droppableProps}
            component="ul"
            aria-label={boardsMessages.boardTabs}
            title={boardsMessages.boardPickerHint}
            style={{ display: 'flex', gap: 6, listStyle: 'none', margin: 0, padding: 0, overflowX: 'auto' }}
            pb={4}
            flex={1}
            miw={0}
          >
            {boards.map((board, index) => {
              const selected = board.id === currentId;
              return (
                <Draggable key={board.id} draggableId={board.id} index={index}>
                  {(drag, snapshot) => (
                    <li ref={drag.innerRef} {...drag.draggableProps} style={drag.draggableProps.style}>
                      <Group
                        {...drag.dragHandleProps}
                        aria-pressed={selected}
                        aria-label={boardsMessages.boardSelect(board.name)}
                        data-testid="board-chip"
                        className="mantine-focus-auto"
                        gap={6}
                        wrap="nowrap"
                        px="sm"
                        py={6}
                        onClick={() => onChoose(board.id)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') onChoose(board.id);
                        }}
                        style={{
                          cursor: 'pointer',
                          userSelect: 'none',
                          whiteSpace: 'nowrap',
                          borderRadius: 'var(--mantine-radius-md)',
                          border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                          background: selected
                            ? 'var(--mantine-primary-color-light)'
                            : snapshot.isDragging
                              ? 'var(--mantine-color-body)'
                              : 'var(--mantine-color-default)',
                          boxShadow: snapshot.isDragging ? 'var(--mantine-shadow-md)' : undefined,
                        }}
                      >
                        <Swatch color={board.color} />
                        <Text
                          size="sm"
                          fw={selected ? 600 : 500}
                          c={selected ? 'var(--mantine-primary-color-light-color)' : undefined}
                        >
                          {board.name}
                        </Text>
                        <Text size="xs" c="dimmed" title={boardsMessages.boardActiveCards(board.activeCardCount)}>
                          {board.activeCardCount}
                        </Text>
                      </Group>
                    </li>
                  )}
                </Draggable>
              );
            })}
            {provided.placeholder}
          </Box>
        )}
      </Droppable>
    </DragDropContext>
  );
};

export const BoardsSection = ({ meeting, timezone }: { meeting: Meeting; timezone: string }) => {
  const viewer = useViewer();
  const boards = useMeetingBoards(meeting.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [form, setForm] = useState<{ board: Board | null } | null>(null);
  // The board asked about stays while the dialog closes, so its texts do not change on the way out.
  const [removing, setRemoving] = useState<Board | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const remove = useRemoveBoard();
  const order = useOrderBoards(meeting.id);
  const now = useNow();
  const today = todayIn(timezone, now);

  const list = boards.data ?? [];
  const current = list.find((board) => board.id === chosen) ?? list[0] ?? null;
  // The board on screen stays chosen when others reorder the boards; when it goes, the first one shows.
  const currentId = current?.id ?? null;
  useEffect(() => {
    if (currentId && currentId !== chosen) setChosen(currentId);
  }, [currentId, chosen]);
  const canCreate = meeting.permissions.canEdit || viewer.isAdmin;
  const hasCards = (removing?.cardCount ?? 0) > 0;

  return (
    <SectionCard
      title={boardsMessages.boardsSection}
      actions={
        canCreate ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setForm({ board: null })}
          >
            {boardsMessages.createBoard}
          </Button>
        ) : null
      }
    >
      {boards.isPending ? (
        <SectionLoading />
      ) : boards.isError ? (
        <SectionError
          title={messages.boardsLoadFailed}
          error={boards.error}
          onRetry={() => void boards.refetch()}
          retrying={boards.isFetching}
        />
      ) : list.length === 0 || !current ? (
        <Text size="sm" c="dimmed">
          {boardsMessages.noBoards}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="center">
            <BoardPicker
              boards={list}
              currentId={current.id}
              onChoose={setChosen}
              onReorder={(ids) => order.mutate(ids, { onError: (error) => showError(errorText(error)) })}
            />
            {current.permissions.canEdit && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={boardsMessages.boardActionsOf(current.name)}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setForm({ board: current })}>
                    {boardsMessages.editBoard}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={current.cardCount > 0 ? <IconArchive size={14} /> : <IconTrash size={14} />}
                    onClick={() => {
                      const reason = removalBlocker(current, list.length);
                      if (reason) {
                        setBlocked(reason);
                        return;
                      }
                      setRemoveError(null);
                      setRemoving(current);
                      setRemoveOpen(true);
                    }}
                  >
                    {current.cardCount > 0 ? boardsMessages.archiveBoardTitle : boardsMessages.deleteBoardTitle}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          <BoardView
            key={current.id}
            board={current}
            meetingId={meeting.id}
            userId={viewer.userId}
            timezone={timezone}
            today={today}
          />
        </Stack>
      )}
      <BoardFormDialog
        opened={form !== null}
        meeting={meeting}
        board={form?.board ?? null}
        onClose={() => setForm(null)}
        onSaved={(board) => setChosen(board.id)}
      />
      <BlockedDialog reason={blocked} onClose={() => setBlocked(null)} />
      <ConfirmDialog
        opened={removeOpen}
        title={hasCards ? boardsMessages.archiveBoardTitle : boardsMessages.deleteBoardTitle}
        confirmLabel={hasCards ? boardsMessages.archiveButton : messages.deleteButton}
        onClose={() => setRemoveOpen(false)}
        onConfirm={() => {
          if (!removing) return;
          setRemoveError(null);
          remove.mutate(removing.id, {
            onSuccess: (result) => {
              setRemoveOpen(false);
              setChosen(null);
              showSuccess(result.action === 'archived' ? boardsMessages.boardArchived : boardsMessages.boardDeleted);
            },
            onError: (error) => setRemoveError(errorText(error)),
          });
        }}
        pending={remove.isPending}
        error={removeError}
      >
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {hasCards ? boardsMessages.archiveBoardWarning : boardsMessages.deleteBoardWarning}
          </Text>
          <Text size="sm" c="dimmed">
            {hasCards ? boardsMessages.boardArchiveHint(removing?.cardCount ?? 0) : boardsMessages.boardDeleteHint}
          </Text>
        </Stack>
      </ConfirmDialog>
    </SectionCard>
  );
};

/** Why a board cannot be removed, said before anything is sent. */
const BlockedDialog = ({ reason, onClose }: { reason: string | null; onClose: () => void }) => (
  <Modal
    opened={reason !== null}
    onClose={onClose}
    title={boardsMessages.boardCannotBeRemoved}
    centered
    // Its one button is Close (Escape too): no second, header X of the same name.
    withCloseButton={false}
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <Stack gap="md">
      <Text size="sm" role="alert">
        {reason}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {messages.closeButton}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
