import { Group, Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import { messages } from '../../../../shared/messages.ts';

// The board (and, for a list step, the list) an accountability agenda item shows in the live
// meeting (issue 17, decision 036): one of the meeting's boards, one of that board's lists. The
// calls are the boards feature's, read here by URL (that feature imports this one) and kept
// under its query keys so that both share the cache.

type Named = { id: string; name: string; archived?: boolean };

const silent = { silent: true } as const;

/**
 * "Meeting Board" (document 1 §3, a custom item connection): a new board of this meeting, made
 * from the agenda form, which the new item then shows (POST boards, the boards feature's rules).
 */
export const useConnectNewBoard = (meetingId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Named>('/boards', { name, meetingIds: [meetingId], lists: [] }, silent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['boards'] }),
  });
};

export const AgendaBoardFields = ({
  meetingId,
  keyName,
  boardId,
  boardListId,
  title,
  onChange,
}: {
  meetingId: string;
  keyName: string;
  boardId: string | null;
  boardListId: string | null;
  title: string;
  onChange: (patch: { boardId?: string | null; boardListId?: string | null }) => void;
}) => {
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
        aria-label={messages.agendaBoardOf(title)}
        placeholder={boards.isError ? messages.boardsLoadFailed : messages.agendaPickBoard}
        data={(boards.data ?? [])
          .filter((board) => !board.archived)
          .map((board) => ({ value: board.id, label: board.name }))}
        value={boardId}
        onChange={(value) => onChange({ boardId: value, boardListId: null })}
        clearable
        nothingFoundMessage={messages.agendaNoBoards}
        comboboxProps={{ withinPortal: true }}
      />
      {isList && (
        <Select
          size="xs"
          flex={1}
          miw={140}
          aria-label={messages.agendaListOf(title)}
          placeholder={messages.agendaPickList}
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
