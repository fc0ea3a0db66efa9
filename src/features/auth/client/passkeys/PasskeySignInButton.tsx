import { Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { passkeysMessages } from '../../passkeys.messages.ts';
import { signInExtras, useCompleteSignIn } from '../signIn.ts';
import { isCancelled, passkeysSupported, signInWithPasskey } from './passkeys.queries.ts';

/** "Sign in with a passkey" under the sign-in form: the browser offers this site's passkeys. */
export const PasskeySignInButton = ({ rememberUser }: { rememberUser: boolean }) => {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  if (!passkeysSupported()) return null;
  const start = async () => {
    setPending(true);
    setFailure(null);
    try {
      completeSignIn(await signInWithPasskey(signInExtras(rememberUser)), rememberUser);
    } catch (error) {
      setFailure(isCancelled(error) ? passkeysMessages.signInCancelled : errorText(error));
      setPending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={pending}
        onClick={() => void start()}
      >
        {passkeysMessages.signIn}
      </Button>
      <FormError message={failure} />
    </Stack>
  );
};
