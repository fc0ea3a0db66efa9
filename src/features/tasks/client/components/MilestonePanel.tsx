import { DragDropContext, Draggable, type DraggableProvided, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { isRealIsoDate } from '../../../../shared/dates.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import type { Milestone } from '../../milestones.schemas.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import type { Task } from '../../tasks.schemas.ts';
import { movedIds, useMilestoneChange, useMilestones } from '../milestones.queries.ts';
import { ProgressSources } from './ProgressSources.tsx';

// A goal's milestones in its card dialog: ticked at once, owner and due date changed in place,
// moved by dragging their handle (or the keyboard on it) and by the up and down buttons, deleted
// after a question, added at the end.

type Fields = Partial<Record<'title' | 'ownerId' | 'dueDate', string>>;
const fieldsOf = (error: unknown): Fields => (error as { errors?: Fields }).errors ?? {};

/**
 * A milestone's done box. The tick shows at once, from the click itself (React renders it within
 * the event), until the server's answer or a refusal settles it.
 */
const MilestoneTick = ({
  milestone,
  goalId,
  struck = false,
  ...box
}: {
  milestone: Milestone;
  goalId: string;
  /** Strike a done milestone's title through. */
  struck?: boolean;
  flex?: number;
  size?: 'xs';
}) => {
  const change = useMilestoneChange(goalId);
  const [ticking, setTicking] = useState<boolean | null>(null);
  const done = ticking ?? milestone.doneAt !== null;
  return (
    <Checkbox
      {...box}
      checked={done}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setTicking(next);
        change.mutate(
          { kind: 'update', id: milestone.id, input: { done: next } },
          { onSettled: () => setTicking(null) },
        );
      }}
      label={milestone.title}
      aria-label={tasksMessages.milestoneDone(milestone.title)}
      styles={{ label: struck && done ? { textDecoration: 'line-through' } : undefined }}
    />
  );
};

