import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconGripVertical, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { type AgendaItem, type AgendaKey, type AgendaTaskType, ZSaveAgenda } from '../../meetings.schemas.ts';
import {
  AGENDA_KEY_LABELS,
  AGENDA_TASK_TYPE_OPTIONS,
  CUSTOM_AGENDA_KEYS,
  isIgnoredDrop,
  reorder,
  totalMinutes,
} from '../meetings.format.ts';
import { linkError } from '../meetings.links.ts';
import { useSaveAgenda } from '../meetings.queries.ts';

// The agenda form (document 1 §2, §4): include or leave out items, their titles and minutes,
// reorder by dragging (or with the keyboard: space, arrows, space), add custom items, remove
// items. The conclusion (Meeting Scores) stays last. Closing with changes asks first.

const DEFAULT_MINUTES = 5;

interface Draft {
  /** The item's id, or a temporary key for a new item. */
  key: string;
  id: string | null;
  title: string;
  keyName: AgendaKey;
  checked: boolean;
  duration: number | string;
  description: string | null;
  embedUrl: string | null;
  boardId: string | null;
  boardListId: string | null;
  taskType: AgendaTaskType | null;
}

const toDraft = (item: AgendaItem): Draft => ({ ...item, key: item.id, id: item.id });

let newKey = 0;

type ItemErrors = Record<string, Partial<Record<'title' | 'duration' | 'embedUrl', string>>>;

