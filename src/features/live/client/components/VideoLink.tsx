import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconVideo, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyButton } from '../../../../client/ui/CopyButton.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import { linkError, normalisedLink } from '../../../meetings/client/meetings.links.ts';
import { useUpdateMeeting } from '../../../meetings/client/meetings.mutations.ts';
import type { Meeting } from '../../../meetings/meetings.schemas.ts';
import { liveMessages } from '../../live.messages.ts';

// The live meeting's video conference link: join it, copy it (a refused copy says 'Failed to
// copy!', document 1 §8) and, for whoever may edit the meeting, change it in place.
export const VideoLink = ({ meeting, canEdit }: { meeting: Meeting; canEdit: boolean }) => {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(meeting.sharepointUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMeeting({ silent: true });
  const save = () => {
    if (value.trim() !== '' && linkError(value)) {
      setError(liveMessages.videoLinkInvalid);
      return;
    }
    update.mutate(
      { id: meeting.id, patch: { sharepointUrl: normalisedLink(value) || null } },
      { onSuccess: () => setEditing(false), onError: (failure) => setError(errorText(failure)) },
    );
  };
  if (editing) {
    return (
      <Group gap={4} align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          w={260}
          aria-label={messages.videoConference}
          placeholder="https://"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') setEditing(false);
          }}
          data-autofocus
          autoFocus
        />
        <Button size="xs" onClick={save} loading={update.isPending} aria-label={messages.saveButton}>
          <IconCheck size={14} />
        </Button>
        <Button size="xs" variant="default" onClick={() => setEditing(false)} aria-label={messages.cancelButton}>
          <IconX size={14} />
        </Button>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {meeting.sharepointUrl ? (
        <Button
          component="a"
          href={meeting.sharepointUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          variant="light"
          leftSection={<IconVideo size={16} />}
        >
          {liveMessages.liveJoinVideo}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {liveMessages.liveNoVideo}
        </Text>
      )}
      {meeting.sharepointUrl && (
        <CopyButton value={meeting.sharepointUrl}>
          {({ copied, copy }) => (
            <Button
              size="sm"
              variant="subtle"
              px={6}
              color={copied ? 'teal' : undefined}
              aria-label={copied ? liveMessages.videoLinkCopied : liveMessages.copyVideoLink}
              onClick={copy}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </Button>
          )}
        </CopyButton>
      )}
      {canEdit && (
        <Button
          size="sm"
          variant="subtle"
          px={6}
          aria-label={liveMessages.liveEditVideo}
          onClick={() => {
            setValue(meeting.sharepointUrl ?? '');
            setEditing(true);
          }}
        >
          <IconPencil size={16} />
        </Button>
      )}
    </Group>
  );
};
