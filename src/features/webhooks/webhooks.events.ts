/** Real-time payloads of webhooks: ids only; the admins' lists reload. */
export interface WebhooksEvents {
  /** A webhook was added, changed, paused, deleted, or one of its deliveries was queued. */
  'webhooks.changed': { webhookId: string };
}

declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends WebhooksEvents {}
}
