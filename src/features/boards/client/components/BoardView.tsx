import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { GripIcon } from '../../../../client/ui/LightIcons.tsx';
import { SectionError } from '../../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import { showError } from '../../../../client/ui/toast.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { Board, BoardList } from '../../boards.schemas.ts';
import { CardDialog, ListFormDialog } from '../boards.dialogs.ts';
import { buildColumns, type Column, type GroupBy, placeAt, planDrop } from '../boards.format.ts';
import {
  BOARD_VIEW_START,
  type BoardFilters,
  type CreateTaskInput,
  type DueFilter,
  useBoardDetail,
  useCreateCard,
  useDropCard,
  useOrderLists,
  useShowMoreCards,
} from '../boards.queries.ts';
import type { CardContext } from './BoardCard.tsx';
import { COLUMN_WIDTH, ColumnView } from './BoardColumn.tsx';
import { AddCardForm, CreateCardDialog } from './CardForms.tsx';

// The board (document 2 §2, §4): lists side by side, cards in them, the filters (Active/All,
// search over title and description, due date, members) and the grouping (list, user, status).
// Drag and drop: lists reorder; cards reorder and move between lists, owners (grouped by user)
// or Active/Done (grouped by status). A drop with no destination or at the same spot is ignored.
// A drop shows at once and is put back, with a toast, when the server refuses it.
// Big boards stay responsive: the server sends the first cards of each column with every
// column's count, and "Show N more" loads the next ones (docs/decisions/018-board-paging.md); a
// column renders its cards only once it is near the visible part of the board.

