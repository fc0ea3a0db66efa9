import { Anchor, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { AuthLayout } from './components/AuthLayout.tsx';
import { GoogleButton } from './components/GoogleButton.tsx';
import { NewPasswordForm } from './components/NewPasswordForm.tsx';
import { useGoogleSignIn } from './useGoogleSignIn.ts';

/**
 * /set-password?hash=…: an invited person chooses their first password (document 1 §2), or
 * signs in with Google instead.
 */
export const SetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash');
  const onGoogle = useGoogleSignIn(false);
  return (
    <AuthLayout
      title={messages.setPasswordTitle}
      intro={messages.setPasswordIntro}
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          {messages.returnToLogin}
        </Anchor>
      }
    >
      <Stack gap="md">
        {/* Without a hash the link was cut short: the same advice as for an expired one. */}
        {hash ? <NewPasswordForm hash={hash} /> : <FormError message={messages.linkInvalid} />}
        <GoogleButton onCredential={onGoogle} />
      </Stack>
    </AuthLayout>
  );
};
