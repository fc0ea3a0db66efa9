import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconClockHour4, IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation } from '../../../../client/lib/router/index.ts';
import { useNow } from '../../../../client/lib/useNow.ts';
import { isLiveSession, livePath } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { nextMeetingText } from '../../meetings.durations.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { dashboardPath } from '../meetings.format.ts';
import { useNextMeeting } from '../meetings.queries.ts';

/**
 * The top bar's countdown (document 1 §1): '{title}, in {time}' or 'No next meetings'; a
 * meeting under way (started early, say) says it is live and offers Join instead — except on that
 * live meeting's own screen, where the person already is.
 */
export const NextMeetingIndicator = () => {
  const next = useNextMeeting();
  const now = useNow();
  const { pathname } = useLocation();
  // While loading, or if the call failed, the top bar simply says nothing here.
  if (next.isPending || next.isError) return null;
  const live = next.data && isLiveSession(next.data.session) ? next.data : null;
  const content = (
    <Group gap={6} wrap="nowrap" miw={0}>
      <IconClockHour4 size={16} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" truncate maw={260}>
        {live
          ? meetingsMessages.nextMeetingLive(live.title)
          : next.data
            ? nextMeetingText(next.data.title, new Date(next.data.session.startsAt), now)
            : meetingsMessages.noNextMeetings}
      </Text>
    </Group>
  );
  if (live) {
    const joinPath = livePath(live.meetingId, live.session.id);
    return (
      <Group gap="xs" visibleFrom="lg" data-testid="next-meeting" miw={0} wrap="nowrap">
        <Anchor
          component={Link}
          to={dashboardPath({ id: live.meetingId, title: live.title })}
          c="inherit"
          underline="hover"
          title={meetingsMessages.nextMeeting}
        >
          {content}
        </Anchor>
        {pathname !== joinPath && (
          <Button
            component={Link}
            to={joinPath}
            size="compact-sm"
            color="red"
            leftSection={<IconUsersGroup size={14} aria-hidden />}
            aria-label={messages.joinMeetingNamed(live.title)}
          >
            {messages.joinMeeting}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Group gap={0} visibleFrom="lg" data-testid="next-meeting" miw={0}>
      {next.data ? (
        <Anchor
          component={Link}
          to={dashboardPath({ id: next.data.meetingId, title: next.data.title })}
          c="inherit"
          underline="hover"
          title={meetingsMessages.nextMeeting}
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
