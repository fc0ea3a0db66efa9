import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { AuthLayout } from '../../../../client/ui/AuthLayout.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import type { SignInResult } from '../../auth.schemas.ts';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';

/**
 * /login's second step (decision 102): a code from the app, or a recovery code, with the
 * challenge the first step answered; "trust this browser" skips it for 30 days.
 */
export const TwoFactorCodeStep = ({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (result: SignInResult) => void;
  onBack: () => void;
}) => {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [trustBrowser, setTrustBrowser] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      onSignedIn(
        await api.post<SignInResult>(
          '/signin/two-factor',
          { challenge, code: code.trim(), trustBrowser },
          { silent: true },
        ),
      );
    } catch (error) {
      setFailure(errorText(error));
      setCode('');
      setPending(false);
    }
  };

  return (
    <AuthLayout title={t.signInCodeTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{recovery ? t.signInRecoveryIntro : t.signInCodeIntro}</Text>
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? t.recoveryCodeLabel : t.codeLabel}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 40 : 10}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? messages.required : null}
            required
            autoFocus
          />
          <Checkbox
            label={t.trustBrowser}
            checked={trustBrowser}
            onChange={(event) => setTrustBrowser(event.currentTarget.checked)}
          />
          <FormError message={failure} />
          <Button type="submit" fullWidth loading={pending}>
            {t.verify}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((current) => !current);
              setCode('');
              setFailure(null);
            }}
          >
            {recovery ? t.useAppCode : t.useRecoveryCode}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t.backToSignIn}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
};
