import { Badge, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { OneOnOne, TalkingPoint } from '../people-tools.schemas.ts';
import { usePointActions } from './people-tools.queries.ts';

const PointRow = ({ meeting, point }: { meeting: OneOnOne; point: TalkingPoint }) => {
  const { update, convert } = usePointActions(meeting.id);
  const [note, setNote] = useState(point.note);
  const finished = meeting.finishedAt !== null;
  return (
    <Card withBorder padding="sm" component="li" aria-label={point.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {!point.recurring && (
              <Checkbox
                aria-label={m.pointDone(point.title)}
                checked={point.done}
                disabled={finished}
                onChange={(e) => update.mutate({ pointId: point.id, input: { done: e.currentTarget.checked } })}
              />
            )}
            <Text fw={500} style={{ overflowWrap: 'anywhere' }} td={point.done ? 'line-through' : undefined}>
              {point.title}
            </Text>
            {point.recurring && (
              <Badge variant="light" size="sm">
                {m.recurringBadge}
              </Badge>
            )}
          </Group>
          <Group gap={4}>
            {point.taskId ? (
              <Badge color="teal" variant="light">
                {m.madeTask}
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                loading={convert.isPending}
                onClick={() =>
                  convert.mutate({ pointId: point.id, type: 'todo' }, { onSuccess: () => showSuccess(m.taskMade) })
                }
              >
                {m.makeTodo}
              </Button>
            )}
            {point.recurring && !finished && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => update.mutate({ pointId: point.id, input: { closed: true } })}
              >
                {m.closePoint}
              </Button>
            )}
          </Group>
        </Group>
        <Textarea
          aria-label={`${m.pointNote}: ${point.title}`}
          placeholder={m.pointNote}
          value={note}
          autosize
          minRows={1}
          onChange={(e) => setNote(e.currentTarget.value)}
          onBlur={() => note !== point.note && update.mutate({ pointId: point.id, input: { note } })}
        />
        {point.history.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="gray.7">
              {m.pointHistory}
            </Text>
            {point.history.map((entry) => (
              <Text key={entry.heldOn} size="xs" c="gray.7">
                {entry.heldOn}: {entry.body}
              </Text>
            ))}
          </Stack>
        )}
        {(update.error || convert.error) && (
          <Text size="xs" c="red.8" role="alert">
            {errorText(update.error ?? convert.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
};

/** The 1:1's talking points; either side adds some before or during it. */
export const TalkingPoints = ({ meeting }: { meeting: OneOnOne }) => {
  const { add } = usePointActions(meeting.id);
  const [title, setTitle] = useState('');
  const [recurring, setRecurring] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {m.talkingPoints}
      </Title>
      {meeting.points.length === 0 && <Text c="gray.7">{m.talkingPointsEmpty}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {meeting.points.map((point) => (
          <PointRow key={`${point.id}-${point.note}`} meeting={meeting} point={point} />
        ))}
      </Stack>
      {meeting.finishedAt === null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ title, recurring }, { onSuccess: () => setTitle('') });
          }}
        >
          <Group align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={m.talkingPointTitle}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              error={add.error ? errorText(add.error) : undefined}
            />
            <Checkbox
              label={m.recurringPoint}
              checked={recurring}
              onChange={(e) => setRecurring(e.currentTarget.checked)}
              mb={8}
            />
            <Button type="submit" loading={add.isPending} disabled={!title.trim()}>
              {m.addTalkingPoint}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
};
