import { and, eq, sql } from 'drizzle-orm';
import { memberships } from '../../../db/schema/index.ts';
import { inJobTransaction, type JobDeps } from '../../../server/jobs/jobTransaction.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { signatureHeader } from '../../../server/signing.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { notifyMany } from '../../notifications/server/notifications.service.ts';
import { webhooksMessages } from '../webhooks.messages.ts';
import { TEST_KIND } from '../webhooks.schemas.ts';
import { sendTo } from './webhooks.destination.ts';
import { openSecrets } from './webhooks.secrets.ts';

// The delivery job (decision 097), run by the job runner on every instance. A batch of due
// deliveries is claimed in one statement (FOR UPDATE SKIP LOCKED, then a lease in `claimed_until`),
// so two instances never send the same one; a claim whose instance died runs out and is taken
// again. Failures are retried with exponential backoff for 24 hours; after `pauseAfter` failed
// attempts in a row the webhook is paused and the workspace's admins are told.

export interface DeliveryOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: send to private, loopback and link-local addresses too. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Deliveries claimed per batch. */
  batch?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** The first retry's wait; each next one doubles, up to an hour. */
  backoffBaseMs?: number;
  /** Failed attempts in a row that pause a webhook. */
  pauseAfter?: number;
}

export const DELIVERY_DEFAULTS = {
  timeoutMs: 10_000,
  batch: 50,
  concurrency: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 3_600_000,
  /** How long retries go on, counted from when the delivery was queued. */
  retryForMs: 24 * 3_600_000,
  pauseAfter: 20,
} as const;

interface Claimed {
  id: string;
  tenant_id: string;
  webhook_id: string;
  event_id: string;
  kind: string;
  body: string;
  attempts: number;
  url: string;
  /** bytea: a Buffer from node-postgres, a Uint8Array from the embedded database. */
  sealed_secret: Uint8Array;
  sealed_previous_secret: Uint8Array | null;
  wrapped_key: Uint8Array;
  master_key_id: string;
  previous_valid: boolean;
}

/**
 * The lease of a claim: longer than the whole batch may take (each lane sends its share one after
 * another, each up to the timeout), so nobody else sends it meanwhile.
 */
const leaseMs = (timeoutMs: number, batch: number, concurrency: number) =>
  timeoutMs * (Math.ceil(batch / concurrency) + 1) + 5_000;

/**
 * Claims up to `batch` due deliveries. The due index is walked in order (no bitmap scan): a queue's
 * index holds many entries of rows already sent until vacuum removes them, and only an index scan
 * marks them dead as it passes, so the next claim skips them instead of visiting every one again.
 */
