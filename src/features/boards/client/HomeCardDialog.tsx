import { useMemo } from 'react';
import { useCard } from '../../../client/lib/cards.ts';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { useMeeting, useViewer } from '../../meetings/client/meetings.queries.ts';
import { CardDialog } from './CardDialog.tsx';
import { useBoardLabels, useMeetingRooms } from './card.queries.ts';

/**
 * /home/{taskId} for a card on a board: the card dialog (every panel: labels, members,
 * checklists, attachments, activity, share, move, copy, delete). People to choose from are the
 * leaders and members of the card's first meeting (the workspace's people for a card without a
 * meeting). While the dialog is open, the card's meeting rooms are joined so that others'
 * changes and a deletion arrive.
 */
export const HomeCardDialog = ({ taskId, onClose }: { taskId: string; onClose: () => void }) => {
  const viewer = useViewer();
  const card = useCard(taskId);
  const meetingIds = card.data?.meetingIds ?? [];
  const meetingId = meetingIds[0] ?? null;
  const meeting = useMeeting(meetingId ?? '', meetingId !== null);
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
