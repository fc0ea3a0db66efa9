import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { errorText, FormError } from './FormError.tsx';
import { showSuccess } from './toast.ts';

/** A yes/no question for destructive actions; the failure (if any) shows in red inside. */
export const ConfirmDialog = ({
  opened,
  title,
  children,
  confirmLabel = messages.deleteButton,
  confirmColor = 'red',
  onConfirm,
  onClose,
  pending = false,
  error = null,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** Red for destructive actions (the default); another colour for a plain question. */
  confirmColor?: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: string | null;
}) => (
  <Modal opened={opened} onClose={onClose} title={title} centered transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}>
    <Stack gap="md">
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <FormError message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {messages.cancelButton}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);

/**
 * The confirmation of removing one item of a list: `mutation` is called with its id, then the
 * dialog closes with a success toast; a refusal shows inside, and closing forgets it.
 */
export const ConfirmRemoval = <T extends { id: string }>({
  target,
  onClose,
  title,
  confirmLabel,
  question,
  mutation,
  done,
}: {
  /** The item to remove; null: the dialog is closed. */
  target: T | null;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  question: (item: T) => string;
  mutation: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'reset' | 'isPending' | 'error'>;
  done: string;
}) => (
  <ConfirmDialog
    opened={target !== null}
    title={title}
    confirmLabel={confirmLabel}
    onConfirm={() =>
      target &&
      mutation.mutate(target.id, {
        onSuccess: () => {
          onClose();
          showSuccess(done);
        },
      })
    }
    onClose={() => {
      onClose();
      mutation.reset();
    }}
    pending={mutation.isPending}
    error={mutation.error ? errorText(mutation.error) : null}
  >
    {target ? question(target) : ''}
  </ConfirmDialog>
);
