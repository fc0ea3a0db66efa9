import { Badge, Box, Button, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNow } from '../../../client/lib/useNow.ts';
import { errorText } from '../../../client/ui/FormError.tsx';
import type { IsoDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { isActive, TASK_TYPE, TASK_TYPE_NAMES, type TaskType } from '../../../shared/tasks.ts';
import { ConfirmDialog } from '../../meetings/client/components/ConfirmDialog.tsx';
import { SectionCard } from '../../meetings/client/components/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../meetings/client/components/SectionState.tsx';
import type { PersonSummary } from '../../meetings/meetings.schemas.ts';
import type { Card } from '../tasks.schemas.ts';
import { type TaskDialogState, TaskFormDialog, type TaskMeeting } from './components/TaskFormDialog.tsx';
import { TaskRow } from './components/TaskRow.tsx';
import { ACTION_ITEM_TABS, todayIn } from './tasks.format.ts';
import { useDeleteTask, useMeetingTasks } from './tasks.queries.ts';

// The meeting dashboard's action items (document 1 §2, document 2 §4): To Do's, Issues,
// Headlines and Backburner in one section with a tab each, and Goals in a section of its own.
// Both read the meeting's one task list, so each loads, fails and retries on its own.

interface Props {
  meeting: TaskMeeting;
  timezone: string;
}

const useToday = (timezone: string): IsoDate => {
  const now = useNow();
  return todayIn(timezone, now);
};

const usePeople = (meeting: TaskMeeting) =>
  useMemo(() => {
    const byId = new Map<string, PersonSummary>();
    for (const person of [...meeting.administrators, ...meeting.members]) byId.set(person.id, person);
    return byId;
  }, [meeting.administrators, meeting.members]);

/** The section header's "Add To Do", "Add Goals", … button. */
const AddButton = ({ type, onClick }: { type: TaskType; onClick: () => void }) => (
  <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick}>
    {messages.addTaskOfType(TASK_TYPE_NAMES[type])}
  </Button>
);

/** One type's list: active items, then the finished ones; the edit and delete dialogs. */
const TaskPanel = ({
  type,
  cards,
  meeting,
  timezone,
  today,
}: {
  type: TaskType;
  cards: Card[];
  meeting: TaskMeeting;
  timezone: string;
  today: IsoDate;
}) => {
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const remove = useDeleteTask();
  const people = usePeople(meeting);
  const typeName = TASK_TYPE_NAMES[type];
  const active = cards.filter((card) => isActive(card.type, card.status));
  const finished = cards.filter((card) => !isActive(card.type, card.status));

  const row = (card: Card) => (
    <TaskRow
      key={card.id}
      card={card}
      owner={card.userId ? (people.get(card.userId) ?? null) : null}
      today={today}
      timezone={timezone}
      onEdit={() => setDialog({ mode: 'edit', id: card.id, type: card.type })}
      onDelete={() => {
        remove.reset();
        setDeleting(card);
      }}
    />
  );

  return (
    <Stack gap="xs">
      {cards.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {messages.noTasksOfType(typeName)}
        </Text>
      ) : (
        <>
          {active.length > 0 && (
            <Box component="ul" m={0} p={0} aria-label={typeName}>
              {active.map(row)}
            </Box>
          )}
          {finished.length > 0 && (
            <Stack gap={4} mt="xs">
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" component="h4" m={0}>
                {messages.tasksDoneHeading(finished.length)}
              </Text>
              <Box component="ul" m={0} p={0} aria-label={messages.tasksDoneHeading(finished.length)}>
                {finished.map(row)}
              </Box>
            </Stack>
          )}
        </>
      )}
      <TaskFormDialog state={dialog} meeting={meeting} today={today} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={messages.taskDeleteTitle(TASK_TYPE_NAMES[deleting?.type ?? type])}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      >
        {messages.taskDeleteWarning(deleting?.title ?? '')}
      </ConfirmDialog>
    </Stack>
  );
};

/** Loading, error with retry, or the content, for a section reading the meeting's tasks. */
const useTaskSection = (meetingId: string, failedTitle: string) => {
  const tasks = useMeetingTasks(meetingId);
  const state = tasks.isPending ? (
    <SectionLoading />
  ) : tasks.isError ? (
    <SectionError
      title={failedTitle}
      error={tasks.error}
      onRetry={() => void tasks.refetch()}
      retrying={tasks.isFetching}
    />
  ) : null;
  return { cards: tasks.data, state };
};

export const ActionItemsSection = ({ meeting, timezone }: Props) => {
  const { cards, state } = useTaskSection(meeting.id, messages.tasksLoadFailed);
  const today = useToday(timezone);
  const [tab, setTab] = useState<TaskType>(TASK_TYPE.todo);
  const [adding, setAdding] = useState<TaskDialogState>(null);
  const byType = (type: TaskType) => (cards ?? []).filter((card) => card.type === type);
  return (
    <SectionCard
      title={messages.actionItems}
      actions={cards && <AddButton type={tab} onClick={() => setAdding({ mode: 'add', type: tab })} />}
    >
      {state ?? (
        <Tabs value={tab} onChange={(value) => value && setTab(value as TaskType)} keepMounted={false}>
          <Tabs.List mb="sm">
            {ACTION_ITEM_TABS.map(({ type, label }) => {
              const open = byType(type).filter((card) => isActive(card.type, card.status)).length;
              return (
                <Tabs.Tab
                  key={type}
                  value={type}
                  rightSection={
                    open > 0 ? (
                      <Badge size="xs" variant="light" circle aria-hidden>
                        {open}
                      </Badge>
                    ) : undefined
                  }
                >
                  {label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {ACTION_ITEM_TABS.map(({ type }) => (
            <Tabs.Panel key={type} value={type}>
              <TaskPanel type={type} cards={byType(type)} meeting={meeting} timezone={timezone} today={today} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <TaskFormDialog state={adding} meeting={meeting} today={today} onClose={() => setAdding(null)} />
    </SectionCard>
  );
};

export const GoalsSection = ({ meeting, timezone }: Props) => {
  const { cards, state } = useTaskSection(meeting.id, messages.goalsLoadFailed);
  const today = useToday(timezone);
  const [adding, setAdding] = useState<TaskDialogState>(null);
  return (
    <SectionCard
      title={messages.goalsSection}
      actions={
        cards && <AddButton type={TASK_TYPE.goal} onClick={() => setAdding({ mode: 'add', type: TASK_TYPE.goal })} />
      }
    >
      {state ?? (
        <TaskPanel
          type={TASK_TYPE.goal}
          cards={(cards ?? []).filter((card) => card.type === TASK_TYPE.goal)}
          meeting={meeting}
          timezone={timezone}
          today={today}
        />
      )}
      <TaskFormDialog state={adding} meeting={meeting} today={today} onClose={() => setAdding(null)} />
    </SectionCard>
  );
};
