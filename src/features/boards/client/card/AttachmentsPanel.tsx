import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { formatSize } from '../../../../shared/fileSize.ts';
import { messages } from '../../../../shared/messages.ts';
import { formatInstantDay } from '../../../tasks/client/tasks.format.ts';
import type { Attachment, Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { downloadAttachment, useAttachments, useDeleteAttachment } from '../card.queries.ts';

// The card's attachments (document 2 §2 "attachment" panel): the list with size and date,
// download (fetched with the session's token) and deletion after a confirmation. Uploading is
// the side panel's Attachment button; its progress and the server's refusal show here.

export const AttachmentsPanel = ({
  task,
  timezone,
  uploading,
  uploadError,
}: {
  task: Task;
  timezone: string;
  uploading: string | null;
  uploadError: string | null;
}) => {
  const attachments = useAttachments(task.id);
  const remove = useDeleteAttachment(task);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const list = attachments.data ?? [];

  if (attachments.isPending) return <Loader size="xs" aria-label={messages.loading} />;
  return (
    <Stack gap={6}>
      {attachments.isError && (
        <Group gap="xs">
          <FormError message={`${boardsMessages.attachmentsLoadFailed} ${errorText(attachments.error)}`} />
          <Button size="compact-xs" variant="subtle" onClick={() => void attachments.refetch()}>
            {messages.retry}
          </Button>
        </Group>
      )}
      {attachments.isSuccess && list.length === 0 && !uploading && (
        <Text size="sm" c="dimmed">
          {boardsMessages.attachmentsEmpty}
        </Text>
      )}
      {list.map((attachment) => (
        <Paper key={attachment.id} withBorder radius="md" px="sm" py={6} data-testid="attachment">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" color={attachment.isImage ? 'grape' : 'gray'} size="md" aria-hidden>
                {attachment.isImage ? <IconPhoto size={16} /> : <IconFile size={16} />}
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {attachment.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatSize(attachment.size)} · {formatInstantDay(attachment.createdAt, timezone)}
                </Text>
              </Stack>
            </Group>
            <Group gap={2} wrap="nowrap">
              <Tooltip label={boardsMessages.attachmentDownloadNamed(attachment.fileName)} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={boardsMessages.attachmentDownloadNamed(attachment.fileName)}
                  onClick={() => {
                    setDownloadError(null);
                    downloadAttachment(attachment).catch((error) => setDownloadError(errorText(error)));
                  }}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              {task.permissions.canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={boardsMessages.attachmentDeleteNamed(attachment.fileName)}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(attachment);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {uploading && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {boardsMessages.attachmentUploading(uploading)}
          </Text>
        </Group>
      )}
      <FormError message={uploadError ?? downloadError} />
      <ConfirmDialog
        opened={deleting !== null}
        title={boardsMessages.attachmentDeleteTitle}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => setDeleteError(errorText(error)),
          });
        }}
        pending={remove.isPending}
        error={deleteError}
      >
        {boardsMessages.attachmentDeleteWarning(deleting?.fileName ?? '')}
      </ConfirmDialog>
    </Stack>
  );
};
