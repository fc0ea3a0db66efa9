import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import { messages } from '../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../shared/person.ts';
import { clientMessages } from '../client.messages.ts';

// People of a meeting. Removed users stay visible in the 'deleted-user' style (document 1 §6):
// faded and struck through, with the reason in their label.

const deletedStyle = { opacity: 0.45, filter: 'grayscale(1)' } as const;

export const personLabel = (person: PersonSummary): string =>
  person.deleted ? messages.deletedPerson(fullName(person)) : fullName(person);

export const PersonAvatar = ({ person, size = 30 }: { person: PersonSummary; size?: number }) => (
  <Tooltip label={personLabel(person)} withArrow openDelay={150}>
    <Avatar
      src={person.image}
      name={fullName(person)}
      color="initials"
      size={size}
      alt={personLabel(person)}
      aria-label={personLabel(person)}
      role="img"
      data-deleted-user={person.deleted || undefined}
      style={person.deleted ? deletedStyle : undefined}
    />
  </Tooltip>
);

/**
 * An avatar and the name beside it. Someone no longer part of what is shown — deleted from the
 * system, or as `gone` says (e.g. taken off the meeting) — is faded and struck through, with why.
 */
export const PersonLine = ({ person, gone = null }: { person: PersonSummary; gone?: string | null }) => {
  const why = person.deleted ? clientMessages.userDeletedFromSystem : gone;
  return (
    <Group gap="sm" wrap="nowrap" miw={0} data-deleted-user={person.deleted || undefined}>
      <Avatar
        src={person.image}
        name={fullName(person)}
        color="initials"
        size={30}
        aria-hidden
        style={why ? deletedStyle : undefined}
      />
      {/* The reason goes under the name, so that a narrow list keeps the name whole. */}
      <Stack gap={0} miw={0}>
        <Text
          size="sm"
          truncate
          c={why ? 'dimmed' : undefined}
          td={why ? 'line-through' : undefined}
          title={why ?? undefined}
        >
          {fullName(person)}
        </Text>
        {why && (
          <Text size="xs" c="dimmed" fs="italic">
            {why}
          </Text>
        )}
      </Stack>
    </Group>
  );
};
