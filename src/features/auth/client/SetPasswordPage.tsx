import { Anchor, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from '../../../client/lib/router/index.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { FormError } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { authMessages } from '../auth.messages.ts';
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
  const [passwordSaved, setPasswordSaved] = useState(false);
  const onGoogle = useGoogleSignIn(false);
  return (
    <AuthLayout
      title={authMessages.setPasswordTitle}
      intro={authMessages.setPasswordIntro}
      footer={
        // Once the password is saved the form itself offers the Login button.
        !passwordSaved && (
          <Anchor component={Link} to="/login" fw={600}>
            {authMessages.returnToLogin}
          </Anchor>
        )
      }
    >
      <Stack gap="md">
        {/* Without a hash the link was cut short: the same advice as for an expired one. */}
        {hash ? (
          <NewPasswordForm hash={hash} onDone={() => setPasswordSaved(true)} />
        ) : (
          <FormError message={messages.linkInvalid} />
        )}
        <GoogleButton onCredential={onGoogle} />
      </Stack>
    </AuthLayout>
  );
};
