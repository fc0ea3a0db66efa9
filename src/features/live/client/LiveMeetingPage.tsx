import { Anchor, Badge, Button, Card, Group, Paper, Popover, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconListDetails, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from '../../../client/lib/router/index.ts';
import { useClock } from '../../../client/lib/useNow.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { LeaveGuard } from '../../../client/ui/LeaveGuard.tsx';
import { PersonLine } from '../../../client/ui/PersonAvatar.tsx';
import { PageLoadError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showInfo } from '../../../client/ui/toast.ts';
import { archivePath, formatClock, isLiveSession, stepSecondsLeft } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import { dashboardPath, totalMinutes } from '../../meetings/client/meetings.format.ts';
import { useMeeting, useMeetingRoom, useViewer } from '../../meetings/client/meetings.queries.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { taskKeys } from '../../tasks/client/tasks.queries.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveAttendee, LiveState } from '../live.schemas.ts';
import { LiveStep, StepHeading } from './components/LiveSteps.tsx';
import { notInMeeting } from './components/RecapStep.tsx';
import { VideoLink } from './components/VideoLink.tsx';
import { concludeKeys } from './live.conclude.queries.ts';
import { currentStepIndex } from './live.prefetch.ts';
import {
  liveKeys,
  serverNowMs,
  useFinishMeeting,
  useJoinMeeting,
  useLivePresence,
  useLiveState,
  useMoveStep,
  useOnline,
} from './live.queries.ts';
import type { LiveStepSlots } from './live.slots.ts';

// The live meeting (document 1 §2, §4): /live-meeting/{meetingId}/{sessionId}. The current step
// and when it began live on the session, so everyone sees the same step and the same clock, and
// a refresh or a late join loses nothing. Only the starter or a leader moves, cancels and finishes.

const Clock = ({ seconds, label, size = 'lg' }: { seconds: number; label: string; size?: 'lg' | 'xl' }) => (
  <Text
    component="span"
    role="timer"
    aria-label={label}
    ff="monospace"
    fw={700}
    fz={size === 'xl' ? 32 : 18}
    c={seconds < 0 ? 'red' : undefined}
    data-over={seconds < 0 ? 'true' : 'false'}
  >
    {formatClock(seconds)}
  </Text>
);

const PeopleList = ({
  label,
  color,
  people,
  testId,
}: {
  label: string;
  color: string;
  people: LiveAttendee[];
  testId: string;
}) => (
  <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} data-testid={testId}>
    <Text component="li" size="xs" fw={700} tt="uppercase" c={color} aria-hidden>
      {label}
    </Text>
    {people.length === 0 && (
      <Text component="li" size="sm" c="dimmed">
        {liveMessages.liveNobody}
      </Text>
    )}
    {people.map((person) => (
      <li key={person.id}>
        <PersonLine person={person} gone={notInMeeting(person)} />
      </li>
    ))}
  </Stack>
);

