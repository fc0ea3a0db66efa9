import { ActionIcon, Avatar, Box, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLock, IconLockOpen, IconPencil, IconRepeat, IconTrash } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import './taskRow.css';
import { DotsIcon } from '../../../../client/ui/LightIcons.tsx';
import { type IsoDate, utcToZonedParts } from '../../../../shared/dates.ts';
import { carryAge } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import {
  canLock,
  isActive,
  STATUSES,
  shownStatus,
  statusName,
  TASK_TYPE,
  type TaskStatus,
} from '../../../../shared/tasks.ts';
import { tasksMessages } from '../../tasks.messages.ts';
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
          aria-label={`${tasksMessages.taskStatusOf(card.title)}: ${statusName(card.type, shown)}`}
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

/** A small label in a light shade of `colour` (Mantine's light Badge, as a plain span). */
const RowBadge = ({
  colour,
  outline,
  children,
  ...data
}: { colour: string; outline?: boolean; children: ReactNode } & Record<`data-${string}`, string>) => (
  <span
    className="task-row-badge"
    data-outline={outline || undefined}
    style={
      {
        '--row-badge-colour': `var(--mantine-color-${colour}-light)`,
        '--row-badge-text': `var(--mantine-color-${colour}-light-color)`,
      } as CSSProperties
    }
    {...data}
  >
    {children}
  </span>
);

/**
 * The row's Edit / Delete menu. A closed Mantine Menu still sets up its popover, floating
 * position and portal on every row, so the menu is made on first use: the dots button never
 * changes (focus and a click in progress stay on it) and the menu opens under an anchor laid
 * over it. Focus goes back to the button when the menu closes from inside or with nothing else focused.
 */
const RowMenu = ({ title, onEdit, onDelete }: { title: string; onEdit: () => void; onDelete: () => void }) => {
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = () =>
    setTimeout(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost || active.closest('[data-menu-dropdown]')) trigger.current?.focus();
    }, 0);
  // A press on the button while the menu is open closes it here, not in the menu's outside-click
  // handler as well (which would close it and let the click open it again).
  const keepOutsideHandlerOut = (event: { stopPropagation: () => void }) => {
    if (opened) event.stopPropagation();
  };
  return (
    <span className="task-row-menu">
      <ActionIcon
        ref={trigger}
        variant="subtle"
        color="gray"
        aria-label={tasksMessages.taskActionsOf(title)}
        aria-haspopup="menu"
        aria-expanded={opened}
        onMouseDown={keepOutsideHandlerOut}
        onTouchStart={keepOutsideHandlerOut}
        onClick={() => {
          setUsed(true);
          setOpened((open) => !open);
        }}
      >
        <DotsIcon size={16} strokeWidth={3} />
      </ActionIcon>
      {used && (
        <Menu
          opened={opened}
          onChange={setOpened}
          onClose={returnFocus}
          returnFocus={false}
          position="bottom-end"
          withinPortal
          shadow="md"
        >
          <Menu.Target>
            <span className="task-row-menu-anchor" aria-hidden />
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
      )}
    </span>
  );
};

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
    <RowBadge colour={DUE_COLOUR[colour]} data-due-colour={colour}>
      {dateText}
    </RowBadge>
  );
  const lockHint = card.isLocked
    ? tasksMessages.taskUnlock(card.title)
    : lockable
      ? tasksMessages.taskLock(card.title)
      : tasksMessages.taskLockOnlyOpen;

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
            // Hints (ui/hints.ts) instead of a tooltip per row: a list renders many rows.
            <span
              className="task-row-check-wrap"
              data-hint={card.isLocked && !done ? tasksMessages.taskLockedCannotComplete : undefined}
            >
              <input
                type="checkbox"
                className="task-row-check mantine-focus-auto"
                checked={ticked ?? done}
                disabled={card.isLocked && !done}
                aria-label={tasksMessages.taskMarkDone(card.title)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setTicked(checked);
                  update.mutate(
                    { id: card.id, patch: { status: checked ? '1' : '0' } },
                    { onSettled: () => setTicked(null) },
                  );
                }}
              />
            </span>
          )}
        </div>
        <div className="task-row-body">
          <UnstyledButton
            onClick={onEdit}
            aria-label={tasksMessages.taskEditNamed(card.title)}
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
              <RowBadge colour="gray" outline>
                {tasksMessages.taskLockedBadge}
              </RowBadge>
            )}
            {card.repeats && (
              <IconRepeat size={14} role="img" aria-label={tasksMessages.repeatIcon} style={{ flexShrink: 0 }} />
            )}
            {card.milestones.total > 0 && (
              <span className="task-row-note" data-testid="milestones">
                {tasksMessages.milestonesOf(card.milestones.done, card.milestones.total)}
                {card.milestones.next && ` · ${tasksMessages.milestoneNext(card.milestones.next.title)}`}
              </span>
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
            <Avatar
              src={owner?.image}
              name={ownerName ?? '?'}
              color="initials"
              size={26}
              role="img"
              aria-label={tasksMessages.taskOwnerOf(ownerName ?? messages.taskUnknownPerson)}
              data-hint={ownerName ?? messages.taskUnknownPerson}
              style={owner?.deleted ? { opacity: 0.45, filter: 'grayscale(1)' } : undefined}
            />
          )}
          <ActionIcon
            variant={card.isLocked ? 'light' : 'subtle'}
            color={card.isLocked ? 'orange' : 'gray'}
            aria-label={card.isLocked ? tasksMessages.taskUnlock(card.title) : tasksMessages.taskLock(card.title)}
            aria-pressed={card.isLocked}
            disabled={!card.isLocked && !lockable}
            data-hint={lockHint}
            onClick={() => update.mutate({ id: card.id, patch: { isLocked: !card.isLocked } })}
          >
            {card.isLocked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
          </ActionIcon>
          <RowMenu title={card.title} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </Row>
  );
};
