import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGripVertical, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError } from '../../../../client/ui/SectionState.tsx';
import { showError } from '../../../../client/ui/toast.ts';
import { useFieldError, useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../meetings/client/meetings.format.ts';
import type { Card } from '../../../tasks/tasks.schemas.ts';
import type { Board, BoardList } from '../../boards.schemas.ts';
import { buildColumns, type Column, type GroupBy, placeAt, planDrop } from '../boards.format.ts';
import {
  type BoardFilters,
  type CreateTaskInput,
  type DueFilter,
  useBoardDetail,
  useCreateCard,
  useDropCard,
  useOrderLists,
  useShowMoreCards,
} from '../boards.queries.ts';
import { CardDialog } from '../CardDialog.tsx';
import { BoardCard, type CardContext } from './BoardCard.tsx';
import { ListFormDialog } from './ListFormDialog.tsx';

// The board (document 2 §2, §4): lists side by side, cards in them, the filters (Active/All,
// search over title and description, due date, members) and the grouping (list, user, status).
// Drag and drop: lists reorder; cards reorder and move between lists, owners (grouped by user)
// or Active/Done (grouped by status). A drop with no destination or at the same spot is ignored.
// A drop shows at once and is put back, with a toast, when the server refuses it.
// Big boards stay responsive: the server sends the first cards of each column with every
// column's count, and "Show N more" loads the next ones (docs/decisions/018-board-paging.md); a
// column renders its cards only once it is near the visible part of the board.

const COLUMN_WIDTH = 272;

/** True once the element has come near the visible part of `root` (it then stays rendered). */
const useNearView = (ref: RefObject<HTMLElement | null>, root: RefObject<HTMLElement | null>) => {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: root.current, rootMargin: `0px ${COLUMN_WIDTH * 2}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, root]);
  return near;
};

/** `Add Another card` at the foot of a list: an inline title; Enter adds and keeps the form open for the next one. */
const AddCardForm = ({
  listName,
  onAdd,
  pending,
}: {
  listName: string;
  onAdd: (title: string) => Promise<boolean>;
  pending: boolean;
}) => {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useFieldError(title);
  const close = () => {
    setOpen(false);
    setTitle('');
    setError(null);
  };
  if (!open)
    return (
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        justify="flex-start"
        leftSection={<IconPlus size={14} />}
        onClick={() => setOpen(true)}
        aria-label={`${messages.addCard}: ${listName}`}
        fullWidth
      >
        {messages.addCard}
      </Button>
    );
  const submit = async () => {
    if (!title.trim()) {
      setError(messages.required);
      return;
    }
    setError(null);
    if (await onAdd(title.trim())) setTitle('');
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          size="xs"
          label={messages.cardTitleLabel}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error}
          maxLength={500}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        />
        <Group gap={6}>
          <Button type="submit" size="xs" loading={pending}>
            {messages.addButton}
          </Button>
          <Button size="xs" variant="default" onClick={close}>
            {messages.cancelButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The `Create Card` dialog of the dashboard: a title and a list. It closes at once; the card
 * dialog opens under an overlay until the card exists (or says why it could not be created).
 */
const CreateCardDialog = ({
  opened,
  lists,
  onClose,
  onCreate,
}: {
  opened: boolean;
  lists: BoardList[];
  onClose: () => void;
  onCreate: (title: string, list: BoardList) => void;
}) => {
  const [title, setTitle] = useState('');
  const [listId, setListId] = useState<string | null>(null);
  const [errors, setErrors] = useFieldErrors({ title, list: listId });

  useEffect(() => {
    if (!opened) return;
    setTitle('');
    setListId(lists[0]?.id ?? null);
    setErrors({});
  }, [opened, lists, setErrors]);

  const submit = () => {
    const list = lists.find((l) => l.id === listId);
    const next = { title: title.trim() ? undefined : messages.required, list: list ? undefined : messages.required };
    setErrors(next);
    if (next.title || !list) return;
    onCreate(title.trim(), list);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.createCard}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm onSubmit={submit} onCancel={onClose} submitLabel={messages.createCard} pending={false} failure={null}>
        <TextInput
          label={messages.cardTitleLabel}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          withAsterisk
          maxLength={500}
          data-autofocus
        />
        <Select
          label={messages.cardListLabel}
          data={lists.map((list) => ({ value: list.id, label: list.name }))}
          value={listId}
          onChange={setListId}
          error={errors.list}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </DialogForm>
    </Modal>
  );
};

interface ColumnCardsProps {
  droppableId: string;
  columnKey: string;
  title: string;
  cards: Card[];
  empty: boolean;
  dropDisabled: boolean;
  context: CardContext;
}

/**
 * A column's cards, the costly part of a board: it renders again only when its own cards (by
 * identity), title or context change — not when another column loads more or a button's state
 * changes. Dragging still updates it: Droppable and Draggable follow the drag themselves.
 */
const ColumnCards = memo(
  ({ droppableId, columnKey, title, cards, empty, dropDisabled, context }: ColumnCardsProps) => (
    <Droppable droppableId={droppableId} type="CARD" isDropDisabled={dropDisabled}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.droppableProps}
          component="ul"
          mih={36}
          m={0}
          p={0}
          aria-label={messages.listCards(title)}
          style={{
            listStyle: 'none',
            borderRadius: 'var(--mantine-radius-sm)',
            background: snapshot.isDraggingOver ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          {cards.map((card, index) => (
            <Draggable key={`${columnKey}:${card.id}`} draggableId={`${columnKey}::${card.id}`} index={index}>
              {(drag, dragSnapshot) => (
                <BoardCard card={card} context={context} provided={drag} snapshot={dragSnapshot} />
              )}
            </Draggable>
          ))}
          {provided.placeholder}
          {empty && !snapshot.isDraggingOver && (
            <Text size="xs" c="dimmed" ta="center" py={8} component="li">
              {messages.noCards}
            </Text>
          )}
        </Box>
      )}
    </Droppable>
  ),
  (before, after) =>
    before.droppableId === after.droppableId &&
    before.title === after.title &&
    before.empty === after.empty &&
    before.dropDisabled === after.dropDisabled &&
    before.context === after.context &&
    before.cards.length === after.cards.length &&
    before.cards.every((card, index) => card === after.cards[index]),
);

const ColumnView = ({
  column,
  groupBy,
  context,
  scrollRoot,
  onShowMore,
  loadingMore,
  dragHandle,
  headerActions,
  footer,
}: {
  column: Column;
  groupBy: GroupBy;
  context: CardContext;
  scrollRoot: RefObject<HTMLElement | null>;
  /** Loads the column's next cards; null while that is not possible (the next board is loading). */
  onShowMore: ((key: string) => void) | null;
  loadingMore: boolean;
  dragHandle?: ReactNode;
  headerActions?: ReactNode;
  footer?: ReactNode;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref, scrollRoot);
  const visible = near ? column.cards : [];
  const more = column.count - column.cards.length;
  return (
    <Paper
      ref={ref}
      bg="var(--mantine-color-default-hover)"
      radius="md"
      p="xs"
      w={COLUMN_WIDTH}
      style={{ flexShrink: 0, alignSelf: 'flex-start' }}
      data-testid="board-column"
      data-column={column.title}
      data-rendered-cards={visible.length}
    >
      <Group justify="space-between" gap={4} mb={6} wrap="nowrap">
        <Group gap={4} wrap="nowrap" miw={0}>
          {dragHandle}
          <Title order={3} size="sm" fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {column.title}
          </Title>
          <Text size="xs" c="dimmed" aria-label={messages.cardCountOf(column.count)} data-testid="column-count">
            {column.count}
          </Text>
        </Group>
        {headerActions}
      </Group>
      <ColumnCards
        droppableId={`${groupBy}:${column.key}`}
        columnKey={column.key}
        title={column.title}
        cards={visible}
        empty={column.count === 0}
        dropDisabled={column.dropDisabled ?? false}
        context={context}
      />
      {near && more > 0 && (
        <Button
          variant="subtle"
          size="xs"
          fullWidth
          loading={loadingMore}
          disabled={!onShowMore}
          onClick={() => onShowMore?.(column.key)}
        >
          {messages.showMoreCards(more)}
        </Button>
      )}
      {footer}
    </Paper>
  );
};

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
  const [state, setState] = useState<'active' | 'all'>('all');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 300);
  const [due, setDue] = useState<DueFilter | null>(null);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [groupBy, setGroupBy] = useState<GroupBy>('list');
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
    setState('all');
    setSearchInput('');
    setDue(null);
    setMemberIds([]);
  };

  const renderColumn = (column: Column, dragHandle?: ReactNode) => (
    <ColumnView
      column={column}
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
            aria-label={messages.editListNamed(column.title)}
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

  const noLists = data !== undefined && data.lists.length === 0;

  return (
    <Stack gap="sm">
      {!noLists && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={messages.boardStateLabel}
            value={state}
            onChange={(value) => setState(value as 'active' | 'all')}
            data={[
              { value: 'active', label: messages.boardStateActive },
              { value: 'all', label: messages.boardStateAll },
            ]}
          />
          <TextInput
            size="xs"
            w={220}
            aria-label={messages.cardSearchLabel}
            placeholder={messages.cardSearchPlaceholder}
            leftSection={<IconSearch size={14} />}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            type="search"
          />
          <Select
            size="xs"
            w={170}
            aria-label={messages.dueFilterLabel}
            placeholder={messages.dueFilterAny}
            clearable
            value={due}
            onChange={(value) => setDue(value as DueFilter | null)}
            data={[
              { value: 'overdue', label: messages.dueFilterOverdue },
              { value: 'soon', label: messages.dueFilterSoon },
              { value: 'later', label: messages.dueFilterLater },
              { value: 'none', label: messages.dueFilterNone },
            ]}
          />
          <MultiSelect
            size="xs"
            w={220}
            aria-label={messages.memberFilterLabel}
            placeholder={memberIds.length ? undefined : messages.memberFilterPlaceholder}
            value={memberIds}
            onChange={setMemberIds}
            data={people.map((person) => ({ value: person.id, label: fullName(person) }))}
            clearable
            searchable
          />
          {filtered && (
            <Button size="xs" variant="subtle" color="gray" onClick={clearFilters}>
              {messages.clearFilters}
            </Button>
          )}
          <Group gap={6} align="center" ml="auto" wrap="nowrap">
            {detail.isFetching && !detail.isPending && <Loader size="xs" aria-label={messages.loading} />}
            <Text size="xs" c="dimmed" id={`group-by-${board.id}`}>
              {messages.groupByLabel}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={`group-by-${board.id}`}
              value={groupBy}
              onChange={(value) => setGroupBy(value as GroupBy)}
              data={[
                { value: 'list', label: messages.groupByList },
                { value: 'user', label: messages.groupByUser },
                { value: 'status', label: messages.groupByStatus },
              ]}
            />
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCreating(true)}
              disabled={lists.length === 0}
            >
              {messages.createCard}
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
          title={messages.boardLoadFailed}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : noLists ? (
        <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
          <Stack gap="sm" align="center">
            <Text size="sm" c="dimmed" ta="center">
              {canEdit ? messages.emptyBoard : messages.noListsYet}
            </Text>
            {canEdit && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setListForm({ list: null })}>
                {messages.addList}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          {filtered && data?.cards.length === 0 && (
            <Text size="sm" c="dimmed" role="status">
              {messages.noMatchingCards}
            </Text>
          )}
          <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={messages.boardKeyboardHint}>
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
                    {columns.map((column, index) =>
                      column.list && listsMovable ? (
                        <Draggable key={column.key} draggableId={`list:${column.key}`} index={index}>
                          {(drag) => (
                            <Box ref={drag.innerRef} {...drag.draggableProps} style={drag.draggableProps.style}>
                              {renderColumn(
                                column,
                                <Box
                                  {...drag.dragHandleProps}
                                  aria-label={messages.moveList(column.title)}
                                  className="mantine-focus-auto cadence-tap-handle"
                                  c="dimmed"
                                  style={{ display: 'flex', cursor: 'grab', borderRadius: 4 }}
                                >
                                  <IconGripVertical size={16} />
                                </Box>,
                              )}
                            </Box>
                          )}
                        </Draggable>
                      ) : (
                        <Box key={column.key}>{renderColumn(column)}</Box>
                      ),
                    )}
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
                        {messages.addList}
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
