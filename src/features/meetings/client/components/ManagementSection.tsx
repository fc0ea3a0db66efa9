import { Anchor, Button, Divider, Group, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconListDetails, IconVideo } from '@tabler/icons-react';
import { dayjs } from '../../../../client/lib/dayjs.ts';
import { useNow } from '../../../../client/lib/useNow.ts';
import { messages } from '../../../../shared/messages.ts';
import { StartMeetingButton } from '../../../live/client/StartMeetingButton.tsx';
import { untilText } from '../../meetings.durations.ts';
import type { Meeting } from '../../meetings.schemas.ts';
import { LONG_DATE_TIME_FORMAT, repeatText, totalMinutes } from '../meetings.format.ts';
import { useAgenda } from '../meetings.queries.ts';
import { AgendaFormDialog } from './AgendaFormDialog.tsx';
import { SectionCard } from './SectionCard.tsx';
import { SectionError, SectionLoading } from './SectionState.tsx';

const NextMeetingCard = ({ meeting, timezone }: { meeting: Meeting; timezone: string }) => {
  const now = useNow();
  const next = meeting.nextSession;
  return (
    <Paper withBorder p="md" radius="md" aria-label={messages.nextMeeting} role="group">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
          <IconCalendarEvent size={22} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {messages.nextMeeting}
          </Text>
          {next ? (
            <>
              <Text fw={600} component="time" dateTime={next.startsAt} data-testid="next-meeting-date">
                {dayjs(next.startsAt).tz(timezone).format(LONG_DATE_TIME_FORMAT)}
              </Text>
              <Text size="sm" c="dimmed">
                {untilText(new Date(next.startsAt), now)} · {repeatText(meeting.repeatEvery, meeting.repeatType)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {messages.noMeetingScheduled}
            </Text>
          )}
        </Stack>
        {meeting.permissions.isParticipant && (
          <div style={{ marginLeft: 'auto', flex: 'none' }}>
            <StartMeetingButton meeting={meeting} />
          </div>
        )}
      </Group>
    </Paper>
  );
};

const AgendaList = ({ meeting }: { meeting: Meeting }) => {
  const agenda = useAgenda(meeting.id);
  const [editing, editor] = useDisclosure(false);
  let body: React.ReactNode;
  if (agenda.isPending) body = <SectionLoading />;
  else if (agenda.isError)
    body = (
      <SectionError
        title={messages.agendaLoadFailed}
        error={agenda.error}
        onRetry={() => void agenda.refetch()}
        retrying={agenda.isFetching}
      />
    );
  else if (agenda.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {messages.noAgendaItems}
      </Text>
    );
  else {
    const checked = agenda.data.filter((item) => item.checked);
    body = (
      <Table verticalSpacing={6} fz="sm" aria-label={messages.agendaLabel}>
        <Table.Tbody>
          {checked.map((item, index) => (
            <Table.Tr key={item.id}>
              <Table.Td w={28} c="dimmed">
                {index + 1}.
              </Table.Td>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {messages.minutesShort(item.duration)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td />
            <Table.Td fw={600}>{messages.totalMinutes(totalMinutes(agenda.data))}</Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    );
  }
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
            {messages.editAgenda}
          </Button>
        )}
      </Group>
      {body}
      {agenda.data && (
        <AgendaFormDialog meetingId={meeting.id} items={agenda.data} opened={editing} onClose={editor.close} />
      )}
    </Stack>
  );
};

/** Meeting Management: the next meeting, the agenda with its minutes, the video conference link. */
export const ManagementSection = ({ meeting, timezone }: { meeting: Meeting; timezone: string }) => (
  <SectionCard title={messages.meetingManagement}>
    <Stack gap="md">
      <NextMeetingCard meeting={meeting} timezone={timezone} />
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
              {messages.noVideoLink}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  </SectionCard>
);
