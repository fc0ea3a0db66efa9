import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetings, sessionArchives, sessions, users } from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { lifecycle } from '../../../server/lifecycle.ts';
import { serverMessages } from '../../../server/server.messages.ts';
import { utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import { occurrences, type RecurrenceRule } from '../meetings.recurrence.ts';
import type { Session, SessionSummary, UpdateSession } from '../meetings.schemas.ts';
import { assertMeetingLeader, findVisibleMeeting } from './meetings.access.ts';

/** Sessions are kept this far ahead; a daily job moves the horizon on (src/server/jobs). */
export const SESSION_HORIZON_DAYS = 400;
/** A session stays "next" until this long after its start, unless finished (document 1 §9: 12 hours). */
export const NEXT_SESSION_GRACE_MS = 12 * 3600 * 1000;

const horizon = (now: Date, timezone: string) =>
  utcToZonedParts(new Date(now.getTime() + SESSION_HORIZON_DAYS * 86_400_000), timezone).date;

export type SessionRule = { id: string; tenantId: string } & RecurrenceRule;

/**
 * Makes a meeting's sessions match its rule. From `keepBefore` on, sessions that were not
 * held and that the rule no longer produces are removed, and the rule's dates are added or
 * moved to the rule's time. Sessions before `keepBefore`, and any that were started, are
 * history and stay as they are. A new meeting passes `keepBefore: null`: all its dates,
 * past ones included, are created.
 */
export const syncSessions = async (db: Db, meeting: SessionRule, keepBefore: Date | null) => {
  const wanted = occurrences(meeting, horizon(new Date(), meeting.timezone));
  const inScope = (startsAt: Date) => keepBefore === null || startsAt >= keepBefore;

  const existing = await db
    .select({
      id: sessions.id,
      sessionDate: sessions.sessionDate,
      startsAt: sessions.startsAt,
      startedAt: sessions.startedAt,
    })
    .from(sessions)
    .where(eq(sessions.meetingId, meeting.id));
  const byDate = new Map(existing.map((s) => [s.sessionDate, s]));
  const wantedDates = new Set(wanted.map((o) => o.date));

  const stale = existing.filter((s) => !s.startedAt && inScope(s.startsAt) && !wantedDates.has(s.sessionDate));
  if (stale.length > 0) {
    await db.delete(sessions).where(
      inArray(
        sessions.id,
        stale.map((s) => s.id),
      ),
    );
  }

  const toInsert = wanted.filter((o) => inScope(o.startsAt) && !byDate.has(o.date));
  if (toInsert.length > 0) {
    const added = await db
      .insert(sessions)
      .values(
        toInsert.map((o) => ({
          tenantId: meeting.tenantId,
          meetingId: meeting.id,
          sessionDate: o.date,
          startsAt: o.startsAt,
        })),
      )
      // Another instance's horizon job may have added the same date a moment ago.
      .onConflictDoNothing()
      .returning({ id: sessions.id });
    await lifecycle.raise(
      'meeting.sessionsAdded',
      { db },
      { meetingId: meeting.id, sessionIds: added.map((row) => row.id) },
    );
  }

  // A new start time moves the sessions still to come, in one statement.
  const moved = wanted.flatMap((o) => {
    const current = byDate.get(o.date);
    const moves =
      current && !current.startedAt && inScope(current.startsAt) && current.startsAt.getTime() !== o.startsAt.getTime();
    return moves ? [{ id: current.id, startsAt: o.startsAt }] : [];
  });
  if (moved.length > 0) {
    const cases = sql.join(
      moved.map((m) => sql`when ${m.id}::uuid then ${m.startsAt.toISOString()}::timestamptz`),
      sql` `,
    );
    await db
      .update(sessions)
      .set({ startsAt: sql`case ${sessions.id} ${cases} end` })
      .where(
        inArray(
          sessions.id,
          moved.map((m) => m.id),
        ),
      );
  }
};

export const sessionSummaryColumns = {
  id: sessions.id,
  meetingId: sessions.meetingId,
  sessionDate: sessions.sessionDate,
  startsAt: sessions.startsAt,
  startedAt: sessions.startedAt,
  finishedAt: sessions.finishedAt,
};

type SessionRow = { id: string; sessionDate: string; startsAt: Date; startedAt: Date | null; finishedAt: Date | null };

export const toSessionSummary = (row: SessionRow): SessionSummary => ({
  id: row.id,
  sessionDate: row.sessionDate,
  startsAt: row.startsAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

type LateralRow = {
  kind: 'live' | 'upcoming' | 'past';
  meeting_id: string;
  id: string;
  session_date: string;
  starts_at: number;
  started_at: number | null;
  finished_at: number | null;
};

const epochMs = (column: string) => sql.raw(`(extract(epoch from s.${column}) * 1000)::float8`);

/** For each meeting, up to `limit` sessions matching `where`, in `order`, walking the (meeting_id, starts_at) index. */
const lateral = (
  kind: LateralRow['kind'],
  ids: ReturnType<typeof sql>,
  where: ReturnType<typeof sql>,
  order: 'asc' | 'desc',
  limit: number,
) => sql`
  select ${kind} as kind, m.id as meeting_id, x.*
  from unnest(${ids}) as m(id)
  cross join lateral (
    select s.id, s.session_date::text as session_date, ${epochMs('starts_at')} as starts_at,
      ${epochMs('started_at')} as started_at, ${epochMs('finished_at')} as finished_at
    from sessions s
    where s.meeting_id = m.id and ${where}
    order by s.starts_at ${sql.raw(order)}
    limit ${limit}
  ) x`;

/**
 * The next and last session of each meeting, in one statement whatever the number of
 * meetings. Next: the live one, else the earliest not finished that began at most 12 hours
 * ago. Last: the latest that began before now and is not the next one (not read with
 * `withLast: false`: the top bar and the scorecard want only the next).
 */
export const nextAndLastSessions = async (
  db: Db,
  meetingIds: string[],
  { now = new Date(), withLast = true }: { now?: Date; withLast?: boolean } = {},
) => {
  const next = new Map<string, SessionSummary>();
  const last = new Map<string, SessionSummary>();
  if (meetingIds.length === 0) return { next, last };
  // One array parameter, not one parameter per meeting: a long parameter list is slow to plan.
  const ids = uuidArray(meetingIds);
  const grace = new Date(now.getTime() - NEXT_SESSION_GRACE_MS).toISOString();
  const result = await db.execute(sql`
    ${lateral('live', ids, sql`s.started_at is not null and s.finished_at is null`, 'asc', 1)}
    union all
    ${lateral('upcoming', ids, sql`s.finished_at is null and s.starts_at >= ${grace}::timestamptz`, 'asc', 1)}
    ${withLast ? sql`union all ${lateral('past', ids, sql`s.starts_at < ${now.toISOString()}::timestamptz`, 'desc', 2)}` : sql``}`);
  const rows = (result as unknown as { rows: LateralRow[] }).rows;
  const summary = (row: LateralRow): SessionSummary => ({
    id: row.id,
    sessionDate: row.session_date,
    startsAt: new Date(Number(row.starts_at)).toISOString(),
    startedAt: row.started_at === null ? null : new Date(Number(row.started_at)).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
  });
  for (const kind of ['live', 'upcoming'] as const) {
    for (const row of rows) if (row.kind === kind && !next.has(row.meeting_id)) next.set(row.meeting_id, summary(row));
  }
  for (const row of rows) {
    if (row.kind === 'past' && !last.has(row.meeting_id) && next.get(row.meeting_id)?.id !== row.id) {
      last.set(row.meeting_id, summary(row));
    }
  }
  return { next, last };
};

const noteColumns = {
  note: sessions.note,
  noteChangedAt: sessions.noteChangedAt,
  noteChangedBy: sessions.noteChangedBy,
};
const sessionColumns = { ...sessionSummaryColumns, ...noteColumns, link: sessions.link };

type NoteRow = { note: string | null; noteChangedAt: Date | null; noteChangedBy: string | null };
const toNote = (row: NoteRow) => ({
  note: row.note,
  noteChangedAt: row.noteChangedAt?.toISOString() ?? null,
  noteChangedBy: row.noteChangedBy,
});

const toSession = (row: SessionRow & NoteRow & { meetingId: string; link: string | null }): Session => ({
  ...toSessionSummary(row),
  meetingId: row.meetingId,
  ...toNote(row),
  link: row.link,
});

/** A session of a meeting the caller may see; 404 otherwise. */
const findSession = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  const meeting = await findVisibleMeeting(ctx, row.meetingId);
  return { session: row, meeting };
};

/** The meeting's sessions from `from` to `until` (local dates, inclusive), by date. */
export const listSessions = async (ctx: TenantContext, meetingId: string, range: { from?: string; until?: string }) => {
  await findVisibleMeeting(ctx, meetingId);
  const rows = await ctx.db
    .select(sessionColumns)
    .from(sessions)
    .where(
      and(
        eq(sessions.meetingId, meetingId),
        range.from ? gte(sessions.sessionDate, range.from) : undefined,
        range.until ? lte(sessions.sessionDate, range.until) : undefined,
      ),
    )
    .orderBy(asc(sessions.startsAt));
  return rows.map(toSession);
};

/** The sessions just before and just after this one. */
export const lastAndNext = async (ctx: TenantContext, id: string) => {
  const { session } = await findSession(ctx, id);
  const [before] = await ctx.db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.meetingId, session.meetingId), lt(sessions.startsAt, session.startsAt)))
    .orderBy(desc(sessions.startsAt))
    .limit(1);
  const [after] = await ctx.db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.meetingId, session.meetingId), gt(sessions.startsAt, session.startsAt)))
    .orderBy(asc(sessions.startsAt))
    .limit(1);
  return { last: before ? toSession(before) : null, next: after ? toSession(after) : null };
};

