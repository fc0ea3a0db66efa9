import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { api } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { Link, useLocation, useNavigate } from '../../../client/lib/router/index.ts';
import { AuthLayout } from '../../../client/ui/AuthLayout.tsx';
import { FormError, firstErrorText } from '../../../client/ui/FormError.tsx';
import { LeaveGuard } from '../../../client/ui/LeaveGuard.tsx';
import { messages } from '../../../shared/messages.ts';
import { resolveTimezone } from '../../../shared/timezones.ts';
import { email, password, requiredText } from '../../../shared/validation.ts';
import { authMessages } from '../auth.messages.ts';
import type { Register } from '../auth.schemas.ts';
import { GoogleButton } from './components/GoogleButton.tsx';
import { SsoButtons } from './SsoButtons.tsx';
import { type GoogleSignUp, type SignUpLocationState, useGoogleSignIn } from './useGoogleSignIn.ts';

/** The browser's time zone, mapped onto the fixed list (unknown ones become the default). */
const guessTimezone = (): string => {
  try {
    return resolveTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return resolveTimezone(null);
  }
};

const SignUpForm = ({ google }: { google: GoogleSignUp | undefined }) => {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const [timezone] = useState(guessTimezone);
  const onGoogle = useGoogleSignIn(false);
  const form = useForm({
    initialValues: {
      firstName: google?.firstName ?? '',
      lastName: google?.lastName ?? '',
      email: google?.email ?? '',
      password: '',
      repeatPassword: '',
      companyName: '',
    },
    validate: {
      firstName: fieldRule(requiredText(100)),
      lastName: fieldRule(requiredText(100)),
      email: fieldRule(email()),
      // With Google details there is no password: Google vouches for the email.
      password: (value) => (google ? null : fieldRule(password())(value)),
      repeatPassword: (value, values) => {
        if (google) return null;
        if (!value) return messages.required;
        return value === values.password ? null : messages.passwordsDoNotMatch;
      },
      companyName: fieldRule(requiredText(100)),
    },
  });

  // Navigate only after the render that switched the leave guard off (see LeaveGuard).
  useEffect(() => {
    if (created) void navigate('/sign-up-success', { replace: true });
  }, [created, navigate]);

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFailure(null);
    const body: Register = {
      user: {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        timezone,
        ...(google ? { token: google.token } : { password: values.password, repeatPassword: values.repeatPassword }),
      },
      tenant: { name: values.companyName },
    };
    try {
      await api.post('/register', body, { silent: true });
      setCreated(true);
    } catch (error) {
      // document 1 §2: the first error the server gives.
      setFailure(firstErrorText(error));
      setPending(false);
    }
  });

  return (
    <>
      <LeaveGuard when={form.isDirty() && !created} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {google && (
            <Text size="sm" c="dimmed">
              {authMessages.googleDetailsLocked}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={messages.firstName}
              autoComplete="given-name"
              required
              readOnly={Boolean(google)}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={messages.lastName}
              autoComplete="family-name"
              required
              readOnly={Boolean(google)}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={messages.email}
            type="email"
            autoComplete="email"
            required
            readOnly={Boolean(google)}
            {...form.getInputProps('email')}
          />
          {!google && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <PasswordInput
                label={authMessages.password}
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
            </SimpleGrid>
          )}
          <TextInput
            label={authMessages.companyName}
            autoComplete="organization"
            required
            {...form.getInputProps('companyName')}
          />
          {/* document 1 §2: the hidden time zone, guessed from the browser. */}
          <input type="hidden" name="timezone" value={timezone} />
          <FormError message={failure} />
          <Button type="submit" fullWidth loading={pending}>
            {authMessages.signUpButton}
          </Button>
          {!google && <GoogleButton onCredential={onGoogle} />}
          {!google && <SsoButtons />}
        </Stack>
      </form>
    </>
  );
};

/** /sign-up (document 1 §2): a person and their company's workspace. */
export const SignUpPage = () => {
  const location = useLocation();
  const google = (location.state as SignUpLocationState | null)?.google;
  return (
    <AuthLayout
      title={authMessages.signUpTitle}
      intro={authMessages.signUpIntro}
      wide
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          {authMessages.returnToLogin}
        </Anchor>
      }
    >
      {/* A new location (e.g. Google details arriving) starts a fresh form with them. */}
      <SignUpForm key={location.key} google={google} />
    </AuthLayout>
  );
};