/** 'Online': who has the live screen open now (from the sockets), and the meeting's other people. */
const OnlineButton = ({ state }: { state: LiveState }) => {
  const online = new Set(useOnline(state.session.id).data ?? []);
  const here = state.attendees.filter((person) => online.has(person.id));
  const away = state.attendees.filter((person) => !online.has(person.id));
  return (
    <Popover position="bottom-end" shadow="md" withArrow width={280} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconUsers size={16} />} data-testid="online-button">
          {liveMessages.liveOnlineCount(here.length)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <PeopleList label={liveMessages.liveOnline} color="green" people={here} testId="online-list" />
          <PeopleList label={liveMessages.liveOffline} color="dimmed" people={away} testId="offline-list" />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};

const AgendaButton = ({ state, onJump }: { state: LiveState; onJump: (index: number) => void }) => {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      withArrow
      // Never wider than a phone's screen.
      width="min(320px, calc(100vw - 24px))"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconListDetails size={16} />}
          onClick={() => setOpened((value) => !value)}
        >
          {liveMessages.liveShowAgenda}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={messages.agendaLabel}>
          {state.agendaItems.map((item, index) => {
            const current = index === state.session.currentStep;
            const line = (
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text
                  size="sm"
                  fw={current ? 700 : 400}
                  flex={1}
                  miw={0}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="live-agenda-title"
                >
                  {index + 1}. {item.title}
                </Text>
                <Text size="xs" c="dimmed" pt={2} style={{ whiteSpace: 'nowrap' }} data-testid="live-agenda-minutes">
                  {messages.minutesShort(item.duration)}
                </Text>
              </Group>
            );
            return (
              <li key={item.id} aria-current={current ? 'step' : undefined}>
                {state.canManage ? (
                  <UnstyledButton
                    w="100%"
                    p={6}
                    style={{ borderRadius: 6 }}
                    bg={current ? 'var(--mantine-color-blue-light)' : undefined}
                    onClick={() => {
                      setOpened(false);
                      onJump(index);
                    }}
                  >
                    {line}
                  </UnstyledButton>
                ) : (
                  <Paper p={6} bg={current ? 'var(--mantine-color-blue-light)' : undefined}>
                    {line}
                  </Paper>
                )}
              </li>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};

const EndedCard = ({ state, meeting }: { state: LiveState; meeting: Meeting }) => (
  <Card withBorder padding="lg" radius="md" maw={560}>
    <Stack gap="sm">
      <Title order={1} size="h3">
        {state.session.finishedAt ? liveMessages.liveEnded : liveMessages.liveNotStarted}
      </Title>
      <Text size="sm" c="dimmed">
        {meeting.title}
      </Text>
      <Group gap="sm">
        {state.session.finishedAt && (
          <Button component={Link} to={archivePath(state.session.id)}>
            {messages.seeMeetingArchive}
          </Button>
        )}
        <Button component={Link} to={dashboardPath(meeting)} variant="default">
          {liveMessages.liveBackToDashboard}
        </Button>
      </Group>
    </Stack>
  </Card>
);

const LiveScreen = ({ state, meeting, slots }: { state: LiveState; meeting: Meeting; slots: LiveStepSlots }) => {
  const navigate = useNavigate();
  const viewer = useViewer();
  // The server's clock, read each second: every attendee's timers turn together.
  const now = useClock(1000, serverNowMs);
  const move = useMoveStep(state.session.id);
  const finish = useFinishMeeting(state.session.id, meeting.id);
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const [leaving, setLeaving] = useState(false);
  useLivePresence(state.session.id, true);

  const steps = state.agendaItems;
  const index = currentStepIndex(state);
  const item = steps[index];
  const last = index >= steps.length - 1;
  const total = totalMinutes(steps);
  const meetingLeft = total * 60 - Math.floor((now - Date.parse(state.session.startedAt ?? '')) / 1000);
  const stepLeft = item ? stepSecondsLeft(item.duration, state.session.lastStepStartedAt, now) : 0;

  const go = (step: number) => move.mutate(step);
  const end = (cancelled: boolean) =>
    finish.mutate(
      { notAttended: state.attendees.filter((person) => person.notAttended).map((person) => person.id), cancelled },
      {
        onSuccess: () => {
          setAsking(null);
          setLeaving(true);
        },
        onError: (error) => showError(errorText(error)),
      },
    );
  // Navigate only once the guard is off, so finishing does not ask 'Leave Meeting'.
  useEffect(() => {
    if (leaving) void navigate(dashboardPath(meeting));
  }, [leaving, meeting, navigate]);

  return (
    <Stack gap="md">
      <LeaveGuard
        when={!leaving}
        title={liveMessages.leaveMeetingTitle}
        text={liveMessages.leaveMeetingText}
        stayLabel={liveMessages.stayHere}
        leaveLabel={liveMessages.leaveButton}
        allow={(pathname) => pathname.startsWith('/live-meeting/')}
        beforeUnload={false}
      />
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {/* On a phone the badge and the clock wrap under a long title rather than shrink. */}
          <Group gap="sm" wrap="wrap" miw={0}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {meeting.title}
            </Title>
            <Badge color="red" variant="filled" data-testid="live-badge" style={{ flex: 'none' }}>
              {liveMessages.liveBadge}
            </Badge>
            <Clock seconds={meetingLeft} label={liveMessages.liveMeetingClock} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <VideoLink meeting={meeting} canEdit={meeting.permissions.canEdit} />
            <OnlineButton state={state} />
            <AgendaButton state={state} onJump={go} />
            {state.canManage && (
              <Button variant="light" color="red" size="sm" onClick={() => setAsking('cancel')}>
                {liveMessages.cancelMeeting}
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      {item ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <StepHeading item={item} index={index} total={steps.length} />
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {liveMessages.liveStepTimer}
              </Text>
              <Clock seconds={stepLeft} label={liveMessages.liveStepTimer} size="xl" />
            </Stack>
          </Group>
          <div data-testid="live-step" data-step={index} data-key={item.keyName}>
            <LiveStep
              item={item}
              meeting={meeting}
              state={state}
              viewerId={viewer.userId}
              timezone={viewer.timezone}
              slots={slots}
            />
          </div>
        </Stack>
      ) : (
        <Text c="dimmed">{liveMessages.liveNoAgenda}</Text>
      )}

      <Paper
        component="nav"
        aria-label={liveMessages.liveStepsNav}
        withBorder
        radius="md"
        p="sm"
        pos="sticky"
        bottom={0}
        style={{ zIndex: 5 }}
      >
        {state.canManage ? (
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              {liveMessages.previousButton}
            </Button>
            {last ? (
              <Button color="green" onClick={() => setAsking('finish')}>
                {liveMessages.saveAndFinish}
              </Button>
            ) : (
              <Button rightSection={<IconArrowRight size={16} />} onClick={() => go(index + 1)}>
                {messages.nextButton}
              </Button>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            {liveMessages.liveFollowing}
          </Text>
        )}
      </Paper>

      <ConfirmDialog
        opened={asking === 'finish'}
        title={liveMessages.endMeetingTitle}
        confirmLabel={liveMessages.endMeetingButton}
        confirmColor="green"
        pending={finish.isPending}
        onConfirm={() => end(false)}
        onClose={() => setAsking(null)}
      >
        {liveMessages.endMeetingText}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'cancel'}
        title={liveMessages.cancelMeeting}
        confirmLabel={liveMessages.cancelMeeting}
        pending={finish.isPending}
        onConfirm={() => end(true)}
        onClose={() => setAsking(null)}
      >
        {liveMessages.cancelMeetingText}
      </ConfirmDialog>
    </Stack>
  );
};

/** Other features' steps come as slots from the route (client/shell/LiveMeetingRoute.tsx). */
export const LiveMeetingPage = ({ slots }: { slots: LiveStepSlots }) => {
  const { meetingId = '', sessionId = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const state = useLiveState(sessionId);
  const meeting = useMeeting(meetingId);
  const join = useJoinMeeting();
  const queryClient = useQueryClient();
  // Once in the room, read the state and the step's lists again: a step moved or an item changed
  // between the first read and the join (or while the connection was down) reached nobody here.
  useMeetingRoom(meetingId, () => {
    void queryClient.invalidateQueries({ queryKey: liveKeys.state(sessionId) });
    void queryClient.invalidateQueries({ queryKey: concludeKeys.messages(sessionId) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.meeting(meetingId) });
  });

  const data = state.data;
  const live = data ? isLiveSession(data.session) : false;
  const joined = data?.attendees.some((person) => person.id === viewer.userId && person.joinedAt !== null) ?? false;

  // Opening a live meeting joins it (once per visit; the server keeps the first join time).
  const tried = useRef(false);
  useEffect(() => {
    if (!live || joined || tried.current || !viewer.userId) return;
    tried.current = true;
    join.mutate(sessionId, { onError: (error) => showError(errorText(error)) });
  }, [live, joined, join, sessionId, viewer.userId]);

  // Someone finished or cancelled the meeting while it was open here: back to the dashboard.
  const wasLive = useRef(false);
  useEffect(() => {
    if (live) wasLive.current = true;
    else if (wasLive.current && data && meeting.data) {
      wasLive.current = false;
      showInfo(data.session.finishedAt ? liveMessages.liveEndedByLeader : liveMessages.liveCancelledByLeader);
      void navigate(dashboardPath(meeting.data));
    }
  }, [live, data, meeting.data, navigate]);

  if (state.isPending || meeting.isPending) return <SectionLoading />;
  if (state.isError || meeting.isError) {
    return (
      <PageLoadError
        back={
          <Anchor component={Link} to="/meetings" size="sm">
            {messages.backToMeetings}
          </Anchor>
        }
        error={state.error ?? meeting.error}
        notFoundTitle={liveMessages.liveNotFound}
        failedTitle={liveMessages.liveLoadFailed}
        onRetry={() => {
          void state.refetch();
          void meeting.refetch();
        }}
        retrying={state.isFetching || meeting.isFetching}
      />
    );
  }
  if (!live) return <EndedCard state={state.data} meeting={meeting.data} />;
  return <LiveScreen state={state.data} meeting={meeting.data} slots={slots} />;
};
