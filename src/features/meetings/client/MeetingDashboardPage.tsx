import { Anchor, Avatar, Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconLock, IconMapPin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from '../../../client/lib/router/index.ts';
import { PageLoadError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import type { Meeting } from '../meetings.schemas.ts';
import { ArchivesSection } from './components/ArchivesSection.tsx';
import { ManagementSection } from './components/ManagementSection.tsx';
import { MembersSection } from './components/MembersSection.tsx';
import { TeamFilesSection } from './components/TeamFilesSection.tsx';
import { MeetingFormDialog } from './meetings.dialogs.ts';
import { DEFAULT_MEETING_COLOR, dashboardPath } from './meetings.format.ts';
import { useMeeting, useMeetingRoom, useViewer } from './meetings.queries.ts';
import type { MeetingDashboardSlots } from './meetings.slots.ts';

// The meeting dashboard (document 1 §2): /meeting-dashboard/{meetingId}/{slug of title}. Each
// section loads and fails on its own; the meeting itself is the page's own state.

const Header = ({ meeting }: { meeting: Meeting }) => {
  const color = meeting.color ?? DEFAULT_MEETING_COLOR;
  return (
    <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
      <Box h={6} bg={color} data-testid="meeting-color" aria-label={meetingsMessages.meetingColor(color)} role="img" />
      <Group p="lg" gap="md" wrap="nowrap" align="center">
        <Avatar src={meeting.image} size={56} radius="md" color="initials" name={meeting.title} />
        <Stack gap={4} flex={1} miw={0}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {meeting.title}
            </Title>
            <Badge variant="light" color={meeting.type === 'account' ? 'teal' : 'indigo'}>
              {meeting.type}
            </Badge>
            {/* Password vault */}
            <Anchor component={Link} to={`/passwords/${meeting.id}`} size="sm" className="cadence-tap">
              <Group gap={4}>
                <IconLock size={14} aria-hidden />
                {meetingsMessages.vaultOpenFromDashboard}
              </Group>
            </Anchor>
          </Group>
          {meeting.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {meeting.description}
            </Text>
          )}
          {meeting.location && (
            <Group gap={4}>
              <IconMapPin size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {meeting.location}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
};

/** The sections of other features come as slots from the route (client/shell/MeetingDashboardRoute.tsx). */
export const MeetingDashboardPage = ({ slots }: { slots: MeetingDashboardSlots }) => {
  const { meetingId = '', slug } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const meeting = useMeeting(meetingId);
  const [editing, editor] = useDisclosure(false);
  useMeetingRoom(meetingId);

  // A renamed meeting gets its new slug in the address bar.
  const canonical = meeting.data ? dashboardPath(meeting.data) : null;
  useEffect(() => {
    if (!canonical || !slug) return;
    const current = `/meeting-dashboard/${meetingId}/${encodeURIComponent(slug)}`;
    if (current !== canonical) void navigate(canonical, { replace: true });
  }, [canonical, meetingId, slug, navigate]);

  const backLink = (
    <Anchor
      component={Link}
      to={meeting.data?.type === 'account' ? '/accounts' : '/meetings'}
      size="sm"
      className="cadence-tap"
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {messages.backToMeetings}
      </Group>
    </Anchor>
  );

  if (meeting.isPending) return <SectionLoading />;
  if (meeting.isError) {
    return (
      <PageLoadError
        back={backLink}
        error={meeting.error}
        notFoundTitle={messages.meetingNotFound}
        failedTitle={meetingsMessages.meetingLoadFailed}
        onRetry={() => void meeting.refetch()}
        retrying={meeting.isFetching}
      />
    );
  }

  const data = meeting.data;
  return (
    <Stack gap="lg">
      {backLink}
      <Header meeting={data} />
      {/* Side by side only when both halves get 38rem (decision 026): one column at 1280 px. */}
      <div className="cadence-panel-grid">
        <ManagementSection
          meeting={data}
          timezone={viewer.timezone}
          startButton={slots.startButton}
          recapChannel={slots.recapChannel}
        />
        <MembersSection meeting={data} onEdit={editor.open} />
      </div>
      <div className="cadence-panel-grid">
        {slots.actionItems({ meeting: data, timezone: viewer.timezone })}
        {slots.goals({ meeting: data, timezone: viewer.timezone })}
      </div>
      {slots.proposals({ meetingId: data.id })}
      {slots.boards({ meeting: data, timezone: viewer.timezone })}
      {slots.kpis({ meetingId: data.id, timezone: viewer.timezone, viewerId: viewer.userId })}
      {slots.calendar({ meetingId: data.id, timezone: viewer.timezone })}
      <TeamFilesSection meetingId={data.id} />
      {slots.trends({ meeting: data, canSee: data.permissions.isLeader || viewer.isAdmin })}
      <ArchivesSection meetingId={data.id} />
      <MeetingFormDialog meeting={data} opened={editing} onClose={editor.close} />
    </Stack>
  );
};
