import type { QueryClient } from '@tanstack/react-query';
import { TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { meetingQuery } from '../../meetings/client/meetings.queries.ts';
import type { AgendaItem } from '../../meetings/meetings.schemas.ts';
import { meetingTaskListQuery } from '../../tasks/client/tasks.queries.ts';
import type { LiveState } from '../live.schemas.ts';
import { liveStateQuery } from './live.queries.ts';

/** The step on screen: the session's current step, within the agenda. */
export const currentStepIndex = (state: LiveState) =>
  Math.min(state.session.currentStep, Math.max(state.agendaItems.length - 1, 0));

/**
 * The lists an action-items step shows: its type's open items and, on the To-Do step only, the
 * finished to-dos (those since the last meeting show), each paged on the server.
 */
export const actionItemsStepLists = (meetingId: string, item: Pick<AgendaItem, 'taskType'>) => {
  const type = (item.taskType ?? TASK_TYPE.todo) as TaskType;
  return {
    type,
    open: meetingTaskListQuery(meetingId, type, 'active'),
    done: meetingTaskListQuery(meetingId, TASK_TYPE.todo, 'done'),
    showsDone: type === TASK_TYPE.todo,
  };
};

/**
 * The live screen's first requests, started by its route while the screen's code loads: the
 * state and the meeting side by side, then, as soon as the state names the step on screen, that
 * step's lists. Failures are left to the screen, which asks again and shows them.
 */
export const prefetchLiveMeeting = async (queryClient: QueryClient, meetingId: string, sessionId: string) => {
  const [state] = await Promise.all([
    queryClient.fetchQuery(liveStateQuery(sessionId)),
    queryClient.prefetchQuery(meetingQuery(meetingId)),
  ]);
  const item = state.agendaItems[currentStepIndex(state)];
  if (item?.keyName !== 'to_do_list') return;
  const lists = actionItemsStepLists(meetingId, item);
  await Promise.all([
    queryClient.prefetchInfiniteQuery(lists.open),
    lists.showsDone ? queryClient.prefetchInfiniteQuery(lists.done) : undefined,
  ]);
};
