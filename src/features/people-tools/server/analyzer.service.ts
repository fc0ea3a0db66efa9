import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  memberships,
  peopleAnalyzerBars,
  peopleAnalyzerMarks,
  peopleAnalyzerRatings,
  userGroupMembers,
  userGroups,
  users,
} from '../../../db/schema/index.ts';
import { anyOf, pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { personSummary } from '../../../server/people.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { todayUtc } from '../../../shared/dates.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { quarterById } from '../../quarters/server/quarters.service.ts';
import type {} from '../analyzer.events.ts';
import { analyzerMessages } from '../people-tools.messages.ts';
import type {
  AnalyzerBar,
  AnalyzerHistory,
  AnalyzerQuery,
  AnalyzerRating,
  AnalyzerTable,
  AnalyzerVerdict,
  RATINGS,
  RatePerson,
  ReportingLine,
} from '../people-tools.schemas.ts';
import { readCoreValues } from './core-values.service.ts';
import { readReporting } from './reporting.service.ts';

// The People Analyzer (decision 116): a person's manager, and the workspace's admins, rate them
// each quarter on the core values and GWC against the workspace's bar. Nobody else — the person
// rated included — learns a rating exists: such people are absent from tables and get 404.

type Mark = (typeof RATINGS)[number];
type Gwc = Pick<AnalyzerRating, 'getsIt' | 'wantsIt' | 'capacity'>;

export const DEFAULT_BAR: AnalyzerBar = { minPlus: 0, maxMinus: 0, gwcRequired: true };

/**
 * Whether a rating is below the bar: the one rule, for the table and the history. Too many "−"
 * or a "no" in GWC fail at once; too few "+" only once every value is rated, since a value not
 * rated yet may still become "+".
 */
export const verdictOf = (bar: AnalyzerBar, marks: Mark[], valueCount: number, gwc: Gwc): AnalyzerVerdict => {
  const plus = marks.filter((mark) => mark === '+').length;
  const minus = marks.filter((mark) => mark === '-').length;
  const answers = [gwc.getsIt, gwc.wantsIt, gwc.capacity];
  const allValuesRated = valueCount > 0 && marks.length >= valueCount;
  const reasons: AnalyzerVerdict['reasons'] = [];
  if (minus > bar.maxMinus) reasons.push('minus');
  if (allValuesRated && plus < bar.minPlus) reasons.push('plus');
  if (bar.gwcRequired && answers.includes(false)) reasons.push('gwc');
  return {
    belowBar: reasons.length > 0,
    complete: (valueCount === 0 || allValuesRated) && answers.every((answer) => answer !== null),
    plus,
    minus,
    reasons,
  };
};

/** Whether the caller may rate and see the person: their manager, or an admin; never oneself. */
const mayRate = (ctx: TenantContext, line: ReportingLine | undefined): line is ReportingLine =>
  !!line && line.person.id !== ctx.userId && (ctx.isAdmin || line.manager?.id === ctx.userId);

const readBar = async (ctx: TenantContext): Promise<AnalyzerBar> => {
  const [row] = await ctx.db
    .select({
      minPlus: peopleAnalyzerBars.minPlus,
      maxMinus: peopleAnalyzerBars.maxMinus,
      gwcRequired: peopleAnalyzerBars.gwcRequired,
    })
    .from(peopleAnalyzerBars)
    .where(eq(peopleAnalyzerBars.tenantId, ctx.tenantId));
  return row ?? DEFAULT_BAR;
};

/** The workspace's admins (enabled), who see every rating. */
const adminIds = async (ctx: TenantContext) =>
  (
    await ctx.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, ctx.tenantId),
          eq(memberships.isAdmin, ADMIN_FLAG.yes),
          eq(memberships.disabled, false),
        ),
      )
  ).map((row) => row.id);

