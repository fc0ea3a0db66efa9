import { Breadcrumbs, Checkbox, Group, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldError } from '../../../../client/ui/useFieldErrors.ts';
import { messages } from '../../../../shared/messages.ts';
import { canLock } from '../../../../shared/tasks.ts';
import { formatInstantDay } from '../../../tasks/client/tasks.format.ts';
import type { Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { SaveCard } from './cardTypes.ts';

// The task panel's top (document 2 §2): breadcrumb meeting > board > list with the `Saved`
// indicator, the title (saved on Enter, Tab or blur; required), Done with its completion date,
// the lock (only while open) and Add to Action Items.

export const SavedIndicator = ({ saved }: { saved: boolean }) => (
  <Group gap={4} wrap="nowrap" aria-live="polite" style={{ visibility: saved ? 'visible' : 'hidden' }}>
    <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
    <Text size="xs" c="teal" fw={600} data-testid="saved-indicator">
      {saved ? boardsMessages.savedIndicator : ''}
    </Text>
  </Group>
);

export const CardBreadcrumb = ({ task }: { task: Task }) => {
  const parts: [string, string][] = [];
  if (task.meetingTitle) parts.push(['meeting', task.meetingTitle]);
  if (task.boardName) parts.push(['board', task.boardName]);
  if (task.taskTypeName) parts.push(['list', task.taskTypeName]);
  if (!parts.length) return <span />;
  return (
    <Breadcrumbs
      separator="›"
      separatorMargin={6}
      style={{ flexWrap: 'wrap', minWidth: 0 }}
      aria-label="Breadcrumb"
      data-testid="card-breadcrumb"
    >
      {parts.map(([key, part]) => (
        <Text key={key} size="xs" c="dimmed" fw={500} truncate maw={220}>
          {part}
        </Text>
      ))}
    </Breadcrumbs>
  );
};

export const CardTitle = ({ task, save }: { task: Task; save: SaveCard }) => {
  const canEdit = task.permissions.canEdit;
  const [title, setTitle] = useState(task.title);
  const [error, setError] = useFieldError(title);
  const focused = useRef(false);
  // Someone else renamed it: shown unless the title is being edited here.
  useEffect(() => {
    if (!focused.current) setTitle(task.title);
  }, [task.title]);

  const commit = () => {
    const next = title.trim();
    if (!next) {
      setError(messages.required);
      return;
    }
    setError(null);
    if (next !== task.title) save({ title: next }, { onFail: setError });
  };

  return (
    <TextInput
      aria-label={boardsMessages.cardTitleLabel}
      value={title}
      readOnly={!canEdit}
      error={error}
      maxLength={500}
      size="md"
      variant="filled"
      styles={{ input: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(event) => setTitle(event.currentTarget.value)}
      // Tab moves focus away, so blur covers it.
      onBlur={() => {
        focused.current = false;
        if (canEdit) commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          if (canEdit) commit();
        }
        if (event.key === 'Escape' && title !== task.title) {
          // First Escape undoes the edit; the next one closes the dialog.
          event.stopPropagation();
          setTitle(task.title);
          setError(null);
        }
      }}
    />
  );
};

export const CardStatusRow = ({ task, save, timezone }: { task: Task; save: SaveCard; timezone: string }) => {
  const canEdit = task.permissions.canEdit;
  const done = task.status === '1';
  return (
    <Group gap="lg" wrap="wrap" align="center">
      <Group gap={8} wrap="nowrap">
        <Checkbox
          label={boardsMessages.cardDoneLabel}
          checked={done}
          // document 2 §4: a locked card cannot be completed.
          disabled={!canEdit || (task.isLocked && !done)}
          onChange={(event) => save({ status: event.currentTarget.checked ? '1' : '0' })}
        />
        {done && task.completedAt && (
          <Text size="xs" c="teal" data-testid="completed-at">
            {messages.taskCompleted(formatInstantDay(task.completedAt, timezone))}
          </Text>
        )}
      </Group>
      <Switch
        label={boardsMessages.cardLockLabel}
        checked={task.isLocked}
        // Locking only while open; unlocking always.
        disabled={!canEdit || (!task.isLocked && !canLock(task.status))}
        onChange={(event) => save({ isLocked: event.currentTarget.checked })}
      />
      <Checkbox
        label={boardsMessages.cardInTasksLabel}
        checked={task.showInTasks === '1'}
        disabled={!canEdit}
        onChange={(event) => save({ showInTasks: event.currentTarget.checked ? '1' : '0' })}
      />
    </Group>
  );
};
