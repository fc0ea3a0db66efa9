import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { PersonLine } from '../../../../client/ui/PersonAvatar.tsx';
import { showError } from '../../../../client/ui/toast.ts';
import { averageScore, looksLikeEmail, RECAP_NOTE_MAX, RECAP_SCORE } from '../../../../shared/live.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName } from '../../../../shared/person.ts';
import { liveMessages } from '../../live.messages.ts';
import type { LiveAttendee, LiveState } from '../../live.schemas.ts';
import { useAddGuest, useMarkAttendance, useSaveRating } from '../live.queries.ts';

// The recap (conclusion step, document 1 §2): each person rates the meeting 1 to 10 with a
// note; only they or a leader may change their row; a leader marks 'Did not attend'; people
// outside the meeting are added by email and get the recap email too.

const SCORE_OPTIONS = Array.from({ length: RECAP_SCORE.max - RECAP_SCORE.min + 1 }, (_, i) => {
  const value = String(RECAP_SCORE.min + i);
  return { value, label: value };
});

/** Why someone of the recap is no longer part of the meeting (deleted users: PersonLine says). */
export const notInMeeting = (person: LiveAttendee): string | null =>
  person.removedFromMeeting ? liveMessages.userNotInMeeting : null;

const RecapRow = ({
  person,
  sessionId,
  editable,
  canManage,
}: {
  person: LiveAttendee;
  sessionId: string;
  editable: boolean;
  canManage: boolean;
}) => {
  const save = useSaveRating(sessionId);
  const mark = useMarkAttendance(sessionId);
  const [note, setNote] = useState(person.note ?? '');
  // Someone else's change (a leader's, or the same person in another tab) replaces an idle draft.
  useEffect(() => setNote(person.note ?? ''), [person.note]);
  const name = fullName(person);
  const onError = (error: unknown) => showError(errorText(error));
  const saveRating = (change: { score?: number | null; note?: string | null }) =>
    save.mutate({ userId: person.id, ...change }, { onError });

  return (
    <Table.Tr data-testid={`recap-${person.id}`} opacity={person.notAttended ? 0.55 : 1}>
      <Table.Td>
        <PersonLine person={person} gone={notInMeeting(person)} />
      </Table.Td>
      <Table.Td w={110}>
        <Select
          size="xs"
          aria-label={liveMessages.recapScoreOf(name)}
          placeholder="–"
          data={SCORE_OPTIONS}
          value={person.score === null ? null : String(person.score)}
          onChange={(value) => saveRating({ score: value === null ? null : Number(value) })}
          disabled={!editable || person.notAttended}
          allowDeselect={false}
          clearable
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          size="xs"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={RECAP_NOTE_MAX}
          aria-label={liveMessages.recapNoteOf(name)}
          placeholder={editable ? liveMessages.recapNotePlaceholder : undefined}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          onBlur={() => {
            if (note.trim() !== (person.note ?? '')) saveRating({ note: note.trim() || null });
          }}
          readOnly={!editable || person.notAttended}
        />
      </Table.Td>
      <Table.Td w={140}>
        {canManage ? (
          <Checkbox
            size="xs"
            label={liveMessages.didNotAttend}
            checked={person.notAttended}
            onChange={(event) =>
              mark.mutate({ userId: person.id, notAttended: event.currentTarget.checked }, { onError })
            }
          />
        ) : (
          person.notAttended && (
            <Badge variant="light" color="gray" size="sm">
              {liveMessages.didNotAttend}
            </Badge>
          )
        )}
      </Table.Td>
    </Table.Tr>
  );
};

const GuestForm = ({ sessionId, guests }: { sessionId: string; guests: string[] }) => {
  const [email, setEmail] = useState('');
  const add = useAddGuest(sessionId);
  const valid = looksLikeEmail(email);
  const submit = () => {
    if (!valid) return;
    add.mutate(email.trim(), {
      onSuccess: () => setEmail(''),
      onError: (error) => showError(errorText(error)),
    });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {liveMessages.recapGuests}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          maw={360}
          type="email"
          aria-label={liveMessages.recapGuestEmail}
          placeholder={liveMessages.recapGuestEmail}
          leftSection={<IconMail size={14} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
        />
        <Tooltip label={liveMessages.recapGuestHint} withArrow disabled={valid}>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!valid}
            loading={add.isPending}
            onClick={submit}
          >
            {liveMessages.addButtonUpper}
          </Button>
        </Tooltip>
      </Group>
      {guests.length > 0 && (
        <Group gap={6} aria-label={liveMessages.recapGuests} role="list">
          {guests.map((guest) => (
            <Badge key={guest} variant="light" tt="none" role="listitem">
              {guest}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
};

export const RecapStep = ({ state, viewerId }: { state: LiveState; viewerId: string }) => {
  const average = averageScore(state.attendees);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {liveMessages.recapHint}
          </Text>
          <Badge size="lg" variant="light" data-testid="recap-average">
            {messages.recapAverage(average)}
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={liveMessages.recapTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{liveMessages.recapPerson}</Table.Th>
                <Table.Th>{liveMessages.recapScore}</Table.Th>
                <Table.Th>{liveMessages.recapNote}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.attendees.map((person) => (
                <RecapRow
                  key={person.id}
                  person={person}
                  sessionId={state.session.id}
                  editable={state.canEditRecap || person.id === viewerId}
                  canManage={state.canEditRecap}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <GuestForm sessionId={state.session.id} guests={state.guests} />
      </Stack>
    </Paper>
  );
};
