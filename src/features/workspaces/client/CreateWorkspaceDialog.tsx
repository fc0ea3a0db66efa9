import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { requiredText } from '../../../shared/validation.ts';
import { workspacesMessages } from '../workspaces.messages.ts';
import { useCreateWorkspace } from './workspaces.queries.ts';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

// The form lives inside the modal, which unmounts it on close: each opening starts empty.
const CreateWorkspaceForm = ({ onClose }: { onClose: () => void }) => {
  const create = useCreateWorkspace();
  const closeSoon = useDelayedClose(onClose);
  const form = useForm({ initialValues: { name: '' }, validate: { name: fieldRule(requiredText(100)) } });
  const submit = form.onSubmit((values) => create.mutate(values.name.trim(), { onSuccess: closeSoon }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={workspacesMessages.workspaceName} required data-autofocus {...form.getInputProps('name')} />
        <FormError message={create.isError ? errorText(create.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.cancelButton}
          </Button>
          <Button type="submit" loading={create.isPending || create.isSuccess}>
            {messages.createButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Create new workspace': a name (required); the new workspace appears in the picker. */
export const CreateWorkspaceDialog = ({ opened, onClose }: DialogProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={workspacesMessages.createWorkspace}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <CreateWorkspaceForm onClose={onClose} />
  </Modal>
);
