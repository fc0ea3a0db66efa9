import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Box, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { isIgnoredDrop, reorder } from '../../meetings/client/meetings.format.ts';
import { useSaveUserSettings, useUserSettings } from '../../settings/client/userSettings.queries.ts';
import type { Widget } from '../../settings/settings.schemas.ts';
import { homeMessages } from '../home.messages.ts';

/** The widget list being edited: reordered by drag (mouse or keyboard), shown or hidden by ticks. */
const WidgetsForm = ({ initial, onClose }: { initial: Widget[]; onClose: () => void }) => {
  const [widgets, setWidgets] = useState(initial);
  const save = useSaveUserSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const onDragEnd = (result: DropResult) => {
    // document 1 §1: a drop with no destination, or at the same place, changes nothing.
    if (isIgnoredDrop(result) || !result.destination) return;
    setWidgets((current) => reorder(current, result.source.index, result.destination!.index));
  };
  const submit = () =>
    save.mutate(
      { widgets: widgets.map(({ key, visible }) => ({ key, visible })) },
      {
        onSuccess: () => {
          showSuccess(messages.settingsSaved);
          onClose();
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.widgetsSave}
      pending={save.isPending}
      failure={failure}
    >
      <Text size="sm" c="dimmed">
        {homeMessages.widgetsHint}
      </Text>
      <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={messages.agendaKeyboardHint}>
        <Droppable droppableId="widgets">
          {(provided) => (
            <Stack gap={4} ref={provided.innerRef} {...provided.droppableProps} component="ul" p={0} m={0}>
              {widgets.map((widget, index) => (
                <Draggable key={widget.key} draggableId={widget.key} index={index}>
                  {(drag, snapshot) => (
                    <Box
                      component="li"
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      data-testid={`widget-${widget.key}`}
                      style={{
                        ...drag.draggableProps.style,
                        listStyle: 'none',
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 'var(--mantine-radius-sm)',
                        background: 'var(--mantine-color-body)',
                        boxShadow: snapshot.isDragging ? 'var(--mantine-shadow-md)' : undefined,
                      }}
                      px="xs"
                      py={6}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <Box
                          {...drag.dragHandleProps}
                          className="mantine-focus-auto"
                          aria-label={homeMessages.widgetMove(widget.title)}
                          c="dimmed"
                          style={{ display: 'flex', cursor: 'grab', borderRadius: 4 }}
                        >
                          <IconGripVertical size={18} />
                        </Box>
                        <Checkbox
                          label={widget.title}
                          aria-label={homeMessages.widgetShown(widget.title)}
                          checked={widget.visible}
                          onChange={(event) => {
                            const visible = event.currentTarget.checked;
                            setWidgets((current) => current.map((w) => (w.key === widget.key ? { ...w, visible } : w)));
                          }}
                        />
                      </Group>
                    </Box>
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
      </DragDropContext>
    </DialogForm>
  );
};

/** The top bar's widget-sorting dialog (document 1 §2); WidgetsButton opens it. */
export const WidgetsDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const settings = useUserSettings();
  return (
    <Modal opened={opened} onClose={onClose} title={homeMessages.widgetsTitle} size="sm">
      {settings.data && <WidgetsForm initial={settings.data.widgets} onClose={onClose} />}
    </Modal>
  );
};
