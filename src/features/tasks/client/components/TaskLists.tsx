import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { messages } from '../../../../shared/messages.ts';
import type { PersonSummary } from '../../../../shared/person.ts';
import { TASK_LIST_PAGE_SIZE } from '../../../../shared/tasks.ts';
import { remainingCards, type useMeetingTaskList } from '../tasks.queries.ts';
import type { TaskMeeting } from './TaskFormDialog.tsx';

// Pieces every view of a meeting's action-item lists uses: the dashboard's sections and the
// live meeting's steps (lists paged on the server, decision 039).

export type TaskList = ReturnType<typeof useMeetingTaskList>;

/** "Show N more": the next page of a list from the server. */
export const ShowMore = ({ list, pageSize = TASK_LIST_PAGE_SIZE }: { list: TaskList; pageSize?: number }) => {
  const next = Math.min(remainingCards(list.data), pageSize);
  if (next <= 0) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      style={{ alignSelf: 'flex-start' }}
      loading={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {messages.showMoreCards(next)}
    </Button>
  );
};

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** Loading, or an error whose retry reloads every failed list; null once all have data. */
export const listsState = (queries: ListQuery[], failedTitle: string) => {
  const failed = queries.filter((query) => query.isError);
  if (failed.length > 0)
    return (
      <SectionError
        title={failedTitle}
        error={failed[0]!.error}
        onRetry={() => {
          for (const query of failed) void query.refetch();
        }}
        retrying={failed.some((query) => query.isFetching)}
      />
    );
  return queries.some((query) => query.isPending) ? <SectionLoading /> : null;
};

/** The meeting's leaders and members by id, to name the owners of its cards. */
export const useMeetingPeople = (meeting: TaskMeeting) =>
  useMemo(() => {
    const byId = new Map<string, PersonSummary>();
    for (const person of [...meeting.administrators, ...meeting.members]) byId.set(person.id, person);
    return byId;
  }, [meeting.administrators, meeting.members]);
