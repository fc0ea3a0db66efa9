import { Button } from '@mantine/core';
import { IconPlayerPlay, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { useNavigate } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { isLiveSession, livePath, START_CONFIRMATIONS, type StartConfirmation } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { liveMessages } from '../live.messages.ts';
import { fetchStartChecks, type StartFlags, useStartMeeting } from './live.queries.ts';

// document 1 §2, §4: 'Start Meeting' when no session is live, 'Join Meeting' when one is. The
// button first asks the server what a start would ask (not a leader; no meeting scheduled within
// 12 hours), puts those questions to the person one by one, then sends the start with the
// answers: an expected question is never a failed request (browsers log those as errors). A
// 409 question that still comes back (the schedule changed meanwhile) is asked the same way.

type StartableMeeting = Pick<Meeting, 'id' | 'title' | 'nextSession'>;

const flagOf: Record<StartConfirmation, keyof StartFlags> = {
  notLeader: 'confirmNotLeader',
  unscheduled: 'confirmUnscheduled',
};

const questionOf: Record<StartConfirmation, string> = {
  notLeader: liveMessages.liveNotLeader,
  unscheduled: liveMessages.liveNotScheduled,
};

const confirmationOf = (error: unknown): StartConfirmation | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const asked = error.errors?.confirm;
  return START_CONFIRMATIONS.find((value) => value === asked) ?? null;
};

/** A refused start reads like every other server message: 'Error: …'. */
const showRefusal = (error: unknown) =>
  showError(error instanceof ApiError && error.message ? messages.apiFail(error.message) : messages.somethingWentWrong);

interface Question {
  asked: StartConfirmation;
  /** The questions still to ask after this one. */
  later: StartConfirmation[];
  flags: StartFlags;
}

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
  const [checking, setChecking] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
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
          if (asked) setQuestion({ asked, later: [], flags });
          else {
            setQuestion(null);
            showRefusal(error);
          }
        },
      },
    );

  /** Asks the first of `questions`, or starts when none is left. */
  const ask = (questions: StartConfirmation[], flags: StartFlags) => {
    const [asked, ...later] = questions;
    if (asked) setQuestion({ asked, later, flags });
    else send(flags);
  };

  const begin = async () => {
    setChecking(true);
    try {
      const checks = await fetchStartChecks(meeting.id);
      if (checks.refusal) showError(messages.apiFail(checks.refusal));
      else ask(checks.confirm, {});
    } catch (error) {
      showRefusal(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        loading={checking || (start.isPending && question === null)}
        onClick={() => void begin()}
        aria-label={liveMessages.startMeetingNamed(meeting.title)}
      >
        {liveMessages.startMeeting}
      </Button>
      <ConfirmDialog
        opened={question !== null}
        title={liveMessages.startMeeting}
        confirmLabel={messages.continueButton}
        confirmColor="blue"
        pending={start.isPending}
        onConfirm={() => question && ask(question.later, { ...question.flags, [flagOf[question.asked]]: true })}
        onClose={() => setQuestion(null)}
      >
        {question ? questionOf[question.asked] : ''}
      </ConfirmDialog>
    </>
  );
};
