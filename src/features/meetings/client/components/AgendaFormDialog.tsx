import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Alert, Box, Button, Divider, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { type AgendaItem, ZSaveAgenda } from '../../meetings.schemas.ts';
import { AGENDA_KEY_LABELS, isIgnoredDrop, reorder, totalMinutes } from '../meetings.format.ts';
import { linkError } from '../meetings.links.ts';
import { useSaveAgenda } from '../meetings.mutations.ts';
import { AgendaBoardFields } from './AgendaBoardFields.tsx';
import { AgendaFrameworkField } from './AgendaFrameworkField.tsx';
import { AddCustomItem, DEFAULT_MINUTES, type Draft, type ItemErrors, ItemRow, toDraft } from './AgendaItemRow.tsx';

// The agenda form (document 1 §2, §4): include or leave out items, their titles and minutes,
// reorder by dragging (or with the keyboard: space, arrows, space), add custom items, remove
// items. The conclusion (Meeting Scores) stays last. Closing with changes asks first.

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
  // Removing an item is confirmed first: once saved, it and its links are gone for good.
  const [removing, setRemoving] = useState<Draft | null>(null);
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
      agencyItemId: item.keyName === 'agency_framework' ? item.agencyItemId : null,
      taskType: item.keyName === 'to_do_list' ? (item.taskType ?? '4') : null,
      ...(item.keyName === 'accountability_board' && !item.boardId && item.newBoardName
        ? { newBoardName: item.newBoardName }
        : {}),
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
        showSuccess(meetingsMessages.agendaSaved);
        closeSoon();
      },
      onError: (error) => setFailure(errorText(error)),
    });
  };

  const boardFields = (item: Draft, onChange: (patch: Partial<Draft>) => void) =>
    item.keyName === 'accountability_board' || item.keyName === 'accountability_list' ? (
      <AgendaBoardFields
        meetingId={meetingId}
        keyName={item.keyName}
        boardId={item.boardId}
        boardListId={item.boardListId}
        newBoardName={item.newBoardName}
        title={item.title}
        onChange={onChange}
      />
    ) : item.keyName === 'agency_framework' ? (
      <AgendaFrameworkField agencyItemId={item.agencyItemId} title={item.title} onChange={onChange} />
    ) : null;

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
                        onRemove={() => setRemoving(item)}
                        boardFields={boardFields}
                        handle={
                          <Box
                            {...drag.dragHandleProps}
                            className="mantine-focus-auto"
                            aria-label={meetingsMessages.moveItem(item.title)}
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
          {meetingsMessages.noAgendaItems}
        </Text>
      )}
      <Text fw={600} size="sm" ta="right" aria-live="polite" data-testid="agenda-total">
        {meetingsMessages.totalMinutes(total)}
      </Text>
      {removing && (
        // Inline rather than a second dialog over this one: Escape and focus stay simple.
        <Alert
          color="red"
          variant="light"
          title={meetingsMessages.agendaDeleteTitle(removing.title)}
          role="alertdialog"
        >
          <Text size="sm">{meetingsMessages.agendaDeleteWarning}</Text>
          <Group gap="xs" mt="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setRemoving(null)}>
              {messages.cancelButton}
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setMovable((list) => list.filter((i) => i.key !== removing.key));
                setRemoving(null);
              }}
            >
              {messages.deleteButton}
            </Button>
          </Group>
        </Alert>
      )}
      <AddCustomItem onAdd={(item) => setMovable((list) => [...list, item])} />
      <Divider />
      <FormError message={failure} />
      <Group justify="flex-end" className="cadence-dialog-footer">
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
        title={meetingsMessages.editAgenda}
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
