import { api } from '../../../client/lib/api.ts';
import { useNavigate } from '../../../client/lib/router/index.ts';
import type { SignInResult } from '../auth.schemas.ts';
import { signInExtras, useCompleteSignIn } from './signIn.ts';

/** What sign-up is pre-filled with after a Google sign-in by someone without an account. */
export interface GoogleSignUp {
  firstName: string;
  lastName: string;
  email: string;
  /** The Google ID token; register sends it instead of a password. */
  token: string;
}

/** Router state of /sign-up when it comes from a Google sign-in. */
export interface SignUpLocationState {
  google?: GoogleSignUp;
}

/**
 * Handles the credential from the Google button: an account signs in like the email form (with
 * the code step when it has two-factor sign-in); an
 * unknown email goes to sign-up with the Google details. A failure is logged only (document 1 §8).
 */
export const useGoogleSignIn = (rememberUser: boolean, onTwoFactor?: (challenge: string) => void) => {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  return async (credential: string) => {
    try {
      const result = await api.post<{
        session: SignInResult | null;
        twoFactor?: { challenge: string } | null;
        signUp: GoogleSignUp | null;
      }>('/auth/google', { credential, ...signInExtras(rememberUser) }, { silent: true });
      if (result.session) completeSignIn(result.session, rememberUser);
      // Two-factor sign-in (decision 102): the code step follows, as after a password.
      else if (result.twoFactor) onTwoFactor?.(result.twoFactor.challenge);
      else if (result.signUp) {
        const state: SignUpLocationState = { google: result.signUp };
        void navigate('/sign-up', { state });
      }
    } catch (error) {
      console.error('Google sign-in failed', error);
    }
  };
};
