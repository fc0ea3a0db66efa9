import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tenants, webhooks } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { PendingEvent, TenantContext } from '../../../server/context.ts';
import type { EventOrigin, EventSink } from '../../../server/event-sinks.ts';
import { wakeDeliveries } from '../../../server/jobs/scheduler.ts';
import { AppError } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { getArchive } from '../../live/server/live.archive.ts';
import { getMeeting } from '../../meetings/server/meetings.service.ts';
import { getContact } from '../../people/server/directory.service.ts';
import { describeCards } from '../../tasks/server/cards.query.ts';
import type { WebhookKind, WebhookPayload } from '../webhooks.schemas.ts';

// The outbox (decision 097): a sink of the transaction's real-time events (server/event-sinks.ts).
// Before the change commits, each event some active webhook of its workspace subscribes to becomes
// a delivery row, its body the object as the API answers it, read now by the owning feature's own
// read. So a rolled-back change queues nothing, a committed one is never lost, and the body is the
// state the change made, whenever it is sent.

/** One thing that happened, as a webhook tells it, with how to read its object. */
interface Happening {
  tenantId: string;
  kind: WebhookKind;
  /** What makes it one happening in a transaction (a card changed twice is one `task.changed`). */
  key: string;
  load: (ctx: TenantContext) => Promise<unknown>;
}

/** Events whose deliveries are written in one statement at most. */
const INSERT_CHUNK = 100;

/** What a transaction tells its subscribers: each event once, with the webhooks it goes to. */
interface Told {
  tenantId: string;
  eventId: string;
  kind: WebhookKind;
  body: string;
  webhookIds: string[];
}

/**
 * Writes the deliveries of `told`, one row per event and webhook, sending each event's body to
 * the database once however many webhooks it goes to (the change's transaction waits on it).
 */
const writeDeliveries = async (tx: Db, told: Told[]) => {
  for (let start = 0; start < told.length; start += INSERT_CHUNK) {
    const chunk = told.slice(start, start + INSERT_CHUNK);
    const pairs = chunk.flatMap((event, index) => event.webhookIds.map((webhookId) => [index + 1, webhookId] as const));
    await tx.execute(sql`
      insert into webhook_deliveries (tenant_id, webhook_id, event_id, kind, body)
      select e.tenant_id, p.webhook_id, e.event_id, e.kind, e.body
      from unnest(${sql.param(pairs.map((pair) => pair[0]))}::int[], ${sql.param(pairs.map((pair) => pair[1]))}::uuid[])
        as p(event, webhook_id)
      join unnest(${sql.param(chunk.map((event) => event.tenantId))}::uuid[], ${sql.param(chunk.map((event) => event.eventId))}::uuid[],
        ${sql.param(chunk.map((event) => event.kind))}::text[], ${sql.param(chunk.map((event) => event.body))}::text[])
        with ordinality as e(tenant_id, event_id, kind, body, event) on e.event = p.event`);
  }
};
/** Stands for "nobody" where a read wants a person: a job's change. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A workspace admin's view, in the change's transaction: what the owning features' reads need. */
const readerIn = (db: Db, tenantId: string, origin: EventOrigin): TenantContext => {
  const refuse = () => {
    throw new Error('a webhook read may not write');
  };
  return {
    db,
    tenantId,
    userId: origin.userId ?? NOBODY,
    isAdmin: true,
    publish: refuse,
    sendMail: async () => refuse(),
    publicUrl: '',
    disconnect: refuse,
    leaveMeetingRoom: async () => refuse(),
    leaveWorkspace: refuse,
  };
};

/**
 * An object deleted later in the same transaction reads as not found: nothing to tell. Any other
 * failure is a fault that must not pass unseen, so it fails the change (and queues nothing).
 */
const goneAsNull = (error: unknown) => {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
};

/** The events that may tell of a subscribable happening (the rest never cost a query). */
const RELEVANT = new Set([
  'task.changed',
  'live.changed',
  'live.ended',
  'kpi.cell.changed',
  'people.changed',
  'workspace.memberJoined',
]);

/** The happenings of events other than cards'. */
const happeningsOf = (event: PendingEvent): Happening[] => {
  const { tenantId } = event;
  const e = event as PendingEvent<'live.changed' | 'live.ended' | 'kpi.cell.changed' | 'people.changed'>;
  switch (event.type) {
    case 'live.changed': {
      const data = (e as PendingEvent<'live.changed'>).data;
      if (!data.live) return [];
      return [
        {
          tenantId,
          kind: 'meeting.started',
          key: data.sessionId,
          load: async (ctx) => ({ sessionId: data.sessionId, meeting: await getMeeting(ctx, data.meetingId) }),
        },
      ];
    }
    case 'live.ended': {
      const data = (e as PendingEvent<'live.ended'>).data;
      if (data.cancelled) return [];
      return [
        {
          tenantId,
          kind: 'meeting.finished',
          key: data.sessionId,
          load: async (ctx) => ({ sessionId: data.sessionId, archive: await getArchive(ctx, data.sessionId) }),
        },
      ];
    }
    case 'kpi.cell.changed': {
      const data = (e as PendingEvent<'kpi.cell.changed'>).data;
      if (data.cell.measured === null) return [];
      return [
        {
          tenantId,
          kind: 'kpi.valueEntered',
          key: data.cell.id,
          load: async () => ({ meetingId: data.meetingId, cell: data.cell }),
        },
      ];
    }
    case 'people.changed':
    case 'workspace.memberJoined': {
      const data = (e as PendingEvent<'people.changed'>).data;
      const kind =
        event.type === 'workspace.memberJoined' || data.action === 'added'
          ? 'person.added'
          : data.action === 'disabled'
            ? 'person.disabled'
            : null;
      if (!kind) return [];
      return [{ tenantId, kind, key: data.userId, load: (ctx) => getContact(ctx, data.userId) }];
    }
    default:
      return [];
  }
};

