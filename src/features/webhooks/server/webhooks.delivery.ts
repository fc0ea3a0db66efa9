import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../../db/client.ts';
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

// The delivery job (decision 097), run on every instance. A batch of due deliveries is claimed with
// FOR UPDATE SKIP LOCKED, so two instances never send the same one: on PostgreSQL the locks are held
// until the batch's outcomes are written, on the embedded database a lease in `claimed_until` stands
// for them; a claim whose sender died is released (or runs out) and is taken again. Failures are retried with exponential backoff for 24 hours; after `pauseAfter` failed
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
  /** This attempt's number. */
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
 * On PostgreSQL a batch is claimed by its rows' locks, held in one transaction while it is sent and
 * its outcomes written, so each row is written once (its outcome) and a sender that dies releases
 * them with its connection. The embedded database runs one transaction at a time for the whole
 * server, so there a batch is leased instead (`claimed_until`), outside any transaction.
 */
const poolOf = (db: Db) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

const ignore = () => {};
const tolerant = new WeakSet<pg.Pool>();
/**
 * A connection may be lost while it holds a batch (the database restarts, an admin ends it): the
 * batch's transaction then fails and its rows go back to the queue. node-postgres tells of such a
 * loss as an 'error' event on the connection, which would be an uncaught error while no query runs
 * on it; the pool drops a connection that can no longer query when it comes back.
 */
const tolerateLostConnections = (pool: pg.Pool) => {
  if (tolerant.has(pool)) return;
  tolerant.add(pool);
  pool.on('acquire', (client) => {
    if (!client.listeners('error').includes(ignore)) client.on('error', ignore);
  });
};

/**
 * The lease of a claim: longer than the whole batch may take (each lane sends its share one after
 * another, each up to the timeout), so nobody else sends it meanwhile.
 */
const leaseMs = (timeoutMs: number, batch: number, concurrency: number) =>
  timeoutMs * (Math.ceil(batch / concurrency) + 1) + 5_000;

/**
 * Locks up to `batch` due deliveries, skipping those another sender holds, with what signing them
 * needs. The due index is walked in order and stops at the batch (no bitmap scan, set by the
 * caller): a queue's index holds many entries of rows already sent until vacuum removes them, and
 * only an index scan marks them dead as it passes, so the next claim skips them instead of visiting
 * every one again. The webhook's state is looked up per row rather than joined, so that a long
 * queue (receivers down, or the sender yielding to a busy API) is never read whole and sorted to
 * find its first rows. A lease still running (the embedded database's way) is respected too.
 */
const lockDue = async (tx: Db, batch: number): Promise<Claimed[]> =>
  (
    (await tx.execute(sql`
    with due as (
      select d.id, d.tenant_id, d.webhook_id, d.event_id, d.kind, d.body, d.attempts + 1 as attempts, d.next_attempt_at
      from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.claimed_until is null or d.claimed_until < now())
        and coalesce((select (w.paused_at is null or d.kind = ${TEST_KIND}) and w.sealed_secret is not null
          from webhooks w where w.id = d.webhook_id), false)
      order by d.next_attempt_at
      limit ${batch}
      for update of d skip locked)
    select due.id, due.tenant_id, due.webhook_id, due.event_id, due.kind, due.body, due.attempts, w.url,
      w.sealed_secret, w.sealed_previous_secret, k.wrapped_key, k.master_key_id,
      coalesce(w.previous_secret_until > now(), false) as previous_valid
    from due
    join webhooks w on w.id = due.webhook_id
    join vault_keys k on k.tenant_id = due.tenant_id
    order by due.next_attempt_at`)) as unknown as { rows: Claimed[] }
  ).rows;

/** The embedded database's claim: the locked rows get a lease and their attempt counted, then committed. */
const lease = (deps: JobDeps, batch: number, concurrency: number, timeoutMs: number): Promise<Claimed[]> =>
  deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const claimed = await lockDue(tx, batch);
    if (claimed.length === 0) return claimed;
    await tx.execute(sql`
      update webhook_deliveries
        set claimed_until = now() + ${`${leaseMs(timeoutMs, batch, concurrency)} milliseconds`}::interval,
          attempts = attempts + 1, last_attempt_at = now()
      where id = any(${sql.param(claimed.map((d) => d.id))}::uuid[])`);
    return claimed;
  });

/** Opens each webhook's secrets once per batch: every delivery to it is signed with the same. */
const secretsOpener = (keyring: VaultKeyring) => {
  const opened = new Map<string, string[] | null>();
  return (delivery: Claimed): string[] | null => {
    if (opened.has(delivery.webhook_id)) return opened.get(delivery.webhook_id)!;
    let secrets: string[] | null;
    try {
      secrets = openSecrets(
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
    } catch {
      // The workspace's key does not open (another master key, or altered): nothing can be signed.
      secrets = null;
    }
    opened.set(delivery.webhook_id, secrets);
    return secrets;
  };
};

const headersOf = (delivery: Claimed, secrets: readonly string[]) => ({
  'content-type': 'application/json',
  'user-agent': 'Cadence-Webhooks/1',
  'cadence-event-id': delivery.event_id,
  'cadence-event-kind': delivery.kind,
  'cadence-delivery-id': delivery.id,
  'cadence-signature': signatureHeader(secrets, Math.floor(Date.now() / 1000), delivery.body),
});

/** The wait after attempt number `attempts` failed. */
export const backoffMs = (attempts: number, baseMs: number = DELIVERY_DEFAULTS.backoffBaseMs) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), DELIVERY_DEFAULTS.backoffMaxMs);

type Settings = Required<Omit<DeliveryOptions, 'allowPrivate' | 'batch' | 'concurrency'>>;

