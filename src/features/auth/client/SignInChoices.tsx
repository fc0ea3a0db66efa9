import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../client/lib/queryClient.ts';
import { GoogleButton } from './components/GoogleButton.tsx';
import { PasskeySignInButton } from './passkeys/PasskeySignInButton.tsx';
import { SsoPanel } from './sso/SsoPanel.tsx';
import { useGoogleSignIn } from './useGoogleSignIn.ts';

interface ChoicesProps {
  rememberUser: boolean;
  /** A right first factor of someone with two-factor sign-in: the page asks for the code next. */
  onChallenge: (challenge: string) => void;
}

const Choices = ({ rememberUser, onChallenge }: ChoicesProps) => {
  const onGoogle = useGoogleSignIn(rememberUser, onChallenge);
  return (
    <>
      <GoogleButton onCredential={onGoogle} />
      <SsoPanel rememberUser={rememberUser} onChallenge={onChallenge} />
      <PasskeySignInButton rememberUser={rememberUser} />
    </>
  );
};

/**
 * The other ways to sign in under the password form: Google, single sign-on and a passkey. One
 * chunk loaded after the form shows (decision 095), with the query cache the Google button's
 * server options are read through.
 */
export const SignInChoices = (props: ChoicesProps) => (
  <QueryClientProvider client={queryClient}>
    <Choices {...props} />
  </QueryClientProvider>
);
