import { Avatar, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';
import { useSimpleMeetings } from '../../meetings/client/meetings.queries.ts';

/**
 * 'Show/hide meetings' (document 1 §1): one avatar per meeting of the caller. Pressing one shows
 * that meeting's items alone in the To Do's and Goals widgets (the server filters them, so the
 * lists stay whole however long they are: decision 061); pressing it again, or "All", shows all.
 */
export const MeetingAvatarStrip = ({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (meetingId: string | null) => void;
}) => {
  // Ordered by title by the server.
  const list = useSimpleMeetings(true, true).data ?? [];
  if (list.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={messages.homeMeetingsFilter}>
      <Text size="sm" c="dimmed">
        {messages.homeMeetingsFilter}
      </Text>
      <Button
        size="compact-sm"
        variant={selected === null ? 'light' : 'subtle'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {messages.homeMeetingsAll}
      </Button>
      {list.map((meeting) => {
        const chosen = selected === meeting.id;
        const shown = selected === null || chosen;
        return (
          <Tooltip key={meeting.id} label={meeting.title} withinPortal>
            <UnstyledButton
              aria-pressed={chosen}
              aria-label={messages.homeMeetingToggle(meeting.title)}
              onClick={() => onSelect(chosen ? null : meeting.id)}
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