const MilestoneRow = ({
  milestone,
  people,
  goal,
  first,
  last,
  handle,
  onMove,
  onDelete,
}: {
  milestone: Milestone;
  people: { value: string; label: string }[];
  goal: Task;
  first: boolean;
  last: boolean;
  /** The drag handle, first on the row. */
  handle: ReactNode;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}) => {
  const change = useMilestoneChange(goal.id);
  const [errors, setErrors] = useState<Fields>({});
  const update = (input: { ownerId?: string | null; dueDate?: string | null }) =>
    change.mutate(
      { kind: 'update', id: milestone.id, input },
      { onSuccess: () => setErrors({}), onError: (e) => setErrors({ ...fieldsOf(e), title: errorText(e) }) },
    );
  const overdue =
    !milestone.doneAt && milestone.dueDate !== null && milestone.dueDate < new Date().toISOString().slice(0, 10);
  return (
    <Stack gap={4} data-testid="milestone">
      <Group gap={4} wrap="nowrap" align="center">
        {handle}
        <MilestoneTick milestone={milestone} goalId={goal.id} flex={1} struck />
        <ActionIcon
          variant="subtle"
          disabled={first}
          aria-label={tasksMessages.milestoneUp(milestone.title)}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          disabled={last}
          aria-label={tasksMessages.milestoneDown(milestone.title)}
          onClick={() => onMove(1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={tasksMessages.milestoneDelete(milestone.title)}
          onClick={onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Group gap="xs" wrap="wrap" pl={50}>
        <Select
          size="xs"
          w={150}
          aria-label={`${tasksMessages.milestoneOwner}: ${milestone.title}`}
          placeholder={tasksMessages.milestoneOwner}
          data={people}
          value={milestone.ownerId}
          onChange={(ownerId) => update({ ownerId })}
          clearable
          error={errors.ownerId !== undefined}
        />
        <TextInput
          size="xs"
          type="date"
          w={140}
          aria-label={`${tasksMessages.milestoneDue}: ${milestone.title}`}
          value={milestone.dueDate ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === '' || isRealIsoDate(value)) update({ dueDate: value || null });
          }}
          error={errors.dueDate !== undefined}
          c={overdue ? 'red.8' : undefined}
        />
      </Group>
      <FormError
        message={errors.ownerId ?? errors.dueDate ?? (Object.keys(errors).length ? errors.title : null) ?? null}
      />
    </Stack>
  );
};

/** Title, owner and due date of a new milestone; the title is required. */
const AddMilestone = ({ goal, people }: { goal: Task; people: { value: string; label: string }[] }) => {
  const change = useMilestoneChange(goal.id);
  const [title, setTitle] = useState('');
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Fields & { form?: string }>({});
  return (
    <form
      noValidate
      aria-label={tasksMessages.milestoneAdd}
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return setErrors({ title: messages.required });
        setErrors({});
        const sent = { title, dueDate };
        change.mutate(
          { kind: 'add', input: { title: title.trim(), ownerId, dueDate: dueDate || null } },
          {
            // Cleared for the next one, unless the next one is already being typed.
            onSuccess: () => {
              setTitle((now) => (now === sent.title ? '' : now));
              setDueDate((now) => (now === sent.dueDate ? '' : now));
            },
            onError: (e) => setErrors({ ...fieldsOf(e), form: errorText(e) }),
          },
        );
      }}
    >
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          size="xs"
          flex="1 1 200px"
          aria-label={tasksMessages.milestoneTitle}
          placeholder={tasksMessages.milestoneTitle}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          maxLength={255}
        />
        <Select
          size="xs"
          w={150}
          aria-label={tasksMessages.milestoneOwner}
          placeholder={tasksMessages.milestoneOwner}
          data={people}
          value={ownerId}
          onChange={setOwnerId}
          clearable
          error={errors.ownerId}
        />
        <TextInput
          size="xs"
          type="date"
          w={140}
          aria-label={tasksMessages.milestoneDue}
          value={dueDate}
          onChange={(event) => setDueDate(event.currentTarget.value)}
          error={errors.dueDate}
        />
        <Button type="submit" size="xs" variant="light" loading={change.isPending}>
          {tasksMessages.milestoneAdd}
        </Button>
      </Group>
      {errors.form && !errors.title && !errors.ownerId && !errors.dueDate && <FormError message={errors.form} />}
    </form>
  );
};