const claim = async (deps: JobDeps, batch: number, concurrency: number, timeoutMs: number): Promise<Claimed[]> =>
  deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhooks w on w.id = d.webhook_id
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.claimed_until is null or d.claimed_until < now())
        and (w.paused_at is null or d.kind = ${TEST_KIND}) and w.sealed_secret is not null
      order by d.next_attempt_at
      limit ${batch}
      for update of d skip locked
    )
    update webhook_deliveries d
      set claimed_until = now() + ${`${leaseMs(timeoutMs, batch, concurrency)} milliseconds`}::interval,
        attempts = d.attempts + 1, last_attempt_at = now()
      from due, webhooks w, vault_keys k
      where d.id = due.id and w.id = d.webhook_id and k.tenant_id = d.tenant_id
      returning d.id, d.tenant_id, d.webhook_id, d.event_id, d.kind, d.body, d.attempts, w.url, w.sealed_secret,
        w.sealed_previous_secret, k.wrapped_key, k.master_key_id,
        coalesce(w.previous_secret_until > now(), false) as previous_valid`);
    return (result as unknown as { rows: Claimed[] }).rows;
  });

const headersOf = (delivery: Claimed, keyring: VaultKeyring) => {
  const secrets = openSecrets(
    keyring,
    {
      tenantId: delivery.tenant_id,
      secret: Buffer.from(delivery.sealed_secret),
      previous: delivery.sealed_previous_secret && Buffer.from(delivery.sealed_previous_secret),
      wrappedKey: Buffer.from(delivery.wrapped_key),
      masterKeyId: delivery.master_key_id,
    },
    delivery.previous_valid,
  );
  return {
    'content-type': 'application/json',
    'user-agent': 'Cadence-Webhooks/1',
    'cadence-event-id': delivery.event_id,
    'cadence-event-kind': delivery.kind,
    'cadence-delivery-id': delivery.id,
    'cadence-signature': signatureHeader(secrets, Math.floor(Date.now() / 1000), delivery.body),
  };
};

/** The wait before attempt `attempts + 1`. */
export const backoffMs = (attempts: number, baseMs: number = DELIVERY_DEFAULTS.backoffBaseMs) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), DELIVERY_DEFAULTS.backoffMaxMs);

/** Writes a batch's successes in two statements, whatever their number. */
const succeeded = async (deps: JobDeps, done: { delivery: Claimed; status: number; ms: number }[]) => {
  if (done.length === 0) return;
  await deps.db.execute(sql`
    update webhook_deliveries d set status = 'succeeded', response_status = r.status, response_ms = r.ms,
      error = null, delivered_at = now(), claimed_until = null
    from unnest(${sql.param(done.map((d) => d.delivery.id))}::uuid[], ${sql.param(done.map((d) => d.status))}::int[],
      ${sql.param(done.map((d) => d.ms))}::int[]) as r(id, status, ms)
    where d.id = r.id`);
  const hooks = [...new Set(done.map((d) => d.delivery.webhook_id))];
  await deps.db.execute(sql`
    update webhooks set failures_in_row = 0
    where id = any(${sql.param(hooks)}::uuid[]) and failures_in_row <> 0`);
};

/** Writes the failed attempt and its retry (or gives up); pauses the webhook when it fails too often. */
const failed = async (
  deps: JobDeps,
  delivery: Claimed,
  result: { status: number | null; ms: number; error: string | null },
  options: Required<Omit<DeliveryOptions, 'allowPrivate' | 'batch' | 'concurrency'>>,
) => {
  const wait = backoffMs(delivery.attempts, options.backoffBaseMs);
  const retryFor = `${DELIVERY_DEFAULTS.retryForMs} milliseconds`;
  await deps.db.execute(sql`
    update webhook_deliveries set response_status = ${result.status}, response_ms = ${result.ms},
      error = ${result.error ?? (result.status === null ? null : `HTTP ${result.status}`)}, claimed_until = null,
      next_attempt_at = now() + ${`${wait} milliseconds`}::interval,
      status = case when created_at + ${retryFor}::interval < now() + ${`${wait} milliseconds`}::interval
        or kind = ${TEST_KIND} then 'failed' else 'pending' end
    where id = ${delivery.id}`);
  if (delivery.kind === TEST_KIND) return;
  // Counted and paused in one statement each, so two instances failing at once pause it once.
  const counted = (await deps.db.execute(sql`
    update webhooks set failures_in_row = failures_in_row + 1 where id = ${delivery.webhook_id}
    returning failures_in_row`)) as unknown as { rows: { failures_in_row: number }[] };
  const failures = counted.rows[0]?.failures_in_row ?? 0;
  if (failures < options.pauseAfter) return;
  await inJobTransaction(deps, async (ctx) => {
    const paused = (await ctx.db.execute(sql`
      update webhooks set paused_at = now(), paused_reason = ${webhooksMessages.pausedReason(failures)},
        changed_at = now()
      where id = ${delivery.webhook_id} and paused_at is null
      returning url`)) as unknown as { rows: { url: string }[] };
    const url = paused.rows[0]?.url;
    if (!url) return;
    const admins = await ctx.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, delivery.tenant_id),
          eq(memberships.isAdmin, ADMIN_FLAG.yes),
          eq(memberships.disabled, false),
        ),
      );
    await notifyMany({ ...ctx, userId: null }, [
      {
        tenantId: delivery.tenant_id,
        receiverIds: admins.map((admin) => admin.id),
        kind: 'webhookPaused',
        message: () => webhooksMessages.pausedNotice(url, failures),
        link: '/settings/administration',
      },
    ]);
    for (const admin of admins)
      ctx.publish({
        tenantId: delivery.tenant_id,
        receiverId: admin.id,
        type: 'webhooks.changed',
        data: { webhookId: delivery.webhook_id },
      });
  });
};

/**
 * Sends one batch of due deliveries (a few at a time) and records each outcome; returns how many it
 * claimed (0: nothing was due).
 */
export const deliverDueWebhooks = async (deps: JobDeps, options: DeliveryOptions): Promise<number> => {
  const settings = {
    timeoutMs: options.timeoutMs ?? DELIVERY_DEFAULTS.timeoutMs,
    backoffBaseMs: options.backoffBaseMs ?? DELIVERY_DEFAULTS.backoffBaseMs,
    pauseAfter: options.pauseAfter ?? DELIVERY_DEFAULTS.pauseAfter,
  };
  const concurrency = options.concurrency ?? DELIVERY_DEFAULTS.concurrency;
  const claimed = await claim(deps, options.batch ?? DELIVERY_DEFAULTS.batch, concurrency, settings.timeoutMs);
  const done: { delivery: Claimed; status: number; ms: number }[] = [];
  const send = async (delivery: Claimed) => {
    let headers: Record<string, string>;
    try {
      headers = headersOf(delivery, deps.vaultKeyring);
    } catch {
      // The workspace's key does not open (another master key, or altered): nothing can be signed.
      await failed(deps, delivery, { status: null, ms: 0, error: webhooksMessages.secretUnavailable }, settings);
      return;
    }
    const result = await sendTo(delivery.url, delivery.body, headers, {
      allowPrivate: options.allowPrivate,
      timeoutMs: settings.timeoutMs,
    });
    if (result.status !== null && result.status >= 200 && result.status < 300 && !result.error)
      done.push({ delivery, status: result.status, ms: result.ms });
    else await failed(deps, delivery, result, settings);
  };
  // A few requests in flight at a time: the sender shares the server's cores with the API.
  const queue = [...claimed];
  const lanes = Math.min(queue.length, concurrency);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    }),
  );
  await succeeded(deps, done);
  return claimed.length;
};
