import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { formatDay } from '../../../tasks/client/tasks.format.ts';
import { liveMessages } from '../../live.messages.ts';
import type { RecapItem } from '../../live.schemas.ts';
import { useRecapItems } from '../live.conclude.queries.ts';

// The Recap step (decision 081): the leader reads back every to-do made or re-assigned in this
// session, with its owner and due date, and the headlines turned into issues. Every screen in
// the room shows the same list, refreshed as cards are made or changed.

const ItemRow = ({ item, kind }: { item: RecapItem; kind: 'todo' | 'issue' }) => (
  <Paper withBorder radius="sm" px="sm" py={8} component="li" data-testid={`recap-item-${item.id}`}>
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        {item.reassigned && (
          <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
            {liveMessages.recapReassigned}
          </Badge>
        )}
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="xs" c="dimmed">
          {liveMessages.recapOwner}: {item.ownerName ?? '–'}
        </Text>
        {kind === 'todo' && (
          <Text size="xs" c="dimmed">
            {item.dueDate ? liveMessages.recapDue(formatDay(item.dueDate)) : liveMessages.recapNoDue}
          </Text>
        )}
        {item.headlineTitle && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {liveMessages.recapFromHeadline(item.headlineTitle)}
          </Text>
        )}
      </Group>
    </Stack>
  </Paper>
);

const Section = ({
  title,
  empty,
  items,
  kind,
  testId,
}: {
  title: string;
  empty: string;
  items: RecapItem[];
  kind: 'todo' | 'issue';
  testId: string;
}) => (
  <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
    <Group gap="xs">
      <Text component="h3" fz="md" fw={700} m={0}>
        {title}
      </Text>
      <Badge size="sm" variant="light" color="gray">
        {items.length}
      </Badge>
    </Group>
    {items.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <ItemRow key={item.id} item={item} kind={kind} />
        ))}
      </Stack>
    )}
  </Stack>
);

export const TodoRecapStep = ({ sessionId }: { sessionId: string }) => {
  const recap = useRecapItems(sessionId);
  if (recap.isError)
    return <SectionError title={liveMessages.recapLoadFailed} error={recap.error} onRetry={() => recap.refetch()} />;
  if (!recap.data) return <SectionLoading />;
  return (
    <Stack gap="lg">
      <Section
        title={liveMessages.recapTodosTitle}
        empty={liveMessages.recapTodosEmpty}
        items={recap.data.todos}
        kind="todo"
        testId="recap-todos"
      />
      <Section
        title={liveMessages.recapHeadlineIssuesTitle}
        empty={liveMessages.recapHeadlineIssuesEmpty}
        items={recap.data.headlineIssues}
        kind="issue"
        testId="recap-headline-issues"
      />
    </Stack>
  );
};
