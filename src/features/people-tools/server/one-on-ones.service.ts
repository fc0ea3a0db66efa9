import { and, eq, sql } from 'drizzle-orm';
import { oneOnOnePrivateNotes, oneOnOnes, talkingPointNotes, talkingPoints } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { createTask } from '../../tasks/server/tasks.service.ts';
import { ZCreateTask } from '../../tasks/tasks.schemas.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import type {
  ConvertPoint,
  CreatePoint,
  OneOnOne,
  TalkingPoint,
  UpdateOneOnOne,
  UpdatePoint,
} from '../people-tools.schemas.ts';
import { pulledInFor } from './agenda.query.ts';
import { assertPairWrite, auditRead, type PairAccess, pairAccess, publishToPair, type Reader } from './pairs.policy.ts';
import { getPair } from './pairs.service.ts';
import { notifyOneOnOneStarted } from './people-tools.notify.ts';

// One 1:1 of a pair: its talking points (this one's, the recurring ones, and one-offs left open
// in earlier 1:1s, which carry over until discussed), what is pulled in from the report's work,
// the shared notes and the caller's own private notes. Changes go to the pair's sockets only.

type Occurrence = typeof oneOnOnes.$inferSelect;

const occurrenceAccess = async (ctx: TenantContext, id: string): Promise<PairAccess & { occurrence: Occurrence }> => {
  const [occurrence] = await ctx.db
    .select()
    .from(oneOnOnes)
    .where(and(eq(oneOnOnes.tenantId, ctx.tenantId), eq(oneOnOnes.id, id)));
  if (!occurrence) throw notFound();
  return { ...(await pairAccess(ctx, occurrence.pairId)), occurrence };
};

interface PointRow {
  id: string;
  title: string;
  recurring: boolean;
  author: TalkingPoint['author'] | null;
  done: boolean;
  taskId: string | null;
  note: string | null;
  history: { heldOn: string; body: string }[] | string | null;
}

const parsed = <T>(value: T | string | null, fallback: T): T =>
  value === null ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The talking points shown in a 1:1, with their notes there and a recurring point's history: one statement. */
const readPoints = async (ctx: TenantContext, occurrence: Occurrence): Promise<TalkingPoint[]> => {
  const result = await ctx.db.execute(sql`
    select p.id, p.title, p.recurring, p.task_id as "taskId", p.done_at is not null as done, n.body as note,
      case when u.id is null then null else json_build_object('id', u.id, 'firstName', u.first_name,
        'lastName', u.last_name, 'image', u.image, 'deleted', u.deleted_at is not null) end as author,
      case when p.recurring then (select coalesce(json_agg(h order by h."heldOn" desc), '[]') from (
        select o.held_on::text as "heldOn", hn.body from talking_point_notes hn
        join one_on_ones o on o.id = hn.one_on_one_id
        where hn.point_id = p.id and o.held_on < ${occurrence.heldOn} and hn.body <> ''
        order by o.held_on desc limit 5) h) end as history
    from talking_points p
    left join users u on u.id = p.author_id
    left join talking_point_notes n on n.point_id = p.id and n.one_on_one_id = ${occurrence.id}
    left join one_on_ones origin on origin.id = p.one_on_one_id
    where p.tenant_id = ${ctx.tenantId} and p.pair_id = ${occurrence.pairId} and (
      p.one_on_one_id = ${occurrence.id}
      or (p.recurring and p.created_at <= coalesce(${occurrence.finishedAt}, now())
        and (p.closed_at is null or p.closed_at >= ${occurrence.startsAt}))
      or (${occurrence.finishedAt === null} and not p.recurring and p.done_at is null and p.task_id is null
        and p.closed_at is null and origin.held_on < ${occurrence.heldOn}))
    order by p.recurring desc, p.sort, p.created_at`);
  const rows = (result as unknown as { rows: PointRow[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    recurring: row.recurring,
    author: row.author ?? null,
    done: row.done,
    taskId: row.taskId,
    note: row.note ?? '',
    history: parsed(row.history, []),
  }));
};

