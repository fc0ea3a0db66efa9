import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../client/lib/api.ts';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import { HomePage } from '../../../client/shell/HomePage.tsx';
import { useCard } from '../../boards/client/boards.queries.ts';
import { CardDialog } from '../../boards/client/CardDialog.tsx';
import { useBoardLabels, useMeetingRooms } from '../../boards/client/card.queries.ts';
import { meetingKeys, useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting, PersonSummary } from '../../meetings/meetings.schemas.ts';
import { type TaskDialogState, TaskFormDialog, type TaskMeeting } from './components/TaskFormDialog.tsx';
import { todayIn } from './tasks.format.ts';
import { useTask } from './tasks.queries.ts';

// /home/{taskId} (document 1 §2, document 2 §2): the home page with that task's dialog open;
// closing it goes back to /home. A card on a board opens the card dialog (every panel: labels,
// members, checklists, attachments, activity, share, move, copy, delete); an action item off
// every board opens its task form (type, owner, due period, reminder: decision 011). People to
// choose from are the leaders and members of the task's first meeting (the workspace's people
// for a card without a meeting). While the card dialog is open, the card's meeting rooms are
// joined so that others' changes and a deletion arrive.

const useMeetingOf = (meetingId: string | null) =>
  useQuery({
    queryKey: meetingKeys.detail(meetingId ?? ''),
    queryFn: ({ signal }) => api.get<Meeting>(`/meetings/${meetingId}`, { signal, silent: true }),
    enabled: meetingId !== null,
  });

const HomeTaskForm = ({ taskId, onClose }: { taskId: string; onClose: () => void }) => {
  const viewer = useViewer();
  const task = useTask(taskId);
  const meetingId = task.data?.meetingIds[0] ?? null;
  const meeting = useMeetingOf(meetingId);
  const people: TaskMeeting = meeting.data ?? { id: meetingId ?? '', administrators: [], members: [] };
  const ready = !task.isPending && (meetingId === null || !meeting.isPending);
  const type = task.data?.type ?? '4';
  const state = useMemo<TaskDialogState>(
    () => (ready ? { mode: 'edit', id: taskId, type } : null),
    [ready, taskId, type],
  );
  return <TaskFormDialog state={state} meeting={people} today={todayIn(viewer.timezone)} onClose={onClose} />;
};

const HomeCardDialog = ({ taskId, onClose }: { taskId: string; onClose: () => void }) => {
  const viewer = useViewer();
  const card = useCard(taskId);
  const meetingIds = card.data?.meetingIds ?? [];
  const meetingId = meetingIds[0] ?? null;
  const meeting = useMeetingOf(meetingId);
  const workspacePeople = useWorkspacePeople(card.isSuccess && meetingId === null);
  const labels = useBoardLabels(card.data?.boardId ?? null);
  useMeetingRooms(meetingIds);

  const people = useMemo<PersonSummary[]>(() => {
    if (meeting.data) {
      const seen = new Map<string, PersonSummary>();
      for (const person of [...meeting.data.administrators, ...meeting.data.members]) seen.set(person.id, person);
      return [...seen.values()].sort((a, b) => a.firstName.localeCompare(b.firstName));
    }
    return (workspacePeople.data ?? []).map((person) => ({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      image: person.image ?? null,
      deleted: false,
    }));
  }, [meeting.data, workspacePeople.data]);

  return (
    <CardDialog
      taskId={taskId}
      labels={labels.data ?? []}
      people={people}
      boardId={card.data?.boardId ?? ''}
      timezone={viewer.timezone}
      onClose={onClose}
    />
  );
};

export const HomeTaskPage = () => {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const card = useCard(taskId || null);
  const close = useCallback(() => void navigate('/home'), [navigate]);
  // Which dialog depends on the card; a card that fails to load goes to the task form, which
  // shows the failure (as before).
  const onBoard = card.data ? card.data.boardId !== null : null;
  return (
    <>
      <HomePage />
      {taskId && onBoard === true && <HomeCardDialog taskId={taskId} onClose={close} />}
      {taskId && (onBoard === false || (card.isError && !card.data)) && (
        <HomeTaskForm taskId={taskId} onClose={close} />
      )}
    </>
  );
};
