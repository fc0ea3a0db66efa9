import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsSort, IconPlus, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNow } from '../../../client/lib/useNow.ts';
import { PersonLine } from '../../../client/ui/PersonAvatar.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import type { IsoDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../shared/person.ts';
import { isActive, TASK_LIST_MAX_PAGE, TASK_TYPE, TASK_TYPE_NAMES, type TaskType } from '../../../shared/tasks.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Card } from '../tasks.schemas.ts';
import { DeleteTaskDialog } from './components/DeleteTaskDialog.tsx';
import { MilestoneTicks } from './components/MilestonePanel.tsx';
import type { TaskDialogState, TaskMeeting } from './components/TaskFormDialog.tsx';
import { listsState, ShowMore, type TaskList, useMeetingPeople } from './components/TaskLists.tsx';
import { GOAL_DUE_COLUMN_WIDTH, TaskRow } from './components/TaskRow.tsx';
import { type DueSort, nextDueSort, sortGoals } from './goals.sort.ts';
import { TaskFormDialog } from './tasks.dialogs.ts';
import { ACTION_ITEM_TABS, todayIn } from './tasks.format.ts';
import { loadedCards, useMeetingTaskCounts, useMeetingTaskList } from './tasks.queries.ts';

// The meeting dashboard's action items (document 1 §2, document 2 §4): To Do's, Issues,
// Headlines and Backburner in one section with a tab each, and Goals in a section of its own.
// Each list pages on the server (decision 039), and loads, fails and retries on its own.

interface Props {
  meeting: TaskMeeting;
  timezone: string;
}

const useToday = (timezone: string): IsoDate => {
  const now = useNow();
  return todayIn(timezone, now);
};

/** The section header's "Add To Do", "Add Goals", … button. */
const AddButton = ({ type, onClick }: { type: TaskType; onClick: () => void }) => (
  <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick}>
    {tasksMessages.addTaskOfType(TASK_TYPE_NAMES[type])}
  </Button>
);

/**
 * A list of action items a page at a time ("Show N more"): a meeting that has met for years
 * holds thousands of finished to-dos; only what is shown is loaded. A card ticked here leaves
 * the active list at once (`keep`); the done list shows it after its refetch.
 */
const PagedList = ({
  list,
  keep,
  label,
  row,
}: {
  list: TaskList;
  keep: (card: Card) => boolean;
  label: string;
  row: (card: Card) => ReactNode;
}) => (
  <>
    <CardList cards={loadedCards(list.data).filter(keep)} label={label} row={row} />
    <ShowMore list={list} />
  </>
);

const CardList = ({ cards, label, row }: { cards: Card[]; label: string; row: (card: Card) => ReactNode }) => (
  <Box component="ul" m={0} p={0} aria-label={label}>
    {cards.map(row)}
  </Box>
);

const activeNow = (card: Card) => isActive(card.type, card.status);
const doneNow = (card: Card) => !isActive(card.type, card.status);

