import { ActionIcon, Avatar, Badge, Box, Button, Checkbox, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDots, IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import './taskRow.css';
import { type IsoDate, utcToZonedParts } from '../../../../shared/dates.ts';
import { carryAge } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import {
  canLock,
  isActive,
  STATUSES,
  shownStatus,
  statusName,
  TASK_TYPE,
  type TaskStatus,
} from '../../../../shared/tasks.ts';
import { fullName } from '../../../meetings/client/meetings.format.ts';
import type { PersonSummary } from '../../../meetings/meetings.schemas.ts';
import type { Card } from '../../tasks.schemas.ts';
import { cardDateLine, DUE_COLOUR, formatInstantDay, statusColour } from '../tasks.format.ts';
import { useUpdateTask } from '../tasks.queries.ts';

// One action item in a dashboard list: Done tick (or the status menu of goals and backburner
// items), title (opens the edit dialog), due or created date in its due colour, owner, lock,
// and a menu with Edit and Delete (document 2 §4).

/** Width of the Goals section's due-date column (its header lines up with it). */
export const GOAL_DUE_COLUMN_WIDTH = 140;

/** The goal (0, 2, 1, 3) and backburner (0, 2, 3) status menu; the current one is dimmed. */
const StatusMenu = ({ card, today }: { card: Card; today: IsoDate }) => {
  const update = useUpdateTask();
  const shown = shownStatus(card.type, card.status, card.dueDate, today);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="light"
          color={statusColour(card.type, shown)}
          rightSection={<IconChevronDown size={12} aria-hidden />}
          aria-label={`${messages.taskStatusOf(card.title)}: ${statusName(card.type, shown)}`}
          miw={104}
          styles={{ label: { flex: 1 } }}
          data-status={shown}
        >
          {statusName(card.type, shown)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {STATUSES[card.type].map((option) => {
          const current = option.value === card.status;
          // A locked card keeps its open status (document 2 §4).
          const blocked = card.isLocked && option.value !== '0';
          return (
            <Menu.Item
              key={option.value}
              disabled={current || blocked}
              aria-current={current ? 'true' : undefined}
              style={current ? { opacity: 0.45 } : undefined}
              leftSection={
                <Box
                  w={8}
                  h={8}
                  bg={`var(--mantine-color-${statusColour(card.type, option.value)}-6)`}
                  style={{ borderRadius: 8 }}
                />
              }
              onClick={() => update.mutate({ id: card.id, patch: { status: option.value as TaskStatus } })}
            >
              {option.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};

const CARRIED_TYPES = new Set<string>([TASK_TYPE.todo, TASK_TYPE.issue, TASK_TYPE.headline]);

/**
 * 'Unlock to complete' over a locked item's tick. Only a locked item gets the tooltip at all: a
 * disabled Mantine tooltip still sets up its floating element, and a list has many rows.
 */
const LockedHint = ({ show, children }: { show: boolean; children: ReactElement }) =>
  show ? (
    <Tooltip label={messages.taskLockedCannotComplete} withArrow>
      {children}
    </Tooltip>
  ) : (
    children
  );

export const TaskRow = ({
  card,
  owner,
  today,
  timezone,
  onEdit,
  onDelete,
  showOwner = true,
  dueColumn = false,
  highlighted = false,
  dragHandle,
  children,
  asListItem = true,
}: {
  card: Card;
  owner: PersonSummary | null;
  today: IsoDate;
  timezone: string;
  onEdit: () => void;
  onDelete: () => void;
  /** False where the list is already grouped by owner (the Goals section). */
  showOwner?: boolean;
  /** The due date in a column of its own at the right, under a sortable header (Goals; not on a phone). */
  dueColumn?: boolean;
  /** The issue being discussed in the live meeting. */
  highlighted?: boolean;
  /** A drag handle before the tick (the live meeting's reorderable lists). */
  dragHandle?: ReactNode;
  /** More under the title: the live meeting's actions on the item. */
  children?: ReactNode;
  /** False inside a drag wrapper, which is the list item itself. */
  asListItem?: boolean;
}) => {
  const update = useUpdateTask();
  const done = card.status === '1';
  // The tick shows at once; the list's optimistic change follows after in-flight reads are
  // cancelled, and the server's answer (or the rollback) after that.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const active = isActive(card.type, card.status);
  const withMenu = card.type === TASK_TYPE.goal || card.type === TASK_TYPE.backburner;
  const { text: dateText, colour } = cardDateLine(card, today, timezone);
  const lockable = canLock(card.status);
  const ownerName = owner ? fullName(owner) : null;
  // Carried from meeting to meeting: open to-dos, issues and headlines show how long (decision 036).
  const carried =
    CARRIED_TYPES.has(card.type) && active
      ? carryAge(utcToZonedParts(new Date(card.createdAt), timezone).date, today)
      : null;
  const dueBadge = (
    <Badge size="sm" variant="light" color={DUE_COLOUR[colour]} radius="sm" tt="none" fw={500} data-due-colour={colour}>
      {dateText}
    </Badge>
  );

  const Row = asListItem ? 'li' : 'div';
  // Layout in plain elements styled by taskRow.css: a list shows many rows, and a Mantine Box,
  // Group or Text per part costs each row a dozen components to render (the live Issues step
  // and the dashboard lists show 20 at a time, with more on "Show more").
  return (
    <Row
      className="task-row"
      data-testid="task-row"
      data-task-id={card.id}
      data-status={card.status}
      data-highlighted={highlighted || undefined}
      style={{
        borderLeft: `3px solid var(--mantine-color-${DUE_COLOUR[colour]}-${colour === 'grey' ? 3 : 6})`,
        background: highlighted ? 'var(--mantine-color-yellow-light)' : undefined,
        outline: highlighted ? '2px solid var(--mantine-color-yellow-6)' : undefined,
      }}
    >
      <div className="task-row-main">
        {dragHandle}
        <div className="task-row-tick">
          {withMenu ? (
            <StatusMenu card={card} today={today} />
          ) : (
            <LockedHint show={card.isLocked && !done}>
              <Checkbox
                checked={ticked ?? done}
                disabled={card.isLocked && !done}
                color="teal"
                aria-label={messages.taskMarkDone(card.title)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setTicked(checked);
                  update.mutate(
                    { id: card.id, patch: { status: checked ? '1' : '0' } },
                    { onSettled: () => setTicked(null) },
                  );
                }}
              />
            </LockedHint>
          )}
        </div>
        <div className="task-row-body">
          <UnstyledButton
            onClick={onEdit}
            aria-label={messages.taskEditNamed(card.title)}
            className="mantine-focus-auto task-row-open"
          >
            <span className="task-row-title" data-done={done || undefined} data-inactive={!active || undefined}>
              {card.title}
            </span>
          </UnstyledButton>
          <div className="task-row-meta">
            {!dueColumn && dueBadge}
            {done && card.completedAt && (
              <span className="task-row-note task-row-completed" data-testid="completed-at">
                {messages.taskCompleted(formatInstantDay(card.completedAt, timezone))}
              </span>
            )}
            {card.isLocked && (
              <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                {messages.taskLockedBadge}
              </Badge>
            )}
            {carried && (
              <span className="task-row-note" data-testid="carry-age">
                {messages.carryAge(carried)}
              </span>
            )}
          </div>
          {children}
        </div>
        {dueColumn && (
          <div className="task-row-due" style={{ width: GOAL_DUE_COLUMN_WIDTH }}>
            {dueBadge}
          </div>
        )}
        <div className="task-row-actions">
          {showOwner && (
            <Tooltip label={ownerName ?? messages.taskUnknownPerson} withArrow openDelay={150}>
              <Avatar
                src={owner?.image}
                name={ownerName ?? '?'}
                color="initials"
                size={26}
                role="img"
                aria-label={messages.taskOwnerOf(ownerName ?? messages.taskUnknownPerson)}
                style={owner?.deleted ? { opacity: 0.45, filter: 'grayscale(1)' } : undefined}
              />
            </Tooltip>
          )}
          <Tooltip
            label={
              card.isLocked
                ? messages.taskUnlock(card.title)
                : lockable
                  ? messages.taskLock(card.title)
                  : messages.taskLockOnlyOpen
            }
            withArrow
          >
            <ActionIcon
              variant={card.isLocked ? 'light' : 'subtle'}
              color={card.isLocked ? 'orange' : 'gray'}
              aria-label={card.isLocked ? messages.taskUnlock(card.title) : messages.taskLock(card.title)}
              aria-pressed={card.isLocked}
              disabled={!card.isLocked && !lockable}
              onClick={() => update.mutate({ id: card.id, patch: { isLocked: !card.isLocked } })}
            >
              {card.isLocked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={messages.taskActionsOf(card.title)}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                {messages.taskEdit}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                {messages.taskDelete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      </div>
    </Row>
  );
};
