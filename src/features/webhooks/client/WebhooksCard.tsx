import { Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import type { Webhook } from '../webhooks.schemas.ts';
import { DeliveryLog, DeliveryStatus } from './DeliveryLog.tsx';
import { CreateWebhookDialog, RotatedSecretDialog } from './WebhookDialogs.tsx';
import { useDeleteWebhook, useRotateSecret, useSendTest, useUpdateWebhook, useWebhooks } from './webhooks.queries.ts';

/** One webhook: its address, kinds and state, its actions, and its delivery log when opened. */
const WebhookRow = ({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) => {
  const [logOpen, setLogOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const sendTest = useSendTest();
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const logId = `webhook-log-${webhook.id}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="webhook-row">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} miw={0} style={{ flex: 1, minWidth: 200 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {webhook.url}
              </Text>
              <Badge size="sm" variant="light" color={webhook.paused ? 'orange' : 'green'}>
                {webhook.paused ? webhooksMessages.paused : webhooksMessages.active}
              </Badge>
              {webhook.lastDelivery && <DeliveryStatus delivery={webhook.lastDelivery} />}
            </Group>
            {webhook.description && (
              <Text size="sm" c="gray.7">
                {webhook.description}
              </Text>
            )}
            {webhook.pausedReason && (
              <Text size="xs" c="orange.9">
                {webhook.pausedReason}
              </Text>
            )}
            <Group gap={4} wrap="wrap">
              {webhook.kinds.map((kind) => (
                <Badge key={kind} size="sm" variant="outline" color="gray" style={{ textTransform: 'none' }}>
                  {kind}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(webhook.id, {
                onSuccess: () => {
                  setLogOpen(true);
                  showSuccess(webhooksMessages.testQueued);
                },
                onError: (error) => showError(errorText(error)),
              })
            }
          >
            {webhooksMessages.sendTest}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen(!logOpen)}
          >
            {webhooksMessages.showLog}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: webhook.id, patch: { paused: !webhook.paused } },
                { onError: (error) => showError(errorText(error)) },
              )
            }
          >
            {webhook.paused ? webhooksMessages.resume : webhooksMessages.pause}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(webhook.id, {
                onSuccess: (rotated) => setSecret(rotated.secret),
                onError: (error) => showError(errorText(error)),
              })
            }
          >
            {webhooksMessages.rotate}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete}>
            {webhooksMessages.delete}
          </Button>
        </Group>
        <Collapse expanded={logOpen} id={logId}>
          {logOpen && (
            <Stack gap={6} pt="xs">
              <Text size="sm" fw={600}>
                {webhooksMessages.deliveries}
              </Text>
              <DeliveryLog webhookId={webhook.id} />
            </Stack>
          )}
        </Collapse>
      </Stack>
      <RotatedSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
};

/** Administration → Integrations: the workspace's webhooks (admins). */
export const WebhooksCard = () => {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <SectionCard
      title={webhooksMessages.title}
      actions={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
          {webhooksMessages.add}
        </Button>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {webhooksMessages.intro}
        </Text>
        {webhooks.isPending ? (
          <SectionLoading />
        ) : webhooks.isError ? (
          <SectionError
            title={webhooksMessages.loadFailed}
            error={webhooks.error}
            onRetry={() => void webhooks.refetch()}
            retrying={webhooks.isFetching}
          />
        ) : webhooks.data.length === 0 ? (
          <Group gap="xs" c="gray.7" wrap="nowrap">
            <IconWebhook size={16} aria-hidden />
            <Text size="sm">{webhooksMessages.empty}</Text>
          </Group>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={webhooksMessages.title}>
            {webhooks.data.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} onDelete={() => setDeleting(webhook)} />
            ))}
          </Stack>
        )}
      </Stack>
      <CreateWebhookDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={webhooksMessages.deleteTitle}
        confirmLabel={webhooksMessages.deleteConfirm}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
          })
        }
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      >
        {deleting ? webhooksMessages.deleteBody(deleting.url) : ''}
      </ConfirmDialog>
    </SectionCard>
  );
};