/** Tells only the given people's sockets that something of the analyzer changed. */
const tell = (
  ctx: TenantContext,
  receivers: Iterable<string>,
  data: { personId: string | null; quarter: string | null },
) => {
  for (const receiverId of new Set(receivers))
    ctx.publish({ tenantId: ctx.tenantId, receiverId, type: 'peopleTools.analyzerChanged', data });
};

/** The people a team names: a meeting's leaders and members (one the caller sees) or a group's people. */
const teamOf = async (ctx: TenantContext, query: Pick<AnalyzerQuery, 'meetingId' | 'groupId'>) => {
  if (query.meetingId) {
    const meeting = await findVisibleMeeting(ctx, query.meetingId);
    return new Set([...meeting.leaderIds, ...meeting.memberIds]);
  }
  if (!query.groupId) return null;
  const rows = await ctx.db
    .select({ userId: userGroupMembers.userId })
    .from(userGroups)
    .leftJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .where(and(eq(userGroups.tenantId, ctx.tenantId), eq(userGroups.id, query.groupId)));
  if (rows.length === 0) throw notFound();
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
};

// PGlite and node-postgres both parse json columns; a driver handing text is parsed here.
const parsed = <T>(value: T | string | null, fallback: T): T =>
  value === null ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : value;

const RATING_ID = sql.raw('"people_analyzer_ratings"."id"');

const ratingColumns = {
  userId: peopleAnalyzerRatings.userId,
  quarter: peopleAnalyzerRatings.quarter,
  getsIt: peopleAnalyzerRatings.getsIt,
  wantsIt: peopleAnalyzerRatings.wantsIt,
  capacity: peopleAnalyzerRatings.capacity,
  updatedAt: peopleAnalyzerRatings.updatedAt,
  ratedBy: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    image: users.image,
    deletedAt: users.deletedAt,
  },
};

type RatingRow = {
  quarter: string;
  getsIt: boolean | null;
  wantsIt: boolean | null;
  capacity: boolean | null;
  updatedAt: Date;
  ratedBy: { id: string; firstName: string; lastName: string; image: string | null; deletedAt: Date | null } | null;
};

const toRating = (row: RatingRow, values: Record<string, Mark>): AnalyzerRating => ({
  quarter: row.quarter,
  values,
  getsIt: row.getsIt,
  wantsIt: row.wantsIt,
  capacity: row.capacity,
  ratedBy: row.ratedBy ? personSummary(row.ratedBy) : null,
  updatedAt: row.updatedAt.toISOString(),
});

/** The ratings of these people in one quarter, with their marks: one statement. */
const readRatings = async (ctx: TenantContext, personIds: string[], quarter: string) => {
  if (personIds.length === 0) return new Map<string, AnalyzerRating>();
  const rows = await ctx.db
    .select({
      ...ratingColumns,
      marks: sql<Record<string, Mark> | string | null>`(select json_object_agg(m.core_value_id, m.mark)
        from people_analyzer_marks m where m.rating_id = ${RATING_ID})`,
    })
    .from(peopleAnalyzerRatings)
    .leftJoin(users, eq(users.id, peopleAnalyzerRatings.ratedBy))
    .where(
      and(
        eq(peopleAnalyzerRatings.tenantId, ctx.tenantId),
        eq(peopleAnalyzerRatings.quarter, quarter),
        anyOf(peopleAnalyzerRatings.userId, personIds),
      ),
    );
  return new Map(rows.map((row) => [row.userId, toRating(row, parsed(row.marks, {}))]));
};

/** A table row's verdict: only the values not retired count. */
const rowVerdict = (bar: AnalyzerBar, valueIds: string[], rating: AnalyzerRating | null) => {
  const marks = valueIds.flatMap((id) => (rating?.values[id] ? [rating.values[id]] : []));
  return verdictOf(bar, marks, valueIds.length, rating ?? { getsIt: null, wantsIt: null, capacity: null });
};

/**
 * A page of the people the caller may rate (in the team, when one is named), by name, with their
 * rating in the quarter. People the caller may not see are left out, not refused.
 */
