import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { selfKey } from '../../../../client/lib/self.ts';
import { lazyDialog } from '../../../../client/ui/lazyPart.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { twoFactorMessages as t } from '../../two-factor.messages.ts';
import { twoFactorKeys, useTwoFactorStatus } from './two-factor.queries.ts';

// The dialogs (and the QR code's library) load when first opened.
const EnrolDialog = lazyDialog(async () => (await import('./EnrolDialog.tsx')).EnrolDialog);
const TurnOffDialog = lazyDialog(async () => (await import('./CodeDialogs.tsx')).TurnOffDialog);
const RegenerateDialog = lazyDialog(async () => (await import('./CodeDialogs.tsx')).RegenerateDialog);

type Open = 'enrol' | 'off' | 'codes' | null;

/** Settings → Security: two-factor sign-in, on or off, with its recovery codes (decision 102). */
export const TwoFactorCard = () => {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [open, setOpenState] = useState<Open>(null);
  // Each opening starts afresh (a new key, no codes left over from the last time).
  const [attempt, setAttempt] = useState(0);
  const setOpen = (next: Open) => {
    if (next) setAttempt((n) => n + 1);
    setOpenState(next);
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
    // A workspace that required it may open (or close) now.
    void queryClient.invalidateQueries({ queryKey: selfKey });
  };
  const close = () => {
    setOpen(null);
    refresh();
  };
  return (
    <Card withBorder padding="lg" radius="md" data-testid="two-factor-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t.cardTitle}
          </Title>
          {status.data && (
            <Badge color={status.data.enabled ? 'teal' : 'gray'} variant="light">
              {status.data.enabled ? t.statusOn : t.statusOff}
            </Badge>
          )}
        </Group>
        {status.isPending ? (
          <SectionLoading />
        ) : status.isError ? (
          <SectionError
            title={t.cardTitle}
            error={status.error}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : (
          <>
            <Text size="sm">{status.data.enabled ? t.cardIntroOn : t.cardIntroOff}</Text>
            {status.data.enabled && (
              <Text size="sm" c="gray.7">
                {t.recoveryLeft(status.data.recoveryCodesLeft)}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              {status.data.enabled ? (
                <>
                  <Button variant="default" onClick={() => setOpen('codes')}>
                    {t.regenerateCodes}
                  </Button>
                  <Button color="red" variant="light" onClick={() => setOpen('off')}>
                    {t.turnOff}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setOpen('enrol')}>{t.turnOn}</Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      <EnrolDialog
        key={`enrol-${attempt}`}
        opened={open === 'enrol'}
        onClose={close}
        onEnabled={() => showSuccess(t.turnedOn)}
      />
      <TurnOffDialog
        key={`off-${attempt}`}
        opened={open === 'off'}
        onClose={close}
        onDone={() => {
          showSuccess(t.turnedOff);
          close();
        }}
        requiredBy={status.data?.requiredBy ?? []}
      />
      <RegenerateDialog key={`codes-${attempt}`} opened={open === 'codes'} onClose={close} />
    </Card>
  );
};
