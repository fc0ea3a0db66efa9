import { useMemo } from 'react';
import { useCard } from '../../../client/lib/cards.ts';
import { useMeeting, useViewer } from '../../meetings/client/meetings.queries.ts';
import type { TaskDialogState, TaskMeeting } from './components/TaskFormDialog.tsx';
import { TaskFormDialog } from './tasks.dialogs.ts';
import { todayIn } from './tasks.format.ts';

/**
 * /home/{taskId} for an action item off every board: its task form (type, owner, due period,
 * reminder: decision 011). People to choose from are the leaders and members of the task's
 * first meeting.
 */
export const HomeTaskForm = ({ taskId, onClose }: { taskId: string; onClose: () => void }) => {
  const viewer = useViewer();
  const task = useCard(taskId);
  const meetingId = task.data?.meetingIds[0] ?? null;
  const meeting = useMeeting(meetingId ?? '', meetingId !== null);
  const people: TaskMeeting = meeting.data ?? { id: meetingId ?? '', administrators: [], members: [] };
  const ready = !task.isPending && (meetingId === null || !meeting.isPending);
  const type = task.data?.type ?? '4';
  const state = useMemo<TaskDialogState>(
    () => (ready ? { mode: 'edit', id: taskId, type } : null),
    [ready, taskId, type],
  );
  return <TaskFormDialog state={state} meeting={people} today={todayIn(viewer.timezone)} onClose={onClose} />;
};
