import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { memberships, tenants, webhookDeliveries, webhooks } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { newSecret } from '../../../server/signing.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import type {} from '../webhooks.events.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import {
  type CreateWebhook,
  type DeliveryQuery,
  type DeliveryStatus,
  ROTATION_OVERLAP_HOURS,
  type RotateSecret,
  TEST_KIND,
  type UpdateWebhook,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookPayload,
  type WebhookWithSecret,
} from '../webhooks.schemas.ts';
import { isPrivateUrl } from './webhooks.destination.ts';
import { sealSecret } from './webhooks.secrets.ts';

// Outbound webhooks (decision 097): an admin's subscriptions, their secrets, the test and the
// delivery log. The outbox is written by webhooks.outbox.ts, the sending by webhooks.delivery.ts.

/** What the service needs of the server's configuration. */
export interface WebhookSettings {
  allowPrivate: boolean;
  /** Seals the signing secrets (webhooks.secrets.ts). */
  keyring: VaultKeyring;
}

const lastDelivery = sql<{ status: DeliveryStatus; at: string; responseStatus: number | null } | null>`(
  select json_build_object('status', d.status, 'at', coalesce(d.last_attempt_at, d.created_at),
    'responseStatus', d.response_status)
  from ${webhookDeliveries} d where d.webhook_id = ${webhooks.id}
  order by d.created_at desc, d.id desc limit 1)`;

const webhookColumns = {
  id: webhooks.id,
  url: webhooks.url,
  description: webhooks.description,
  kinds: webhooks.kinds,
  pausedAt: webhooks.pausedAt,
  pausedReason: webhooks.pausedReason,
  failuresInRow: webhooks.failuresInRow,
  previousSecretUntil: webhooks.previousSecretUntil,
  createdAt: webhooks.createdAt,
  lastDelivery,
};

type WebhookRow = {
  id: string;
  url: string;
  description: string;
  kinds: string[];
  pausedAt: Date | null;
  pausedReason: string | null;
  failuresInRow: number;
  previousSecretUntil: Date | null;
  createdAt: Date;
  lastDelivery: { status: DeliveryStatus; at: string; responseStatus: number | null } | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  kinds: row.kinds,
  paused: row.pausedAt !== null,
  pausedAt: iso(row.pausedAt),
  pausedReason: row.pausedReason,
  failuresInRow: row.failuresInRow,
  previousSecretUntil:
    row.previousSecretUntil && row.previousSecretUntil > new Date() ? iso(row.previousSecretUntil) : null,
  createdAt: row.createdAt.toISOString(),
  lastDelivery: row.lastDelivery ? { ...row.lastDelivery, at: new Date(row.lastDelivery.at).toISOString() } : null,
});

const inWorkspace = (ctx: TenantContext, id: string) => and(eq(webhooks.id, id), eq(webhooks.tenantId, ctx.tenantId));

const readWebhook = async (ctx: TenantContext, id: string): Promise<Webhook> => {
  const [row] = await ctx.db.select(webhookColumns).from(webhooks).where(inWorkspace(ctx, id));
  if (!row) throw notFound();
  return toWebhook(row);
};

/** Tells every admin's Integrations page to reload; also wakes the sender once committed. */
const announce = async (ctx: TenantContext, webhookId: string) => {
  const admins = await ctx.db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        eq(memberships.isAdmin, ADMIN_FLAG.yes),
        eq(memberships.disabled, false),
      ),
    );
  for (const { id } of admins)
    ctx.publish({ tenantId: ctx.tenantId, receiverId: id, type: 'webhooks.changed', data: { webhookId } });
};

const assertAllowedUrl = (url: string, settings: WebhookSettings) => {
  if (!settings.allowPrivate && isPrivateUrl(url)) throw badRequest({ url: webhooksMessages.urlPrivate });
};

export const listWebhooks = async (ctx: TenantContext): Promise<Webhook[]> => {
  assertWorkspaceAdmin(ctx);
  const rows = await ctx.db
    .select(webhookColumns)
    .from(webhooks)
    .where(eq(webhooks.tenantId, ctx.tenantId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
    .limit(WEBHOOKS_MAX);
  return rows.map(toWebhook);
};

export const getWebhook = async (ctx: TenantContext, id: string): Promise<Webhook> => {
  assertWorkspaceAdmin(ctx);
  return readWebhook(ctx, id);
};

/** A new subscription; the answer is the only place its secret is shown. */
export const createWebhook = async (
  ctx: TenantContext,
  input: CreateWebhook,
  settings: WebhookSettings,
): Promise<WebhookWithSecret> => {
  assertWorkspaceAdmin(ctx);
  assertAllowedUrl(input.url, settings);
  const [existing] = await ctx.db.select({ n: count() }).from(webhooks).where(eq(webhooks.tenantId, ctx.tenantId));
  if ((existing?.n ?? 0) >= WEBHOOKS_MAX) throw conflict(webhooksMessages.tooMany(WEBHOOKS_MAX));
  const secret = newSecret();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      tenantId: ctx.tenantId,
      url: input.url,
      description: input.description ?? '',
      kinds: input.kinds,
      sealedSecret: await sealSecret(ctx.db, settings.keyring, ctx.tenantId, secret),
      createdBy: ctx.userId,
    })
    .returning({ id: webhooks.id });
  await announce(ctx, row!.id);
  return { ...(await readWebhook(ctx, row!.id)), secret };
};

