import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { useFieldError, useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { BoardList } from '../../boards.schemas.ts';

// Adding cards to a board: inline at the foot of a list, or in a dialog.

/** `Add Another card` at the foot of a list: an inline title; Enter adds and keeps the form open for the next one. */
export const AddCardForm = ({
  listName,
  onAdd,
  pending,
}: {
  listName: string;
  onAdd: (title: string) => Promise<boolean>;
  pending: boolean;
}) => {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useFieldError(title);
  const close = () => {
    setOpen(false);
    setTitle('');
    setError(null);
  };
  if (!open)
    return (
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        justify="flex-start"
        leftSection={<IconPlus size={14} />}
        onClick={() => setOpen(true)}
        aria-label={`${boardsMessages.addCard}: ${listName}`}
        fullWidth
      >
        {boardsMessages.addCard}
      </Button>
    );
  const submit = async () => {
    if (!title.trim()) {
      setError(messages.required);
      return;
    }
    setError(null);
    if (await onAdd(title.trim())) setTitle('');
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        <TextInput
          size="xs"
          label={boardsMessages.cardTitleLabel}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error}
          maxLength={500}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        />
        <Group gap={6}>
          <Button type="submit" size="xs" loading={pending}>
            {messages.addButton}
          </Button>
          <Button size="xs" variant="default" onClick={close}>
            {messages.cancelButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The `Create Card` dialog of the dashboard: a title and a list. It closes at once; the card
 * dialog opens under an overlay until the card exists (or says why it could not be created).
 */
export const CreateCardDialog = ({
  opened,
  lists,
  onClose,
  onCreate,
}: {
  opened: boolean;
  lists: BoardList[];
  onClose: () => void;
  onCreate: (title: string, list: BoardList) => void;
}) => {
  const [title, setTitle] = useState('');
  const [listId, setListId] = useState<string | null>(null);
  const [errors, setErrors] = useFieldErrors({ title, list: listId });

  useEffect(() => {
    if (!opened) return;
    setTitle('');
    setListId(lists[0]?.id ?? null);
    setErrors({});
  }, [opened, lists, setErrors]);

  const submit = () => {
    const list = lists.find((l) => l.id === listId);
    const next = { title: title.trim() ? undefined : messages.required, list: list ? undefined : messages.required };
    setErrors(next);
    if (next.title || !list) return;
    onCreate(title.trim(), list);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={boardsMessages.createCard}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={boardsMessages.createCard}
        pending={false}
        failure={null}
      >
        <TextInput
          label={boardsMessages.cardTitleLabel}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          withAsterisk
          maxLength={500}
          data-autofocus
        />
        <Select
          label={boardsMessages.cardListLabel}
          data={lists.map((list) => ({ value: list.id, label: list.name }))}
          value={listId}
          onChange={setListId}
          error={errors.list}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </DialogForm>
    </Modal>
  );
};
