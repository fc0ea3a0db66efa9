import {
  ActionIcon,
  Button,
  ColorSwatch,
  Group,
  MultiSelect,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { hasDueDate } from '../../../../shared/tasks.ts';
import type { Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { DEFAULT_LABEL_COLOR, LABEL_COLORS, type Label } from '../../boards.schemas.ts';
import { useCreateLabel } from '../boards.queries.ts';
import { useSetWatchers } from '../card.queries.ts';
import type { SaveCard } from './cardTypes.ts';
import { MEMBER_ERROR_MS } from './useFlash.ts';

// Labels (with the label form: a name, default colour #C2CDD8, a palette of nine), members (the
// last member of an action item stays: `Cannot remove all members in an action item`, 4 s),
// watchers and the due date (document 2 §2, §4, §5).

/** The label form (document 2 §2 "label form"). */
export const LabelForm = ({ boardId, onCreated }: { boardId: string | null; onCreated: (label: Label) => void }) => {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_LABEL_COLOR);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateLabel();
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          // The labels' field gives way on a narrow card, not this button's words.
          style={{ flexShrink: 0 }}
          onClick={() => {
            setName('');
            setColor(DEFAULT_LABEL_COLOR);
            setFailure(null);
            setOpened((o) => !o);
          }}
        >
          {boardsMessages.newLabelButton}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          noValidate
          aria-label={boardsMessages.newLabelButton}
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              // A card off every board gets a workspace label.
              { name: name.trim(), color, ...(boardId ? { boardId } : {}) } as {
                name: string;
                color: string;
                boardId: string;
              },
              {
                onSuccess: (label) => {
                  onCreated(label);
                  setOpened(false);
                },
                onError: (e) => setFailure(errorText(e)),
              },
            );
          }}
        >
          <Stack gap="xs" w={236}>
            <TextInput
              size="xs"
              label={boardsMessages.labelNameLabel}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={100}
              data-autofocus
            />
            <Group gap={6} role="radiogroup" aria-label={boardsMessages.boardColorLabel}>
              {LABEL_COLORS.map((option) => (
                <ColorSwatch
                  key={option}
                  component="button"
                  type="button"
                  color={option}
                  size={20}
                  role="radio"
                  aria-label={boardsMessages.labelColorOption(option)}
                  aria-checked={color === option}
                  onClick={() => setColor(option)}
                  style={{ cursor: 'pointer' }}
                >
                  {color === option && <IconCheck size={12} color="white" />}
                </ColorSwatch>
              ))}
            </Group>
            <FormError message={failure} />
            <Button type="submit" size="xs" loading={create.isPending}>
              {messages.createButton}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
};

const showMemberError = (message: string) =>
  notifications.show({
    id: 'card-member-error',
    color: 'red',
    message,
    autoClose: MEMBER_ERROR_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': messages.dismiss },
  });

export const CardFields = ({
  task,
  labels,
  people,
  boardId,
  save,
}: {
  task: Task;
  labels: Label[];
  people: PersonSummary[];
  boardId: string | null;
  save: SaveCard;
}) => {
  const canEdit = task.permissions.canEdit;
  const watchers = useSetWatchers(task);
  const queryClient = useQueryClient();
  // A label made here shows at once, before the view that passed `labels` refetches.
  const [made, setMade] = useState<Label[]>([]);
  const allLabels = [...labels, ...made.filter((label) => !labels.some((known) => known.id === label.id))];
  const [watcherError, setWatcherError] = useState<string | null>(null);
  // People already on the card stay choosable (deleted ones only then).
  const onCard = new Set([...task.members, ...task.watchers, task.userId ?? '']);
  const personOptions = people
    .filter((person) => !person.deleted || onCard.has(person.id))
    .map((person) => ({
      value: person.id,
      label: person.deleted ? `${fullName(person)} (deleted)` : fullName(person),
    }));
  const known = new Set(personOptions.map((option) => option.value));
  for (const id of onCard)
    if (id && !known.has(id)) personOptions.push({ value: id, label: messages.taskUnknownPerson });
  // Labels of other boards (after a move) are not offered; the card's own stay readable.
  const labelOptions = allLabels.map((label) => ({ value: label.id, label: label.name || label.color }));
  const colorOf = new Map(allLabels.map((label) => [label.id, label.color]));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <Group gap={4} align="flex-end" wrap="nowrap">
        <MultiSelect
          flex={1}
          size="xs"
          label={boardsMessages.cardLabelsLabel}
          data={labelOptions}
          value={task.labelIds.filter((id) => colorOf.has(id))}
          readOnly={!canEdit}
          onChange={(labelIds) => save({ labelIds })}
          renderOption={({ option }) => (
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={colorOf.get(option.value) ?? DEFAULT_LABEL_COLOR} size={12} />
              <Text size="xs">{option.label}</Text>
            </Group>
          )}
          searchable
          nothingFoundMessage={boardsMessages.cardNoMatches}
          comboboxProps={{ withinPortal: true }}
          styles={{ pill: { maxWidth: 140 } }}
        />
        {canEdit && (
          <LabelForm
            boardId={boardId}
            onCreated={(label) => {
              setMade((list) => [...list, label]);
              void queryClient.invalidateQueries({ queryKey: ['boards', 'labels'] });
              save({ labelIds: [...task.labelIds, label.id] });
            }}
          />
        )}
      </Group>
      <MultiSelect
        size="xs"
        label={boardsMessages.cardMembersLabel}
        data={personOptions}
        value={task.members}
        readOnly={!canEdit}
        searchable
        nothingFoundMessage={boardsMessages.cardNoMatches}
        onChange={(members) => {
          // document 2 §4, §8: an action item keeps at least one member (checked again by the server).
          if (members.length === 0 && task.showInTasks === '1') {
            showMemberError(messages.lastMemberOfActionItem);
            return;
          }
          save({ members }, { onFail: showMemberError });
        }}
      />
      <MultiSelect
        size="xs"
        label={boardsMessages.cardWatchersLabel}
        data={personOptions}
        value={task.watchers}
        readOnly={!canEdit}
        searchable
        nothingFoundMessage={boardsMessages.cardNoMatches}
        error={watcherError}
        onChange={(next) => {
          setWatcherError(null);
          watchers.mutate(next, { onError: (error) => setWatcherError(errorText(error)) });
        }}
      />
      {hasDueDate(task.type) ? (
        <TextInput
          type="date"
          size="xs"
          label={boardsMessages.cardDueDateLabel}
          value={task.dueDate ?? ''}
          readOnly={!canEdit}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A partly typed date is not a date yet.
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) save({ dueDate: value || null });
          }}
          rightSection={
            canEdit && task.dueDate ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={boardsMessages.cardDueDateClear}
                onClick={() => save({ dueDate: null })}
              >
                <IconX size={12} />
              </ActionIcon>
            ) : null
          }
        />
      ) : (
        <span />
      )}
    </SimpleGrid>
  );
};
