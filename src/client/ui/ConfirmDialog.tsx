import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { FormError } from './FormError.tsx';

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
