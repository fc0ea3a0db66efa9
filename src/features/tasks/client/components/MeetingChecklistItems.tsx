import { Badge, Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { refreshCardLists } from '../../../../client/lib/cards.ts';
import { SectionError } from '../../../../client/ui/SectionState.tsx';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { dueColour } from '../../../../shared/tasks.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import type { Checklist, MeetingChecklistItems as ItemsAnswer, OwnedChecklistItem } from '../../tasks.schemas.ts';
import { DUE_COLOUR, formatDay } from '../tasks.format.ts';

// The checklist items someone owns on a meeting's cards, beside its to-dos in the live To-Do
// review: who, what, by when (the cards' due colours), ticked by anyone in the room. Under the card
// lists' key, so a tick anywhere (task.changed) refreshes it.

const ItemRow = ({ item, owner, today }: { item: OwnedChecklistItem; owner: string; today: string }) => {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(false);
  const tick = useMutation({
    mutationFn: () => api.put<Checklist>(`/checklist-items/${item.id}`, { status: '1' }),
    onError: () => setTicked(false),
    onSettled: () => refreshCardLists(queryClient),
  });
  const colour = DUE_COLOUR[dueColour('0', item.dueDate, today)];
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="meeting-checklist-item">
      <Checkbox
        size="sm"
        checked={ticked}
        disabled={tick.isPending}
        onChange={() => {
          setTicked(true);
          tick.mutate();
        }}
        label={
          <>
            {item.title}{' '}
            <Text span size="xs" c="dimmed">
              {tasksMessages.checklistItemOn(item.taskTitle)}
            </Text>
          </>
        }
        aria-label={tasksMessages.checklistItemDone(item.title, owner)}
        styles={{ label: { overflowWrap: 'anywhere' } }}
      />
      <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
        <Text size="xs">{owner}</Text>
        {item.dueDate && (
          <Badge size="sm" variant="light" color={colour}>
            {formatDay(item.dueDate)}
          </Badge>
        )}
      </Group>
    </Group>
  );
};

/** Nothing while there are none (the step stays about its to-dos). */
export const MeetingChecklistItems = ({
  meetingId,
  people,
  today,
}: {
  meetingId: string;
  people: Map<string, PersonSummary>;
  today: string;
}) => {
  const list = useQuery({
    queryKey: ['tasks', 'list', 'checklist-items', meetingId] as const,
    queryFn: ({ signal }) => api.get<ItemsAnswer>(`/checklist-items?meetingId=${meetingId}`, { signal, silent: true }),
  });
  if (list.isError)
    return (
      <SectionError
        title={tasksMessages.checklistItemsOfMeeting(0)}
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  const nameOf = (id: string) => {
    const person = people.get(id);
    return person ? fullName(person) : tasksMessages.checklistItemSomeone;
  };
  const heading = tasksMessages.checklistItemsOfMeeting(list.data?.total ?? items.length);
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" component="h3" m={0}>
        {heading}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={heading}>
        {items.map((item) => (
          <ItemRow key={item.id} item={item} owner={nameOf(item.ownerId)} today={today} />
        ))}
      </Box>
    </Stack>
  );
};
