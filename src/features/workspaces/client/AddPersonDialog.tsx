import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { email, requiredText } from '../../../shared/validation.ts';
import { workspacesMessages } from '../workspaces.messages.ts';
import type { AddUser } from '../workspaces.schemas.ts';
import { addUserToWorkspace, lookUpUser } from './workspaces.queries.ts';

/**
 * Step one asks for the email; the lookup decides step two (document 1 §2): someone already in
 * this workspace stays on step one with an error, someone with an account is sent an
 * invitation (they join once they accept it: decision 022), and a new person needs a first and
 * last name.
 */
type Step = { kind: 'email' } | { kind: 'existing'; email: string } | { kind: 'new'; email: string };

const AddPersonForm = ({ onClose }: { onClose: () => void }) => {
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const closeSoon = useDelayedClose(onClose);
  const form = useForm({
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: {
      email: fieldRule(email()),
      // The names count only on the new-person step.
      firstName: (value) => (step.kind === 'new' ? fieldRule(requiredText(100))(value) : null),
      lastName: (value) => (step.kind === 'new' ? fieldRule(requiredText(100))(value) : null),
    },
  });

  // Calls made here are silent: a failure shows in red inside the dialog (document 1 §8).
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setPending(false);
    }
  };

  const lookUp = (address: string) =>
    run(async () => {
      const found = await lookUpUser(address);
      if (found.existsInTenant) setFailure(workspacesMessages.userAlreadyInWorkspace);
      else if (found.exists) setStep({ kind: 'existing', email: address });
      else setStep({ kind: 'new', email: address });
    });

  const finish = (input: AddUser) =>
    run(async () => {
      const result = await addUserToWorkspace(input);
      setAdded(true);
      showSuccess(result.message);
      closeSoon();
    });

  const submit = form.onSubmit((values) => {
    if (step.kind === 'email') return lookUp(values.email.trim());
    if (step.kind === 'existing') return finish({ email: step.email });
    return finish({ email: step.email, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
  });

  const goBack = () => {
    setFailure(null);
    setStep({ kind: 'email' });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {step.kind === 'email' && (
          <TextInput
            label={messages.email}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
        )}
        {step.kind === 'existing' && <Text>{workspacesMessages.invitePerson(step.email)}</Text>}
        {step.kind === 'new' && (
          <>
            <Text size="sm" c="dimmed">
              {workspacesMessages.newPersonIntro(step.email)}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={messages.firstName} required data-autofocus {...form.getInputProps('firstName')} />
              <TextInput label={messages.lastName} required {...form.getInputProps('lastName')} />
            </SimpleGrid>
          </>
        )}
        <FormError message={failure} />
        <Group justify="flex-end">
          {step.kind === 'email' ? (
            <Button variant="default" onClick={onClose}>
              {messages.cancelButton}
            </Button>
          ) : (
            <Button variant="default" onClick={goBack} disabled={pending || added}>
              {workspacesMessages.goBack}
            </Button>
          )}
          <Button type="submit" loading={pending || added}>
            {step.kind === 'email' ? messages.nextButton : messages.finish}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Add person' (workspace admins): add an existing account or a new person to this workspace. */
export const AddPersonDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={workspacesMessages.addPersonTitle}
    centered
    size="md"
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    <AddPersonForm onClose={onClose} />
  </Modal>
);
