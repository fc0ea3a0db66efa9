import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { SimpleMeeting } from '../../meetings/meetings.schemas.ts';
import { homeMessages } from '../home.messages.ts';

/**
 * 'Show/hide meetings' (document 1 §1, decision 069): one avatar per meeting of the caller, each a
 * toggle button ("Show Sales", pressed while Sales' items are shown, like the widgets' "Show …"
 * ticks; its name stays the same, the pressed state says which). All are shown at first; a press
 * hides or shows that meeting's items in the To Do's and Goals widgets, and "Show all" shows
 * every meeting again. A hidden meeting has a dashed ring, is faded and is marked with a crossed eye.
 */
export const MeetingAvatarStrip = ({
  meetings,
  hidden,
  onToggle,
  onShowAll,
}: {
  /** The caller's meetings, ordered by title by the server. */
  meetings: SimpleMeeting[];
  hidden: ReadonlySet<string>;
  onToggle: (meetingId: string) => void;
  onShowAll: () => void;
}) => {
  if (meetings.length === 0) return null;
  const none = hidden.size === 0;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={homeMessages.homeMeetingsFilter}>
      <Text size="sm" c="dimmed">
        {homeMessages.homeMeetingsFilter}
      </Text>
      {meetings.map((meeting) => {
        const shown = !hidden.has(meeting.id);
        return (
          // The app's one tooltip (data-hint): a Mantine Tooltip per avatar brought its floating
          // machinery into the first page's code.
          <UnstyledButton
            key={meeting.id}
            data-hint={meeting.title}
            aria-pressed={shown}
            aria-label={homeMessages.homeMeetingToggle(meeting.title)}
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
            {!shown && (
              <span className="cadence-meeting-toggle-mark" aria-hidden>
                <IconEyeOff size={12} stroke={2} />
              </span>
            )}
          </UnstyledButton>
        );
      })}
      {/* Always there and focusable (aria-disabled, not disabled): pressing it keeps the focus. */}
      <Button
        size="compact-sm"
        variant="light"
        data-disabled={none || undefined}
        aria-disabled={none}
        onClick={() => {
          if (!none) onShowAll();
        }}
      >
        {homeMessages.homeMeetingsShowAll}
      </Button>
      {!none && (
        <Text size="xs" c="dimmed">
          {homeMessages.homeMeetingsHidden(hidden.size)}
        </Text>
      )}
    </Group>
  );
};