/** A 1:1 as the caller may see it; an admin's read is audit-logged and, unless shared, has no content. */
export const getOneOnOne = async (ctx: TenantContext, reader: Reader, id: string): Promise<OneOnOne> => {
  const access = await occurrenceAccess(ctx, id);
  const { occurrence, role, contentVisible } = access;
  await auditRead(ctx, reader, access, 'oneOnOne', id);
  const pair = await getPair(ctx, occurrence.pairId);
  const [mine] =
    role === 'admin'
      ? []
      : await ctx.db
          .select({ body: oneOnOnePrivateNotes.body })
          .from(oneOnOnePrivateNotes)
          .where(and(eq(oneOnOnePrivateNotes.oneOnOneId, id), eq(oneOnOnePrivateNotes.userId, ctx.userId)));
  return {
    id,
    pairId: occurrence.pairId,
    heldOn: occurrence.heldOn,
    startsAt: occurrence.startsAt.toISOString(),
    startedAt: occurrence.startedAt?.toISOString() ?? null,
    finishedAt: occurrence.finishedAt?.toISOString() ?? null,
    manager: pair.manager,
    report: pair.report,
    role,
    contentVisible,
    sharedNotes: contentVisible ? occurrence.sharedNotes : null,
    privateNotes: role === 'admin' ? null : (mine?.body ?? ''),
    points: contentVisible ? await readPoints(ctx, occurrence) : [],
    pulledIn: role === 'admin' ? null : await pulledInFor(ctx, access.pair, occurrence),
  };
};

const changed = (ctx: TenantContext, access: PairAccess, oneOnOneId: string) =>
  publishToPair(ctx, access.pair, 'peopleTools.oneOnOneChanged', { pairId: access.pair.id, oneOnOneId });

/** Notes (shared, or the caller's private ones) and the 1:1's start and finish. */
export const updateOneOnOne = async (ctx: TenantContext, reader: Reader, id: string, input: UpdateOneOnOne) => {
  const access = await occurrenceAccess(ctx, id);
  assertPairWrite(access);
  const { occurrence } = access;
  if (input.state === 'finished' && !occurrence.startedAt) throw conflict(peopleToolsMessages.notStarted);
  const set: Partial<Occurrence> = {};
  if (input.sharedNotes !== undefined) set.sharedNotes = sanitizePlainText(input.sharedNotes);
  if (input.state === 'started' && !occurrence.startedAt) set.startedAt = new Date();
  if (input.state === 'finished' && !occurrence.finishedAt) set.finishedAt = new Date();
  if (Object.keys(set).length > 0) await ctx.db.update(oneOnOnes).set(set).where(eq(oneOnOnes.id, id));
  if (set.startedAt) await notifyOneOnOneStarted(ctx, access.pair);
  if (input.privateNotes !== undefined) {
    const body = sanitizePlainText(input.privateNotes);
    await ctx.db
      .insert(oneOnOnePrivateNotes)
      .values({ oneOnOneId: id, userId: ctx.userId, tenantId: ctx.tenantId, body })
      .onConflictDoUpdate({
        target: [oneOnOnePrivateNotes.oneOnOneId, oneOnOnePrivateNotes.userId],
        set: { body, changedAt: new Date() },
      });
  }
  // Private notes are nobody else's business: the other side is not even told they changed.
  if (input.sharedNotes !== undefined || input.state !== undefined) changed(ctx, access, id);
  return getOneOnOne(ctx, reader, id);
};

