import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Box, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { useNow } from '../../../../client/lib/useNow.ts';
import { useStagedRows } from '../../../../client/lib/useStagedRows.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import type { IsoDate } from '../../../../shared/dates.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { hasDueDate, isActive, TASK_TYPE, TASK_TYPE_NAMES, type TaskType } from '../../../../shared/tasks.ts';
import type { AgendaItem, Meeting } from '../../../meetings/meetings.schemas.ts';
import { DeleteTaskDialog } from '../../../tasks/client/components/DeleteTaskDialog.tsx';
import { MeetingChecklistItems } from '../../../tasks/client/components/MeetingChecklistItems.tsx';
import type { TaskDialogState } from '../../../tasks/client/components/TaskFormDialog.tsx';
import { listsState, ShowMore, useMeetingPeople } from '../../../tasks/client/components/TaskLists.tsx';
import { TaskRow } from '../../../tasks/client/components/TaskRow.tsx';
import { TaskFormDialog } from '../../../tasks/client/tasks.dialogs.ts';
import { ACTION_ITEM_TABS, assignablePeople, todayIn } from '../../../tasks/client/tasks.format.ts';
import { loadedCards, taskKeys, useCreateTask } from '../../../tasks/client/tasks.queries.ts';
import type { Card } from '../../../tasks/tasks.schemas.ts';
import { liveMessages } from '../../live.messages.ts';
import type { LiveState } from '../../live.schemas.ts';
import { actionItemsStepLists } from '../live.prefetch.ts';
import { useConvertHeadline, useDiscussIssue, useIssueDecision } from '../live.room.queries.ts';
import { TodosFromIssueDialog } from './TodosFromIssueDialog.tsx';
import './roomActions.css';

// An action-items step of the live meeting: the meeting's live list of the step's
// type — headlines, open to-dos and those done since the last meeting, open issues — with
// inline add, tick, the card dialog and reordering by drag or keyboard (space, arrows, space).
// On the Issues step whoever runs the meeting picks the issue discussed (highlighted on every
// screen), solves it, drops it to the backburner or turns it into to-dos; a headline becomes
// an issue or a to-do in one action (docs/decisions/036). Every change reaches the room live.

interface Props {
  item: AgendaItem;
  meeting: Meeting;
  state: LiveState;
  timezone: string;
  viewerId: string;
}

/** Rows rendered with the step's first paint: those a laptop's screen shows under the add row. */
const FIRST_ROWS = 6;

/** The step's list name, as the dashboard's tab for its type says it. */
const listName = (type: TaskType) => ACTION_ITEM_TABS.find((tab) => tab.type === type)?.label ?? '';

/**
 * PATCH tasks/{id}/drop with the loaded part of the meeting's open list in its new order: the
 * server places the item among the whole list (the pages not loaded keep their places).
 */
const useReorder = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, orderedIds }: { id: string; orderedIds: string[] }) =>
      api.patch(`/tasks/${id}/drop`, { column: 'active', meetingId, orderedIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  });
};

/** The inline add row: title, owner and (except for headlines) due date, without leaving the step. */
const InlineAdd = ({ type, meeting, viewerId }: { type: TaskType; meeting: Meeting; viewerId: string }) => {
  const people = useMemo(() => assignablePeople(meeting, null), [meeting]);
  const [title, setTitle] = useState('');
  const [userId, setUserId] = useState<string | null>(
    people.some((person) => person.id === viewerId) ? viewerId : (people[0]?.id ?? null),
  );
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useFieldErrors({ title, userId });
  const create = useCreateTask();
  const typeName = listName(type);
  const add = () => {
    const problems: typeof errors = {};
    if (!title.trim()) problems.title = messages.required;
    if (!userId) problems.userId = messages.required;
    setErrors(problems);
    if (problems.title || problems.userId) return;
    create.mutate(
      {
        title: title.trim(),
        type,
        userId: userId!,
        meetingIds: [meeting.id],
        dueDate: hasDueDate(type) && dueDate ? dueDate : null,
      },
      {
        onSuccess: () => {
          setTitle('');
          setDueDate('');
        },
      },
    );
  };
  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-default-hover)">
      <form
        noValidate
        aria-label={liveMessages.liveAddInline(typeName)}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            flex={3}
            miw={180}
            size="sm"
            aria-label={liveMessages.liveNewItem(TASK_TYPE_NAMES[type])}
            placeholder={liveMessages.liveNewItem(TASK_TYPE_NAMES[type])}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
          />
          {/* The browser's own select: a Mantine Select keeps its dropdown mounted and positions it
              again at every layout change of the step's list (decision 066). */}
          <NativeSelect
            flex={2}
            miw={150}
            size="sm"
            aria-label={messages.taskOwnerLabel}
            data={[
              ...(userId ? [] : [{ value: '', label: messages.taskOwnerLabel, disabled: true }]),
              ...people.map((person) => ({ value: person.id, label: fullName(person) })),
            ]}
            value={userId ?? ''}
            onChange={(event) => setUserId(event.currentTarget.value || null)}
            error={errors.userId}
          />
          {hasDueDate(type) && (
            <TextInput
              w={150}
              size="sm"
              type="date"
              aria-label={messages.taskDueDateLabel}
              value={dueDate}
              onChange={(event) => setDueDate(event.currentTarget.value)}
            />
          )}
          <Button type="submit" size="sm" loading={create.isPending} leftSection={<IconPlus size={14} aria-hidden />}>
            {messages.addButton}
          </Button>
        </Group>
        <FormError message={create.isError ? errorText(create.error) : null} />
      </form>
    </Paper>
  );
};

