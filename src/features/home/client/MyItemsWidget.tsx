import { Anchor, Badge, Checkbox, Group, Card as MantineCard, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../../../client/lib/router/index.ts';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { OVERDUE, statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { useMyChecklistItems, useMyMilestones, useTickMyItem } from '../../tasks/client/myItems.queries.ts';
import type { MyMilestone } from '../../tasks/milestones.schemas.ts';
import type { Card, MyChecklistItem } from '../../tasks/tasks.schemas.ts';
import { homeMessages } from '../home.messages.ts';
import { useMyOpenItems } from './home.queries.ts';

/** At most this many rows; the rest is counted. */
const SHOWN = 8;

/**
 * A row: a card, or (in To Do's) a step the caller owns: a goal's milestone, which opens its goal,
 * or a card's checklist item, ticked right here.
 */
type Row =
  | { kind: 'card'; card: Card }
  | { kind: 'milestone'; milestone: MyMilestone }
  | { kind: 'item'; item: MyChecklistItem };
const dueOf = (row: Row) =>
  (row.kind === 'card' ? row.card.dueDate : row.kind === 'milestone' ? row.milestone.dueDate : row.item.dueDate) ??
  '9999';
const keyOf = (row: Row) =>
  row.kind === 'card'
    ? row.card.id
    : row.kind === 'milestone'
      ? `milestone-${row.milestone.id}`
      : `item-${row.item.id}`;
const byDue = (a: Row, b: Row) => dueOf(a).localeCompare(dueOf(b));

/**
 * To Do's or Goals on home: the caller's open ones, soonest due first, less those of the meetings
 * hidden by the avatar strip (left out by the server: decision 069). `ready`: the hidden meetings
 * are known.
 */
export const MyItemsWidget = ({
  type,
  title,
  empty,
  emptyFiltered,
  hiddenMeetingIds,
  ready,
}: {
  type: TaskType;
  title: string;
  empty: string;
  /** Said instead of `empty` while some meeting is hidden. */
  emptyFiltered: string;
  hiddenMeetingIds: readonly string[];
  ready: boolean;
}) => {
  const items = useMyOpenItems(type, hiddenMeetingIds, ready);
  // The steps someone owns are among their to-dos (not beside the goals: they are their work).
  const withSteps = type === TASK_TYPE.todo;
  const milestones = useMyMilestones(hiddenMeetingIds, ready && withSteps);
  const checklistItems = useMyChecklistItems(hiddenMeetingIds, ready && withSteps);
  const steps = withSteps ? [milestones, checklistItems] : [];
  const rows: Row[] = [
    ...(items.data?.items ?? []).map((card) => ({ kind: 'card' as const, card })),
    ...(withSteps ? (milestones.data?.items ?? []) : []).map((milestone) => ({
      kind: 'milestone' as const,
      milestone,
    })),
    ...(withSteps ? (checklistItems.data?.items ?? []) : []).map((item) => ({ kind: 'item' as const, item })),
  ].sort(byDue);
  // The rest, past the page too (`total`).
  const total = (items.data?.total ?? 0) + steps.reduce((sum, step) => sum + (step.data?.total ?? 0), 0);
  const more = total - Math.min(rows.length, SHOWN);
  return (
    <MantineCard
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-label={title}
      aria-busy={items.isPlaceholderData}
      h="100%"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {items.isPending ? (
          <SectionLoading />
        ) : items.isError ? (
          <SectionError
            title={type === TASK_TYPE.goal ? homeMessages.homeGoalsLoadFailed : homeMessages.homeTodosLoadFailed}
            error={items.error}
            onRetry={() => items.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {hiddenMeetingIds.length > 0 ? emptyFiltered : empty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows
              .slice(0, SHOWN)
              .map((row) =>
                row.kind === 'milestone' ? (
                  <MilestoneRow key={keyOf(row)} milestone={row.milestone} />
                ) : row.kind === 'item' ? (
                  <ChecklistItemRow key={keyOf(row)} item={row.item} />
                ) : (
                  <CardRow key={keyOf(row)} card={row.card} />
                ),
              )}
            {steps.some((step) => step.isError) && (
              <Text size="xs" c="red.8" component="li">
                {homeMessages.homeStepsLoadFailed}{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => {
                    for (const step of steps) if (step.isError) void step.refetch();
                  }}
                >
                  {homeMessages.homeRetry}
                </Anchor>
              </Text>
            )}
            {more > 0 && (
              <Text size="xs" c="dimmed" component="li">
                {homeMessages.homeMoreItems(more)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </MantineCard>
  );
};

const DueText = ({ dueDate }: { dueDate: string | null }) => (
  <Text size="xs" c="dimmed">
    {dueDate ? homeMessages.homeDue(dueDate) : homeMessages.homeNoDue}
  </Text>
);

const CardRow = ({ card }: { card: Card }) => (
  <Group component="li" justify="space-between" gap="xs" wrap="nowrap">
    <Anchor component={Link} to={`/home/${card.id}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {card.title}
    </Anchor>
    <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
      {card.milestones.total > 0 && (
        <Text size="xs" c="dimmed" data-testid="goal-milestones">
          <span aria-hidden>{homeMessages.homeMilestones(card.milestones.done, card.milestones.total)}</span>
          <VisuallyHidden>
            {homeMessages.homeMilestonesLong(card.milestones.done, card.milestones.total)}
          </VisuallyHidden>
        </Text>
      )}
      {card.type === TASK_TYPE.goal && (
        <Badge size="sm" variant="light" color={card.shownStatus === OVERDUE ? 'red' : 'blue'}>
          {statusName(card.type, card.shownStatus)}
        </Badge>
      )}
      <DueText dueDate={card.dueDate} />
    </Group>
  </Group>
);

/**
 * A step the caller owns on someone's card or goal: what marks it (a flag, a tick box), its title
 * linking to the card (named for screen readers), the card's title on wide screens, its due date.
 */
const StepRow = ({
  testId,
  lead,
  title,
  cardId,
  cardTitle,
  named,
  dueDate,
}: {
  testId: string;
  lead: ReactNode;
  title: string;
  cardId: string;
  cardTitle: string;
  /** What a screen reader hears before the title: "Milestone of the goal …:". */
  named: string;
  dueDate: string | null;
}) => (
  <Group component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {lead}
      <Anchor component={Link} to={`/home/${cardId}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{named} </VisuallyHidden>
        {title}
      </Anchor>
    </Group>
    <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
      <Text size="xs" c="dimmed" aria-hidden maw={140} truncate="end" visibleFrom="sm">
        {cardTitle}
      </Text>
      <DueText dueDate={dueDate} />
    </Group>
  </Group>
);

const MilestoneRow = ({ milestone }: { milestone: MyMilestone }) => (
  <StepRow
    testId="my-milestone"
    lead={<IconFlag size={14} aria-hidden style={{ flex: 'none' }} />}
    title={milestone.title}
    cardId={milestone.goalId}
    cardTitle={milestone.goalTitle}
    named={homeMessages.homeMilestoneOf(milestone.goalTitle)}
    dueDate={milestone.dueDate}
  />
);

/** One of the caller's checklist items: ticked here (then it leaves the list), its card a link away. */
const ChecklistItemRow = ({ item }: { item: MyChecklistItem }) => {
  const tick = useTickMyItem();
  return (
    <StepRow
      testId="my-checklist-item"
      lead={
        <Checkbox
          size="xs"
          checked={tick.isPending || tick.isSuccess}
          disabled={tick.isPending}
          onChange={() => tick.mutate(item.id)}
          aria-label={homeMessages.homeTickItem(item.title, item.taskTitle)}
        />
      }
      title={item.title}
      cardId={item.taskId}
      cardTitle={item.taskTitle}
      named={homeMessages.homeItemOf(item.taskTitle)}
      dueDate={item.dueDate}
    />
  );
};
