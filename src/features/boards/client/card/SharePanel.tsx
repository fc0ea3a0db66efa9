import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyButton } from '../../../../client/ui/CopyButton.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import type { Task } from '../../../tasks/tasks.schemas.ts';
import { boardsMessages } from '../../boards.messages.ts';
import { useShareChange, useShareLink } from '../card.queries.ts';
import { COPIED_MS } from './useFlash.ts';

// Share (document 2 §2): the card's public link `/task-preview/{token}` with a copy button that
// shows a copied state for 2 s; a link is made on demand and can be revoked (after a
// confirmation: the link stops working for everyone who has it).

export const SharePanel = ({ task }: { task: Task }) => {
  const link = useShareLink(task.id, true);
  const change = useShareChange(task);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const url = link.data ? `${window.location.origin}${link.data.path}` : null;
  const run = (action: 'share' | 'revoke') => {
    setFailure(null);
    change.mutate(action, {
      onSuccess: () => setConfirmRevoke(false),
      onError: (error) => setFailure(errorText(error)),
    });
  };

  return (
    <Stack gap="xs" w={340} data-testid="share-panel">
      <Text size="sm" fw={600}>
        {boardsMessages.shareTitle}
      </Text>
      <Text size="xs" c="dimmed">
        {boardsMessages.shareHint}
      </Text>
      {link.isPending ? (
        <Loader size="xs" aria-label={messages.loading} />
      ) : link.isError ? (
        <FormError message={errorText(link.error)} />
      ) : url ? (
        <>
          <TextInput
            size="xs"
            label={boardsMessages.shareLinkLabel}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="space-between" gap="xs">
            <CopyButton value={url} timeout={COPIED_MS}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  color={copied ? 'teal' : 'blue'}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  aria-live="polite"
                >
                  {copied ? boardsMessages.shareCopied : boardsMessages.shareCopyLink}
                </Button>
              )}
            </CopyButton>
            {task.permissions.canEdit &&
              (confirmRevoke ? (
                <Group gap={4}>
                  <Button size="xs" variant="default" onClick={() => setConfirmRevoke(false)}>
                    {messages.cancelButton}
                  </Button>
                  <Button size="xs" color="red" loading={change.isPending} onClick={() => run('revoke')}>
                    {boardsMessages.shareRevoke}
                  </Button>
                </Group>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconLinkOff size={14} />}
                  onClick={() => setConfirmRevoke(true)}
                >
                  {boardsMessages.shareRevoke}
                </Button>
              ))}
          </Group>
          {confirmRevoke && (
            <Text size="xs" c="red">
              {boardsMessages.shareRevokeWarning}
            </Text>
          )}
        </>
      ) : (
        <Button
          size="xs"
          leftSection={<IconLink size={14} />}
          loading={change.isPending}
          onClick={() => run('share')}
          disabled={!task.permissions.canEdit}
        >
          {boardsMessages.shareCreateLink}
        </Button>
      )}
      <FormError message={failure} />
    </Stack>
  );
};
