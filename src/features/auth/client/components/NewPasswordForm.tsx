import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { fieldRule } from '../../../../client/lib/formRules.ts';
import { Link } from '../../../../client/lib/router/index.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import { password } from '../../../../shared/validation.ts';
import { authMessages } from '../../auth.messages.ts';

/**
 * A new password and its repeat, sent with the emailed link's hash (POST /auth/reset-password,
 * for resets and invitations alike). Success shows the server's message ("Your password was
 * reset." or "…set…") and a Login link; a used or expired link shows the server's message.
 */
export const NewPasswordForm = ({ hash, onDone }: { hash: string; onDone: () => void }) => {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', repeatPassword: '' },
    validate: {
      password: fieldRule(password()),
      repeatPassword: (value, values) => {
        if (!value) return messages.required;
        return value === values.password ? null : messages.passwordsDoNotMatch;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFailure(null);
    try {
      const result = await api.post<{ message: string }>('/auth/reset-password', { hash, ...values }, { silent: true });
      setDone(result.message);
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setPending(false);
    }
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {done}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {authMessages.loginLink}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={authMessages.newPassword}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={authMessages.repeatPassword}
          autoComplete="new-password"
          required
          {...form.getInputProps('repeatPassword')}
        />
        <FormError message={failure} />
        <Button type="submit" fullWidth loading={pending}>
          {authMessages.confirmButton}
        </Button>
      </Stack>
    </form>
  );
};
