import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { FormError } from './FormError.tsx';

/**
 * The body of a small form dialog: its fields, the server's error under them, and Cancel /
 * submit at the bottom right. Validation is ours (noValidate), so the browser's bubbles never
 * compete with the spec's messages; Enter submits.
 */
export const DialogForm = ({
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  failure,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  failure: string | null | undefined;
  children: ReactNode;
}) => (
  <form
    noValidate
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <Stack gap="sm">
      {children}
      <FormError message={failure ?? null} />
      <Group justify="flex-end" className="cadence-dialog-footer">
        <Button variant="default" onClick={onCancel}>
          {messages.cancelButton}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  </form>
);
