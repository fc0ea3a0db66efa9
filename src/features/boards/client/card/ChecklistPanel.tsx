import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChecklist, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { useFieldError } from '../../../../client/ui/useFieldErrors.ts';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../../shared/person.ts';
import type { Checklist, Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { useChecklistChange, useChecklists } from '../boards.queries.ts';
import { ChecklistItemPlan } from './ChecklistItemPlan.tsx';
import { checklistProgress } from './card.format.ts';

// Checklists of a card (document 2 §3–§5): the checklist form (a title, optionally copying
// another checklist's items), items that start not done, ticks saved at once, progress = the
// share of items done, and deletion after a confirmation.

/** The checklist form: a title and, when the card has checklists, one to copy the items of. */
export const ChecklistForm = ({ task, onDone }: { task: Task; onDone: () => void }) => {
  const checklists = useChecklists(task.id);
  const change = useChecklistChange(task);
  const [title, setTitle] = useState<string>(boardsMessages.cardChecklistButton);
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [error, setError] = useFieldError(title);
  const [failure, setFailure] = useState<string | null>(null);
  const sources = (checklists.data ?? []).map((list) => ({ value: list.id, label: list.title }));
  return (
    <form
      noValidate
      aria-label={boardsMessages.checklistFormTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) {
          setError(messages.required);
          return;
        }
        setError(null);
        setFailure(null);
        change.mutate(
          { kind: 'addChecklist', title: title.trim(), copyFromId: copyFrom },
          { onSuccess: onDone, onError: (e) => setFailure(errorText(e)) },
        );
      }}
    >
      <Stack gap="xs" w={250}>
        <Text size="sm" fw={600}>
          {boardsMessages.checklistFormTitle}
        </Text>
        <TextInput
          size="xs"
          label={boardsMessages.checklistTitleLabel}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error}
          maxLength={200}
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
        />
        {sources.length > 0 && (
          <Select
            size="xs"
            label={boardsMessages.checklistCopyFromLabel}
            placeholder={boardsMessages.checklistCopyNone}
            data={sources}
            value={copyFrom}
            onChange={setCopyFrom}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <FormError message={failure} />
        <Button type="submit" size="xs" loading={change.isPending}>
          {messages.addButton}
        </Button>
      </Stack>
    </form>
  );
};

/** A one-line form: a text input and an Add button; the text is required. */
const AddItem = ({ onAdd, pending }: { onAdd: (text: string, done: () => void) => void; pending: boolean }) => {
  const [text, setText] = useState('');
  const [error, setError] = useFieldError(text);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) {
          setError(messages.required);
          return;
        }
        setError(null);
        onAdd(text.trim(), () => setText(''));
      }}
    >
      <Group gap={6} align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          aria-label={boardsMessages.checklistItemLabel}
          placeholder={boardsMessages.checklistItemLabel}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          maxLength={500}
        />
        <Button type="submit" size="xs" variant="light" loading={pending}>
          {boardsMessages.addItemButton}
        </Button>
      </Group>
    </form>
  );
};

export const ChecklistPanel = ({ task, people }: { task: Task; people: PersonSummary[] }) => {
  const canEdit = task.permissions.canEdit;
  const checklists = useChecklists(task.id);
  const change = useChecklistChange(task);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Checklist | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const run = (call: Parameters<typeof change.mutate>[0], done?: () => void) => {
    setFailure(null);
    change.mutate(call, { onSuccess: () => done?.(), onError: (error) => setFailure(errorText(error)) });
  };

  if (checklists.isPending) return <Loader size="xs" aria-label={messages.loading} />;
  if (checklists.isError)
    return (
      <Group gap="xs">
        <FormError message={`${boardsMessages.checklistsLoadFailed} ${errorText(checklists.error)}`} />
        <Button size="compact-xs" variant="subtle" onClick={() => void checklists.refetch()}>
          {messages.retry}
        </Button>
      </Group>
    );
  if (!checklists.data.length) return null;

  return (
    <Stack gap="sm">
      {checklists.data.map((checklist) => {
        // Shown from the items, so a tick moves the bar at once.
        const progress = checklistProgress(checklist);
        return (
          <Paper
            key={checklist.id}
            withBorder
            radius="md"
            p="sm"
            data-testid="checklist"
            data-checklist={checklist.title}
            component="section"
            aria-label={checklist.title}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap" miw={0}>
                  <IconChecklist size={16} aria-hidden />
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {checklist.title}
                  </Text>
                </Group>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={boardsMessages.deleteChecklistNamed(checklist.title)}
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(checklist);
                    }}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed" w={36} data-testid="checklist-progress">
                  {progress}%
                </Text>
                <Progress
                  value={progress}
                  flex={1}
                  color={progress === 100 ? 'teal' : 'blue'}
                  aria-label={boardsMessages.checklistProgressOf(checklist.title)}
                />
              </Group>
              {checklist.items.length === 0 && (
                <Text size="xs" c="dimmed">
                  {boardsMessages.checklistEmpty}
                </Text>
              )}
              <Stack gap={4} pl={4}>
                {checklist.items.map((item) => (
                  // The owner and date go under the title when the row is too narrow for both.
                  <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
                    <Checkbox
                      size="xs"
                      style={{ flex: '1 1 12rem', minWidth: 0 }}
                      label={item.title}
                      checked={item.status !== '0'}
                      disabled={!canEdit}
                      onChange={(event) =>
                        run({ kind: 'toggleItem', id: item.id, status: event.currentTarget.checked ? '1' : '0' })
                      }
                      styles={{
                        label: {
                          textDecoration: item.status !== '0' ? 'line-through' : undefined,
                          overflowWrap: 'anywhere',
                        },
                      }}
                    />
                    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                      <ChecklistItemPlan
                        item={item}
                        people={people}
                        canEdit={canEdit}
                        onSave={(plan, done) => run({ kind: 'planItem', id: item.id, ...plan }, done)}
                      />
                      {canEdit && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="xs"
                          aria-label={boardsMessages.deleteItemNamed(item.title)}
                          onClick={() => run({ kind: 'deleteItem', id: item.id })}
                        >
                          <IconTrash size={12} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                ))}
              </Stack>
              {canEdit && (
                <AddItem
                  pending={
                    change.isPending &&
                    change.variables?.kind === 'addItem' &&
                    change.variables.checklistId === checklist.id
                  }
                  onAdd={(title, done) => run({ kind: 'addItem', checklistId: checklist.id, title }, done)}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <FormError message={failure} />
      <ConfirmDialog
        opened={deleting !== null}
        title={boardsMessages.deleteChecklistTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          change.mutate(
            { kind: 'deleteChecklist', id: deleting.id },
            { onSuccess: () => setDeleting(null), onError: (error) => setDeleteError(errorText(error)) },
          );
        }}
        pending={change.isPending && change.variables?.kind === 'deleteChecklist'}
        error={deleteError}
      >
        {boardsMessages.deleteChecklistWarning(deleting?.title ?? '')}
      </ConfirmDialog>
    </Stack>
  );
};
