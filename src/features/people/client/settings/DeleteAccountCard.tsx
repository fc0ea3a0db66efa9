import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useLogout } from '../../../auth/client/auth.queries.ts';
import { peopleMessages } from '../../people.messages.ts';

/** Delete account: typed email to confirm; refused (with the workspace named) while the last admin somewhere. */
export const DeleteAccountCard = ({ email }: { email: string }) => {
  const logout = useLogout();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => api.delete<{ message: string }>('/self', { email: typed.trim() }, { silent: true }),
    onSuccess: (result) => {
      showSuccess(result.message);
      void logout();
    },
  });
  return (
    <Card withBorder padding="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {peopleMessages.deleteAccount}
        </Title>
        <Text size="sm">{peopleMessages.deleteAccountText}</Text>
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={() => setOpened(true)}>
            {peopleMessages.deleteAccount}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={peopleMessages.deleteAccount}
        confirmLabel={peopleMessages.deleteAccount}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setOpened(false);
          setTyped('');
          remove.reset();
        }}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      >
        <Stack gap="xs">
          <Text size="sm">{peopleMessages.deleteAccountText}</Text>
          <TextInput
            label={peopleMessages.deleteAccountConfirm}
            placeholder={email}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
        </Stack>
      </ConfirmDialog>
    </Card>
  );
};
