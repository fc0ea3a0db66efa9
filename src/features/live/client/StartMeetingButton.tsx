import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar, IconListDetails, IconPlayerPlay, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../client/lib/api.ts';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { isLiveSession, livePath, START_CONFIRMATIONS, type StartConfirmation } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import { AgendaPreviewDialog } from '../../meetings/client/components/AgendaPreview.tsx';
import { ConfirmDialog } from '../../meetings/client/components/ConfirmDialog.tsx';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { type StartFlags, useStartMeeting } from './live.queries.ts';

// document 1 §2, §4: 'Start Meeting' when no session is live, 'Join Meeting' when one is. A start
// the server wants confirmed (not a leader; no meeting scheduled within 12 hours) answers 409 with
// the question; the person answers it and the start is sent again with that answer.

type StartableMeeting = Pick<Meeting, 'id' | 'title' | 'nextSession'>;

const flagOf: Record<StartConfirmation, keyof StartFlags> = {
  notLeader: 'confirmNotLeader',
  unscheduled: 'confirmUnscheduled',
};

const confirmationOf = (error: unknown): StartConfirmation | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const asked = error.errors?.confirm;
  return START_CONFIRMATIONS.find((value) => value === asked) ?? null;
};

export const StartMeetingButton = ({
  meeting,
  size = 'sm',
  fullWidth = false,
}: {
  meeting: StartableMeeting;
  size?: 'xs' | 'sm' | 'compact-sm';
  fullWidth?: boolean;
}) => {
  const navigate = useNavigate();
  const start = useStartMeeting();
  const [question, setQuestion] = useState<{ text: string; flags: StartFlags } | null>(null);
  const next = meeting.nextSession;

  if (next && isLiveSession(next)) {
    return (
      <Button
        size={size}
        color="red"
        fullWidth={fullWidth}
        leftSection={<IconUsersGroup size={16} aria-hidden />}
        onClick={() => void navigate(livePath(meeting.id, next.id))}
        aria-label={messages.joinMeetingNamed(meeting.title)}
      >
        {messages.joinMeeting}
      </Button>
    );
  }

  const send = (flags: StartFlags) =>
    start.mutate(
      { meetingId: meeting.id, flags },
      {
        onSuccess: (started) => {
          setQuestion(null);
          void navigate(livePath(meeting.id, started.sessionId));
        },
        onError: (error) => {
          const asked = confirmationOf(error);
          if (asked) setQuestion({ text: error.message, flags: { ...flags, [flagOf[asked]]: true } });
          else {
            setQuestion(null);
            showError(errorText(error));
          }
        },
      },
    );

  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        loading={start.isPending && question === null}
        onClick={() => send({})}
        aria-label={messages.startMeetingNamed(meeting.title)}
      >
        {messages.startMeeting}
      </Button>
      <ConfirmDialog
        opened={question !== null}
        title={messages.startMeeting}
        confirmLabel={messages.continueButton}
        confirmColor="blue"
        pending={start.isPending}
        onConfirm={() => question && send(question.flags)}
        onClose={() => setQuestion(null)}
      >
        {question?.text ?? ''}
      </ConfirmDialog>
    </>
  );
};

/** The meetings list's row actions for members (document 1 §2): Start/Join with AG and KPI shortcuts. */
export const MeetingLiveActions = ({ meeting }: { meeting: StartableMeeting }) => {
  const [agendaOpened, agenda] = useDisclosure(false);
  return (
    <Group gap={4} wrap="nowrap">
      <StartMeetingButton meeting={meeting} size="compact-sm" />
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
