import { Center, Code, Image, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError } from '../../../../client/ui/SectionState.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { confirmEnrolment, startEnrolment } from './two-factor.queries.ts';

/** The key as an authenticator app shows it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code, drawn here: its library loads only when this dialog opens (decision 095). */
const qrCodeOf = async (uri: string) => {
  const { toDataURL } = await import('qrcode');
  return toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
};

/**
 * Settings → Security → Turn on: a new key (QR code and typed key), the first code confirms it,
 * then the recovery codes, shown once. Escape or Cancel closes it; nothing changes until confirmed.
 */
export const EnrolDialog = ({
  opened,
  onClose,
  onEnabled,
}: {
  opened: boolean;
  onClose: () => void;
  onEnabled: () => void;
}) => {
  const [code, setCode] = useState('');
  // One key per opening (the card mounts the dialog afresh each time).
  const instance = useId();
  const enrolment = useQuery({
    queryKey: ['two-factor', 'enrolment', instance],
    queryFn: async () => {
      const started = await startEnrolment();
      return { ...started, qr: await qrCodeOf(started.uri) };
    },
    enabled: opened,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  // The key arrives after the dialog opened: the code field takes the focus then.
  const codeField = useRef<HTMLInputElement>(null);
  const ready = Boolean(enrolment.data);
  useEffect(() => {
    if (ready) codeField.current?.focus();
  }, [ready]);
  const confirm = useMutation({ mutationFn: () => confirmEnrolment(code.trim()), onSuccess: onEnabled });
  const codes = confirm.data?.recoveryCodes;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={codes ? t.recoveryTitle : t.enrolTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={onClose} />
      ) : enrolment.isPending ? (
        <Center py="xl" role="status" aria-label={t.loading}>
          <Loader />
        </Center>
      ) : enrolment.isError ? (
        <SectionError
          title={errorText(enrolment.error)}
          error={enrolment.error}
          onRetry={() => void enrolment.refetch()}
          retrying={enrolment.isFetching}
        />
      ) : (
        <DialogForm
          onSubmit={() => code.trim() && confirm.mutate()}
          onCancel={onClose}
          submitLabel={t.confirm}
          pending={confirm.isPending}
          failure={confirm.error ? errorText(confirm.error) : null}
        >
          <Stack gap="sm">
            <Text size="sm">{t.enrolScan}</Text>
            <Center>
              <Image src={enrolment.data.qr} alt={t.qrAlt} w={200} h={200} />
            </Center>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="two-factor-key-label">
                {t.manualKey}
              </Text>
              <Code
                block
                aria-labelledby="two-factor-key-label"
                data-testid="two-factor-secret"
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              >
                {grouped(enrolment.data.secret)}
              </Code>
            </Stack>
            <Text size="sm">{t.enterCode}</Text>
            <TextInput
              label={t.codeLabel}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={10}
              ref={codeField}
              required
            />
          </Stack>
        </DialogForm>
      )}
    </Modal>
  );
};