/** The leader's actions on an open issue or headline, under its title. */
const RoomActions = ({
  card,
  sessionId,
  discussed,
  onTodos,
}: {
  card: Card;
  sessionId: string;
  discussed: boolean;
  onTodos: () => void;
}) => {
  const discuss = useDiscussIssue(sessionId);
  const decide = useIssueDecision(sessionId);
  const convert = useConvertHeadline(sessionId);
  const busy = decide.isPending || convert.isPending;
  // Plain buttons styled like Mantine's compact ones (roomActions.css): a leader sees four on
  // each of the step's rows.
  const button = (label: string, onClick: () => void, look: 'light' | 'discussed' | 'solve' | 'default' = 'light') => (
    <button type="button" className="room-action mantine-focus-auto" data-look={look} disabled={busy} onClick={onClick}>
      {label}
    </button>
  );
  if (card.type === TASK_TYPE.headline)
    return (
      <fieldset className="room-actions" aria-label={liveMessages.liveActionsOf(card.title)}>
        {button(liveMessages.liveHeadlineToIssue, () => convert.mutate({ taskId: card.id, type: TASK_TYPE.issue }))}
        {button(liveMessages.liveHeadlineToTodo, () => convert.mutate({ taskId: card.id, type: TASK_TYPE.todo }))}
      </fieldset>
    );
  return (
    <fieldset className="room-actions" aria-label={liveMessages.liveActionsOf(card.title)}>
      {button(
        discussed ? liveMessages.liveStopDiscussing : liveMessages.liveDiscuss,
        () => discuss.mutate(discussed ? null : card.id),
        discussed ? 'discussed' : 'light',
      )}
      {button(liveMessages.liveSolve, () => decide.mutate({ taskId: card.id, decision: 'solve' }), 'solve')}
      {button(liveMessages.liveTodosFromIssue, onTodos)}
      {button(liveMessages.liveBackburner, () => decide.mutate({ taskId: card.id, decision: 'backburner' }), 'default')}
    </fieldset>
  );
};

/**
 * One item of the step, with a drag handle when it has a place (`index`) in the reorderable list.
 * Its props are plain values and callbacks that keep their identity, so a drop or a change to
 * another item renders only the items whose card, place or discussed state changed.
 */
const StepRow = memo(
  ({
    card,
    index,
    owner,
    today,
    timezone,
    discussed,
    sessionId,
    onEdit,
    onDelete,
    onTodos,
  }: {
    card: Card;
    index: number | null;
    owner: PersonSummary | null;
    today: IsoDate;
    timezone: string;
    discussed: boolean;
    /** The session whose room actions the item shows; null without them. */
    sessionId: string | null;
    onEdit: (card: Card) => void;
    onDelete: (card: Card) => void;
    onTodos: (card: Card) => void;
  }) => {
    const row = (handle?: ReactNode) => (
      <TaskRow
        asListItem={!handle}
        card={card}
        owner={owner}
        today={today}
        timezone={timezone}
        highlighted={discussed}
        dragHandle={handle}
        onEdit={() => onEdit(card)}
        onDelete={() => onDelete(card)}
      >
        {sessionId && isActive(card.type, card.status) && (
          <RoomActions card={card} sessionId={sessionId} discussed={discussed} onTodos={() => onTodos(card)} />
        )}
      </TaskRow>
    );
    if (index === null) return row();
    return (
      <Draggable draggableId={card.id} index={index}>
        {(drag) => (
          <li ref={drag.innerRef} {...drag.draggableProps} style={{ ...drag.draggableProps.style, listStyle: 'none' }}>
            {row(
              <Box
                pt={4}
                c="dimmed"
                {...drag.dragHandleProps}
                aria-label={liveMessages.liveReorderHandle(card.title)}
                style={{ cursor: 'grab', borderRadius: 4 }}
                className="mantine-focus-auto"
              >
                <IconGripVertical size={18} aria-hidden />
              </Box>,
            )}
          </li>
        )}
      </Draggable>
    );
  },
);