/** The Milestones section of a goal's card dialog. */
export const MilestonePanel = ({ goal, people }: { goal: Task; people: PersonSummary[] }) => {
  const milestones = useMilestones(goal.id);
  const change = useMilestoneChange(goal.id);
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const choices = people.filter((p) => !p.deleted).map((p) => ({ value: p.id, label: fullName(p) }));
  if (milestones.isPending) return <SectionLoading />;
  if (milestones.isError)
    return (
      <SectionError
        title={tasksMessages.milestonesHeading}
        error={milestones.error}
        onRetry={() => milestones.refetch()}
      />
    );
  const data = milestones.data;
  // A drop and the up and down buttons send the same thing: the whole order with one moved.
  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= data.items.length) return;
    change.mutate({
      kind: 'order',
      ids: movedIds(
        data.items.map((m) => m.id),
        from,
        to,
      ),
    });
  };
  const onDragEnd = (result: DropResult) => {
    if (result.destination) moveTo(result.source.index, result.destination.index);
  };
  const row = (milestone: Milestone, index: number, drag: DraggableProvided, dragging: boolean) => (
    <div
      ref={drag.innerRef}
      {...drag.draggableProps}
      style={{
        ...drag.draggableProps.style,
        paddingBottom: 'var(--mantine-spacing-xs)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: dragging ? 'var(--mantine-color-body)' : undefined,
        boxShadow: dragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <MilestoneRow
        milestone={milestone}
        people={choices}
        goal={goal}
        first={index === 0}
        last={index === data.items.length - 1}
        onMove={(step) => moveTo(index, index + step)}
        onDelete={() => setDeleting(milestone)}
        handle={
          <Box
            {...drag.dragHandleProps}
            className="mantine-focus-auto cadence-tap-handle"
            aria-label={tasksMessages.milestoneDrag(milestone.title)}
            // Escape while dragging cancels the drag, not the dialog.
            data-mantine-stop-propagation={dragging || undefined}
            data-testid="milestone-handle"
            c="dimmed"
            style={{ display: 'flex', cursor: 'grab', borderRadius: 4, flexShrink: 0 }}
          >
            <IconGripVertical size={16} />
          </Box>
        }
      />
    </div>
  );
  return (
    <Stack gap="xs" component="section" aria-label={tasksMessages.milestonesHeading}>
      <Group justify="space-between">
        <Text fw={600}>{tasksMessages.milestonesHeading}</Text>
        {data.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="milestones-count">
            {tasksMessages.milestonesOf(data.done, data.total)}
          </Text>
        )}
      </Group>
      {data.progress !== null && (
        <Progress value={data.progress} aria-label={tasksMessages.milestonesProgress(data.progress)} />
      )}
      <ProgressSources goal={goal} sources={data.sources} />
      {data.atRisk && (
        <Alert color="orange" p="xs" data-testid="milestones-risk">
          {data.atRisk}
        </Alert>
      )}
      {data.total === 0 && (
        <Text size="sm" c="dimmed">
          {tasksMessages.milestonesEmpty}
        </Text>
      )}
      <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={tasksMessages.milestonesDragHint}>
        <Droppable
          droppableId={`milestones:${goal.id}`}
          // The dragged row is drawn in the page's body: the dialog's transform would move it.
          renderClone={(drag, snapshot, rubric) =>
            row(data.items[rubric.source.index]!, rubric.source.index, drag, snapshot.isDragging)
          }
        >
          {(provided) => (
            <div ref={provided.innerRef} {...provided.droppableProps}>
              {data.items.map((milestone, index) => (
                <Draggable key={milestone.id} draggableId={milestone.id} index={index}>
                  {(drag, snapshot) => row(milestone, index, drag, snapshot.isDragging)}
                </Draggable>
              ))}
              {provided.placeholder}
            </div>
          )}
        </Droppable>
      </DragDropContext>
      <AddMilestone goal={goal} people={choices} />
      <ConfirmDialog
        opened={deleting !== null}
        title={tasksMessages.milestoneDeleteTitle}
        confirmLabel={messages.deleteButton}
        pending={change.isPending}
        error={change.error && deleting ? errorText(change.error) : null}
        onClose={() => {
          setDeleting(null);
          change.reset();
        }}
        onConfirm={() =>
          deleting && change.mutate({ kind: 'delete', id: deleting.id }, { onSuccess: () => setDeleting(null) })
        }
      >
        {tasksMessages.milestoneDeleteText(deleting?.title ?? '')}
      </ConfirmDialog>
    </Stack>
  );
};

/**
 * A goal's milestones as ticks under its row (the live meeting's goal review): folded until
 * asked for, so a long list of goals reads no milestones it does not show.
 */
export const MilestoneTicks = ({ goal }: { goal: Pick<Task, 'id' | 'title' | 'milestones'> }) => {
  const [open, setOpen] = useState(false);
  const shown = tasksMessages.milestonesToggle(goal.milestones.done, goal.milestones.total);
  return (
    <Stack gap={4} mt={4}>
      <Button
        variant="subtle"
        size="compact-xs"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        aria-label={`${shown}: ${goal.title}`}
        onClick={() => setOpen((o) => !o)}
      >
        {shown}
      </Button>
      {open && <TickList goalId={goal.id} />}
    </Stack>
  );
};

const TickList = ({ goalId }: { goalId: string }) => {
  const milestones = useMilestones(goalId);
  if (milestones.isPending) return <SectionLoading />;
  if (milestones.isError)
    return (
      <SectionError
        title={tasksMessages.milestonesHeading}
        error={milestones.error}
        onRetry={() => milestones.refetch()}
      />
    );
  return (
    <Stack gap={4} pl="xs" data-testid="milestone-ticks">
      {milestones.data.items.map((m) => (
        <MilestoneTick key={m.id} milestone={m} goalId={goalId} size="xs" />
      ))}
    </Stack>
  );
};
