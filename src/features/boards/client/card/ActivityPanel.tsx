import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Menu,
  Modal,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconDots, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { RichTextEditor, richTextIsEmpty } from '../../../../client/ui/RichTextEditor.tsx';
import { SafeHtml } from '../../../../client/ui/SafeHtml.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { fullName, type PersonSummary } from '../../../../shared/person.ts';
import { DESCRIPTION_MAX } from '../../../../shared/tasks.ts';
import { formatInstantDay } from '../../../tasks/client/tasks.format.ts';
import type { Activity, Attachment, Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { useActivities, useActivityChange, useAttachmentImage, useAttachments } from '../card.queries.ts';

// The activity log (document 2 §2, §3, §5): comments in rich text (HTML rendered through
// DOMPurify) with the activity edit dialog and deletion after a confirmation, and the card's
// attachments in time order, images (jpeg, jpg, png, gif, tiff) shown inline.

const when = (instant: string, timezone: string) =>
  `${formatInstantDay(instant, timezone)}, ${new Date(instant).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', timeZone: timezone })}`;

const AttachmentImage = ({ attachment }: { attachment: Attachment }) => {
  const image = useAttachmentImage(attachment, attachment.isImage);
  if (image.isPending) return <Skeleton h={120} w={200} radius="sm" />;
  if (image.isError || !image.data) return null;
  return (
    <Image
      src={image.data}
      alt={boardsMessages.attachmentImageOf(attachment.fileName)}
      maw={320}
      mah={240}
      w="auto"
      fit="contain"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
};

type Entry = { kind: 'comment'; at: string; activity: Activity } | { kind: 'file'; at: string; attachment: Attachment };

const EditComment = ({ activity, onClose }: { activity: Activity | null; onClose: () => void }) => {
  const change = useActivityChange(activity?.taskId ?? '');
  const [html, setHtml] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={activity !== null}
      onClose={onClose}
      title={boardsMessages.commentEditTitle}
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {activity && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const next = html || activity.description;
            if (richTextIsEmpty(next)) return setError(messages.required);
            if (next.length > DESCRIPTION_MAX) return setError(messages.descriptionTooLong);
            setError(null);
            change.mutate(
              { kind: 'edit', id: activity.id, description: next },
              { onSuccess: onClose, onError: (e) => setError(errorText(e)) },
            );
          }}
        >
          <Stack gap="sm">
            <RichTextEditor
              label={boardsMessages.commentLabel}
              value={activity.description}
              onChange={setHtml}
              compact
              minHeight={90}
              autoFocus
            />
            <FormError message={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {messages.cancelButton}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {messages.saveButton}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};

export const ActivityPanel = ({
  task,
  people,
  timezone,
}: {
  task: Task;
  people: PersonSummary[];
  timezone: string;
}) => {
  const activities = useActivities(task.id);
  const attachments = useAttachments(task.id);
  const change = useActivityChange(task.id);
  const [draft, setDraft] = useState('');
  const [draftKey, setDraftKey] = useState(0);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const personById = new Map(people.map((person) => [person.id, person]));

  const entries: Entry[] = [
    ...(activities.data ?? []).map((activity): Entry => ({ kind: 'comment', at: activity.createdAt, activity })),
    ...(attachments.data ?? []).map((attachment): Entry => ({ kind: 'file', at: attachment.createdAt, attachment })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  const submit = () => {
    if (richTextIsEmpty(draft)) return setDraftError(messages.required);
    if (draft.length > DESCRIPTION_MAX) return setDraftError(messages.descriptionTooLong);
    setDraftError(null);
    change.mutate(
      { kind: 'add', description: draft },
      {
        onSuccess: () => {
          setDraft('');
          setDraftKey((key) => key + 1);
        },
        onError: (error) => setDraftError(errorText(error)),
      },
    );
  };

  return (
    <Stack gap="sm">
      {task.permissions.canEdit && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap={6}>
            <RichTextEditor
              key={draftKey}
              label={boardsMessages.commentLabel}
              placeholder={boardsMessages.commentPlaceholder}
              value=""
              onChange={setDraft}
              error={draftError}
              compact
              minHeight={60}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={change.isPending && change.variables?.kind === 'add'}>
                {boardsMessages.commentSaveButton}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {(activities.isPending || attachments.isPending) && <Loader size="xs" aria-label={messages.loading} />}
      {activities.isError && (
        <Group gap="xs">
          <FormError message={`${boardsMessages.activityLoadFailed} ${errorText(activities.error)}`} />
          <Button size="compact-xs" variant="subtle" onClick={() => void activities.refetch()}>
            {messages.retry}
          </Button>
        </Group>
      )}
      {activities.isSuccess && attachments.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {boardsMessages.activityEmpty}
        </Text>
      )}
      <Stack
        gap="md"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={boardsMessages.activityHeading}
      >
        {entries.map((entry) => {
          if (entry.kind === 'file') {
            const { attachment } = entry;
            const person = attachment.createdBy ? personById.get(attachment.createdBy) : undefined;
            const name = person ? fullName(person) : boardsMessages.activitySomeone;
            return (
              <Group
                key={`f-${attachment.id}`}
                component="li"
                align="flex-start"
                wrap="nowrap"
                gap="sm"
                data-testid="activity-file"
              >
                <Avatar size={28} radius="xl" color="initials" name={name} src={person?.image ?? null} />
                <Stack gap={4} miw={0} flex={1}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Group gap={2} wrap="nowrap">
                      <IconPaperclip size={12} aria-hidden />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {boardsMessages.activityAttached(attachment.fileName)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {when(attachment.createdAt, timezone)}
                    </Text>
                  </Group>
                  {attachment.isImage && <AttachmentImage attachment={attachment} />}
                </Stack>
              </Group>
            );
          }
          const { activity } = entry;
          const name = activity.author ? fullName(activity.author) : boardsMessages.activitySomeone;
          // Both are the insert's time until an edit sets changedAt (an edit in the same second counts).
          const edited = activity.changedAt !== activity.createdAt;
          return (
            <Group
              key={`c-${activity.id}`}
              component="li"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              data-testid="activity-comment"
            >
              <Avatar size={28} radius="xl" color="initials" name={name} src={activity.author?.image ?? null} />
              <Stack gap={4} miw={0} flex={1}>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    {activity.viaToken && (
                      <Text size="xs" c="dimmed">
                        {messages.viaToken(activity.viaToken)}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {when(activity.createdAt, timezone)}
                      {edited ? ` · ${boardsMessages.commentEdited}` : ''}
                    </Text>
                  </Group>
                  {(activity.permissions.canEdit || activity.permissions.canDelete) && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={boardsMessages.commentActionsOf(name)}
                        >
                          <IconDots size={14} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {activity.permissions.canEdit && (
                          <Menu.Item
                            leftSection={<IconPencil size={14} />}
                            onClick={() => setEditing(activity)}
                            aria-label={boardsMessages.commentEditNamed(name)}
                          >
                            {messages.taskEdit}
                          </Menu.Item>
                        )}
                        {activity.permissions.canDelete && (
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            aria-label={boardsMessages.commentDeleteNamed(name)}
                            onClick={() => {
                              setDeleteError(null);
                              setDeleting(activity);
                            }}
                          >
                            {messages.taskDelete}
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
                <Box
                  px="sm"
                  py={6}
                  style={{
                    background: 'var(--mantine-color-gray-0)',
                    borderRadius: 'var(--mantine-radius-md)',
                    border: '1px solid var(--mantine-color-gray-2)',
                  }}
                >
                  <SafeHtml html={activity.description} fz="sm" data-testid="comment-body" />
                </Box>
              </Stack>
            </Group>
          );
        })}
      </Stack>
      <EditComment activity={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={boardsMessages.commentDeleteTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          change.mutate(
            { kind: 'delete', id: deleting.id },
            { onSuccess: () => setDeleting(null), onError: (error) => setDeleteError(errorText(error)) },
          );
        }}
        pending={change.isPending && change.variables?.kind === 'delete'}
        error={deleteError}
      >
        {boardsMessages.commentDeleteWarning}
      </ConfirmDialog>
    </Stack>
  );
};
