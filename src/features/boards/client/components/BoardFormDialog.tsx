import { ColorInput, Modal, MultiSelect, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { useSimpleMeetings } from '../../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../../meetings/meetings.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { type Board, LABEL_COLORS } from '../../boards.schemas.ts';
import { useCreateBoard, useUpdateBoard } from '../boards.queries.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The board form (document 2 §2): `Create New Board` or `Edit Board` with name, colour and
 * meetings (a new board is added to the chosen meetings), and on creation its first lists.
 */
export const BoardFormDialog = ({
  opened,
  meeting,
  board,
  onClose,
  onSaved,
}: {
  opened: boolean;
  meeting: Meeting;
  board: Board | null;
  onClose: () => void;
  onSaved: (board: Board) => void;
}) => {
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [meetingIds, setMeetingIds] = useState<string[]>([]);
  const [lists, setLists] = useState('');
  const [errors, setErrors] = useFieldErrors({ name, color, meetingIds });
  const [failure, setFailure] = useState<string | null>(null);
  const meetings = useSimpleMeetings(opened, true);
  const create = useCreateBoard();
  const update = useUpdateBoard();
  const closeSoon = useDelayedClose(onClose);

  useEffect(() => {
    if (!opened) return;
    setName(board?.name ?? '');
    setColor(board?.color ?? '');
    setMeetingIds(board?.meetingIds ?? [meeting.id]);
    setLists('');
    setErrors({});
    setFailure(null);
  }, [opened, board, meeting.id, setErrors]);

  // The meetings the caller is part of, and any the board already belongs to.
  const options = new Map<string, string>([[meeting.id, meeting.title]]);
  for (const m of meetings.data ?? []) options.set(m.id, m.title);
  for (const id of board?.meetingIds ?? []) if (!options.has(id)) options.set(id, id);

  const submit = () => {
    setFailure(null);
    const next: Partial<Record<'name' | 'color' | 'meetingIds', string>> = {};
    if (!name.trim()) next.name = messages.required;
    if (meetingIds.length === 0) next.meetingIds = messages.atLeastOneEntity;
    if (color && !HEX.test(color)) next.color = messages.invalidValue;
    setErrors(next);
    if (Object.keys(next).length) return;
    const done = {
      onSuccess: (saved: Board) => {
        onSaved(saved);
        closeSoon();
      },
      onError: (error: unknown) => setFailure(errorText(error)),
    };
    if (board) update.mutate({ id: board.id, patch: { name: name.trim(), color: color || null, meetingIds } }, done);
    else
      create.mutate(
        {
          name: name.trim(),
          color: color || null,
          meetingIds,
          lists: lists
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        },
        done,
      );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={board ? boardsMessages.editBoard : boardsMessages.createBoard}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={messages.saveButton}
        pending={create.isPending || update.isPending}
        failure={failure}
      >
        <TextInput
          label={boardsMessages.boardNameLabel}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          withAsterisk
          maxLength={200}
          data-autofocus
        />
        <ColorInput
          label={boardsMessages.boardColorLabel}
          value={color}
          onChange={setColor}
          format="hex"
          swatches={[...LABEL_COLORS]}
          swatchesPerRow={9}
          error={errors.color}
        />
        <MultiSelect
          label={boardsMessages.boardMeetingsLabel}
          data={[...options].map(([value, label]) => ({ value, label }))}
          value={meetingIds}
          onChange={setMeetingIds}
          error={errors.meetingIds}
          withAsterisk
          searchable
        />
        {!board && (
          <Textarea
            label={boardsMessages.boardFirstListsLabel}
            description={boardsMessages.boardFirstListsHint}
            value={lists}
            onChange={(event) => setLists(event.currentTarget.value)}
            autosize
            minRows={3}
          />
        )}
      </DialogForm>
    </Modal>
  );
};
