import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { useFieldError } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { boardsMessages } from '../../boards.messages.ts';
import type { BoardList } from '../../boards.schemas.ts';
import { useDeleteList, useSaveList } from '../boards.queries.ts';

/** The board list form (document 2 §2): `Add Another List` or `Edit List`, where a list can also be deleted. */
export const ListFormDialog = ({
  opened,
  boardId,
  list,
  onClose,
}: {
  opened: boolean;
  boardId: string;
  list: BoardList | null;
  onClose: () => void;
}) => {
  const [name, setName] = useState('');
  const [error, setError] = useFieldError(name);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveList();
  const remove = useDeleteList();
  const closeSoon = useDelayedClose(onClose);

  useEffect(() => {
    if (!opened) return;
    setName(list?.name ?? '');
    setError(null);
    setFailure(null);
    setConfirmDelete(false);
  }, [opened, list, setError]);

  const submit = () => {
    setFailure(null);
    if (!name.trim()) {
      setError(messages.required);
      return;
    }
    setError(null);
    save.mutate(
      { id: list?.id, boardId, name: name.trim() },
      { onSuccess: closeSoon, onError: (e) => setFailure(errorText(e)) },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={list ? boardsMessages.editList : boardsMessages.addList}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={boardsMessages.listNameLabel}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            withAsterisk
            data-autofocus
            maxLength={200}
          />
          {confirmDelete && list && (
            <Text size="sm" c="red">
              {boardsMessages.deleteListWarning(list.name)}
            </Text>
          )}
          <FormError message={failure} />
          <Group justify="space-between">
            {list ? (
              <Button
                variant={confirmDelete ? 'filled' : 'subtle'}
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  if (!confirmDelete) {
                    setConfirmDelete(true);
                    return;
                  }
                  remove.mutate(list, { onSuccess: closeSoon, onError: (e) => setFailure(errorText(e)) });
                }}
              >
                {boardsMessages.deleteListButton}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {messages.cancelButton}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {messages.saveButton}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
