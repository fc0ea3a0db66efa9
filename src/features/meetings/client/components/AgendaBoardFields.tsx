import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';

// The board (and, for a list step, the list) an accountability agenda item shows in the live
// meeting (decision 036): one of the meeting's boards, one of that board's lists. The
// calls are the boards feature's, read here by URL (that feature imports this one) and kept
// under its query keys so that both share the cache. A "Meeting Board" not made yet shows as
// the first choice until the agenda is saved.

type Named = { id: string; name: string; archived?: boolean };

const silent = { silent: true } as const;

/** The choice that stands for the Meeting Board made on Save. */
const NEW_BOARD = 'new-board';

export const AgendaBoardFields = ({
  meetingId,
  keyName,
  boardId,
  boardListId,
  newBoardName,
  title,
  onChange,
}: {
  meetingId: string;
  keyName: string;
  boardId: string | null;
  boardListId: string | null;
  /** A "Meeting Board" still to make: it is made when the agenda is saved (decision 056). */
  newBoardName: string | null;
  title: string;
  onChange: (patch: { boardId?: string | null; boardListId?: string | null; newBoardName?: string | null }) => void;
}) => {
  const pending = newBoardName !== null && boardId === null;
  const boards = useQuery({
    queryKey: ['boards', 'meeting', meetingId],
    queryFn: ({ signal }) => api.get<Named[]>(`/meetings/${meetingId}/boards`, { signal, ...silent }),
  });
  const isList = keyName === 'accountability_list';
  const lists = useQuery({
    queryKey: ['boards', 'lists', boardId],
    queryFn: ({ signal }) => api.get<Named[]>(`/boards/${boardId}/task-types`, { signal, ...silent }),
    enabled: isList && boardId !== null,
  });
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        size="xs"
        flex={1}
        miw={160}
        aria-label={meetingsMessages.agendaBoardOf(title)}
        placeholder={boards.isError ? messages.boardsLoadFailed : meetingsMessages.agendaPickBoard}
        data={[
          ...(pending ? [{ value: NEW_BOARD, label: meetingsMessages.agendaNewBoardPending(newBoardName) }] : []),
          ...(boards.data ?? [])
            .filter((board) => !board.archived)
            .map((board) => ({ value: board.id, label: board.name })),
        ]}
        value={pending ? NEW_BOARD : boardId}
        onChange={(value) => value !== NEW_BOARD && onChange({ boardId: value, boardListId: null, newBoardName: null })}
        clearable
        nothingFoundMessage={meetingsMessages.agendaNoBoards}
        comboboxProps={{ withinPortal: true }}
      />
      {isList && (
        <Select
          size="xs"
          flex={1}
          miw={140}
          aria-label={meetingsMessages.agendaListOf(title)}
          placeholder={meetingsMessages.agendaPickList}
          disabled={!boardId}
          data={(lists.data ?? []).map((list) => ({ value: list.id, label: list.name }))}
          value={boardListId}
          onChange={(value) => onChange({ boardListId: value })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Group>
  );
};
