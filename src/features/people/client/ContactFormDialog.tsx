import { Alert, Button, Divider, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PhotoInput } from '../../../client/ui/PhotoInput.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { CONTACT_PHOTO_MAX_BYTES, DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { email, requiredText } from '../../../shared/validation.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact } from '../people.schemas.ts';
import { AdminRightsPanel } from './AdminRightsPanel.tsx';
import {
  ContactDetailFields,
  type ContactFormValues,
  contactFormValues,
  contactPayload,
  dobRule,
} from './ContactFields.tsx';
import { uploadPhoto, useContact, useGroups, useSaveContact, useSetDisabled } from './people.queries.ts';

interface FormValues extends ContactFormValues {
  email: string;
  groupIds: string[];
}

const isEmail = (value: string) => email().safeParse(value).success;

/** 'Valid Email' / 'Invalid Email' under the field as it is typed (document 3 §5). */
const EmailValidity = ({ value }: { value: string }) =>
  value.trim() === '' ? null : isEmail(value) ? (
    <Text size="xs" c="teal.9">
      {peopleMessages.validEmail}
    </Text>
  ) : (
    <Text size="xs" c="red.8">
      {peopleMessages.invalidEmailShort}
    </Text>
  );

/** The Disable User panel: admins only, never for oneself. */
const DisablePanel = ({ contact: opened }: { contact: Contact }) => {
  // The contact as it is now (the form keeps the one it opened with).
  const contact = useContact(opened.id).data ?? opened;
  const [confirming, setConfirming] = useState(false);
  const setDisabled = useSetDisabled();
  const name = `${contact.firstName} ${contact.lastName}`;
  const toggle = (disabled: boolean) =>
    setDisabled.mutate(
      { id: contact.id, disabled },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccess(disabled ? peopleMessages.userDisabled : peopleMessages.userEnabled);
        },
      },
    );
  return (
    <Alert color={contact.disabled ? 'gray' : 'red'} variant="light" title={peopleMessages.disableUserPanel}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{peopleMessages.disableUserText}</Text>
        {contact.disabled ? (
          <Button size="xs" variant="default" loading={setDisabled.isPending} onClick={() => toggle(false)}>
            {peopleMessages.enableUserButton}
          </Button>
        ) : (
          <Button size="xs" color="red" onClick={() => setConfirming(true)}>
            {peopleMessages.disableUserButton}
          </Button>
        )}
        {setDisabled.error && !confirming && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(setDisabled.error)}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={peopleMessages.disableUserButton}
        confirmLabel={peopleMessages.disableUserButton}
        onConfirm={() => toggle(true)}
        onClose={() => setConfirming(false)}
        pending={setDisabled.isPending}
        error={setDisabled.error ? errorText(setDisabled.error) : null}
      >
        {peopleMessages.disableUserConfirm(name)}
      </ConfirmDialog>
    </Alert>
  );
};

const ContactForm = ({
  contact,
  isAdmin,
  selfId,
  onClose,
}: {
  contact: Contact | null;
  isAdmin: boolean;
  selfId: string;
  onClose: () => void;
}) => {
  const save = useSaveContact();
  const groups = useGroups();
  const ownTimezone = useSelf().data?.user.timezone;
  const closeSoon = useDelayedClose(onClose);
  const [image, setImage] = useState(contact?.image ?? null);
  // A new contact's photo is sent once the account exists.
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const preview = useMemo(() => (pendingPhoto ? URL.createObjectURL(pendingPhoto) : null), [pendingPhoto]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const form = useForm<FormValues>({
    initialValues: {
      ...contactFormValues(contact, ownTimezone),
      email: contact?.email ?? '',
      groupIds: contact?.groupIds ?? [],
    },
    validate: {
      firstName: fieldRule(requiredText(100)),
      lastName: fieldRule(requiredText(100)),
      email: (value) => (contact ? null : fieldRule(email())(value)),
      dob: dobRule,
    },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const input = {
      ...contactPayload(values),
      ...(contact ? {} : { email: values.email.trim() }),
      ...(isAdmin ? { groupIds: values.groupIds } : {}),
    };
    try {
      const result = await save.mutateAsync({ id: contact?.id ?? null, input });
      if (pendingPhoto && result.user) await uploadPhoto(`/users/${result.user.id}/photo`, pendingPhoto);
      showSuccess(result.message);
      closeSoon();
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      setFailure(errorText(error));
    }
  });

  const name = `${form.values.firstName} ${form.values.lastName}`.trim() || form.values.email;
  const groupOptions = (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  return (
    <DialogForm
      onSubmit={() => submit()}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={failure}
    >
      {contact ? (
        <PhotoInput
          name={name}
          image={image}
          maxBytes={CONTACT_PHOTO_MAX_BYTES}
          tooLargeMessage={peopleMessages.contactPhotoTooLarge}
          upload={async (file) => {
            const saved = await uploadPhoto(`/users/${contact.id}/photo`, file);
            setImage(saved.image);
            save.reset();
            return saved.image;
          }}
          remove={async () => {
            await api.delete(`/users/${contact.id}/photo`, undefined, { silent: true });
            setImage(null);
          }}
        />
      ) : (
        <PhotoInput
          name={name}
          image={preview}
          maxBytes={CONTACT_PHOTO_MAX_BYTES}
          tooLargeMessage={peopleMessages.contactPhotoTooLarge}
          upload={async (file) => {
            setPendingPhoto(file);
            return null;
          }}
          remove={async () => setPendingPhoto(null)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={messages.firstName}
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('firstName')}
        />
        <TextInput label={messages.lastName} required autoComplete="off" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput
        label={messages.email}
        type="email"
        required={!contact}
        readOnly={Boolean(contact)}
        variant={contact ? 'filled' : 'default'}
        description={contact ? peopleMessages.emailLockedForExisting : undefined}
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      {!contact && <EmailValidity value={form.values.email} />}
      <ContactDetailFields form={form} />
      {isAdmin && (
        <MultiSelect
          label={peopleMessages.groupsField}
          data={groupOptions}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('groupIds')}
        />
      )}
      {isAdmin && contact && !contact.deleted && (
        <>
          <Divider />
          <AdminRightsPanel contact={contact} selfId={selfId} />
          {contact.id !== selfId && <DisablePanel contact={contact} />}
        </>
      )}
    </DialogForm>
  );
};

/** Add contact / Edit contact (document 3 §2). */
export const ContactFormDialog = ({
  opened,
  contact,
  isAdmin,
  selfId,
  onClose,
}: {
  opened: boolean;
  contact: Contact | null;
  isAdmin: boolean;
  selfId: string;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={contact ? peopleMessages.editContact : peopleMessages.addContact}
    size="lg"
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {opened && <ContactForm contact={contact} isAdmin={isAdmin} selfId={selfId} onClose={onClose} />}
  </Modal>
);