/** Changes the address, kinds or description; pauses or resumes (a resume starts the failure count again). */
export const updateWebhook = async (
  ctx: TenantContext,
  id: string,
  patch: UpdateWebhook,
  settings: WebhookSettings,
): Promise<Webhook> => {
  assertWorkspaceAdmin(ctx);
  if (patch.url !== undefined) assertAllowedUrl(patch.url, settings);
  const pause =
    patch.paused === undefined
      ? {}
      : patch.paused
        ? { pausedAt: sql`coalesce(${webhooks.pausedAt}, now())`, pausedReason: null }
        : { pausedAt: null, pausedReason: null, failuresInRow: 0 };
  const [row] = await ctx.db
    .update(webhooks)
    .set({
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.kinds !== undefined ? { kinds: patch.kinds } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...pause,
      changedAt: new Date(),
    })
    .where(inWorkspace(ctx, id))
    .returning({ id: webhooks.id });
  if (!row) throw notFound();
  await announce(ctx, id);
  return readWebhook(ctx, id);
};

export const deleteWebhook = async (ctx: TenantContext, id: string): Promise<boolean> => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db.delete(webhooks).where(inWorkspace(ctx, id)).returning({ id: webhooks.id });
  if (!row) throw notFound();
  await announce(ctx, id);
  return true;
};

/**
 * A new secret, answered once. The old one keeps signing alongside it for `overlapHours` (24 by
 * default), so receivers can switch without missing a delivery.
 */
export const rotateSecret = async (
  ctx: TenantContext,
  id: string,
  input: RotateSecret,
  settings: WebhookSettings,
): Promise<WebhookWithSecret> => {
  assertWorkspaceAdmin(ctx);
  const secret = newSecret();
  const hours = input.overlapHours ?? ROTATION_OVERLAP_HOURS.default;
  const [row] = await ctx.db
    .update(webhooks)
    .set({
      sealedPreviousSecret: sql`${webhooks.sealedSecret}`,
      previousSecretUntil: sql`now() + ${`${hours} hours`}::interval`,
      sealedSecret: await sealSecret(ctx.db, settings.keyring, ctx.tenantId, secret),
      changedAt: new Date(),
    })
    .where(inWorkspace(ctx, id))
    .returning({ id: webhooks.id });
  if (!row) throw notFound();
  await announce(ctx, id);
  return { ...(await readWebhook(ctx, id)), secret };
};

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  kind: row.kind,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  responseMs: row.responseMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  deliveredAt: iso(row.deliveredAt),
});

/** Queues a `webhook.test` delivery (sent even while the webhook is paused, never retried). */
export const sendTest = async (ctx: TenantContext, id: string): Promise<WebhookDelivery> => {
  assertWorkspaceAdmin(ctx);
  const [hook] = await ctx.db
    .select({ id: webhooks.id, workspace: tenants.name })
    .from(webhooks)
    .innerJoin(tenants, eq(tenants.id, webhooks.tenantId))
    .where(inWorkspace(ctx, id));
  if (!hook) throw notFound();
  const eventId = randomUUID();
  const payload: WebhookPayload = {
    id: eventId,
    kind: TEST_KIND,
    createdAt: new Date().toISOString(),
    workspace: { id: ctx.tenantId, name: hook.workspace },
    data: { webhookId: id, message: 'A test delivery from Cadence.' },
  };
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({ tenantId: ctx.tenantId, webhookId: id, eventId, kind: TEST_KIND, body: JSON.stringify(payload) })
    .returning();
  await announce(ctx, id);
  return toDelivery(row!);
};

/** The webhook's deliveries, newest first, a page at a time with the total. */
export const listDeliveries = async (
  ctx: TenantContext,
  id: string,
  query: DeliveryQuery,
): Promise<WebhookDeliveryPage> => {
  assertWorkspaceAdmin(ctx);
  const where = and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.tenantId, ctx.tenantId));
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries, total: windowTotal() })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit)
    .offset(query.offset);
  const total = await pageTotal(rows, query.offset, async () => {
    const [hook] = await ctx.db.select({ id: webhooks.id }).from(webhooks).where(inWorkspace(ctx, id));
    if (!hook) throw notFound();
    return (await ctx.db.select({ n: count() }).from(webhookDeliveries).where(where))[0]?.n ?? 0;
  });
  if (rows.length === 0 && query.offset === 0) {
    // An empty first page: the webhook may not exist here at all.
    const [hook] = await ctx.db.select({ id: webhooks.id }).from(webhooks).where(inWorkspace(ctx, id));
    if (!hook) throw notFound();
  }
  return { items: rows.map((row) => toDelivery(row.delivery)), total, offset: query.offset };
};

/** Sends a delivery again: a new row with the same event id and body, due now. */
export const redeliver = async (ctx: TenantContext, id: string, deliveryId: string): Promise<WebhookDelivery> => {
  assertWorkspaceAdmin(ctx);
  const [source] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.webhookId, id),
        eq(webhookDeliveries.tenantId, ctx.tenantId),
      ),
    );
  if (!source) throw notFound();
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      tenantId: ctx.tenantId,
      webhookId: id,
      eventId: source.eventId,
      kind: source.kind,
      body: source.body,
    })
    .returning();
  await announce(ctx, id);
  return toDelivery(row!);
};