export const readAnalyzer = async (ctx: TenantContext, query: AnalyzerQuery): Promise<AnalyzerTable> => {
  const [{ lines }, team, coreValues, bar] = await Promise.all([
    readReporting(ctx),
    teamOf(ctx, query),
    readCoreValues(ctx.db, ctx.tenantId, false),
    readBar(ctx),
  ]);
  const visible = [...lines.values()].filter((line) => mayRate(ctx, line) && (!team || team.has(line.person.id)));
  const page = visible.slice(query.offset, query.offset + query.limit);
  const ratings = await readRatings(
    ctx,
    page.map((line) => line.person.id),
    query.quarter,
  );
  const valueIds = coreValues.map((value) => value.id);
  return {
    quarter: query.quarter,
    coreValues,
    bar,
    canEditBar: ctx.isAdmin,
    items: page.map((line) => {
      const rating = ratings.get(line.person.id) ?? null;
      return { person: line.person, manager: line.manager, rating, verdict: rowVerdict(bar, valueIds, rating) };
    }),
    total: visible.length,
  };
};

/** The person's line when the caller may rate them; 404 otherwise (another workspace's id too). */
const rateableLine = async (ctx: TenantContext, personId: string) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [personId] });
  const { lines } = await readReporting(ctx);
  const line = lines.get(personId);
  if (!mayRate(ctx, line)) throw notFound();
  return line;
};

/**
 * Sets some of a person's marks and GWC answers in a quarter (null clears one), in the request's
 * transaction; the person's manager and the admins are told, nobody else.
 */