/** One type's list: active items, then the finished ones; the edit and delete dialogs. */
const TaskPanel = ({
  type,
  meeting,
  timezone,
  today,
}: {
  type: TaskType;
  meeting: TaskMeeting;
  timezone: string;
  today: IsoDate;
}) => {
  const active = useMeetingTaskList(meeting.id, type, 'active');
  const finished = useMeetingTaskList(meeting.id, type, 'done');
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const people = useMeetingPeople(meeting);
  const typeName = TASK_TYPE_NAMES[type];
  const doneTotal = finished.data?.pages[0]?.total ?? 0;
  const state = listsState([active, finished], messages.tasksLoadFailed);
  const empty = (active.data?.pages[0]?.total ?? 0) === 0 && doneTotal === 0;

  const row = (card: Card) => (
    <TaskRow
      key={card.id}
      card={card}
      owner={card.userId ? (people.get(card.userId) ?? null) : null}
      today={today}
      timezone={timezone}
      onEdit={() => setDialog({ mode: 'edit', id: card.id, type: card.type })}
      onDelete={() => {
        setDeleting(card);
      }}
    />
  );

  return (
    <Stack gap="xs">
      {state ??
        (empty ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {tasksMessages.noTasksOfType(typeName)}
          </Text>
        ) : (
          <>
            <PagedList list={active} keep={activeNow} label={typeName} row={row} />
            {doneTotal > 0 && (
              <Stack gap={4} mt="xs">
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" component="h4" m={0}>
                  {tasksMessages.tasksDoneHeading(doneTotal)}
                </Text>
                <PagedList list={finished} keep={doneNow} label={tasksMessages.tasksDoneHeading(doneTotal)} row={row} />
              </Stack>
            )}
          </>
        ))}
      <TaskFormDialog state={dialog} meeting={meeting} today={today} onClose={() => setDialog(null)} />
      <DeleteTaskDialog card={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
};

export const ActionItemsSection = ({ meeting, timezone }: Props) => {
  const counts = useMeetingTaskCounts(meeting.id);
  const state = listsState([counts], messages.tasksLoadFailed);
  const today = useToday(timezone);
  const [tab, setTab] = useState<TaskType>(TASK_TYPE.todo);
  const [adding, setAdding] = useState<TaskDialogState>(null);
  return (
    <SectionCard
      title={tasksMessages.actionItems}
      actions={counts.data && <AddButton type={tab} onClick={() => setAdding({ mode: 'add', type: tab })} />}
    >
      {state ?? (
        <Tabs value={tab} onChange={(value) => value && setTab(value as TaskType)} keepMounted={false}>
          <Tabs.List mb="sm">
            {ACTION_ITEM_TABS.map(({ type, label }) => {
              const open = counts.data?.find((count) => count.type === type)?.active ?? 0;
              return (
                <Tabs.Tab
                  key={type}
                  value={type}
                  rightSection={
                    open > 0 ? (
                      // Not `circle`: its fixed width cut two digits down to '4…'.
                      <Badge size="xs" variant="light" radius="xl" miw={18} px={5} aria-hidden data-testid="tab-count">
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
              <TaskPanel type={type} meeting={meeting} timezone={timezone} today={today} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <TaskFormDialog state={adding} meeting={meeting} today={today} onClose={() => setAdding(null)} />
    </SectionCard>
  );
};

/** The goals of one owner: active ones in the chosen order, then the finished ones. */
const GoalGroup = ({
  owner,
  cards,
  sort,
  today,
  timezone,
  onAdd,
  onEdit,
  onDelete,
}: {
  owner: PersonSummary | null;
  cards: Card[];
  sort: DueSort;
  today: IsoDate;
  timezone: string;
  onAdd: (() => void) | null;
  onEdit: (card: Card) => void;
  onDelete: (card: Card) => void;
}) => {
  const name = owner ? fullName(owner) : messages.taskUnknownPerson;
  // A phone has no room for the due-date column: the date goes under the title (once per group,
  // not a media query per row).
  const phone = useMediaQuery(`(max-width: ${useMantineTheme().breakpoints.sm})`);
  const sorted = sortGoals(cards, sort);
  const active = sorted.filter((card) => isActive(card.type, card.status));
  const finished = sorted.filter((card) => !isActive(card.type, card.status));
  const row = (card: Card) => (
    <TaskRow
      key={card.id}
      card={card}
      owner={owner}
      today={today}
      timezone={timezone}
      showOwner={false}
      dueColumn={!phone}
      onEdit={() => onEdit(card)}
      onDelete={() => onDelete(card)}
    >
      {card.milestones.total > 0 && <MilestoneTicks goal={card} />}
    </TaskRow>
  );
  return (
    <Box role="group" aria-label={tasksMessages.goalsOf(name)} data-testid="goal-group">
      <Group
        gap="xs"
        py={6}
        px="xs"
        wrap="nowrap"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {owner ? <PersonLine person={owner} /> : <Text size="sm">{name}</Text>}
        <Badge size="sm" variant="light" color="blue" radius="sm" tt="none" fw={500}>
          {tasksMessages.goalsActiveCount(active.length)}
        </Badge>
        <Box flex={1} />
        {onAdd && (
          <Tooltip label={tasksMessages.addGoalFor(name)} withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label={tasksMessages.addGoalFor(name)} onClick={onAdd}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {active.length > 0 && (
        <Stack gap={4}>
          <CardList cards={active} label={tasksMessages.goalsOf(name)} row={row} />
        </Stack>
      )}
      {finished.length > 0 && (
        <Stack gap={4} mt="xs">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" component="h4" m={0} px="xs">
            {tasksMessages.tasksDoneHeading(finished.length)}
          </Text>
          <CardList cards={finished} label={tasksMessages.tasksDoneHeading(finished.length)} row={row} />
        </Stack>
      )}
    </Box>
  );
};

/** The Goals header row: the due-date column cycles ascending, descending, unsorted. */
const GoalsHeader = ({ sort, onSort }: { sort: DueSort; onSort: () => void }) => {
  const SortIcon = sort === 'asc' ? IconSortAscending : sort === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      px="xs"
      pb={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" flex={1}>
        {tasksMessages.goalColumn}
      </Text>
      <Box w={GOAL_DUE_COLUMN_WIDTH + 64} style={{ flexShrink: 0 }}>
        <UnstyledButton
          onClick={onSort}
          className="mantine-focus-auto cadence-tap"
          aria-label={messages.sortState(messages.taskDueDateLabel, sort)}
          data-sort={sort}
          style={{ borderRadius: 4 }}
        >
          <Group gap={4} wrap="nowrap">
            <Text size="xs" fw={600} c={sort === 'none' ? 'dimmed' : 'blue'} tt="uppercase">
              {messages.taskDueDateLabel}
            </Text>
            <SortIcon size={14} aria-hidden color={sort === 'none' ? 'var(--mantine-color-dimmed)' : undefined} />
          </Group>
        </UnstyledButton>
      </Box>
    </Group>
  );
};

/**
 * The meeting dashboard's Goals (document 2 §4, document 3 §4): a group per owner (by first
 * name), each in the default goal order (On Track, Off Track, then the rest, then due date)
 * unless the due-date header sorts them; finished goals (Done, Incomplete) close each group.
 */
export const GoalsSection = ({ meeting, timezone }: Props) => {
  // Active goals are few (a quarter's rocks): up to a long page at once; finished ones page.
  const active = useMeetingTaskList(meeting.id, TASK_TYPE.goal, 'active', TASK_LIST_MAX_PAGE);
  const finished = useMeetingTaskList(meeting.id, TASK_TYPE.goal, 'done');
  const state = listsState([active, finished], tasksMessages.goalsLoadFailed);
  const today = useToday(timezone);
  const [adding, setAdding] = useState<TaskDialogState>(null);
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const [sort, setSort] = useState<DueSort>('none');
  const people = useMeetingPeople(meeting);
  const goals = useMemo(
    () => [...loadedCards(active.data).filter(activeNow), ...loadedCards(finished.data).filter(doneNow)],
    [active.data, finished.data],
  );

  const groups = useMemo(() => {
    const byOwner = new Map<string, Card[]>();
    for (const card of goals) {
      const key = card.userId ?? '';
      byOwner.set(key, [...(byOwner.get(key) ?? []), card]);
    }
    return [...byOwner.entries()]
      .map(([ownerId, list]) => ({ ownerId, owner: people.get(ownerId) ?? null, cards: list }))
      .sort((a, b) => {
        if (!a.owner || !b.owner) return a.owner ? -1 : b.owner ? 1 : 0;
        return a.owner.firstName.localeCompare(b.owner.firstName) || a.owner.lastName.localeCompare(b.owner.lastName);
      });
  }, [goals, people]);

  return (
    <SectionCard
      title={tasksMessages.goalsSection}
      actions={
        active.data && (
          <AddButton type={TASK_TYPE.goal} onClick={() => setAdding({ mode: 'add', type: TASK_TYPE.goal })} />
        )
      }
    >
      {state ??
        (goals.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {tasksMessages.noTasksOfType(TASK_TYPE_NAMES[TASK_TYPE.goal])}
          </Text>
        ) : (
          <Stack gap="sm">
            <GoalsHeader sort={sort} onSort={() => setSort(nextDueSort)} />
            {groups.map((group) => (
              <GoalGroup
                key={group.ownerId}
                owner={group.owner}
                cards={group.cards}
                sort={sort}
                today={today}
                timezone={timezone}
                onAdd={
                  group.owner && !group.owner.deleted
                    ? () => setAdding({ mode: 'add', type: TASK_TYPE.goal, userId: group.ownerId })
                    : null
                }
                onEdit={(card) => setDialog({ mode: 'edit', id: card.id, type: card.type })}
                onDelete={(card) => {
                  setDeleting(card);
                }}
              />
            ))}
            <ShowMore list={active} pageSize={TASK_LIST_MAX_PAGE} />
            <ShowMore list={finished} />
          </Stack>
        ))}
      <TaskFormDialog state={adding} meeting={meeting} today={today} onClose={() => setAdding(null)} />
      <TaskFormDialog state={dialog} meeting={meeting} today={today} onClose={() => setDialog(null)} />
      <DeleteTaskDialog card={deleting} onClose={() => setDeleting(null)} />
    </SectionCard>
  );
};
