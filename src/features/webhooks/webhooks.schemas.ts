import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { pageOf, pageParams } from '../../shared/validation.ts';
import { webhooksMessages } from './webhooks.messages.ts';

// Outbound webhooks' wire shapes (decision 097), for the server and the client alike.

/** What an admin may subscribe to; each delivery's `kind` is one of these (or `webhook.test`). */
export const WEBHOOK_KINDS = [
  'task.created',
  'task.changed',
  'task.done',
  'issue.solved',
  'meeting.started',
  'meeting.finished',
  'kpi.valueEntered',
  'goal.statusChanged',
  'person.added',
  'person.disabled',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const TEST_KIND = 'webhook.test';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The header with the signatures: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
export const SIGNATURE_HEADER = 'cadence-signature';

export const WEBHOOKS_MAX = 20;
/** Days a delivery stays in the log once it was sent or given up. */
export const DELIVERY_RETENTION_DAYS = 30;
export const DELIVERIES_PAGE = { size: 20, max: 100 } as const;
/** How long a rotated-out secret keeps signing, by default and at most. */
export const ROTATION_OVERLAP_HOURS = { default: 24, max: 168 } as const;

const ZUrl = z
  .string({ error: (issue) => (issue.input === undefined ? messages.required : webhooksMessages.urlInvalid) })
  .trim()
  .max(2000, { error: webhooksMessages.urlInvalid })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username;
      } catch {
        return false;
      }
    },
    { error: webhooksMessages.urlInvalid },
  );

const ZKinds = z
  .array(z.enum(WEBHOOK_KINDS, { error: webhooksMessages.kindUnknown }), {
    error: (issue) => (issue.input === undefined ? messages.required : webhooksMessages.kindsRequired),
  })
  .min(1, { error: webhooksMessages.kindsRequired })
  .max(WEBHOOK_KINDS.length)
  .refine((kinds) => new Set(kinds).size === kinds.length, { error: webhooksMessages.kindRepeated });

export const ZCreateWebhook = z.strictObject({
  url: ZUrl,
  kinds: ZKinds,
  description: z.string().trim().max(200).optional(),
});
export type CreateWebhook = z.infer<typeof ZCreateWebhook>;

export const ZUpdateWebhook = z.strictObject({
  url: ZUrl.optional(),
  kinds: ZKinds.optional(),
  description: z.string().trim().max(200).optional(),
  /** true pauses it; false resumes it (its failures in a row start again from 0). */
  paused: z.boolean().optional(),
});
export type UpdateWebhook = z.infer<typeof ZUpdateWebhook>;

export const ZRotateSecret = z.strictObject({
  /** How long the old secret keeps signing alongside the new one (0: stops at once). */
  overlapHours: z.number().int().min(0).max(ROTATION_OVERLAP_HOURS.max).optional(),
});
export type RotateSecret = z.infer<typeof ZRotateSecret>;

export const ZWebhook = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    kinds: z.array(z.string()),
    paused: z.boolean(),
    pausedAt: z.string().nullable(),
    pausedReason: z.string().nullable(),
    failuresInRow: z.number(),
    /** Set while a rotated-out secret still signs too (ISO instant). */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
    lastDelivery: z
      .object({ status: z.enum(DELIVERY_STATUSES), at: z.string(), responseStatus: z.number().nullable() })
      .nullable(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof ZWebhook>;

export const ZWebhookWithSecret = ZWebhook.extend({
  secret: z.string().meta({ description: 'The signing secret: shown this once, never again' }),
}).meta({ id: 'WebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZWebhookDelivery = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    kind: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    responseStatus: z.number().nullable(),
    responseMs: z.number().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = pageOf(ZWebhookDelivery).meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

export const ZDeliveryQuery = z.strictObject(pageParams(DELIVERIES_PAGE));
export type DeliveryQuery = z.infer<typeof ZDeliveryQuery>;

export const ZWebhookId = z.strictObject({ id: z.uuid({ error: messages.notFound }) });
export const ZDeliveryIds = z.strictObject({
  id: z.uuid({ error: messages.notFound }),
  deliveryId: z.uuid({ error: messages.notFound }),
});

/** The JSON body of every delivery. */
export interface WebhookPayload {
  id: string;
  kind: string;
  createdAt: string;
  workspace: { id: string; name: string };
  data: unknown;
}
