import { Alert, Button, Card, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, api } from '../../../../client/lib/api.ts';
import { useSelf } from '../../../../client/lib/self.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { PASSWORD_CHANGED_NOTICE_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { email as emailSchema } from '../../../../shared/validation.ts';
import { TwoFactorCard } from '../../../auth/client/two-factor/TwoFactorCard.tsx';
import { peopleMessages } from '../../people.messages.ts';
import { settingsPassword } from '../../people.schemas.ts';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';

/** Change password (document 3 §4): Update only when both new fields are filled, valid and equal; confirmed first; success shown 5 s. */
const PasswordCard = () => {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const tooShort = password !== '' && !settingsPassword().safeParse(password).success;
  const mismatch = repeat !== '' && repeat !== password;
  const ready = password !== '' && repeat !== '' && !tooShort && !mismatch;
  const change = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(
        '/self/change-password',
        { currentPassword: current, password, repeatPassword: repeat },
        { silent: true },
      ),
    onSuccess: () => {
      setConfirming(false);
      setCurrent('');
      setPassword('');
      setRepeat('');
      setDone(true);
    },
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), PASSWORD_CHANGED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [done]);
  const currentError =
    change.error instanceof ApiError && change.error.errors?.currentPassword
      ? change.error.errors.currentPassword
      : null;
  return (
    <Card withBorder padding="lg" radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) setConfirming(true);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {peopleMessages.changePassword}
          </Title>
          <PasswordInput
            label={peopleMessages.currentPassword}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={currentError}
          />
          <PasswordInput
            label={peopleMessages.newPasswordLabel}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={tooShort ? peopleMessages.settingsPasswordTooShort : null}
          />
          <PasswordInput
            label={peopleMessages.repeatNewPassword}
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
            error={mismatch ? messages.passwordsDoNotMatch : null}
          />
          {done && (
            <Alert color="teal" variant="light" role="status">
              {peopleMessages.passwordChanged}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={!ready}>
              {peopleMessages.updateButton}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={peopleMessages.changePassword}
        confirmLabel={peopleMessages.updateButton}
        confirmColor="blue"
        onConfirm={() => change.mutate()}
        onClose={() => {
          setConfirming(false);
          change.reset();
        }}
        pending={change.isPending}
        error={change.error ? errorText(change.error) : null}
      >
        {peopleMessages.changePasswordConfirm}
      </ConfirmDialog>
    </Card>
  );
};

/** Change email (document 3 §4): Save disabled while unchanged; the new address confirms by a mailed link. */
const EmailCard = ({ email }: { email: string }) => {
  const [value, setValue] = useState(email);
  const [sent, setSent] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (next: string) =>
      api.patch<{ message: string }>('/self/update-email', { email: next }, { silent: true }),
    onSuccess: (result) => setSent(result.message),
  });
  const parsed = emailSchema().safeParse(value);
  const unchanged = value.trim().toLowerCase() === email;
  const invalid = value.trim() !== '' && !parsed.success;
  return (
    <Card withBorder padding="lg" radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success && !unchanged) request.mutate(parsed.data);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {peopleMessages.changeEmail}
          </Title>
          <TextInput
            label={messages.email}
            type="email"
            autoComplete="email"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setSent(null);
              request.reset();
            }}
            error={invalid ? peopleMessages.invalidEmailShort : null}
          />
          {sent && (
            <Alert color="blue" variant="light" role="status">
              {sent}
            </Alert>
          )}
          <FormError message={request.error ? errorText(request.error) : null} />
          <Group justify="flex-end">
            <Button type="submit" disabled={unchanged || !parsed.success} loading={request.isPending}>
              {messages.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};

/**
 * /settings/profile/security: password, email, two-factor sign-in, the shell's other sign-in
 * methods (`signInMethods`), sessions, the shell's other cards (`more`), and deleting the account
 * last.
 */
export const SecurityPanel = ({ signInMethods, more }: { signInMethods?: ReactNode; more?: ReactNode }) => {
  const self = useSelf().data;
  if (!self) return null;
  return (
    <Stack gap="lg">
      <PasswordCard />
      <EmailCard key={self.user.email} email={self.user.email} />
      <TwoFactorCard />
      {signInMethods}
      <SessionsCard />
      {more}
      <DeleteAccountCard email={self.user.email} />
    </Stack>
  );
};
