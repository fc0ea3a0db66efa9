import { Button, Divider, Group, Loader, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { useCard } from '../../../../client/lib/cards.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import type { IsoDate } from '../../../../shared/dates.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { hasDueDate, type Reminder, TASK_TYPE, TASK_TYPE_NAMES, type TaskType } from '../../../../shared/tasks.ts';
import { pickerWindow, quarterChoices } from '../../../quarters/client/quarters.format.ts';
import { useQuarters } from '../../../quarters/client/quarters.queries.ts';
import type { Quarter } from '../../../quarters/quarters.schemas.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import { REPEAT_FREQUENCIES, type RepeatFrequency } from '../../tasks.repeat.ts';
import type { Task } from '../../tasks.schemas.ts';
import { assignablePeople, htmlToText, quarterPeriods, REMINDER_OPTIONS, textToHtml } from '../tasks.format.ts';
import { useCreateTask, useUpdateTask } from '../tasks.queries.ts';
import { MilestonePanel } from './MilestonePanel.tsx';
import { RepeatPanel } from './RepeatPanel.tsx';

// The task form (document 2 §2, §4, §5): "Add To Do", "Edit Issue", … A user (the owner) is
// required; the due date is a period (this or a later quarter, through next year) or a custom date, and headlines
// have none; reminders none / every day / every week / every month. The description is plain
// text here, stored as paragraphs of rich text.

/** `userId` on add: the owner chosen beforehand (e.g. adding a goal in a person's group). */
export type TaskDialogState =
  | { mode: 'add'; type: TaskType; userId?: string }
  | { mode: 'edit'; id: string; type: TaskType }
  | null;

export interface TaskMeeting {
  id: string;
  administrators: PersonSummary[];
  members: PersonSummary[];
}

type DueMode = 'period' | 'custom';

interface Values {
  title: string;
  userId: string | null;
  dueMode: DueMode;
  dueDate: IsoDate | '';
  reminder: Reminder;
  description: string;
  /** A goal's quarter: one of the workspace's quarters (decision 056). */
  quarterId: string | null;
  /** A new to-do's repeat (the rule's details are set on the saved to-do). */
  repeat: RepeatFrequency | 'none';
  /** Which occurrences an edit of a repeating to-do changes. */
  scope: 'this' | 'following';
}

type Errors = Partial<Record<'title' | 'userId' | 'dueDate' | 'description' | 'quarterId', string>>;

const initialValues = (
  task: Task | null,
  today: IsoDate,
  defaultUserId: string | null,
  quarters: Quarter[],
): Values => {
  const dueDate = task?.dueDate ?? '';
  const isPeriod =
    dueDate === '' || quarterPeriods(today, quarters, dueDate).some((period) => period.value === dueDate);
  return {
    title: task?.title ?? '',
    userId: task?.userId ?? defaultUserId,
    dueMode: isPeriod ? 'period' : 'custom',
    dueDate,
    reminder: task?.reminder ?? 'none',
    description: htmlToText(task?.description ?? null),
    quarterId: task?.quarterId ?? null,
    repeat: 'none',
    scope: 'this',
  };
};

const TaskForm = ({
  type,
  task,
  meeting,
  today,
  onClose,
  defaultUserId = null,
  quarters,
}: {
  type: TaskType;
  task: Task | null;
  meeting: TaskMeeting;
  today: IsoDate;
  onClose: () => void;
  defaultUserId?: string | null;
  quarters: Quarter[];
}) => {
  const [values, setValues] = useState<Values>(() => initialValues(task, today, defaultUserId, quarters));
  const [errors, setErrors] = useFieldErrors(values);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateTask();
  const update = useUpdateTask({ silent: true });
  const closeSoon = useDelayedClose(onClose);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const people = assignablePeople(meeting, task?.userId ?? null);
  const withDue = hasDueDate(type);
  const isGoal = type === TASK_TYPE.goal;
  const periods = quarterPeriods(today, quarters, task?.dueDate ?? '');

  const onFailure = (error: unknown) => {
    const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
    const mapped: Errors = {};
    for (const key of ['title', 'userId', 'dueDate', 'description', 'quarterId'] as const)
      if (fields[key]) mapped[key] = fields[key];
    setErrors(mapped);
    const shownInFields = Object.keys(mapped).length > 0;
    setFailure(shownInFields ? null : errorText(error));
  };

  const submit = () => {
    setFailure(null);
    const problems: Errors = {};
    if (values.title.trim() === '') problems.title = messages.required;
    if (!values.userId) problems.userId = messages.required;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !values.userId) return;
    const dueDate = withDue && values.dueDate ? values.dueDate : null;
    const description = textToHtml(values.description);
    if (!task) {
      create.mutate(
        {
          title: values.title.trim(),
          type,
          userId: values.userId,
          dueDate,
          reminder: values.reminder,
          description,
          meetingIds: [meeting.id],
          ...(isGoal ? { quarterId: values.quarterId } : {}),
          ...(values.repeat !== 'none' ? { repeat: { frequency: values.repeat } } : {}),
        },
        { onSuccess: closeSoon, onError: onFailure },
      );
      return;
    }
    // A new owner takes the old owner's place among the members.
    const ownerChanged = values.userId !== task.userId;
    const members = ownerChanged
      ? [...new Set([...task.members.filter((id) => id !== task.userId), values.userId])]
      : undefined;
    update.mutate(
      {
        id: task.id,
        patch: {
          title: values.title.trim(),
          ...(ownerChanged ? { userId: values.userId, members } : {}),
          ...(withDue ? { dueDate } : {}),
          reminder: values.reminder,
          description,
          ...(isGoal && values.quarterId !== task.quarterId ? { quarterId: values.quarterId } : {}),
          ...(task.repeat ? { repeatScope: values.scope } : {}),
        },
      },
      { onSuccess: closeSoon, onError: onFailure },
    );
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={create.isPending || update.isPending}
      failure={failure}
    >
      <TextInput
        label={messages.taskTitleLabel}
        required
        data-autofocus
        maxLength={500}
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
      />
      <Select
        label={messages.taskOwnerLabel}
        placeholder={messages.taskOwnerPlaceholder}
        required
        searchable
        data={people.map((person) => ({
          value: person.id,
          label: person.deleted ? messages.deletedPerson(fullName(person)) : fullName(person),
        }))}
        value={values.userId}
        onChange={(value) => set('userId', value)}
        error={errors.userId}
        comboboxProps={{ withinPortal: true }}
      />
      {withDue && (
        <Stack gap={6}>
          <Group justify="space-between" align="flex-end" gap="xs">
            <Text size="sm" fw={500} component="span" id="task-due-label">
              {messages.taskDueDateLabel}
            </Text>
            <Segmented
              size="xs"
              aria-labelledby="task-due-label"
              value={values.dueMode}
              onChange={(value) => {
                const mode = value as DueMode;
                setValues((v) => ({
                  ...v,
                  dueMode: mode,
                  // A custom date that is not a period's end is dropped when switching to periods.
                  dueDate: mode === 'period' && !periods.some((p) => p.value === v.dueDate) ? '' : v.dueDate,
                }));
              }}
              data={[
                { value: 'period', label: tasksMessages.taskDueByPeriod },
                { value: 'custom', label: tasksMessages.taskDueCustom },
              ]}
            />
          </Group>
          {values.dueMode === 'period' ? (
            <Select
              aria-label={tasksMessages.taskPeriodLabel}
              placeholder={tasksMessages.taskDueNone}
              clearable
              data={periods}
              value={values.dueDate || null}
              onChange={(value) => set('dueDate', value ?? '')}
              error={errors.dueDate}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <TextInput
              type="date"
              aria-label={tasksMessages.taskCustomDateInput}
              value={values.dueDate}
              onChange={(event) => set('dueDate', event.currentTarget.value)}
              error={errors.dueDate}
            />
          )}
        </Stack>
      )}
      {isGoal && (
        <Select
          label={tasksMessages.goalQuarterLabel}
          placeholder={tasksMessages.goalQuarterNone}
          clearable
          data={quarterChoices(today, quarters, task?.quarterId ?? null)}
          value={values.quarterId}
          onChange={(value) => set('quarterId', value)}
          error={errors.quarterId}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Select
        label={tasksMessages.taskReminderLabel}
        data={REMINDER_OPTIONS}
        value={values.reminder}
        allowDeselect={false}
        onChange={(value) => set('reminder', (value as Reminder | null) ?? 'none')}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={tasksMessages.taskDescriptionLabel}
        autosize
        minRows={3}
        maxRows={10}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      {!task && type === TASK_TYPE.todo && (
        <Select
          label={tasksMessages.repeatHeading}
          data={[
            { value: 'none', label: tasksMessages.repeatChoiceNone },
            ...REPEAT_FREQUENCIES.map((value) => ({ value, label: tasksMessages.repeatFrequencies[value] })),
          ]}
          value={values.repeat}
          allowDeselect={false}
          onChange={(value) => set('repeat', (value as Values['repeat'] | null) ?? 'none')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {task?.repeat && (
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id="task-scope-label">
            {tasksMessages.repeatScope}
          </Text>
          <Segmented
            size="xs"
            aria-labelledby="task-scope-label"
            value={values.scope}
            onChange={(value) => set('scope', value as Values['scope'])}
            data={[
              { value: 'this', label: tasksMessages.repeatScopeThis },
              { value: 'following', label: tasksMessages.repeatScopeFollowing },
            ]}
          />
        </Stack>
      )}
    </DialogForm>
  );
};

/** Loads the whole card (its description) before the form opens on it. */
const EditTaskForm = ({
  id,
  type,
  meeting,
  today,
  onClose,
  quarters,
}: {
  id: string;
  type: TaskType;
  meeting: TaskMeeting;
  today: IsoDate;
  onClose: () => void;
  quarters: Quarter[];
}) => {
  const task = useCard(id);
  if (task.isPending)
    return (
      <Group justify="center" py="lg" role="status" aria-label={messages.loading}>
        <Loader size="sm" />
      </Group>
    );
  if (task.isError || task.data === null) {
    // Deleted (the card reads null once we know), or found gone (404).
    const gone = task.data === null || (task.error instanceof ApiError && task.error.status === 404);
    return (
      <Stack gap="sm">
        <FormError message={gone ? messages.cardDeleted : tasksMessages.taskLoadFailed} />
        <Group justify="flex-end">
          {!gone && (
            <Button variant="light" onClick={() => void task.refetch()} loading={task.isFetching}>
              {messages.retry}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {messages.cancelButton}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <>
      <TaskForm
        key={task.data.id}
        type={type}
        task={task.data}
        meeting={meeting}
        today={today}
        onClose={onClose}
        quarters={quarters}
      />
      {/* Saved as they change, apart from the form's Save. */}
      {type === TASK_TYPE.todo && (
        <>
          <Divider my="md" label={tasksMessages.repeatHeading} labelPosition="left" />
          <RepeatPanel task={task.data} today={today} />
        </>
      )}
      {type === TASK_TYPE.goal && (
        <>
          <Divider my="md" />
          <MilestonePanel goal={task.data} people={assignablePeople(meeting, null)} />
        </>
      )}
    </>
  );
};

export const TaskFormDialog = ({
  state,
  meeting,
  today,
  onClose,
}: {
  state: TaskDialogState;
  meeting: TaskMeeting;
  today: IsoDate;
  onClose: () => void;
}) => {
  // The last state stays rendered while the dialog's closing transition runs.
  const [shown, setShown] = useState<TaskDialogState>(state);
  if (state !== null && state !== shown) setShown(state);
  const current = state ?? shown;
  const title = current ? tasksMessages.taskFormTitle(current.mode, TASK_TYPE_NAMES[current.type]) : '';
  // The period picker's choices are the workspace's quarters (decision 043).
  const span = pickerWindow(today);
  const quarters = useQuarters(span.since, span.until, state !== null);
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {current && quarters.isPending ? (
        <Group justify="center" py="lg" role="status" aria-label={messages.loading}>
          <Loader size="sm" />
        </Group>
      ) : current?.mode === 'add' ? (
        <TaskForm
          type={current.type}
          task={null}
          meeting={meeting}
          today={today}
          onClose={onClose}
          defaultUserId={current.userId ?? null}
          quarters={quarters.data ?? []}
        />
      ) : current?.mode === 'edit' ? (
        <EditTaskForm
          id={current.id}
          type={current.type}
          meeting={meeting}
          today={today}
          onClose={onClose}
          quarters={quarters.data ?? []}
        />
      ) : null}
    </Modal>
  );
};
