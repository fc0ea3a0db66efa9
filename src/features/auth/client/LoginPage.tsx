import { Anchor, Box, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { api } from '../../../client/lib/api.ts';
import { Link } from '../../../client/lib/router/index.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { emailProblem } from '../../../shared/emailCheck.ts';
import { messages } from '../../../shared/messages.ts';
import { authMessages } from '../auth.messages.ts';
import type { SignInResult } from '../auth.schemas.ts';
import type { TwoFactorChallenge } from '../two-factor.schemas.ts';
import { signInExtras, useCompleteSignIn } from './signIn.ts';

// The other ways to sign in load just after the form, and the code step only for people who have
// two-factor sign-in (decision 095: a light first page).
const SignInChoices = lazy(async () => ({ default: (await import('./SignInChoices.tsx')).SignInChoices }));
const TwoFactorCodeStep = lazy(async () => ({
  default: (await import('./two-factor/TwoFactorCodeStep.tsx')).TwoFactorCodeStep,
}));

const CHOICES_HEIGHT = 119;

/** /login (document 1 §2): email and password, remember me, and the links around them. */
export const LoginPage = () => {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  // Plain state, not a form library: the first page loads light (decision 095). A field's error
  // shows after a submit and goes as soon as the field changes.
  const [values, setValues] = useState({ email: '', password: '', rememberUser: false });
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: null }));
  };
  // Set when the password (or Google) was right and a code is needed next.
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = { email: emailProblem(values.email), password: values.password ? null : messages.required };
    setErrors(problems);
    if (problems.email || problems.password) return;
    setPending(true);
    setFailure(null);
    try {
      // Silent: the failure shows in red under the form, not as a toast.
      const result = await api.post<SignInResult | TwoFactorChallenge>(
        '/signin',
        { email: values.email, password: values.password, ...signInExtras(values.rememberUser) },
        { silent: true },
      );
      if ('twoFactorRequired' in result) {
        setChallenge(result.challenge);
        setValues((current) => ({ ...current, password: '' }));
        setPending(false);
      } else completeSignIn(result, values.rememberUser);
    } catch (error) {
      // document 1 §2: the password is cleared, the email kept.
      setFailure(errorText(error));
      setValues((current) => ({ ...current, password: '' }));
      setPending(false);
    }
  };

  if (challenge)
    return (
      <Suspense fallback={null}>
        <TwoFactorCodeStep
          challenge={challenge}
          onSignedIn={(result) => completeSignIn(result, values.rememberUser)}
          onBack={() => setChallenge(null)}
        />
      </Suspense>
    );

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
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={authMessages.password}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox
              label={authMessages.rememberMe}
              checked={values.rememberUser}
              onChange={(event) => change('rememberUser', event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgotpassword" size="sm">
              {authMessages.forgotPasswordLink}
            </Anchor>
          </Group>
          <FormError message={failure} />
          <Button type="submit" fullWidth loading={pending}>
            {authMessages.signInButton}
          </Button>
          {/* The height the choices take without Google (an "or" line, single sign-on, a passkey): no shift when they come. */}
          <Suspense fallback={<Box mih={CHOICES_HEIGHT} />}>
            <SignInChoices rememberUser={values.rememberUser} onChallenge={setChallenge} />
          </Suspense>
        </Stack>
      </form>
    </AuthLayout>
  );
};
