import { Anchor, Button, Divider, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconListDetails, IconVideo } from '@tabler/icons-react';
import { inZone } from '../../../../client/lib/dayjs.ts';
import { useNow } from '../../../../client/lib/useNow.ts';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { messages } from '../../../../shared/messages.ts';
import { untilText } from '../../meetings.durations.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import type { Meeting } from '../../meetings.schemas.ts';
import { AgendaFormDialog } from '../meetings.dialogs.ts';
import { LONG_DATE_TIME_FORMAT, repeatText } from '../meetings.format.ts';
import { useAgenda } from '../meetings.queries.ts';
import type { MeetingDashboardSlots } from '../meetings.slots.ts';
import { AgendaPreview } from './AgendaPreview.tsx';

const NextMeetingCard = ({
  meeting,
  timezone,
  startButton,
}: {
  meeting: Meeting;
  timezone: string;
  startButton: MeetingDashboardSlots['startButton'];
}) => {
  const now = useNow();
  const next = meeting.nextSession;
  return (
    <Paper withBorder p="md" radius="md" aria-label={meetingsMessages.nextMeeting} role="group">
      {/* On a phone the button goes under the date rather than squeezing it into a narrow column. */}
      <Group gap="sm" wrap="wrap" align="flex-start">
        <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
          <IconCalendarEvent size={22} />
        </ThemeIcon>
        <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {meetingsMessages.nextMeeting}
          </Text>
          {next ? (
            <>
              <Text fw={600} component="time" dateTime={next.startsAt} data-testid="next-meeting-date">
                {inZone(next.startsAt, timezone).format(LONG_DATE_TIME_FORMAT)}
              </Text>
              <Text size="sm" c="dimmed">
                {untilText(new Date(next.startsAt), now)} · {repeatText(meeting.repeatEvery, meeting.repeatType)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {meetingsMessages.noMeetingScheduled}
            </Text>
          )}
        </Stack>
        {meeting.permissions.isParticipant && (
          <div style={{ marginLeft: 'auto', flex: 'none' }}>{startButton({ meeting })}</div>
        )}
      </Group>
    </Paper>
  );
};

const AgendaList = ({ meeting }: { meeting: Meeting }) => {
  const agenda = useAgenda(meeting.id);
  const [editing, editor] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap={6}>
          <IconListDetails size={18} stroke={1.6} aria-hidden />
          <Text fw={600} size="sm" component="h3" m={0}>
            {messages.agendaLabel}
          </Text>
        </Group>
        {meeting.permissions.canEdit && agenda.isSuccess && (
          <Button size="compact-sm" variant="light" onClick={editor.open}>
            {meetingsMessages.editAgenda}
          </Button>
        )}
      </Group>
      <AgendaPreview meetingId={meeting.id} />
      {agenda.data && (
        <AgendaFormDialog meetingId={meeting.id} items={agenda.data} opened={editing} onClose={editor.close} />
      )}
    </Stack>
  );
};

/**
 * Meeting Management: the next meeting, the agenda with its minutes, the video conference link;
 * the start button (live) and the Slack recap channel come as slots.
 */
export const ManagementSection = ({
  meeting,
  timezone,
  startButton,
  recapChannel,
}: {
  meeting: Meeting;
  timezone: string;
} & Pick<MeetingDashboardSlots, 'startButton' | 'recapChannel'>) => (
  <SectionCard title={meetingsMessages.meetingManagement}>
    <Stack gap="md">
      <NextMeetingCard meeting={meeting} timezone={timezone} startButton={startButton} />
      <AgendaList meeting={meeting} />
      <Divider />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconVideo size={18} stroke={1.6} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {messages.videoConference}
          </Text>
          {meeting.sharepointUrl ? (
            <Anchor
              href={meeting.sharepointUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {meeting.sharepointUrl}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {meetingsMessages.noVideoLink}
            </Text>
          )}
        </Stack>
      </Group>
      {recapChannel({ meetingId: meeting.id })}
    </Stack>
  </SectionCard>
);
