import type { DraggableProvided, DraggableStateSnapshot } from '@hello-pangea/dnd';
import { Avatar, Badge } from '@mantine/core';
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
import './board.css';

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
      <p className="board-card-title" data-done={done || undefined}>
        {card.title}
      </p>
    );
    return (
      <li
        ref={provided.innerRef}
        {...provided.draggableProps}
        style={{ ...provided.draggableProps.style, marginBottom: 6 }}
      >
        {/* The card is the drag handle, which opens on a click or Enter; its props say the same. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a card holds block content (labels, title), which a button may not */}
        <div
          role="button"
          tabIndex={0}
          {...provided.dragHandleProps}
          aria-label={card.title}
          data-testid="board-card"
          data-card-id={card.id}
          data-status={card.status}
          data-dragging={snapshot.isDragging || undefined}
          className="board-card mantine-focus-auto"
          style={{
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
            <div className="board-card-labels">
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
            </div>
          )}
          {done ? (
            <div className="board-card-done">
              <IconCircleCheckFilled
                size={16}
                color="var(--mantine-color-teal-6)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              {title}
            </div>
          ) : (
            // Without the mark, the title alone: hundreds of cards, one element fewer each.
            title
          )}
          <div className="board-card-foot">
            <div className="board-card-meta">
              <span
                className="board-card-date"
                data-kind={date.kind}
                data-due-colour={date.colour}
                style={
                  date.kind === 'due' ? { color: `var(--mantine-color-${DUE_COLOUR[date.colour]}-text)` } : undefined
                }
              >
                {date.text}
              </span>
              {card.isLocked && <IconLock size={14} aria-label={boardsMessages.cardLockLabel} role="img" />}
              {card.repeats && <IconRepeat size={14} aria-label={tasksMessages.repeatIcon} role="img" />}
              {card.hasDescription && (
                <LinesIcon size={14} color="var(--mantine-color-dimmed)" label={boardsMessages.cardHasDescription} />
              )}
              {card.checklist.total > 0 && (
                <span
                  className="board-card-count"
                  role="img"
                  aria-label={boardsMessages.cardChecklist(card.checklist.done, card.checklist.total)}
                  data-testid="card-checklist"
                >
                  <IconListCheck
                    size={14}
                    color={card.checklist.done === card.checklist.total ? 'var(--mantine-color-teal-6)' : undefined}
                    aria-hidden
                  />
                  <span aria-hidden>
                    {card.checklist.done}/{card.checklist.total}
                  </span>
                </span>
              )}
              {card.attachmentCount > 0 && (
                <span
                  className="board-card-count"
                  role="img"
                  aria-label={boardsMessages.cardAttachmentCount(card.attachmentCount)}
                  data-testid="card-attachments"
                >
                  <IconPaperclip size={14} aria-hidden />
                  <span aria-hidden>{card.attachmentCount}</span>
                </span>
              )}
            </div>
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
          </div>
        </div>
      </li>
    );
  },
);
