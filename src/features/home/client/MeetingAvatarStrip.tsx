import { Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';

/**
 * 'Show/hide meetings' (document 1 §1): one avatar per meeting of the caller; pressing one hides
 * (or shows again) that meeting's items in the To Do's and Goals widgets.
 */
export const MeetingAvatarStrip = ({
  hidden,
  onToggle,
}: {
  hidden: Set<string>;
  onToggle: (meetingId: string) => void;
}) => {
  // Ordered by title by the server.
  const list = useSimpleMeetings(true, true).data ?? [];
  if (list.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={messages.homeMeetingsFilter}>
      <Text size="sm" c="dimmed">
        {messages.homeMeetingsFilter}
      </Text>
      {list.map((meeting) => {
        const shown = !hidden.has(meeting.id);
        return (
          <Tooltip key={meeting.id} label={meeting.title} withinPortal>
            <UnstyledButton
              aria-pressed={shown}
              aria-label={messages.homeMeetingToggle(meeting.title)}
              onClick={() => onToggle(meeting.id)}
              className="cadence-meeting-toggle"
              data-shown={shown || undefined}
            >
              <Avatar
                src={meeting.image}
                alt=""
                radius="xl"
                size={34}
                color={shown ? 'blue' : 'gray'}
                variant={shown ? 'filled' : 'light'}
                style={meeting.color && shown ? { background: meeting.color } : undefined}
                name={meeting.title}
              />
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
};