export const ActionItemsStep = ({ item, meeting, state, timezone, viewerId }: Props) => {
  const lists = actionItemsStepLists(meeting.id, item);
  const { type } = lists;
  const openList = useInfiniteQuery(lists.open);
  const doneList = useInfiniteQuery({ ...lists.done, enabled: lists.showsDone });
  const today = todayIn(timezone, useNow());
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const [todosFor, setTodosFor] = useState<Card | null>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  const reorder = useReorder(meeting.id);
  const people = useMeetingPeople(meeting);

  const openCards = loadedCards(openList.data);
  // While a drop is on its way, the dropped order shows.
  const open = order
    ? order
        .flatMap((id) => openCards.find((card) => card.id === id) ?? [])
        .concat(openCards.filter((card) => !order.includes(card.id)))
    : openCards;
  // To-dos finished since the last meeting, so the room sees what got done.
  const lastHeld = meeting.lastSession?.id !== state.session.id ? meeting.lastSession?.finishedAt : null;
  const since = lastHeld ?? state.session.startedAt ?? '';
  // The server sends them the most recently finished first.
  const doneCards = type === TASK_TYPE.todo ? loadedCards(doneList.data) : [];
  const doneSince = doneCards.filter((card) => (card.completedAt ?? '') >= since);
  // An older one is loaded already: the rest are older still.
  const doneComplete = doneSince.length < doneCards.length;
  const typeName = listName(type);
  const roomActions = state.canManage && (type === TASK_TYPE.issue || type === TASK_TYPE.headline);
  const discussedId = state.session.discussedTaskId;

  const stagedRows = useStagedRows(openList.isSuccess, FIRST_ROWS);
  const editCard = useCallback((card: Card) => setDialog({ mode: 'edit', id: card.id, type: card.type }), []);

  const loading = listsState([openList], messages.tasksLoadFailed);
  if (loading) return loading;

  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    const ids = open.map((card) => card.id);
    const [moved] = ids.splice(result.source.index, 1);
    ids.splice(result.destination.index, 0, moved!);
    setOrder(ids);
    reorder.mutate({ id: moved!, orderedIds: ids }, { onSettled: () => setOrder(null) });
  };

  const rowProps = (card: Card) => ({
    card,
    owner: card.userId ? (people.get(card.userId) ?? null) : null,
    today,
    timezone,
    discussed: card.id === discussedId,
    sessionId: roomActions ? state.session.id : null,
    onEdit: editCard,
    onDelete: setDeleting,
    onTodos: setTodosFor,
  });
  // Made here, outside the drop target's render function, which runs again when a drag starts or
  // ends: React gets these same rows then and does not render them again.
  const draggableRows = open
    .slice(0, stagedRows)
    .map((card, index) => <StepRow key={card.id} index={index} {...rowProps(card)} />);

  return (
    <Stack gap="sm" data-testid="action-items-step" data-type={type}>
      <InlineAdd type={type} meeting={meeting} viewerId={viewerId} />
      {open.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {liveMessages.liveNothingOpen(typeName)}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {liveMessages.liveReorderHint}
          </Text>
          <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={liveMessages.liveReorderHint}>
            <Droppable droppableId={`live-${type}`}>
              {(drop) => (
                // The drag wrappers are the list's items (a ul may hold only li elements).
                <Box component="ul" m={0} p={0} aria-label={typeName} ref={drop.innerRef} {...drop.droppableProps}>
                  {draggableRows}
                  {drop.placeholder}
                </Box>
              )}
            </Droppable>
          </DragDropContext>
          <ShowMore list={openList} />
        </>
      )}
      {doneSince.length > 0 && (
        <Stack gap={4} mt="xs">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" component="h3" m={0}>
            {liveMessages.liveDoneSince(doneSince.length)}
          </Text>
          <Box component="ul" m={0} p={0} aria-label={liveMessages.liveDoneSince(doneSince.length)}>
            {doneSince.map((card) => (
              <StepRow key={card.id} index={null} {...rowProps(card)} />
            ))}
          </Box>
          {!doneComplete && <ShowMore list={doneList} />}
        </Stack>
      )}
      {type === TASK_TYPE.todo && <MeetingChecklistItems meetingId={meeting.id} people={people} today={today} />}
      <TaskFormDialog state={dialog} meeting={meeting} today={today} onClose={() => setDialog(null)} />
      <TodosFromIssueDialog
        issue={todosFor}
        meeting={meeting}
        sessionId={state.session.id}
        onClose={() => setTodosFor(null)}
      />
      <DeleteTaskDialog card={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
