import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../client/lib/api.ts';
import { HomePage } from '../../../client/shell/HomePage.tsx';
import { meetingKeys, useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { type TaskDialogState, TaskFormDialog, type TaskMeeting } from './components/TaskFormDialog.tsx';
import { todayIn } from './tasks.format.ts';
import { useTask } from './tasks.queries.ts';

// /home/{taskId} (document 1 §2, document 2 §2): the home page with that task's dialog open.
// Closing the dialog goes back to /home. Owners to choose from are the leaders and members of
// the task's (first) meeting.

export const HomeTaskPage = () => {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const task = useTask(taskId);
  const meetingId = task.data?.meetingIds[0] ?? null;
  const meeting = useQuery({
    queryKey: meetingKeys.detail(meetingId ?? ''),
    queryFn: ({ signal }) => api.get<Meeting>(`/meetings/${meetingId}`, { signal, silent: true }),
    enabled: meetingId !== null,
  });
  const people: TaskMeeting = meeting.data ?? { id: meetingId ?? '', administrators: [], members: [] };
  const ready = !task.isPending && (meetingId === null || !meeting.isPending);
  const type = task.data?.type ?? '4';
  const state = useMemo<TaskDialogState>(
    () => (ready ? { mode: 'edit', id: taskId, type } : null),
    [ready, taskId, type],
  );
  return (
    <>
      <HomePage />
      <TaskFormDialog
        state={state}
        meeting={people}
        today={todayIn(viewer.timezone)}
        onClose={() => void navigate('/home')}
      />
    </>
  );
};