/** How an attempt ended. */
interface Outcome {
  delivery: Claimed;
  status: number | null;
  ms: number;
  error: string | null;
}

const isSuccess = (outcome: Outcome) =>
  outcome.status !== null && outcome.status >= 200 && outcome.status < 300 && !outcome.error;

/**
 * Writes a batch's outcomes to its rows: the successes in one statement, each failure with its
 * retry (or given up). `counted`: the claim already counted the attempt (a lease); else it is
 * counted here, in the claim's transaction, whose `now()` is when the attempt began. Times of the
 * outcome are the statement's, not the transaction's.
 */
const writeOutcomes = async (db: Db, outcomes: Outcome[], counted: boolean, backoffBaseMs: number) => {
  const attempt = counted ? sql`` : sql`, attempts = d.attempts + 1, last_attempt_at = now()`;
  const done = outcomes.filter(isSuccess);
  if (done.length > 0)
    await db.execute(sql`
      update webhook_deliveries d set status = 'succeeded', response_status = r.status, response_ms = r.ms,
        error = null, delivered_at = statement_timestamp(), claimed_until = null${attempt}
      from unnest(${sql.param(done.map((d) => d.delivery.id))}::uuid[], ${sql.param(done.map((d) => d.status))}::int[],
        ${sql.param(done.map((d) => d.ms))}::int[]) as r(id, status, ms)
      where d.id = r.id`);
  const retryFor = `${DELIVERY_DEFAULTS.retryForMs} milliseconds`;
  for (const { delivery, status, ms, error } of outcomes.filter((outcome) => !isSuccess(outcome))) {
    const wait = `${backoffMs(delivery.attempts, backoffBaseMs)} milliseconds`;
    await db.execute(sql`
      update webhook_deliveries d set response_status = ${status}, response_ms = ${ms},
        error = ${error ?? (status === null ? null : `HTTP ${status}`)}, claimed_until = null${attempt},
        next_attempt_at = statement_timestamp() + ${wait}::interval,
        status = case when created_at + ${retryFor}::interval < statement_timestamp() + ${wait}::interval
          or kind = ${TEST_KIND} then 'failed' else 'pending' end
      where id = ${delivery.id}`);
  }
};

/**
 * What a batch's outcomes do to their webhooks, once the outcomes are committed: each failure
 * counts toward a pause, then a success starts the count again.
 */
const countOutcomes = async (deps: JobDeps, outcomes: Outcome[], settings: Settings) => {
  for (const outcome of outcomes)
    if (!isSuccess(outcome) && outcome.delivery.kind !== TEST_KIND)
      await countFailure(deps, outcome.delivery, settings);
  const hooks = [...new Set(outcomes.filter(isSuccess).map((d) => d.delivery.webhook_id))];
  if (hooks.length > 0)
    await deps.db.execute(sql`
      update webhooks set failures_in_row = 0
      where id = any(${sql.param(hooks)}::uuid[]) and failures_in_row <> 0`);
};

/** Counts a failed attempt; pauses the webhook when it fails too often, and tells the admins. */
const countFailure = async (deps: JobDeps, delivery: Claimed, options: Settings) => {
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

/** Signs and sends a batch, a few requests at a time (the sender shares the server's cores with the API). */
const sendAll = async (
  claimed: Claimed[],
  keyring: VaultKeyring,
  options: { allowPrivate: boolean; timeoutMs: number; concurrency: number },
): Promise<Outcome[]> => {
  const secretsOf = secretsOpener(keyring);
  const outcomes: Outcome[] = [];
  const send = async (delivery: Claimed) => {
    const secrets = secretsOf(delivery);
    if (!secrets) {
      outcomes.push({ delivery, status: null, ms: 0, error: webhooksMessages.secretUnavailable });
      return;
    }
    const result = await sendTo(delivery.url, delivery.body, headersOf(delivery, secrets), {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
    });
    outcomes.push({ delivery, ...result });
  };
  const queue = [...claimed];
  const lanes = Math.min(queue.length, options.concurrency);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    }),
  );
  return outcomes;
};

/**
 * Sends one batch of due deliveries (a few at a time) and records each outcome; returns how many it
 * claimed (0: nothing was due).
 */
export const deliverDueWebhooks = async (deps: JobDeps, options: DeliveryOptions): Promise<number> => {
  const settings: Settings = {
    timeoutMs: options.timeoutMs ?? DELIVERY_DEFAULTS.timeoutMs,
    backoffBaseMs: options.backoffBaseMs ?? DELIVERY_DEFAULTS.backoffBaseMs,
    pauseAfter: options.pauseAfter ?? DELIVERY_DEFAULTS.pauseAfter,
  };
  const batch = options.batch ?? DELIVERY_DEFAULTS.batch;
  const sending = {
    allowPrivate: options.allowPrivate,
    timeoutMs: settings.timeoutMs,
    concurrency: options.concurrency ?? DELIVERY_DEFAULTS.concurrency,
  };
  let outcomes: Outcome[];
  const pool = poolOf(deps.db);
  if (pool) {
    tolerateLostConnections(pool);
    outcomes = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const claimed = await lockDue(tx, batch);
      const sent = await sendAll(claimed, deps.vaultKeyring, sending);
      await writeOutcomes(tx, sent, false, settings.backoffBaseMs);
      return sent;
    });
  } else {
    const claimed = await lease(deps, batch, sending.concurrency, settings.timeoutMs);
    outcomes = await sendAll(claimed, deps.vaultKeyring, sending);
    await writeOutcomes(deps.db, outcomes, true, settings.backoffBaseMs);
  }
  await countOutcomes(deps, outcomes, settings);
  return outcomes.length;
};
