import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useFieldErrors } from '../../../../client/ui/useFieldErrors.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { useSimpleMeetings } from '../../../meetings/client/meetings.queries.ts';
import type { Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { fetchMoveQuestion, useBoardLists, useMeetingBoardOptions, useMoveOrCopy } from '../card.queries.ts';

// Move and Copy (document 2 §4, §8): meeting, then board, then list. Choosing a meeting clears
// board and list; choosing a board clears the list. When members of the card are not in the
// target meeting the server answers 409 "Meeting members"; its message (ending "Do you want to
// continue anyway?") is asked, and Continue sends the same call again with confirm.

export type MoveKind = 'move' | 'copy';

export const MoveCopyDialog = ({ task, kind, onClose }: { task: Task; kind: MoveKind | null; onClose: () => void }) => {
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const [boardId, setBoardId] = useState<string | null>(null);
  const [listId, setListId] = useState<string | null>(null);
  const [errors, setErrors] = useFieldErrors({ meeting: meetingId, list: listId });
  const [failure, setFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const meetings = useSimpleMeetings(kind !== null);
  const boards = useMeetingBoardOptions(kind !== null ? meetingId : null);
  const lists = useBoardLists(kind !== null ? boardId : null);
  const call = useMoveOrCopy(task);

  // Each opening starts from where the card is.
  useEffect(() => {
    if (kind === null) return;
    setMeetingId(task.meetingIds[0] ?? null);
    setBoardId(task.boardId);
    setListId(task.taskTypeId);
    setErrors({});
    setFailure(null);
    setQuestion(null);
  }, [kind, task.meetingIds, task.boardId, task.taskTypeId, setErrors]);

  const target = (confirm: boolean) => ({
    meetingIds: meetingId ? [meetingId] : [],
    boardId,
    taskTypeId: boardId ? listId : null,
    confirm,
  });

  /** Asks first whether the target needs the members question (an answer, not a 409), then sends. */
  const [checking, setChecking] = useState(false);
  const check = async () => {
    if (!kind || !meetingId) return;
    setFailure(null);
    setChecking(true);
    try {
      const { confirm } = await fetchMoveQuestion(task.id, target(false));
      if (confirm) setQuestion(confirm);
      else send(false);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setChecking(false);
    }
  };

  const send = (confirm: boolean) => {
    if (!kind || !meetingId) return;
    setFailure(null);
    call.mutate(
      { kind, target: target(confirm) },
      {
        onSuccess: () => {
          setQuestion(null);
          showSuccess(kind === 'move' ? boardsMessages.cardMoved : boardsMessages.cardCopied);
          onClose();
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            error.status === 409 &&
            !confirm &&
            error.message === messages.membersNotInMeeting
          ) {
            setQuestion(error.message);
            return;
          }
          setQuestion(null);
          setFailure(errorText(error));
        },
      },
    );
  };

  const title = kind === 'copy' ? boardsMessages.copyCardTitle : boardsMessages.moveCardTitle;
  const boardOptions = (boards.data ?? [])
    .filter((board) => !board.archived)
    .map((board) => ({ value: board.id, label: board.name }));
  const listOptions = (lists.data ?? []).map((list) => ({ value: list.id, label: list.name }));

  return (
    <>
      <Modal
        opened={kind !== null}
        onClose={onClose}
        title={title}
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const next: typeof errors = {};
            if (!meetingId) next.meeting = messages.required;
            if (boardId && !listId) next.list = messages.required;
            setErrors(next);
            if (Object.keys(next).length === 0) void check();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {boardsMessages.moveCardHint}
            </Text>
            <Select
              label={boardsMessages.moveMeetingLabel}
              data={(meetings.data ?? []).map((meeting) => ({ value: meeting.id, label: meeting.title }))}
              value={meetingId}
              onChange={(value) => {
                setMeetingId(value);
                // Choosing a meeting clears board and list.
                setBoardId(null);
                setListId(null);
              }}
              searchable
              required
              error={errors.meeting ?? (meetings.isError ? errorText(meetings.error) : undefined)}
              disabled={meetings.isPending}
              nothingFoundMessage={boardsMessages.cardNoMatches}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={boardsMessages.moveBoardLabel}
              placeholder={boardsMessages.moveNoBoard}
              data={boardOptions}
              value={boardId}
              onChange={(value) => {
                setBoardId(value);
                // Choosing a board clears the list.
                setListId(null);
              }}
              clearable
              disabled={!meetingId || boards.isPending}
              error={boards.isError ? errorText(boards.error) : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={boardsMessages.moveListLabel}
              data={listOptions}
              value={listId}
              onChange={setListId}
              disabled={!boardId || lists.isPending}
              required={boardId !== null}
              error={errors.list ?? (lists.isError ? errorText(lists.error) : undefined)}
              description={
                boardId && lists.isSuccess && listOptions.length === 0 ? boardsMessages.moveNoLists : undefined
              }
              comboboxProps={{ withinPortal: true }}
            />
            <FormError message={failure} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {messages.cancelButton}
              </Button>
              <Button type="submit" loading={checking || (call.isPending && question === null)}>
                {kind === 'copy' ? boardsMessages.cardCopyButton : boardsMessages.cardMoveButton}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={question !== null}
        title={boardsMessages.meetingMembersTitle}
        confirmLabel={messages.continueButton}
        onClose={() => setQuestion(null)}
        onConfirm={() => send(true)}
        pending={call.isPending}
        error={null}
      >
        {question ?? ''}
      </ConfirmDialog>
    </>
  );
};
