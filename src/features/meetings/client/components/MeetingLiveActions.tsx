import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar, IconListDetails } from '@tabler/icons-react';
import { Link } from '../../../../client/lib/router/index.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
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
      <Tooltip label={meetingsMessages.agendaShortcut} withArrow>
        <ActionIcon
          variant="light"
          aria-label={meetingsMessages.agendaShortcutNamed(meeting.title)}
          onClick={agenda.open}
        >
          <IconListDetails size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={meetingsMessages.kpiShortcut} withArrow>
        <ActionIcon
          component={Link}
          to={`/kpi/${meeting.id}`}
          variant="light"
          aria-label={meetingsMessages.kpiShortcutNamed(meeting.title)}
        >
          <IconChartBar size={16} />
        </ActionIcon>
      </Tooltip>
      <AgendaPreviewDialog meeting={meeting} opened={agendaOpened} onClose={agenda.close} />
    </Group>
  );
};
