import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showError } from '../../../../client/ui/toast.ts';
import { useSimpleMeetings } from '../../../meetings/client/meetings.queries.ts';
import { useGroups } from '../../../people/client/people.queries.ts';
import { liveMessages } from '../../live.messages.ts';
import { CASCADING_TEXT_MAX, type CascadingAudience, type CascadingMessage } from '../../live.schemas.ts';
import {
  type CascadingDraft,
  useCascadingMessages,
  useDeleteCascadingMessage,
  useSaveCascadingMessage,
} from '../live.conclude.queries.ts';

// The Cascading Messages step (decision 081): what the meeting tells whom. Whoever runs the
// meeting adds, changes and removes messages; everyone in the room sees them live. Each is sent
// to its audience (a meeting's people, a group's, or everyone in the workspace) when the meeting
// is finished, and kept in its archive.

const AUDIENCE_OPTIONS: { value: CascadingAudience; label: string }[] = [
  { value: 'meeting', label: liveMessages.cascadingAudienceMeeting },
  { value: 'group', label: liveMessages.cascadingAudienceGroup },
  { value: 'everyone', label: liveMessages.cascadingAudienceEveryone },
];

const audienceText = (message: CascadingMessage) =>
  message.audience === 'everyone'
    ? liveMessages.cascadingEveryone
    : (message.audienceName ?? liveMessages.cascadingAudienceGone);

const MessageForm = ({
  sessionId,
  editing,
  onDone,
}: {
  sessionId: string;
  editing: CascadingMessage | null;
  onDone: () => void;
}) => {
  const save = useSaveCascadingMessage(sessionId);
  const [text, setText] = useState(editing?.text ?? '');
  const [audience, setAudience] = useState<CascadingAudience>(editing?.audience ?? 'everyone');
  const [meetingId, setMeetingId] = useState<string | null>(editing?.audienceMeetingId ?? null);
  const [groupId, setGroupId] = useState<string | null>(editing?.audienceGroupId ?? null);
  const [error, setError] = useState<string | null>(null);
  const meetings = useSimpleMeetings(audience === 'meeting');
  const groups = useGroups();
  const missing =
    (audience === 'meeting' && !meetingId) || (audience === 'group' && !groupId)
      ? liveMessages.cascadingAudienceRequired
      : null;

  const submit = () => {
    if (!text.trim() || missing) {
      setError(missing);
      return;
    }
    const draft: CascadingDraft = { text, audience, audienceMeetingId: meetingId, audienceGroupId: groupId };
    save.mutate(
      { id: editing?.id ?? null, draft },
      {
        onSuccess: () => {
          setText('');
          setError(null);
          onDone();
        },
        onError: (failure) => showError(errorText(failure)),
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={liveMessages.cascadingText}
          placeholder={liveMessages.cascadingTextPlaceholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={CASCADING_TEXT_MAX}
          autosize
          minRows={2}
          maxRows={6}
          required
        />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={liveMessages.cascadingAudience}
            data={AUDIENCE_OPTIONS}
            value={audience}
            onChange={(value) => value && setAudience(value as CascadingAudience)}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
          />
          {audience === 'meeting' && (
            <Select
              label={liveMessages.cascadingMeeting}
              data={(meetings.data ?? []).map((meeting) => ({ value: meeting.id, label: meeting.title }))}
              value={meetingId}
              onChange={setMeetingId}
              searchable
              error={error && !meetingId ? error : undefined}
              w={{ base: '100%', xs: 260 }}
            />
          )}
          {audience === 'group' && (
            <Select
              label={liveMessages.cascadingGroup}
              data={(groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
              value={groupId}
              onChange={setGroupId}
              searchable
              error={error && !groupId ? error : undefined}
              w={{ base: '100%', xs: 260 }}
            />
          )}
        </Group>
        <Group gap="xs" justify="flex-end">
          {editing && (
            <Button variant="default" size="xs" onClick={onDone}>
              {liveMessages.cascadingCancel}
            </Button>
          )}
          <Button
            type="submit"
            size="xs"
            loading={save.isPending}
            disabled={!text.trim()}
            leftSection={editing ? undefined : <IconPlus size={14} />}
          >
            {editing ? liveMessages.cascadingSave : liveMessages.cascadingAdd}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

const MessageRow = ({
  message,
  canManage,
  onEdit,
  sessionId,
}: {
  message: CascadingMessage;
  canManage: boolean;
  onEdit: () => void;
  sessionId: string;
}) => {
  const remove = useDeleteCascadingMessage(sessionId);
  const short = message.text.length > 40 ? `${message.text.slice(0, 40)}…` : message.text;
  return (
    <Paper withBorder radius="sm" px="sm" py={8} component="li" data-testid={`cascading-${message.id}`}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light" color="blue" style={{ textTransform: 'none' }}>
              {liveMessages.cascadingTo(audienceText(message))}
            </Badge>
            {message.sentAt && (
              <Badge size="sm" variant="light" color="teal">
                {liveMessages.cascadingSent}
              </Badge>
            )}
          </Group>
        </Stack>
        {canManage && !message.sentAt && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={liveMessages.cascadingEdit(short)} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={liveMessages.cascadingDelete(short)}
              loading={remove.isPending}
              onClick={() => remove.mutate(message.id, { onError: (failure) => showError(errorText(failure)) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
};

export const CascadingMessagesStep = ({ sessionId, canManage }: { sessionId: string; canManage: boolean }) => {
  const list = useCascadingMessages(sessionId);
  const [editingId, setEditingId] = useState<string | null>(null);
  if (list.isError)
    return <SectionError title={liveMessages.cascadingLoadFailed} error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <SectionLoading />;
  const editing = list.data.find((message) => message.id === editingId) ?? null;
  return (
    <Stack gap="md" data-testid="cascading-messages">
      <Text size="sm" c="dimmed">
        {liveMessages.cascadingHint}
      </Text>
      {list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {liveMessages.cascadingEmpty}
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={liveMessages.cascadingTitle}
        >
          {list.data.map((message) =>
            editing?.id === message.id ? (
              <li key={message.id} style={{ listStyle: 'none' }}>
                <MessageForm sessionId={sessionId} editing={editing} onDone={() => setEditingId(null)} />
              </li>
            ) : (
              <MessageRow
                key={message.id}
                message={message}
                canManage={canManage}
                sessionId={sessionId}
                onEdit={() => setEditingId(message.id)}
              />
            ),
          )}
        </Stack>
      )}
      {canManage && !editing && <MessageForm sessionId={sessionId} editing={null} onDone={() => {}} />}
    </Stack>
  );
};