export const BoardView = ({
  board,
  meetingId,
  userId,
  timezone,
  today,
  onlyListId = null,
}: {
  board: Board;
  meetingId: string;
  userId: string;
  timezone: string;
  today: string;
  /** Show this one list of the board (the live meeting's accountability_list step). */
  onlyListId?: string | null;
}) => {
  const start = BOARD_VIEW_START;
  const [state, setState] = useState(start.filters.state);
  const [searchInput, setSearchInput] = useState(start.filters.search);
  const [search] = useDebouncedValue(searchInput, 300);
  const [due, setDue] = useState<DueFilter | null>(start.filters.due);
  const [memberIds, setMemberIds] = useState(start.filters.memberIds);
  const [groupBy, setGroupBy] = useState<GroupBy>(start.groupBy);
  const [openCard, setOpenCard] = useState<string | null>(null);
  const [listForm, setListForm] = useState<{ list: BoardList | null } | null>(null);
  const [creating, setCreating] = useState(false);
  // A card being created from the Create Card dialog: its card dialog is open under an overlay.
  const [newCardState, setNewCardState] = useState<{ input: CreateTaskInput; error: unknown } | null>(null);
  const creation = useRef(0);
  const scrollRoot = useRef<HTMLDivElement>(null);

  const filters: BoardFilters = useMemo(
    () => ({ state, search, due, memberIds, today }),
    [state, search, due, memberIds, today],
  );
  const filtered = state === 'active' || search.trim() !== '' || due !== null || memberIds.length > 0;
  const detail = useBoardDetail(board.id, filters, groupBy);
  const showMore = useShowMoreCards(board.id, filters, groupBy);
  const drop = useDropCard(board.id);
  const orderLists = useOrderLists(board.id);
  const createCard = useCreateCard();
  const createFromDialog = useCreateCard();
  const canEdit = board.permissions.canEdit;

  const data = detail.data;
  const context: CardContext = useMemo(
    () => ({
      labelsById: new Map((data?.labels ?? []).map((label) => [label.id, label])),
      peopleById: new Map((data?.people ?? []).map((person) => [person.id, person])),
      today,
      timezone,
      onOpen: setOpenCard,
    }),
    [data?.labels, data?.people, today, timezone],
  );
  // The grouping on screen is the answer's: the previous board stays while the next one loads.
  const shownGroupBy = data?.groupBy ?? groupBy;
  const columns = useMemo(() => {
    const all = data ? buildColumns(data) : [];
    return onlyListId && data?.groupBy === 'list' ? all.filter((column) => column.list?.id === onlyListId) : all;
  }, [data, onlyListId]);
  const lists = useMemo(() => [...(data?.lists ?? [])].sort((a, b) => a.sort - b.sort), [data?.lists]);

  const refuse = (error: unknown) => showError(errorText(error));

  const onDragEnd = (result: DropResult) => {
    if (!data) return;
    if (result.type === 'LIST') {
      const { source, destination, draggableId } = result;
      if (!destination || destination.index === source.index) return;
      const listId = draggableId.replace(/^list:/, '');
      orderLists.mutate(
        placeAt(
          lists.map((list) => list.id),
          listId,
          destination.index,
        ),
        { onError: refuse },
      );
      return;
    }
    const plan = planDrop(columns, shownGroupBy, result);
    if (plan.kind === 'ignore') return;
    if (plan.kind === 'refuse') {
      showError(plan.message);
      return;
    }
    drop.mutate({ id: plan.cardId, drop: plan.body, optimistic: plan.optimistic }, { onError: refuse });
  };

  const newCard = (title: string, list: BoardList): CreateTaskInput => ({
    title,
    type: '4',
    userId,
    meetingIds: [meetingId],
    boardId: board.id,
    taskTypeId: list.id,
    // A board card; "Add to Action Items" in its dialog puts it in the meeting's to-dos.
    showInTasks: '0',
    members: [userId],
  });

  /** Create Card: the card dialog opens at once under an overlay; it shows the card once it exists. */
  const startCreating = (input: CreateTaskInput) => {
    const attempt = ++creation.current;
    setCreating(false);
    setOpenCard(null);
    setNewCardState({ input, error: null });
    createFromDialog.mutateAsync(input).then(
      (task) => {
        // Closed meanwhile: the card is on the board, the dialog stays shut.
        if (creation.current !== attempt) return;
        setNewCardState(null);
        setOpenCard(task.id);
      },
      // Nothing was saved (one transaction): the dialog says why and offers to try again.
      (error: unknown) => {
        if (creation.current === attempt) setNewCardState({ input, error });
      },
    );
  };
  const closeCardDialog = () => {
    creation.current += 1;
    setNewCardState(null);
    setOpenCard(null);
  };

  const addCard = (list: BoardList) => async (title: string) => {
    try {
      await createCard.mutateAsync(newCard(title, list));
      return true;
    } catch (error) {
      refuse(error);
      return false;
    }
  };

  const people = (data?.people ?? []).filter((person) => !person.deleted);
  const listsMovable = shownGroupBy === 'list' && canEdit && !onlyListId;
  const clearFilters = () => {
    setState(start.filters.state);
    setSearchInput(start.filters.search);
    setDue(start.filters.due);
    setMemberIds(start.filters.memberIds);
  };

  const renderColumn = (column: Column, index: number, dragHandle?: ReactNode) => (
    <ColumnView
      column={column}
      index={index}
      groupBy={shownGroupBy}
      context={context}
      scrollRoot={scrollRoot}
      onShowMore={detail.isPlaceholderData ? null : (key) => showMore.mutate(key, { onError: refuse })}
      loadingMore={showMore.isPending && showMore.variables === column.key}
      dragHandle={dragHandle}
      headerActions={
        column.list && canEdit ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={boardsMessages.editListNamed(column.title)}
            onClick={() => setListForm({ list: column.list ?? null })}
          >
            <IconPencil size={14} />
          </ActionIcon>
        ) : null
      }
      footer={
        column.list ? (
          <AddCardForm listName={column.title} onAdd={addCard(column.list)} pending={createCard.isPending} />
        ) : null
      }
    />
  );

  // Made here, outside the lists' drop target's render function, which runs again when a card's
  // drag starts or ends: React gets these same elements then and does not render the columns again.
  const columnItems = columns.map((column, index) =>
    column.list && listsMovable ? (
      <Draggable key={column.key} draggableId={`list:${column.key}`} index={index}>
        {(drag) => (
          <Box ref={drag.innerRef} {...drag.draggableProps} style={drag.draggableProps.style}>
            {renderColumn(
              column,
              index,
              <Box
                {...drag.dragHandleProps}
                aria-label={boardsMessages.moveList(column.title)}
                className="mantine-focus-auto cadence-tap-handle"
                c="dimmed"
                style={{ display: 'flex', cursor: 'grab', borderRadius: 4 }}
              >
                <GripIcon size={16} strokeWidth={3} />
              </Box>,
            )}
          </Box>
        )}
      </Draggable>
    ) : (
      <Box key={column.key}>{renderColumn(column, index)}</Box>
    ),
  );

  const noLists = data !== undefined && data.lists.length === 0;

  return (
    <Stack gap="sm">
      {!noLists && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Segmented
            size="xs"
            aria-label={boardsMessages.boardStateLabel}
            value={state}
            onChange={(value) => setState(value as 'active' | 'all')}
            data={[
              { value: 'active', label: boardsMessages.boardStateActive },
              { value: 'all', label: boardsMessages.boardStateAll },
            ]}
          />
          <TextInput
            size="xs"
            w={220}
            aria-label={boardsMessages.cardSearchLabel}
            placeholder={boardsMessages.cardSearchPlaceholder}
            leftSection={<IconSearch size={14} />}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            type="search"
          />
          <Select
            size="xs"
            w={170}
            aria-label={boardsMessages.dueFilterLabel}
            placeholder={boardsMessages.dueFilterAny}
            clearable
            value={due}
            onChange={(value) => setDue(value as DueFilter | null)}
            data={[
              { value: 'overdue', label: boardsMessages.dueFilterOverdue },
              { value: 'soon', label: boardsMessages.dueFilterSoon },
              { value: 'later', label: boardsMessages.dueFilterLater },
              { value: 'none', label: boardsMessages.dueFilterNone },
            ]}
          />
          <MultiSelect
            size="xs"
            w={220}
            aria-label={boardsMessages.memberFilterLabel}
            placeholder={memberIds.length ? undefined : boardsMessages.memberFilterPlaceholder}
            value={memberIds}
            onChange={setMemberIds}
            data={people.map((person) => ({ value: person.id, label: fullName(person) }))}
            clearable
            searchable
          />
          {filtered && (
            <Button size="xs" variant="subtle" color="gray" onClick={clearFilters}>
              {boardsMessages.clearFilters}
            </Button>
          )}
          <Group gap={6} align="center" ml="auto" wrap="nowrap">
            {detail.isFetching && !detail.isPending && <Loader size="xs" aria-label={messages.loading} />}
            <Text size="xs" c="dimmed" id={`group-by-${board.id}`}>
              {boardsMessages.groupByLabel}
            </Text>
            <Segmented
              size="xs"
              aria-labelledby={`group-by-${board.id}`}
              value={groupBy}
              onChange={(value) => setGroupBy(value as GroupBy)}
              data={[
                { value: 'list', label: boardsMessages.groupByList },
                { value: 'user', label: boardsMessages.groupByUser },
                { value: 'status', label: boardsMessages.groupByStatus },
              ]}
            />
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCreating(true)}
              disabled={lists.length === 0}
            >
              {boardsMessages.createCard}
            </Button>
          </Group>
        </Group>
      )}

      {detail.isPending ? (
        <Group gap="xs" role="status" py="sm">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {messages.loading}
          </Text>
        </Group>
      ) : detail.isError ? (
        <SectionError
          title={boardsMessages.boardLoadFailed}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : noLists ? (
        <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
          <Stack gap="sm" align="center">
            <Text size="sm" c="dimmed" ta="center">
              {canEdit ? boardsMessages.emptyBoard : boardsMessages.noListsYet}
            </Text>
            {canEdit && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setListForm({ list: null })}>
                {boardsMessages.addList}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {filtered && data?.cards.length === 0 && (
            <Text size="sm" c="dimmed" role="status">
              {boardsMessages.noMatchingCards}
            </Text>
          )}
          <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={boardsMessages.boardKeyboardHint}>
            <Box
              ref={scrollRoot}
              style={{ overflowX: 'auto', overflowY: 'hidden' }}
              pb="sm"
              data-testid="board-canvas"
              data-group-by={shownGroupBy}
            >
              <Droppable
                droppableId={`lists:${board.id}`}
                type="LIST"
                direction="horizontal"
                isDropDisabled={!listsMovable}
              >
                {(provided) => (
                  <Group ref={provided.innerRef} {...provided.droppableProps} gap="sm" wrap="nowrap" align="flex-start">
                    {columnItems}
                    {provided.placeholder}
                    {shownGroupBy === 'list' && canEdit && !onlyListId && (
                      <Button
                        variant="light"
                        color="gray"
                        leftSection={<IconPlus size={16} />}
                        w={COLUMN_WIDTH}
                        style={{ flexShrink: 0 }}
                        justify="flex-start"
                        onClick={() => setListForm({ list: null })}
                      >
                        {boardsMessages.addList}
                      </Button>
                    )}
                  </Group>
                )}
              </Droppable>
            </Box>
          </DragDropContext>
        </>
      )}
      <ListFormDialog
        opened={listForm !== null}
        boardId={board.id}
        list={listForm?.list ?? null}
        onClose={() => setListForm(null)}
      />
      <CreateCardDialog
        opened={creating}
        lists={lists}
        onClose={() => setCreating(false)}
        onCreate={(title, list) => startCreating(newCard(title, list))}
      />
      <CardDialog
        taskId={openCard}
        labels={data?.labels ?? []}
        people={data?.people ?? []}
        boardId={board.id}
        timezone={timezone}
        onClose={closeCardDialog}
        creating={newCardState !== null && newCardState.error === null}
        createFailure={
          newCardState?.error ? { error: newCardState.error, onRetry: () => startCreating(newCardState.input) } : null
        }
      />
    </Stack>
  );
};
