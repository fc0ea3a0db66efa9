import { Anchor, Badge, Group, Card as MantineCard, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { OVERDUE, statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Card } from '../../tasks/tasks.schemas.ts';
import { useMyOpenItems } from './home.queries.ts';

/** At most this many rows; the rest is counted. */
const SHOWN = 8;

const byDue = (a: Card, b: Card) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999');

/**
 * To Do's or Goals on home: the caller's open ones, soonest due first; with `meetingId` (the
 * avatar strip) that meeting's only, as the server lists them.
 */
export const MyItemsWidget = ({
  type,
  title,
  empty,
  meetingId,
}: {
  type: TaskType;
  title: string;
  empty: string;
  meetingId: string | null;
}) => {
  const { userId } = useViewer();
  const items = useMyOpenItems(type, { userId, meetingId });
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
          <SectionError title={messages.homeItemsLoadFailed} error={items.error} onRetry={() => items.refetch()} />
        ) : cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
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
                  {type === TASK_TYPE.goal && (
                    <Badge size="sm" variant="light" color={card.shownStatus === OVERDUE ? 'red' : 'blue'}>
                      {statusName(card.type, card.shownStatus)}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {card.dueDate ? messages.homeDue(card.dueDate) : messages.homeNoDue}
                  </Text>
                </Group>
              </Group>
            ))}
            {more > 0 && (
              <Text size="xs" c="dimmed" component="li">
                {messages.homeMoreItems(more)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </MantineCard>
  );
};
