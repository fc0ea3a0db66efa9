import { Avatar, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { PersonAvatar } from '../../../../client/ui/PersonAvatar.tsx';
import type { PersonSummary } from '../../../../shared/person.ts';
import { meetingsMessages } from '../../meetings.messages.ts';

/** document 1 §9: seven avatars show, then a '+N' expander. */
export const AVATARS_SHOWN = 7;

/** Leaders first, then members, each person once. */
export const meetingPeople = (meeting: { administrators: PersonSummary[]; members: PersonSummary[] }) => {
  const seen = new Set<string>();
  return [...meeting.administrators, ...meeting.members].filter((person) => {
    if (seen.has(person.id)) return false;
    seen.add(person.id);
    return true;
  });
};

export const MembersCell = ({ people }: { people: PersonSummary[] }) => {
  const [expanded, setExpanded] = useState(false);
  const hidden = people.length - AVATARS_SHOWN;
  const shown = expanded || hidden <= 0 ? people : people.slice(0, AVATARS_SHOWN);
  return (
    // Clicks here open the expander, not the row's meeting.
    <Group gap={4} wrap="wrap" onClick={(event) => event.stopPropagation()} maw={expanded ? 320 : undefined}>
      <Avatar.Group spacing={6} style={{ flexWrap: 'wrap' }}>
        {shown.map((person) => (
          <PersonAvatar key={person.id} person={person} />
        ))}
        {hidden > 0 && (
          <Tooltip
            label={expanded ? meetingsMessages.showFewerPeople : meetingsMessages.showMorePeople(hidden)}
            withArrow
          >
            <UnstyledButton
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-label={expanded ? meetingsMessages.showFewerPeople : meetingsMessages.showMorePeople(hidden)}
              style={{ borderRadius: '50%' }}
            >
              <Avatar size={30} color="gray" variant="filled" radius="xl">
                {expanded ? '−' : meetingsMessages.morePeople(hidden)}
              </Avatar>
            </UnstyledButton>
          </Tooltip>
        )}
      </Avatar.Group>
    </Group>
  );
};
