import { Badge, Button, Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useMoments } from '../../../client/lib/moments.ts';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import { DELIVERIES_PAGE, type WebhookDelivery } from '../webhooks.schemas.ts';
import { useDeliveries, useRedeliver } from './webhooks.queries.ts';

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

/** A webhook's delivery log, newest first, a page at a time, with Redeliver on each row. */
export const DeliveryLog = ({ webhookId }: { webhookId: string }) => {
  const [offset, setOffset] = useState(0);
  const deliveries = useDeliveries(webhookId, offset);
  const redeliver = useRedeliver();
  const moments = useMoments();
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
  return (
    <Stack gap="xs">
      <ScrollArea type="auto" offsetScrollbars>
        <Table
          striped
          verticalSpacing={4}
          fz="sm"
          miw={560}
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
            {page.items.map((delivery) => (
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
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
                    onClick={() =>
                      redeliver.mutate(
                        { id: webhookId, deliveryId: delivery.id },
                        {
                          onSuccess: () => {
                            setOffset(0);
                            showSuccess(webhooksMessages.redelivered);
                          },
                          onError: (error) => showError(errorText(error)),
                        },
                      )
                    }
                  >
                    {webhooksMessages.redeliver}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
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
