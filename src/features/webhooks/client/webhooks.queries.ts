import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import type {} from '../webhooks.events.ts';
import {
  type CreateWebhook,
  DELIVERIES_PAGE,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookWithSecret,
} from '../webhooks.schemas.ts';

// The one client owner of webhooks: query keys, calls and the real-time updater.

export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: string, offset: number) => ['webhooks', 'deliveries', id, offset] as const,
};

export const useWebhooks = () =>
  useQuery({
    queryKey: webhooksKeys.list(),
    queryFn: ({ signal }) => api.get<Webhook[]>('/webhooks', { signal, silent: true }),
  });

/** A page of a webhook's log; polled while something in it is still on its way. */
export const useDeliveries = (id: string, offset: number) =>
  useQuery({
    queryKey: webhooksKeys.deliveries(id, offset),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryPage>(`/webhooks/${id}/deliveries?offset=${offset}&limit=${DELIVERIES_PAGE.size}`, {
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  });

const useWebhookMutation = <I, O>(call: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
};

export const useCreateWebhook = () =>
  useWebhookMutation((input: CreateWebhook) => api.post<WebhookWithSecret>('/webhooks', input, { silent: true }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, patch }: { id: string; patch: UpdateWebhook }) =>
    api.patch<Webhook>(`/webhooks/${id}`, patch, { silent: true }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api.delete<boolean>(`/webhooks/${id}`, undefined, { silent: true }));

export const useRotateSecret = () =>
  useWebhookMutation((id: string) =>
    api.post<WebhookWithSecret>(`/webhooks/${id}/rotate-secret`, {}, { silent: true }),
  );

export const useSendTest = () =>
  useWebhookMutation((id: string) => api.post<WebhookDelivery>(`/webhooks/${id}/test`, {}, { silent: true }));

export const useRedeliver = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {}, { silent: true }),
  );

// Another admin (or the sender pausing one) changed something: the list and logs reload.
registerRealtimeUpdater('webhooks.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: webhooksKeys.all });
});
