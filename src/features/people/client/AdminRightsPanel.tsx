import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact } from '../people.schemas.ts';
import { useContact, useSetAdmin } from './people.queries.ts';

/**
 * Workspace admin: an admin grants or removes a person's admin rights, their own included, after
 * a question. The server keeps the last active admin; its refusal shows here.
 */
export const AdminRightsPanel = ({ contact: opened, selfId }: { contact: Contact; selfId: string }) => {
  // The contact as it is now (the form keeps the one it opened with).
  const contact = useContact(opened.id).data ?? opened;
  const [confirming, setConfirming] = useState(false);
  const setAdmin = useSetAdmin();
  const name = `${contact.firstName} ${contact.lastName}`;
  const isAdmin = contact.isAdmin === ADMIN_FLAG.yes;
  const label = isAdmin ? peopleMessages.removeAdminButton : peopleMessages.makeAdminButton;
  const change = () =>
    setAdmin.mutate(
      { id: contact.id, admin: !isAdmin },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccess(isAdmin ? peopleMessages.adminRemoved(name) : peopleMessages.adminGranted(name));
        },
      },
    );
  return (
    <Alert color="blue" variant="light" title={peopleMessages.adminPanel}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{peopleMessages.adminPanelText}</Text>
        <Button
          size="xs"
          variant={isAdmin ? 'default' : 'filled'}
          disabled={!isAdmin && contact.disabled}
          onClick={() => {
            setAdmin.reset();
            setConfirming(true);
          }}
        >
          {label}
        </Button>
        {!isAdmin && contact.disabled && (
          <Text size="sm" c="gray.7">
            {peopleMessages.disabledCannotBeAdmin}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={label}
        confirmLabel={label}
        onConfirm={change}
        onClose={() => setConfirming(false)}
        pending={setAdmin.isPending}
        error={setAdmin.error ? errorText(setAdmin.error) : null}
      >
        {isAdmin
          ? peopleMessages.removeAdminConfirm(name, contact.id === selfId)
          : peopleMessages.makeAdminConfirm(name)}
      </ConfirmDialog>
    </Alert>
  );
};
