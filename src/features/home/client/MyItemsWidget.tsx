import { Anchor, Badge, Group, Card as MantineCard, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { OVERDUE, statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';
import { homeMessages } from '../home.messages.ts';
import { useMyOpenItems } from './home.queries.ts';

/** At most this many rows; the rest is counted. */
const SHOWN = 8;

const byDue = (a: Card, b: Card) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999');

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
  const cards = [...(items.data?.items ?? [])].sort(byDue);
  // The rest, past the page too (`total`).
  const more = (items.data?.total ?? 0) - Math.min(cards.length, SHOWN);
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
        ) : cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {hiddenMeetingIds.length > 0 ? emptyFiltered : empty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {cards.slice(0, SHOWN).map((card) => (
              <Group key={card.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={`/home/${card.id}`}
                  size="sm"
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {card.title}
                </Anchor>
                <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
                  {card.milestones.total > 0 && (
                    <Text size="xs" c="dimmed" data-testid="goal-milestones">
                      <span aria-hidden>
                        {homeMessages.homeMilestones(card.milestones.done, card.milestones.total)}
                      </span>
                      <VisuallyHidden>
                        {homeMessages.homeMilestonesLong(card.milestones.done, card.milestones.total)}
                      </VisuallyHidden>
                    </Text>
                  )}
                  {type === TASK_TYPE.goal && (
                    <Badge size="sm" variant="light" color={card.shownStatus === OVERDUE ? 'red' : 'blue'}>
                      {statusName(card.type, card.shownStatus)}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {card.dueDate ? homeMessages.homeDue(card.dueDate) : homeMessages.homeNoDue}
                  </Text>
                </Group>
              </Group>
            ))}
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
