import { Avatar, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';

const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

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
  const meetings = useSimpleMeetings(true, true);
  const list = [...(meetings.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
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
              >
                {initials(meeting.title)}
              </Avatar>
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
};
