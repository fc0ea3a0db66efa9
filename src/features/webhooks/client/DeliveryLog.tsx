import { Badge, Box, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useMoments } from '../../../client/lib/moments.ts';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import { DELIVERIES_PAGE, type WebhookDelivery } from '../webhooks.schemas.ts';
import { useDeliveries, useRedeliver } from './webhooks.queries.ts';

/** Below this width the log is a list: its table's six columns do not fit. */
const NARROW = '(max-width: 48em)';

const STATUS_COLOURS: Record<string, string> = { pending: 'gray', succeeded: 'green', failed: 'red' };

/** A delivery's status: a badge, and the receiver's answer or the reason it failed. */
export const DeliveryStatus = ({ delivery }: { delivery: Pick<WebhookDelivery, 'status'> }) => (
  <Badge
    size="sm"
    variant="light"
    color={STATUS_COLOURS[delivery.status] ?? 'gray'}
    style={{ minWidth: 'max-content', overflow: 'visible' }}
  >
    {webhooksMessages.statusNames[delivery.status] ?? delivery.status}
  </Badge>
);

const responseOf = (delivery: WebhookDelivery) => {
  const parts = [
    delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : null,
    delivery.responseMs !== null ? `${delivery.responseMs} ms` : null,
    delivery.error && !delivery.error.startsWith('HTTP ') ? delivery.error : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
};

/** Queues a delivery again; the log goes back to its first page, where the new entry is. */
const RedeliverButton = ({
  webhookId,
  deliveryId,
  onDone,
}: {
  webhookId: string;
  deliveryId: string;
  onDone: () => void;
}) => {
  const redeliver = useRedeliver();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      style={{ flexShrink: 0 }}
      loading={redeliver.isPending}
      onClick={() =>
        redeliver.mutate(
          { id: webhookId, deliveryId },
          {
            onSuccess: () => {
              onDone();
              showSuccess(webhooksMessages.redelivered);
            },
            onError: (error) => showError(errorText(error)),
          },
        )
      }
    >
      {webhooksMessages.redeliver}
    </Button>
  );
};

/** The log as a table, where there is room for its columns. */
const DeliveryTable = ({ webhookId, items, onRedelivered }: LogRows) => {
  const moments = useMoments();
  return (
    <Table
      striped
      verticalSpacing={4}
      fz="sm"
      aria-label={webhooksMessages.deliveries}
      data-testid="webhook-deliveries"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{webhooksMessages.columns.time}</Table.Th>
          <Table.Th>{webhooksMessages.columns.kind}</Table.Th>
          <Table.Th>{webhooksMessages.columns.status}</Table.Th>
          <Table.Th>{webhooksMessages.columns.response}</Table.Th>
          <Table.Th>{webhooksMessages.columns.attempts}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{webhooksMessages.redeliver}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((delivery) => (
          <Table.Tr key={delivery.id} data-testid="webhook-delivery">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {moments.at(delivery.lastAttemptAt ?? delivery.createdAt)}
            </Table.Td>
            <Table.Td>{webhooksMessages.kindNames[delivery.kind] ?? delivery.kind}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DeliveryStatus delivery={delivery} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{responseOf(delivery)}</Table.Td>
            <Table.Td>{delivery.attempts}</Table.Td>
            <Table.Td>
              <RedeliverButton webhookId={webhookId} deliveryId={delivery.id} onDone={onRedelivered} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** The log on a phone: one block per delivery, nothing wider than the screen. */
const DeliveryList = ({ webhookId, items, onRedelivered }: LogRows) => {
  const moments = useMoments();
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={webhooksMessages.deliveries} data-testid="webhook-deliveries">
      {items.map((delivery) => (
        <Box
          component="li"
          key={delivery.id}
          data-testid="webhook-delivery"
          py={6}
          style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} miw={0}>
              {webhooksMessages.kindNames[delivery.kind] ?? delivery.kind}
            </Text>
            <DeliveryStatus delivery={delivery} />
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
            <Text size="xs" c="gray.7" miw={0} style={{ flex: 1 }}>
              {moments.at(delivery.lastAttemptAt ?? delivery.createdAt)} · {responseOf(delivery)} ·{' '}
              {webhooksMessages.attemptsCount(delivery.attempts)}
            </Text>
            <RedeliverButton webhookId={webhookId} deliveryId={delivery.id} onDone={onRedelivered} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
};

interface LogRows {
  webhookId: string;
  items: WebhookDelivery[];
  onRedelivered: () => void;
}

/** A webhook's delivery log, newest first, a page at a time, with Redeliver on each entry. */
export const DeliveryLog = ({ webhookId }: { webhookId: string }) => {
  const [offset, setOffset] = useState(0);
  const deliveries = useDeliveries(webhookId, offset);
  const narrow = useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false });
  if (deliveries.isPending) return <SectionLoading />;
  if (deliveries.isError)
    return (
      <SectionError
        title={webhooksMessages.loadFailed}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  const page = deliveries.data;
  if (page.total === 0)
    return (
      <Text size="sm" c="gray.7">
        {webhooksMessages.noDeliveries}
      </Text>
    );
  const Rows = narrow ? DeliveryList : DeliveryTable;
  return (
    <Stack gap="xs">
      <Rows webhookId={webhookId} items={page.items} onRedelivered={() => setOffset(0)} />
      {page.total > DELIVERIES_PAGE.size && (
        <Group justify="flex-end" gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - DELIVERIES_PAGE.size))}
          >
            {webhooksMessages.newerPage}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={offset + DELIVERIES_PAGE.size >= page.total}
            onClick={() => setOffset(offset + DELIVERIES_PAGE.size)}
          >
            {webhooksMessages.olderPage}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
