import type { DraggableProvided, DraggableStateSnapshot } from '@hello-pangea/dnd';
import { Avatar, Badge, Group, Paper, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconListCheck, IconLock, IconPaperclip, IconRepeat } from '@tabler/icons-react';
import { memo } from 'react';
import { LinesIcon } from '../../../../client/ui/LightIcons.tsx';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { cardDateLine, DUE_COLOUR } from '../../../tasks/client/tasks.format.ts';
import { tasksMessages } from '../../../tasks/tasks.messages.ts';
import type { Card } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { Label } from '../../boards.schemas.ts';
import { cardIsActive } from '../boards.format.ts';

// One card on a board (document 2 §4): labels, title, the Due:/Created: line in the due colour,
// lock, description mark, checklist progress, attachment count and the members' avatars. It is a
// list item (the draggable); the card inside is the drag handle, and a click or Enter opens it.

export interface CardContext {
  labelsById: Map<string, Label>;
  peopleById: Map<string, PersonSummary>;
  today: string;
  timezone: string;
  onOpen: (id: string) => void;
}

const MAX_AVATARS = 3;

export const BoardCard = memo(
  ({
    card,
    context,
    provided,
    snapshot,
  }: {
    card: Card;
    context: CardContext;
    provided: DraggableProvided;
    snapshot: DraggableStateSnapshot;
  }) => {
    const date = cardDateLine(card, context.today, context.timezone);
    const labels = card.labelIds.flatMap((id) => context.labelsById.get(id) ?? []);
    const members = card.members.flatMap((id) => context.peopleById.get(id) ?? []);
    const done = !cardIsActive(card);
    const title = (
      <Text size="sm" fw={500} lineClamp={3} style={{ overflowWrap: 'anywhere' }} c={done ? 'dimmed' : undefined}>
        {card.title}
      </Text>
    );
    return (
      <li
        ref={provided.innerRef}
        {...provided.draggableProps}
        style={{ ...provided.draggableProps.style, marginBottom: 6 }}
      >
        <Paper
          {...provided.dragHandleProps}
          aria-label={card.title}
          data-testid="board-card"
          data-card-id={card.id}
          data-status={card.status}
          withBorder
          radius="sm"
          p="xs"
          shadow={snapshot.isDragging ? 'md' : 'xs'}
          className="mantine-focus-auto"
          style={{
            cursor: 'pointer',
            background: 'var(--mantine-color-body)',
            // The card's due colour (document 2 §4) as a strip, also when the line says "Created:".
            borderLeft:
              date.colour === 'grey' ? undefined : `3px solid var(--mantine-color-${DUE_COLOUR[date.colour]}-6)`,
          }}
          onClick={() => context.onOpen(card.id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') context.onOpen(card.id);
          }}
        >
          {labels.length > 0 && (
            <Group gap={4} mb={4}>
              {labels.map((label) => (
                <Badge
                  key={label.id}
                  size="xs"
                  radius="sm"
                  variant="filled"
                  color={label.color}
                  autoContrast
                  style={{ textTransform: 'none', maxWidth: '100%' }}
                >
                  {label.name || '\u00a0'}
                </Badge>
              ))}
            </Group>
          )}
          {done ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconCircleCheckFilled
                size={16}
                color="var(--mantine-color-teal-6)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              {title}
            </Group>
          ) : (
            // Without the mark, the title alone: hundreds of cards, one element fewer each.
            title
          )}
          <Group justify="space-between" gap={6} mt={6} wrap="nowrap">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text
                size="xs"
                c={date.kind === 'due' ? DUE_COLOUR[date.colour] : 'dimmed'}
                fw={date.kind === 'due' ? 500 : undefined}
                data-due-colour={date.colour}
                truncate
              >
                {date.text}
              </Text>
              {card.isLocked && <IconLock size={14} aria-label={boardsMessages.cardLockLabel} role="img" />}
              {card.repeats && (
                <IconRepeat size={14} aria-label={tasksMessages.repeatIcon} role="img" style={{ flexShrink: 0 }} />
              )}
              {card.hasDescription && (
                <LinesIcon
                  size={14}
                  color="var(--mantine-color-dimmed)"
                  label={boardsMessages.cardHasDescription}
                  style={{ flexShrink: 0 }}
                />
              )}
              {card.checklist.total > 0 && (
                <Group
                  gap={2}
                  wrap="nowrap"
                  role="img"
                  aria-label={boardsMessages.cardChecklist(card.checklist.done, card.checklist.total)}
                  data-testid="card-checklist"
                >
                  <IconListCheck
                    size={14}
                    color={card.checklist.done === card.checklist.total ? 'var(--mantine-color-teal-6)' : undefined}
                    aria-hidden
                  />
                  <Text size="xs" c="dimmed" aria-hidden>
                    {card.checklist.done}/{card.checklist.total}
                  </Text>
                </Group>
              )}
              {card.attachmentCount > 0 && (
                <Group
                  gap={2}
                  wrap="nowrap"
                  role="img"
                  aria-label={boardsMessages.cardAttachmentCount(card.attachmentCount)}
                  data-testid="card-attachments"
                >
                  <IconPaperclip size={14} aria-hidden />
                  <Text size="xs" c="dimmed" aria-hidden>
                    {card.attachmentCount}
                  </Text>
                </Group>
              )}
            </Group>
            {members.length > 0 && (
              // A plain title per avatar: hundreds of tiles stay light (no tooltip component each).
              <Avatar.Group
                spacing={6}
                role="img"
                aria-label={boardsMessages.cardMembersOf(members.map(fullName).join(', '))}
                style={{ flexShrink: 0 }}
              >
                {members.slice(0, MAX_AVATARS).map((person) => (
                  <Avatar
                    key={person.id}
                    src={person.image}
                    name={fullName(person)}
                    title={fullName(person)}
                    color="initials"
                    size={22}
                  />
                ))}
                {members.length > MAX_AVATARS && <Avatar size={22}>+{members.length - MAX_AVATARS}</Avatar>}
              </Avatar.Group>
            )}
          </Group>
        </Paper>
      </li>
    );
  },
);