/** Either side adds a talking point to a 1:1 not yet finished. */
export const addTalkingPoint = async (ctx: TenantContext, id: string, input: CreatePoint): Promise<TalkingPoint> => {
  const access = await occurrenceAccess(ctx, id);
  assertPairWrite(access);
  if (access.occurrence.finishedAt) throw conflict(peopleToolsMessages.alreadyFinished);
  const [row] = await ctx.db
    .insert(talkingPoints)
    .values({
      tenantId: ctx.tenantId,
      pairId: access.pair.id,
      oneOnOneId: input.recurring ? null : id,
      title: sanitizePlainText(input.title),
      recurring: input.recurring,
      authorId: ctx.userId,
      sort: sql`(select coalesce(max(sort), -1) + 1 from talking_points where pair_id = ${access.pair.id})`,
    })
    .returning({ id: talkingPoints.id });
  changed(ctx, access, id);
  const points = await readPoints(ctx, access.occurrence);
  return points.find((point) => point.id === row!.id)!;
};

const pointIn = async (ctx: TenantContext, id: string, pointId: string) => {
  const access = await occurrenceAccess(ctx, id);
  assertPairWrite(access);
  const points = await readPoints(ctx, access.occurrence);
  const point = points.find((item) => item.id === pointId);
  if (!point) throw notFound();
  return { access, point };
};

/** Edits a talking point shown in a 1:1: its title, done (it then belongs to this 1:1), its note here, or stops a recurring one. */
export const updateTalkingPoint = async (
  ctx: TenantContext,
  id: string,
  pointId: string,
  input: UpdatePoint,
): Promise<TalkingPoint> => {
  const { access, point } = await pointIn(ctx, id, pointId);
  const set: Partial<typeof talkingPoints.$inferInsert> = {};
  if (input.title !== undefined) set.title = sanitizePlainText(input.title);
  if (input.done !== undefined) {
    set.doneAt = input.done ? new Date() : null;
    if (!point.recurring) set.oneOnOneId = id;
  }
  if (input.closed) set.closedAt = new Date();
  if (Object.keys(set).length > 0)
    await ctx.db
      .update(talkingPoints)
      .set(set)
      .where(and(eq(talkingPoints.tenantId, ctx.tenantId), eq(talkingPoints.id, pointId)));
  if (input.note !== undefined) {
    const body = sanitizePlainText(input.note);
    await ctx.db
      .insert(talkingPointNotes)
      .values({ pointId, oneOnOneId: id, tenantId: ctx.tenantId, body })
      .onConflictDoUpdate({
        target: [talkingPointNotes.pointId, talkingPointNotes.oneOnOneId],
        set: { body, changedAt: new Date() },
      });
  }
  changed(ctx, access, id);
  const points = await readPoints(ctx, access.occurrence);
  return points.find((item) => item.id === pointId) ?? { ...point, ...input, note: input.note ?? point.note };
};

/** A talking point becomes a to-do of the report (or an issue of a team meeting), in the same write. */
export const convertTalkingPoint = async (
  ctx: TenantContext,
  id: string,
  pointId: string,
  input: ConvertPoint,
): Promise<TalkingPoint> => {
  const { access, point } = await pointIn(ctx, id, pointId);
  if (point.taskId) throw conflict(peopleToolsMessages.alreadyConverted);
  const task = await createTask(
    ctx,
    ZCreateTask.parse({
      title: point.title,
      type: input.type === 'issue' ? TASK_TYPE.issue : TASK_TYPE.todo,
      userId: access.pair.reportId,
      // The manager follows what came out of their 1:1 (a to-do is otherwise its owner's alone).
      watchers: [access.pair.managerId],
      dueDate: input.type === 'todo' ? (input.dueDate ?? null) : null,
      meetingIds: input.type === 'issue' && input.meetingId ? [input.meetingId] : [],
    }),
  );
  await ctx.db
    .update(talkingPoints)
    .set({ taskId: task.id, doneAt: new Date(), oneOnOneId: point.recurring ? null : id })
    .where(eq(talkingPoints.id, pointId));
  changed(ctx, access, id);
  return { ...point, taskId: task.id, done: true };
};