/**
 * The happenings of card events: created, changed, and, when the status changed in this very
 * transaction (the `tasks_mark_changes` trigger sets `status_changed_at` to the transaction's
 * `now()`), done, solved or a goal's new status. One statement for all the cards.
 */
const cardHappenings = async (db: Db, events: PendingEvent<'task.changed'>[]): Promise<Happening[]> => {
  const created = new Set(events.filter((e) => e.data.action === 'created').map((e) => e.data.id));
  const changed = new Set(
    events.filter((e) => e.data.action === 'updated' && !created.has(e.data.id)).map((e) => e.data.id),
  );
  const ids = [...created, ...changed];
  if (ids.length === 0) return [];
  const rows = (
    (await db.execute(sql`
      select id, tenant_id, type, status, coalesce(status_changed_at = now(), false) as status_changed
      from tasks where ${anyOf(sql`id`, ids)}`)) as unknown as {
      rows: { id: string; tenant_id: string; type: string; status: string; status_changed: boolean }[];
    }
  ).rows;
  // Every card of the transaction is described at once (a fixed number of statements), on first need.
  let described: Promise<Map<string, unknown>> | undefined;
  const card = async (ctx: TenantContext, id: string) => {
    described ??= describeCards(
      ctx.db,
      rows.map((row) => ({ id: row.id })),
    ).then((list) => new Map(list.map((one) => [one.id, one])));
    return (await described).get(id) ?? null;
  };
  const happenings: Happening[] = [];
  for (const row of rows) {
    const add = (kind: WebhookKind) =>
      happenings.push({ tenantId: row.tenant_id, kind, key: row.id, load: (ctx) => card(ctx, row.id) });
    add(created.has(row.id) ? 'task.created' : 'task.changed');
    if (!row.status_changed || created.has(row.id)) continue;
    if (row.type === TASK_TYPE.goal) add('goal.statusChanged');
    else if (row.status === '1') {
      add('task.done');
      if (row.type === TASK_TYPE.issue) add('issue.solved');
    }
  }
  return happenings;
};

/** The sink app.ts registers: writes the deliveries of the transaction's events, wakes the sender once committed. */
export const enqueueWebhookEvents: EventSink = async (tx, events, origin) => {
  // A webhook's own change (a test or a redelivery queued) also wants the sender awake.
  const ownChange = events.some((event) => event.type === 'webhooks.changed');
  const relevant = events.filter((event) => RELEVANT.has(event.type));
  if (relevant.length === 0) return ownChange ? wakeDeliveries : undefined;
  const tenantIds = [...new Set(relevant.map((event) => event.tenantId))];
  const subscribed = await tx
    .select({ id: webhooks.id, tenantId: webhooks.tenantId, kinds: webhooks.kinds, workspace: tenants.name })
    .from(webhooks)
    .innerJoin(tenants, eq(tenants.id, webhooks.tenantId))
    .where(and(anyOf(webhooks.tenantId, tenantIds), isNull(webhooks.pausedAt)));
  if (subscribed.length === 0) return ownChange ? wakeDeliveries : undefined;
  const wanted = (tenantId: string, kind: string) =>
    subscribed.filter((hook) => hook.tenantId === tenantId && hook.kinds.includes(kind));
  const cardEvents = relevant.filter(
    (event): event is PendingEvent<'task.changed'> =>
      event.type === 'task.changed' &&
      !(event as PendingEvent<'task.changed'>).data.part &&
      subscribed.some((hook) => hook.tenantId === event.tenantId),
  );
  const happenings = [
    ...relevant.flatMap(happeningsOf),
    ...(cardEvents.length > 0 ? await cardHappenings(tx, cardEvents) : []),
  ];
  const seen = new Set<string>();
  const told: Told[] = [];
  const createdAt = new Date().toISOString();
  for (const happening of happenings) {
    const hooks = wanted(happening.tenantId, happening.kind);
    const key = `${happening.kind}/${happening.key}`;
    if (hooks.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const data = await happening.load(readerIn(tx, happening.tenantId, origin)).catch(goneAsNull);
    // Gone already (deleted later in the same transaction): nothing to tell.
    if (data === null) continue;
    const eventId = randomUUID();
    const payload: WebhookPayload = {
      id: eventId,
      kind: happening.kind,
      createdAt,
      workspace: { id: happening.tenantId, name: hooks[0]!.workspace },
      data,
    };
    told.push({
      tenantId: happening.tenantId,
      eventId,
      kind: happening.kind,
      body: JSON.stringify(payload),
      webhookIds: hooks.map((hook) => hook.id),
    });
  }
  await writeDeliveries(tx, told);
  return told.length > 0 || ownChange ? wakeDeliveries : undefined;
};