const publishSessionChange = (ctx: TenantContext, id: string, meetingId: string) =>
  ctx.publish({ tenantId: ctx.tenantId, meetingId, type: 'session.changed', data: { id, meetingId } });

/**
 * A session's note and recording link; any participant may keep them up to date. A note saved with
 * `noteBaseChangedAt` is written only where the note is still that version or already holds the
 * same text, in the same statement (decision 089): otherwise 409 naming who changed it, and
 * nothing of the request is stored. Without it the last save wins.
 */
export const updateSession = async (ctx: TenantContext, id: string, patch: UpdateSession) => {
  const { session } = await findSession(ctx, id);
  const { note, link, noteBaseChangedAt: base } = patch;
  // A base alone sets nothing: said as any other empty update is (src/server/input.ts).
  if (note === undefined && link === undefined)
    throw badRequest({ body: serverMessages.noValuesToSet }, serverMessages.noValuesToSet);
  const [row] = await ctx.db
    .update(sessions)
    .set({
      ...(note !== undefined ? { note, noteChangedAt: new Date(), noteChangedBy: ctx.userId } : {}),
      ...(link !== undefined ? { link } : {}),
    })
    .where(
      and(
        eq(sessions.id, session.id),
        eq(sessions.tenantId, ctx.tenantId),
        note !== undefined && base !== undefined
          ? sql`(${sessions.noteChangedAt} is not distinct from ${base}::timestamptz or ${sessions.note} is not distinct from ${note})`
          : undefined,
      ),
    )
    .returning(sessionColumns);
  if (!row) {
    const [other] = await ctx.db
      .select({ name: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})` })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.noteChangedBy))
      .where(and(eq(sessions.id, session.id), eq(sessions.tenantId, ctx.tenantId)));
    if (!other) throw notFound();
    throw conflict(meetingsMessages.sessionNoteChangedMeanwhile(other.name ?? ''));
  }
  publishSessionChange(ctx, id, session.meetingId);
  return toSession(row);
};

/** Removes one meeting date (leaders); a session under way cannot be removed. */
export const deleteSession = async (ctx: TenantContext, id: string) => {
  const { session, meeting } = await findSession(ctx, id);
  assertMeetingLeader(ctx, meeting);
  if (session.startedAt && !session.finishedAt)
    throw badRequest({ id: meetingsMessages.sessionLive }, meetingsMessages.sessionLive);
  // Its KPI cells (and a "Delete meeting date" mark) go with it: their foreign keys cascade.
  await ctx.db.delete(sessions).where(eq(sessions.id, session.id));
  publishSessionChange(ctx, id, session.meetingId);
  return true;
};

/** Held (finished) sessions, newest first, a page at a time. */
export const listArchives = async (ctx: TenantContext, meetingId: string, page: number, perPage: number) => {
  await findVisibleMeeting(ctx, meetingId);
  const held = and(eq(sessions.meetingId, meetingId), isNotNull(sessions.finishedAt));
  const [total] = await ctx.db.select({ n: count() }).from(sessions).where(held);
  const archives = await ctx.db
    .select({
      id: sessions.id,
      meetingDate: sessions.sessionDate,
      link: sessions.link,
      ...noteColumns,
      // The average recap score, kept with the archive when the session was finished.
      avgScore: sessionArchives.avgScore,
    })
    .from(sessions)
    .leftJoin(sessionArchives, eq(sessionArchives.sessionId, sessions.id))
    .where(held)
    .orderBy(desc(sessions.startsAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    archives: archives.map((archive) => ({ ...archive, ...toNote(archive) })),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / perPage)),
  };
};

/**
 * Moves every repeating meeting's session horizon on (the daily job). Dates already there are
 * left alone, so running it again, or on several instances at once, changes nothing.
 */
export const extendSessionHorizons = async (db: Db) => {
  const repeating = await db.select().from(meetings).where(gt(meetings.repeatEvery, 0));
  for (const meeting of repeating) {
    await syncSessions(db, { ...meeting, repeatType: meeting.repeatType as SessionRule['repeatType'] }, new Date());
  }
  return repeating.length;
};
