import { Alert, Modal, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { disableTwoFactor, regenerateCodes } from './two-factor.queries.ts';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.errors?.[field] ?? null) : null;

/** Turn off: the password and a code (or a recovery code); warns when a workspace requires it. */
export const TurnOffDialog = ({
  opened,
  onClose,
  onDone,
  requiredBy,
  hasPassword = true,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
  requiredBy: string[];
  hasPassword?: boolean;
}) => {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const turnOff = useMutation({ mutationFn: () => disableTwoFactor(password, code.trim()), onSuccess: onDone });
  const passwordError = fieldError(turnOff.error, 'password');
  const codeError = fieldError(turnOff.error, 'code');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.turnOffTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={() => code.trim() && turnOff.mutate()}
        onCancel={onClose}
        submitLabel={t.turnOff}
        pending={turnOff.isPending}
        failure={turnOff.error && !passwordError && !codeError ? errorText(turnOff.error) : null}
      >
        <Text size="sm">{t.turnOffIntro}</Text>
        {requiredBy.length > 0 && (
          <Alert color="orange" variant="light" role="status">
            {t.turnOffRequiredWarning(requiredBy.join(', '))}
          </Alert>
        )}
        {hasPassword && (
          <PasswordInput
            label={t.passwordLabel}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError}
            data-autofocus
            required
          />
        )}
        <TextInput
          label={t.codeOrRecoveryLabel}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
          maxLength={40}
          required
        />
      </DialogForm>
    </Modal>
  );
};

/** New recovery codes for a current code from the app; then the codes, shown once. */
export const RegenerateDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const [code, setCode] = useState('');
  const renew = useMutation({ mutationFn: () => regenerateCodes(code.trim()) });
  const codes = renew.data?.recoveryCodes;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={codes ? t.recoveryTitle : t.regenerateTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : (
        <DialogForm
          onSubmit={() => code.trim() && renew.mutate()}
          onCancel={onClose}
          submitLabel={t.regenerateCodes}
          pending={renew.isPending}
          failure={renew.error && !fieldError(renew.error, 'code') ? errorText(renew.error) : null}
        >
          <Text size="sm">{t.regenerateIntro}</Text>
          <TextInput
            label={t.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError(renew.error, 'code')}
            maxLength={10}
            data-autofocus
            required
          />
        </DialogForm>
      )}
    </Modal>
  );
};
