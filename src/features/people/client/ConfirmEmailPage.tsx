import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../client/lib/api.ts';
import { Link, useSearchParams } from '../../../client/lib/router/index.ts';
import { selfKey } from '../../../client/lib/self.ts';
import { getToken } from '../../../client/lib/session.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { peopleMessages } from '../people.messages.ts';

/** /confirm-email?hash=…: the link mailed to a new address; opening it changes the email (once). */
export const ConfirmEmailPage = () => {
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => api.post<{ message: string }>('/self/confirm-email', { hash }, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: selfKey }),
  });
  // One try per page load (React's development double effects included).
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    confirm.mutate();
  }, [confirm]);
  const next = getToken() ? '/settings/profile/security' : '/login';
  return (
    <AuthLayout title={peopleMessages.confirmEmailTitle}>
      <Stack gap="md">
        {confirm.isPending || confirm.isIdle ? (
          <Stack align="center" gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{peopleMessages.confirmingEmail}</Text>
          </Stack>
        ) : confirm.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            {confirm.data.message}
          </Alert>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <Anchor component={Link} to={next} ta="center">
          {getToken() ? messages.myProfile : messages.goToLogin}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
};
