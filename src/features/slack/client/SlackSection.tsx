import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandSlack, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useMoments } from '../../../client/lib/moments.ts';
import { useSearchParams } from '../../../client/lib/router/index.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showInfo, showSuccess } from '../../../client/ui/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { slackMessages } from '../slack.messages.ts';
import type { SlackStatus } from '../slack.schemas.ts';
import { useConnectSlack, useDisconnectSlack, useSlackStatus } from './slack.queries.ts';

/** Slack's redirect back (`?slack=connected|cancelled|failed`) as a toast, once; the parameter goes. */
const useCallbackResult = () => {
  const [params, setParams] = useSearchParams();
  const result = params.get('slack');
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!result || told.current === result) return;
    told.current = result;
    if (result === 'connected') showSuccess(slackMessages.slackConnectedToast);
    else if (result === 'cancelled') showInfo(slackMessages.slackCancelledToast);
    else showError(slackMessages.slackFailedToast);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('slack');
        return next;
      },
      { replace: true },
    );
  }, [result, setParams]);
};

const Connected = ({ status }: { status: SlackStatus }) => {
  const moments = useMoments();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectSlack();
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Stack gap={0} miw={0}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {slackMessages.slackConnectedTo(status.teamName ?? '')}
        </Text>
        {status.installedAt && (
          <Text size="sm" c="dimmed">
            {slackMessages.slackConnectedSince(moments.day(status.installedAt))}
          </Text>
        )}
      </Stack>
      <Button variant="default" color="red" onClick={() => setConfirming(true)}>
        {slackMessages.slackDisconnect}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={slackMessages.slackDisconnectTitle}
        confirmLabel={slackMessages.slackDisconnect}
        pending={disconnect.isPending}
        error={disconnect.error ? errorText(disconnect.error) : null}
        onClose={() => {
          setConfirming(false);
          disconnect.reset();
        }}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              showSuccess(slackMessages.slackDisconnected);
            },
          })
        }
      >
        {slackMessages.slackDisconnectWarning}
      </ConfirmDialog>
    </Group>
  );
};

const NotConnected = () => {
  const connect = useConnectSlack();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        leftSection={<IconBrandSlack size={18} aria-hidden />}
        onClick={() => connect.mutate()}
        loading={connect.isPending}
      >
        {slackMessages.slackConnect}
      </Button>
      <FormError message={connect.error ? errorText(connect.error) : null} />
    </Stack>
  );
};

/** Administration → Integrations: connect the workspace to Slack, see the connection, disconnect. */
export const SlackSection = () => {
  const status = useSlackStatus();
  useCallbackResult();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="integrations-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="integrations-title">
            {slackMessages.slackIntegrations}
          </Title>
        </div>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
            <IconBrandSlack size={22} />
          </ThemeIcon>
          <Stack gap="sm" miw={0} style={{ flex: 1 }}>
            <div>
              <Title order={3} size="h5">
                {messages.slack}
              </Title>
              <Text size="sm" c="dimmed">
                {slackMessages.slackIntro}
              </Text>
            </div>
            {status.isPending ? (
              <SectionLoading />
            ) : status.isError ? (
              <SectionError
                title={slackMessages.slackLoadFailed}
                error={status.error}
                onRetry={() => void status.refetch()}
                retrying={status.isFetching}
              />
            ) : !status.data.configured ? (
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="sm">
                <Text size="sm">{slackMessages.slackNotConfiguredHint}</Text>
              </Alert>
            ) : status.data.connected ? (
              <Connected status={status.data} />
            ) : (
              <NotConnected />
            )}
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
};