export const ratePerson = async (ctx: TenantContext, personId: string, quarterKey: string, input: RatePerson) => {
  const line = await rateableLine(ctx, personId);
  const quarter = await quarterById(ctx.db, ctx.tenantId, quarterKey);
  if (!quarter) throw badRequest({ quarter: analyzerMessages.quarterInvalid });
  if (quarter.startDate > todayUtc()) throw badRequest({ quarter: analyzerMessages.quarterFuture });
  const entries = Object.entries(input.values ?? {});
  const allValues = await readCoreValues(ctx.db, ctx.tenantId, true);
  const byId = new Map(allValues.map((value) => [value.id, value]));
  // Another workspace's value, or none at all: 404 as for any foreign id; a retired one stays in history only.
  if (entries.some(([id]) => !byId.has(id))) throw notFound();
  if (entries.some(([id]) => byId.get(id)?.retired))
    throw conflict(analyzerMessages.valueRetired, { values: analyzerMessages.valueRetired });

  const given = <K extends keyof Gwc>(key: K) => (input[key] === undefined ? {} : { [key]: input[key] });
  const [rating] = await ctx.db
    .insert(peopleAnalyzerRatings)
    .values({
      tenantId: ctx.tenantId,
      userId: personId,
      quarter: quarterKey,
      getsIt: input.getsIt ?? null,
      wantsIt: input.wantsIt ?? null,
      capacity: input.capacity ?? null,
      ratedBy: ctx.userId,
    })
    .onConflictDoUpdate({
      target: [peopleAnalyzerRatings.tenantId, peopleAnalyzerRatings.userId, peopleAnalyzerRatings.quarter],
      set: {
        ...given('getsIt'),
        ...given('wantsIt'),
        ...given('capacity'),
        ratedBy: ctx.userId,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: peopleAnalyzerRatings.id });
  const ratingId = rating!.id;
  const set = entries.filter((entry): entry is [string, Mark] => entry[1] !== null);
  const cleared = entries.filter(([, mark]) => mark === null).map(([id]) => id);
  if (set.length > 0)
    await ctx.db
      .insert(peopleAnalyzerMarks)
      .values(set.map(([coreValueId, mark]) => ({ ratingId, coreValueId, tenantId: ctx.tenantId, mark })))
      .onConflictDoUpdate({
        target: [peopleAnalyzerMarks.ratingId, peopleAnalyzerMarks.coreValueId],
        set: { mark: sql`excluded.mark` },
      });
  if (cleared.length > 0)
    await ctx.db
      .delete(peopleAnalyzerMarks)
      .where(and(eq(peopleAnalyzerMarks.ratingId, ratingId), anyOf(peopleAnalyzerMarks.coreValueId, cleared)));

  const [saved, bar, admins] = await Promise.all([
    readRatings(ctx, [personId], quarterKey),
    readBar(ctx),
    adminIds(ctx),
  ]);
  const viewers = [...admins, line.manager?.id].filter((id): id is string => !!id && id !== personId);
  tell(ctx, viewers, { personId, quarter: quarterKey });
  const current = saved.get(personId) ?? null;
  const activeIds = allValues.filter((value) => !value.retired).map((value) => value.id);
  return { person: line.person, manager: line.manager, rating: current, verdict: rowVerdict(bar, activeIds, current) };
};

/** A person's ratings, the latest quarter first, each with its marks (retired values named so). */
export const readAnalyzerHistory = async (
  ctx: TenantContext,
  personId: string,
  page: { offset: number; limit: number },
): Promise<AnalyzerHistory> => {
  const line = await rateableLine(ctx, personId);
  const inScope = and(eq(peopleAnalyzerRatings.tenantId, ctx.tenantId), eq(peopleAnalyzerRatings.userId, personId));
  type HistoryMark = { id: string; title: string; retired: boolean; mark: Mark };
  const [rows, bar, activeCount] = await Promise.all([
    ctx.db
      .select({
        ...ratingColumns,
        marks: sql<HistoryMark[] | string | null>`(select json_agg(json_build_object('id', v.id, 'title', v.title,
            'retired', v.retired_at is not null, 'mark', m.mark) order by v.retired_at is not null, v.sort, v.created_at)
          from people_analyzer_marks m join core_values v on v.id = m.core_value_id
          where m.rating_id = ${RATING_ID})`,
        total: windowTotal(),
      })
      .from(peopleAnalyzerRatings)
      .leftJoin(users, eq(users.id, peopleAnalyzerRatings.ratedBy))
      .where(inScope)
      .orderBy(desc(peopleAnalyzerRatings.quarter))
      .limit(page.limit)
      .offset(page.offset),
    readBar(ctx),
    readCoreValues(ctx.db, ctx.tenantId, false).then((values) => values.length),
  ]);
  const total = await pageTotal(rows, page.offset, async () =>
    Number((await ctx.db.select({ n: count() }).from(peopleAnalyzerRatings).where(inScope))[0]?.n ?? 0),
  );
  return {
    person: line.person,
    items: rows.map((row) => {
      const marks = parsed(row.marks, []);
      const values = Object.fromEntries(marks.map((mark) => [mark.id, mark.mark]));
      return {
        ...toRating(row, values),
        marks,
        // A value retired since still counted then: all of the quarter's marks weigh.
        verdict: verdictOf(
          bar,
          marks.map((mark) => mark.mark),
          Math.max(activeCount, marks.length),
          row,
        ),
      };
    }),
    total,
  };
};

/** An admin sets the bar; everyone who sees the analyzer (managers and admins) refetches. */
export const saveBar = async (ctx: TenantContext, bar: AnalyzerBar): Promise<AnalyzerBar> => {
  assertWorkspaceAdmin(ctx);
  await ctx.db
    .insert(peopleAnalyzerBars)
    .values({ tenantId: ctx.tenantId, ...bar, changedBy: ctx.userId })
    .onConflictDoUpdate({
      target: peopleAnalyzerBars.tenantId,
      set: { ...bar, changedAt: sql`now()`, changedBy: ctx.userId },
    });
  const [{ lines }, admins] = await Promise.all([readReporting(ctx), adminIds(ctx)]);
  const managers = [...lines.values()].flatMap((line) => (line.manager ? [line.manager.id] : []));
  tell(ctx, [...admins, ...managers], { personId: null, quarter: null });
  return bar;
};
