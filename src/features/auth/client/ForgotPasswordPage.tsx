import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { Link, useSearchParams } from '../../../client/lib/router/index.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { email } from '../../../shared/validation.ts';
import { authMessages } from '../auth.messages.ts';
import { NewPasswordForm } from './components/NewPasswordForm.tsx';

/** Asks for the email that gets a reset link; the answer is the same whether it has an account. */
const RequestResetForm = () => {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: { email: fieldRule(email()) } });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFailure(null);
    try {
      await api.post('/auth/forgot-password', values, { silent: true });
      setSent(true);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setPending(false);
    }
  });

  if (sent) {
    return (
      <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
        {authMessages.resetRequested}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={messages.email} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <FormError message={failure} />
        <Button type="submit" fullWidth loading={pending}>
          {authMessages.sendResetLink}
        </Button>
      </Stack>
    </form>
  );
};

/** /forgotpassword: without ?hash asks for the email; with the emailed ?hash=… sets the new password. */
export const ForgotPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  const [passwordSaved, setPasswordSaved] = useState(false);
  return (
    <AuthLayout
      title={hash ? authMessages.resetPasswordTitle : authMessages.forgotPasswordTitle}
      intro={hash ? undefined : authMessages.forgotPasswordIntro}
      footer={
        // Once the password is saved the form itself offers the Login button.
        !passwordSaved && (
          <Anchor component={Link} to="/login" fw={600}>
            {authMessages.returnToLogin}
          </Anchor>
        )
      }
    >
      {hash ? <NewPasswordForm hash={hash} onDone={() => setPasswordSaved(true)} /> : <RequestResetForm />}
    </AuthLayout>
  );
};
