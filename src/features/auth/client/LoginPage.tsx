import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../client/lib/api.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { emailProblem } from '../../../shared/emailCheck.ts';
import { messages } from '../../../shared/messages.ts';
import { authMessages } from '../auth.messages.ts';
import type { SignInResult } from '../auth.schemas.ts';
import { signInExtras, useCompleteSignIn } from './auth.queries.ts';
import { GoogleButton } from './components/GoogleButton.tsx';
import { useGoogleSignIn } from './useGoogleSignIn.ts';

/** /login (document 1 §2): email and password, remember me, and the links around them. */
export const LoginPage = () => {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    initialValues: { email: '', password: '', rememberUser: false },
    validate: {
      // Without the schema library: the first page loads light (decision 095).
      email: emailProblem,
      password: (value) => (value ? null : messages.required),
    },
  });
  const onGoogle = useGoogleSignIn(form.values.rememberUser);

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFailure(null);
    try {
      // Silent: the failure shows in red under the form, not as a toast.
      const result = await api.post<SignInResult>(
        '/signin',
        { email: values.email, password: values.password, ...signInExtras(values.rememberUser) },
        { silent: true },
      );
      completeSignIn(result, values.rememberUser);
    } catch (error) {
      // document 1 §2: the password is cleared, the email kept.
      setFailure(errorText(error));
      form.setFieldValue('password', '');
      setPending(false);
    }
  });

  return (
    <AuthLayout
      title={authMessages.signInTitle}
      footer={
        <>
          {authMessages.noAccountYet}{' '}
          <Anchor component={Link} to="/sign-up" fw={600}>
            {authMessages.signUpLink}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.email}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={authMessages.password}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox label={authMessages.rememberMe} {...form.getInputProps('rememberUser', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgotpassword" size="sm">
              {authMessages.forgotPasswordLink}
            </Anchor>
          </Group>
          <FormError message={failure} />
          <Button type="submit" fullWidth loading={pending}>
            {authMessages.signInButton}
          </Button>
          <GoogleButton onCredential={onGoogle} />
        </Stack>
      </form>
    </AuthLayout>
  );
};
