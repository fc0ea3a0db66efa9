import { Anchor, Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNow } from '../../../../client/lib/useNow.ts';
import { messages } from '../../../../shared/messages.ts';
import { nextMeetingText } from '../../meetings.durations.ts';
import { dashboardPath } from '../meetings.format.ts';
import { useNextMeeting } from '../meetings.queries.ts';

/** The top bar's countdown (document 1 §1): '{title}, in {time}' or 'No next meetings'. */
export const NextMeetingIndicator = () => {
  const next = useNextMeeting();
  const now = useNow();
  // While loading, or if the call failed, the top bar simply says nothing here.
  if (next.isPending || next.isError) return null;
  const content = (
    <Group gap={6} wrap="nowrap" miw={0}>
      <IconClockHour4 size={16} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" truncate maw={260}>
        {next.data
          ? nextMeetingText(next.data.title, new Date(next.data.session.startsAt), now)
          : messages.noNextMeetings}
      </Text>
    </Group>
  );
  return (
    <Group gap={0} visibleFrom="lg" data-testid="next-meeting" miw={0}>
      {next.data ? (
        <Anchor
          component={Link}
          to={dashboardPath({ id: next.data.meetingId, title: next.data.title })}
          c="inherit"
          underline="hover"
          title={messages.nextMeeting}
        >
          {content}
        </Anchor>
      ) : (
        <Text c="dimmed" component="div">
          {content}
        </Text>
      )}
    </Group>
  );
};
