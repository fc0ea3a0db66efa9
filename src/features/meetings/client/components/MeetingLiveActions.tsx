import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar, IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages.ts';
import type { StartableMeeting, StartButtonSlot } from '../meetings.slots.ts';
import { AgendaPreviewDialog } from './AgendaPreview.tsx';

/** The meetings list's row actions for members (document 1 §2): Start/Join with AG and KPI shortcuts. */
export const MeetingLiveActions = ({
  meeting,
  startButton,
}: {
  meeting: StartableMeeting;
  startButton: StartButtonSlot;
}) => {
  const [agendaOpened, agenda] = useDisclosure(false);
  return (
    <Group gap={4} wrap="nowrap">
      {startButton({ meeting, size: 'compact-sm' })}
      <Tooltip label={messages.agendaShortcut} withArrow>
        <ActionIcon variant="light" aria-label={messages.agendaShortcutNamed(meeting.title)} onClick={agenda.open}>
          <IconListDetails size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={messages.kpiShortcut} withArrow>
        <ActionIcon
          component={Link}
          to={`/kpi/${meeting.id}`}
          variant="light"
          aria-label={messages.kpiShortcutNamed(meeting.title)}
        >
          <IconChartBar size={16} />
        </ActionIcon>
      </Tooltip>
      <AgendaPreviewDialog meeting={meeting} opened={agendaOpened} onClose={agenda.close} />
    </Group>
  );
};