const ItemRow = ({
  item,
  onChange,
  onRemove,
  handle,
  errors,
  dragging = false,
  boardFields,
}: {
  boardFields?: (item: Draft, onChange: (patch: Partial<Draft>) => void) => React.ReactNode;
  item: Draft;
  onChange: (patch: Partial<Draft>) => void;
  onRemove?: () => void;
  handle: React.ReactNode;
  errors: ItemErrors[string] | undefined;
  dragging?: boolean;
}) => (
  <Paper
    withBorder
    px="xs"
    py={6}
    radius="md"
    shadow={dragging ? 'md' : undefined}
    bg={dragging ? 'var(--mantine-color-body)' : undefined}
    data-agenda-item={item.title}
  >
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box pt={6}>{handle}</Box>
      <Checkbox
        mt={7}
        checked={item.checked}
        onChange={(event) => onChange({ checked: event.currentTarget.checked })}
        aria-label={messages.includeItem(item.title)}
      />
      <Stack gap={4} flex={1} miw={0}>
        <TextInput
          size="sm"
          value={item.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          aria-label={messages.titleOf(item.title)}
          error={errors?.title}
          rightSectionWidth={150}
          rightSection={
            <Badge
              size="xs"
              variant="light"
              color={item.keyName === 'conclusion' ? 'grape' : 'gray'}
              maw={140}
              style={{ pointerEvents: 'none' }}
            >
              {AGENDA_KEY_LABELS[item.keyName]}
            </Badge>
          }
          styles={{ section: { justifyContent: 'flex-end', paddingRight: 8 } }}
        />
        {item.keyName === 'external_url' && (
          <TextInput
            size="xs"
            placeholder="https://"
            value={item.embedUrl ?? ''}
            onChange={(event) => onChange({ embedUrl: event.currentTarget.value })}
            aria-label={messages.embedUrl}
            error={errors?.embedUrl}
          />
        )}
        {item.keyName === 'to_do_list' && (
          <Select
            size="xs"
            aria-label={messages.agendaTaskTypeOf(item.title)}
            data={AGENDA_TASK_TYPE_OPTIONS}
            value={item.taskType ?? '4'}
            onChange={(value) => value && onChange({ taskType: value as AgendaTaskType })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            maw={220}
          />
        )}
        {boardFields?.(item, onChange)}
      </Stack>
      <NumberInput
        size="sm"
        w={84}
        min={0}
        max={600}
        allowDecimal={false}
        allowNegative={false}
        value={item.duration}
        onChange={(value) => onChange({ duration: value })}
        aria-label={messages.minutesOf(item.title)}
        rightSection={
          <Text size="xs" c="dimmed" pr={6}>
            min
          </Text>
        }
        rightSectionWidth={34}
        hideControls
        error={errors?.duration}
      />
      {onRemove ? (
        <Tooltip label={messages.removeItem(item.title)} withArrow>
          <ActionIcon
            mt={4}
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={messages.removeItem(item.title)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Box w={28} style={{ flex: 'none' }} />
      )}
    </Group>
  </Paper>
);

const AddCustomItem = ({ onAdd }: { onAdd: (item: Draft) => void }) => {
  const [title, setTitle] = useState('');
  const [keyName, setKeyName] = useState<AgendaKey>('free_activity');
  const [embedUrl, setEmbedUrl] = useState('');
  const [duration, setDuration] = useState<number | string>(DEFAULT_MINUTES);
  const [error, setError] = useFieldErrors({ title, embedUrl });
  const add = () => {
    const problems: typeof error = {};
    if (!title.trim()) problems.title = messages.required;
    if (keyName === 'external_url') {
      const problem = linkError(embedUrl);
      if (problem) problems.embedUrl = problem;
    }
    setError(problems);
    if (Object.keys(problems).length > 0) return;
    newKey += 1;
    onAdd({
      key: `new-${newKey}`,
      id: null,
      title: title.trim(),
      keyName,
      checked: true,
      duration: duration === '' ? DEFAULT_MINUTES : duration,
      description: null,
      embedUrl: keyName === 'external_url' ? embedUrl.trim() : null,
      boardId: null,
      boardListId: null,
      taskType: keyName === 'to_do_list' ? '4' : null,
    });
    setTitle('');
    setEmbedUrl('');
    setDuration(DEFAULT_MINUTES);
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-default-hover)"
      component="fieldset"
      style={{ border: 0 }}
    >
      <Text component="legend" size="sm" fw={600} mb={6} px={0}>
        {messages.addCustomItem}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={messages.agendaItemTitle}
          size="sm"
          flex={2}
          miw={160}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error.title}
        />
        <Select
          label={messages.connectionType}
          size="sm"
          flex={1}
          miw={170}
          data={CUSTOM_AGENDA_KEYS.map((key) => ({ value: key, label: AGENDA_KEY_LABELS[key] }))}
          value={keyName}
          onChange={(value) => value && setKeyName(value as AgendaKey)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={messages.agendaMinutes}
          size="sm"
          w={92}
          min={0}
          max={600}
          allowDecimal={false}
          allowNegative={false}
          value={duration}
          onChange={setDuration}
        />
      </Group>
      {keyName === 'external_url' && (
        <TextInput
          mt="xs"
          label={messages.embedUrl}
          size="sm"
          placeholder="https://"
          value={embedUrl}
          onChange={(event) => setEmbedUrl(event.currentTarget.value)}
          error={error.embedUrl}
        />
      )}
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
          {messages.addButton}
        </Button>
      </Group>
    </Paper>
  );
};

const AgendaForm = ({
  meetingId,
  items,
  onDirtyChange,
  onDraggingChange,
  onClose,
  onCancel,
}: {
  meetingId: string;
  items: AgendaItem[];
  onDirtyChange: (dirty: boolean) => void;
  onDraggingChange: (dragging: boolean) => void;
  onClose: () => void;
  onCancel: () => void;
}) => {
  const initial = useMemo(() => items.map(toDraft), [items]);
  const [movable, setMovable] = useState<Draft[]>(() => initial.filter((i) => i.keyName !== 'conclusion'));
  const [fixed, setFixed] = useState<Draft[]>(() => initial.filter((i) => i.keyName === 'conclusion'));
  const [errors, setErrors] = useState<ItemErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveAgenda(meetingId);
  const closeSoon = useDelayedClose(onClose);

  const all = [...movable, ...fixed];
  const snapshot = (list: Draft[]) =>
    JSON.stringify(list.map(({ key, ...rest }) => ({ ...rest, duration: String(rest.duration) })));
  const initialSnapshot = useRef(snapshot([...movable, ...fixed]));
  const dirty = !saved && snapshot(all) !== initialSnapshot.current;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const change = (key: string, patch: Partial<Draft>) => {
    setMovable((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
    setFixed((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  };

  const onDragEnd = (result: DropResult) => {
    onDraggingChange(false);
    if (isIgnoredDrop(result) || !result.destination) return;
    setMovable((list) => reorder(list, result.source.index, result.destination!.index));
  };

  const submit = () => {
    setFailure(null);
    const payload = all.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      title: item.title,
      keyName: item.keyName,
      checked: item.checked,
      duration: item.duration === '' ? DEFAULT_MINUTES : item.duration,
      description: item.description,
      embedUrl: item.keyName === 'external_url' ? (item.embedUrl ?? '') : undefined,
      boardId: item.boardId,
      boardListId: item.boardListId,
      taskType: item.keyName === 'to_do_list' ? (item.taskType ?? '4') : null,
    }));
    // The server's own rules, so the messages match its answer.
    const check = ZSaveAgenda.safeParse({ agendaItems: payload });
    const found: ItemErrors = {};
    for (const item of all) {
      const problem = item.keyName === 'external_url' && item.embedUrl ? linkError(item.embedUrl) : null;
      if (problem) found[item.key] = { embedUrl: problem };
    }
    if (!check.success || Object.keys(found).length > 0) {
      for (const issue of check.error?.issues ?? []) {
        const [, index, field] = issue.path;
        const item = typeof index === 'number' ? all[index] : undefined;
        if (item && (field === 'title' || field === 'duration' || field === 'embedUrl')) {
          found[item.key] = { ...found[item.key], [field]: issue.message };
        }
      }
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    setErrors({});
    save.mutate(payload, {
      onSuccess: () => {
        setSaved(true);
        onDirtyChange(false);
        showSuccess(messages.agendaSaved);
        closeSoon();
      },
      onError: (error) => setFailure(errorText(error)),
    });
  };

  const total = totalMinutes(all.map((item) => ({ checked: item.checked, duration: Number(item.duration) || 0 })));

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {messages.agendaKeyboardHint}
      </Text>
      <DragDropContext
        onDragStart={() => onDraggingChange(true)}
        onDragEnd={onDragEnd}
        dragHandleUsageInstructions={messages.agendaKeyboardHint}
      >
        <Droppable droppableId="agenda">
          {(provided) => (
            <Stack gap={6} ref={provided.innerRef} {...provided.droppableProps} aria-label={messages.agendaLabel}>
              {movable.map((item, index) => (
                <Draggable key={item.key} draggableId={item.key} index={index}>
                  {(drag, snapshot) => (
                    <div ref={drag.innerRef} {...drag.draggableProps}>
                      <ItemRow
                        item={item}
                        dragging={snapshot.isDragging}
                        errors={errors[item.key]}
                        onChange={(patch) => change(item.key, patch)}
                        onRemove={() => setMovable((list) => list.filter((i) => i.key !== item.key))}
                        handle={
                          <Box
                            {...drag.dragHandleProps}
                            className="mantine-focus-auto"
                            aria-label={messages.moveItem(item.title)}
                            c="dimmed"
                            style={{ cursor: 'grab', display: 'flex', borderRadius: 4 }}
                            data-drag-handle
                          >
                            <IconGripVertical size={20} />
                          </Box>
                        }
                      />
                    </div>
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
      </DragDropContext>
      {fixed.map((item) => (
        <ItemRow
          key={item.key}
          item={item}
          errors={errors[item.key]}
          onChange={(patch) => change(item.key, patch)}
          handle={
            <Tooltip label={AGENDA_KEY_LABELS.conclusion} withArrow>
              <Box c="dimmed" style={{ display: 'flex' }} aria-hidden>
                <IconLock size={20} stroke={1.5} />
              </Box>
            </Tooltip>
          }
        />
      ))}
      {all.length === 0 && (
        <Text size="sm" c="dimmed">
          {messages.noAgendaItems}
        </Text>
      )}
      <Text fw={600} size="sm" ta="right" aria-live="polite" data-testid="agenda-total">
        {messages.totalMinutes(total)}
      </Text>
      <AddCustomItem onAdd={(item) => setMovable((list) => [...list, item])} />
      <Divider />
      <FormError message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {messages.cancelButton}
        </Button>
        <Button onClick={submit} loading={save.isPending || saved}>
          {messages.saveButton}
        </Button>
      </Group>
    </Stack>
  );
};

/** 'Edit agenda' (leaders): PUT /meetings/{id}/agenda-items. */
export const AgendaFormDialog = ({
  meetingId,
  items,
  opened,
  onClose,
}: {
  meetingId: string;
  items: AgendaItem[];
  opened: boolean;
  onClose: () => void;
}) => {
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Escape cancels a keyboard drag; it must not close the dialog as well.
  const [dragging, setDragging] = useState(false);
  const close = () => {
    setDirty(false);
    setConfirming(false);
    onClose();
  };
  const requestClose = () => (dirty ? setConfirming(true) : close());
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={messages.editAgenda}
        size="lg"
        centered
        closeOnEscape={!dragging}
        // Opacity only: a transform on the dialog would move the item being dragged.
        transitionProps={{ transition: 'fade', duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <AgendaForm
          meetingId={meetingId}
          items={items}
          onDirtyChange={setDirty}
          onDraggingChange={setDragging}
          onClose={close}
          onCancel={requestClose}
        />
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={messages.unsavedChangesTitle}
        centered
        size="sm"
        zIndex={400}
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <Text size="sm">{messages.unsavedChangesText}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {messages.stayOnPage}
          </Button>
          <Button color="red" onClick={close}>
            {messages.leavePage}
          </Button>
        </Group>
      </Modal>
    </>
  );
};
