import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirstBoard } from '../../features/boards/client/boards.queries.ts';
import { meetingQuery } from '../../features/meetings/client/meetings.queries.ts';
import { todayIn } from '../../features/tasks/client/tasks.format.ts';
import { selfQuery } from '../lib/self.ts';

/**
 * The meeting dashboard's first requests, started by its route while the page's code loads: the
 * meeting, and its first board as the Boards section first shows it (the page's largest read,
 * which would otherwise wait for the sections above it to render). Failures are left to the page.
 */
export const prefetchMeetingDashboard = (queryClient: QueryClient, meetingId: string) => {
  const today = queryClient.fetchQuery(selfQuery).then((self) => todayIn(self.user.timezone));
  return Promise.all([
    queryClient.prefetchQuery(meetingQuery(meetingId)),
    prefetchFirstBoard(queryClient, meetingId, today),
  ]);
};
