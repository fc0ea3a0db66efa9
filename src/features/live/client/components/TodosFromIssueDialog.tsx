import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { LIVE_TODOS_FROM_ISSUE_MAX } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import type { Meeting } from '../../../meetings/meetings.schemas.ts';
import { assignablePeople } from '../../../tasks/client/tasks.format.ts';
import type { Card } from '../../../tasks/tasks.schemas.ts';
import { liveMessages } from '../../live.messages.ts';
import { type RoomTodo, useTodosFromIssue } from '../live.room.queries.ts';

// Turning an issue into to-dos in the room (docs/decisions/036): one or more rows of title,
// owner and due date; they are created together and link back to the issue, which stays open.

type Row = { key: number; title: string; userId: string | null; dueDate: string };

let nextKey = 0;
const blankRow = (userId: string | null): Row => {
  nextKey += 1;
  return { key: nextKey, title: '', userId, dueDate: '' };
};

export const TodosFromIssueDialog = ({
  issue,
  meeting,
  sessionId,
  onClose,
}: {
  issue: Card | null;
  meeting: Meeting;
  sessionId: string;
  onClose: () => void;
}) => {
  const people = useMemo(() => assignablePeople(meeting, null), [meeting]);
  const [rows, setRows] = useState<Row[]>([]);
  const [missing, setMissing] = useState<Record<number, 'title' | 'userId'>>({});
  const create = useTodosFromIssue(sessionId);
  // A fresh form each time an issue is opened (its owner suggested for the first to-do).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another issue is opened
  useEffect(() => {
    if (!issue) return;
    setRows([blankRow(issue.userId)]);
    setMissing({});
    create.reset();
  }, [issue?.id]);

  const change = (key: number, patch: Partial<Row>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setMissing((found) => {
      const { [key]: _gone, ...rest } = found;
      return rest;
    });
  };
  const submit = () => {
    if (!issue) return;
    const found: Record<number, 'title' | 'userId'> = {};
    for (const row of rows) {
      if (!row.title.trim()) found[row.key] = 'title';
      else if (!row.userId) found[row.key] = 'userId';
    }
    setMissing(found);
    if (Object.keys(found).length > 0) return;
    const todos: RoomTodo[] = rows.map((row) => ({
      title: row.title.trim(),
      userId: row.userId!,
      dueDate: row.dueDate || null,
    }));
    create.mutate(
      { taskId: issue.id, todos },
      {
        onSuccess: () => {
          showSuccess(liveMessages.liveTodosCreated(todos.length));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={issue !== null}
      onClose={onClose}
      title={liveMessages.liveTodosFromIssueTitle(issue?.title ?? '')}
      centered
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={liveMessages.liveCreateTodos}
        pending={create.isPending}
        failure={create.isError ? errorText(create.error) : null}
      >
        <Text size="sm" c="dimmed">
          {liveMessages.liveTodosFromIssueHint}
        </Text>
        <Stack gap="xs">
          {rows.map((row, index) => (
            <Group
              key={row.key}
              gap="xs"
              align="flex-start"
              wrap="wrap"
              role="group"
              aria-label={liveMessages.liveTodoRow(index + 1)}
            >
              <TextInput
                flex={3}
                miw={170}
                size="sm"
                data-autofocus={index === 0 || undefined}
                aria-label={liveMessages.liveTodoTitle(index + 1)}
                placeholder={messages.taskTitleLabel}
                value={row.title}
                onChange={(event) => change(row.key, { title: event.currentTarget.value })}
                error={missing[row.key] === 'title' ? messages.required : undefined}
              />
              <Select
                flex={2}
                miw={140}
                size="sm"
                aria-label={liveMessages.liveTodoOwner(index + 1)}
                placeholder={messages.taskOwnerLabel}
                data={people.map((person) => ({ value: person.id, label: fullName(person) }))}
                value={row.userId}
                onChange={(value) => change(row.key, { userId: value })}
                error={missing[row.key] === 'userId' ? messages.required : undefined}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                w={150}
                size="sm"
                type="date"
                aria-label={liveMessages.liveTodoDue(index + 1)}
                value={row.dueDate}
                onChange={(event) => change(row.key, { dueDate: event.currentTarget.value })}
              />
              {rows.length > 1 && (
                <Tooltip label={liveMessages.liveRemoveTodoRow(index + 1)} withArrow>
                  <ActionIcon
                    mt={4}
                    variant="subtle"
                    color="red"
                    aria-label={liveMessages.liveRemoveTodoRow(index + 1)}
                    onClick={() => setRows((list) => list.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={rows.length >= LIVE_TODOS_FROM_ISSUE_MAX}
          onClick={() => setRows((list) => [...list, blankRow(issue?.userId ?? null)])}
        >
          {liveMessages.liveAddTodoRow}
        </Button>
      </DialogForm>
    </Modal>
  );
};
