import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { safeRedirect } from '../../../../client/lib/redirect.ts';
import { useSearchParams } from '../../../../client/lib/router/index.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { emailProblem } from '../../../../shared/emailCheck.ts';
import { authMessages } from '../../auth.messages.ts';
import type { SignInResult } from '../../auth.schemas.ts';
import { SSO_ERRORS, type SsoErrorCode, ssoMessages } from '../../sso.messages.ts';
import type { SsoProvider } from '../../sso.schemas.ts';
import type { TwoFactorChallenge } from '../../two-factor.schemas.ts';
import { useCompleteSignIn } from '../signIn.ts';
import { getTrustedBrowser } from '../two-factor/trustedBrowser.ts';

// The sign-in page's single sign-on (decision 103): the environment's providers, a workspace's
// provider found from a link (?workspace=) or a work email, and the last step after a provider
// sent the browser back (?ssoCode= to exchange, or ?ssoError= to explain).

const REMEMBER_KEY = 'cadence.ssoRemember';

const startUrl = (provider: string, returnTo: string, remember: boolean) =>
  `/api/v2/auth/sso/start?${new URLSearchParams({ provider, returnTo, remember: String(remember) })}`;

const discover = (query: string) =>
  api.get<{ provider: SsoProvider | null }>(`/auth/sso/discover?${query}`, { silent: true });

export const SsoPanel = ({
  rememberUser,
  onChallenge,
}: {
  rememberUser: boolean;
  onChallenge?: ((challenge: string) => void) | undefined;
}) => {
  const [params] = useSearchParams();
  const code = params.get('ssoCode');
  const errorCode = params.get('ssoError');
  const workspace = params.get('workspace');
  const returnTo = safeRedirect(params.get('redirect'));
  const completeSignIn = useCompleteSignIn();
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Plain fetches: the sign-in page has no query cache (decision 095).
  const [buttons, setButtons] = useState<SsoProvider[]>([]);
  useEffect(() => {
    let cancelled = false;
    Promise.all([
      api.get<{ providers: SsoProvider[] }>('/auth/sso/providers', { silent: true }).catch(() => ({ providers: [] })),
      workspace
        ? discover(`workspace=${encodeURIComponent(workspace)}`).catch(() => ({ provider: null }))
        : { provider: null },
    ]).then(([environment, linked]) => {
      if (!cancelled) setButtons([...environment.providers, ...(linked.provider ? [linked.provider] : [])]);
    });
    return () => {
      cancelled = true;
    };
  }, [workspace]);

  const go = (provider: string) => {
    sessionStorage.setItem(REMEMBER_KEY, rememberUser ? '1' : '0');
    setPending(true);
    window.location.assign(startUrl(provider, returnTo, rememberUser));
  };

  // Back from the provider: the hand-off code becomes a session, once.
  const exchanged = useRef(false);
  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    const remember = sessionStorage.getItem(REMEMBER_KEY) === '1';
    sessionStorage.removeItem(REMEMBER_KEY);
    setPending(true);
    api
      .post<SignInResult | TwoFactorChallenge>(
        '/auth/sso/complete',
        { code, ...(getTrustedBrowser() ? { trustedBrowser: getTrustedBrowser() } : {}) },
        { silent: true },
      )
      .then((result) => {
        if ('accessToken' in result) completeSignIn(result, remember);
        // Two-factor sign-in: the sign-in page asks for the code, as after a password.
        else if (onChallenge) onChallenge(result.challenge);
        else {
          setFailure(ssoMessages.twoFactorUsePassword);
          setPending(false);
        }
      })
      .catch((error: unknown) => {
        setFailure(errorText(error));
        setPending(false);
      });
  }, [code, completeSignIn, onChallenge]);

  const continueWithEmail = async () => {
    const problem = emailProblem(email);
    setEmailError(problem);
    if (problem) return;
    setFailure(null);
    try {
      const found = await discover(`email=${encodeURIComponent(email)}`);
      if (found.provider) go(found.provider.id);
      else setEmailError(ssoMessages.noProviderForEmail);
    } catch (error) {
      setEmailError(errorText(error));
    }
  };
  // Inside the password form: Enter here continues with SSO instead of submitting the password.
  const onEmailKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void continueWithEmail();
  };

  const refusal = errorCode && errorCode in SSO_ERRORS ? SSO_ERRORS[errorCode as SsoErrorCode] : null;

  return (
    <Stack gap="sm">
      {refusal && (
        <Alert color="red" variant="light" title={ssoMessages.signInFailedTitle} role="alert">
          {refusal}
        </Alert>
      )}
      <Divider label={authMessages.orSeparator} labelPosition="center" />
      {buttons.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="default"
          fullWidth
          loading={pending}
          onClick={() => go(provider.id)}
        >
          {ssoMessages.continueWith(provider.name)}
        </Button>
      ))}
      {emailOpen ? (
        <Stack gap="xs">
          <TextInput
            label={ssoMessages.workEmail}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            onKeyDown={onEmailKey}
            error={emailError}
            data-autofocus
          />
          <Button type="button" variant="default" fullWidth loading={pending} onClick={() => void continueWithEmail()}>
            {ssoMessages.continueWithSso}
          </Button>
        </Stack>
      ) : (
        <Button type="button" variant="subtle" fullWidth onClick={() => setEmailOpen(true)}>
          {ssoMessages.useSso}
        </Button>
      )}
      <FormError message={failure} />
    </Stack>
  );
};
