import { and, asc, desc, eq, gte, lt, lte, notExists, sql } from 'drizzle-orm';
import { kpiRemovedSessions, meetings, scores, sessions, users } from '../../../db/schema/index.ts';
import { anyOf, uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { addDays, type IsoDate, utcToZonedParts } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import {
  KPI_RANGE_MAX_DAYS,
  type KpiFrequency,
  kpiFigures,
  kpiMetOn,
  kpiNumber,
  quarterOf,
  quarterRange,
} from '../../../shared/kpis.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { canManage, isParticipant } from '../../meetings/server/meetings.access.ts';
import { nextAndLastSessions } from '../../meetings/server/sessions.service.ts';
import { quarterById, quartersBetween } from '../../quarters/server/quarters.service.ts';
import { displayedValues, type KpiDisplay, latestValue } from '../kpis.figures.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { Scorecard, ScorecardCell, ScorecardOwner, ScorecardQuery, ScorecardRow } from '../kpis.schemas.ts';
import { fedSource } from './fed-values.ts';
import { computeFormulas } from './formula.evaluate.ts';
import { formulaCell, lookbackOf, parsedFormulas } from './formulas.service.ts';
import { goalPeriodsOf } from './goals.service.ts';
import { canDeleteScore, canEditScorecard, findEditableScorecard } from './kpis.access.ts';
import { ownGoal, toScore } from './kpis.service.ts';
import { type KpiPeriod, periodsBefore, resolvePeriods } from './periods.ts';

// The scorecard view (document 2 §2–§7, docs/decisions/015, 105, 106): the columns of a range
// (a quarter, dates, or the trailing 4 or 13 meeting dates), every score with one cell per
// column, formula cells computed, each row's figures and display. A constant number of
// statements whatever the number of scores and dates.

/** Days a range reaches when only one of its ends is given (13 weeks, an EOS quarter). */
const OPEN_RANGE_DAYS = 90;

/**
 * The range asked for: a quarter of the workspace (its own periods from the Quarters page, or the
 * calendar quarter of a year without them, decision 043), dates (an open end reaches 90 days), or
 * the workspace's quarter holding the meeting's today. One statement for a quarter, none for dates.
 */
export const resolveRange = async (ctx: TenantContext, query: ScorecardQuery, today: IsoDate) => {
  if (query.quarterId || (!query.dateSince && !query.dateUntil)) {
    const quarter = query.quarterId
      ? await quarterById(ctx.db, ctx.tenantId, query.quarterId)
      : (await quartersBetween(ctx.db, ctx.tenantId, today, today)).find(
          (q) => q.startDate <= today && today <= q.endDate,
        );
    if (quarter) return { quarterId: quarter.id, dateSince: quarter.startDate, dateUntil: quarter.endDate };
    if (query.quarterId)
      throw badRequest({ quarterId: kpisMessages.kpiInvalidQuarter }, kpisMessages.kpiInvalidQuarter);
    // Today in no period (the days before a fiscal year that follows a year without periods):
    // the calendar quarter's dates, as a custom range.
    return { quarterId: null, ...quarterRange(quarterOf(today))! };
  }
  const dateSince = query.dateSince ?? addDays(query.dateUntil!, -OPEN_RANGE_DAYS);
  const dateUntil = query.dateUntil ?? addDays(query.dateSince!, OPEN_RANGE_DAYS);
  if (addDays(dateSince, KPI_RANGE_MAX_DAYS) < dateUntil) {
    throw badRequest({ dateUntil: kpisMessages.kpiRangeTooLong }, kpisMessages.kpiRangeTooLong);
  }
  return { quarterId: null, dateSince, dateUntil };
};

/**
 * A score's cells with a value or a note, as the scorecard reads them (raw SQL: snake_case): one
 * row a score, the cells' places on the timeline (1-based) and contents in step. A row per score
 * instead of per cell: a year of 100 scores is 100 rows, not 5,200, which the embedded database
 * hands over in a third of the time.
 */
interface FilledCellsRow {
  score_id: string;
  columns: number[];
  measured: (string | null)[];
  notes: (string | null)[];
  /** What a feed sent for the cell's column (decision 119), null where nothing was fed. */
  fed: (string | null)[];
  /** Whether nobody entered the cell (a feed's value, or never written by a person). */
  unentered: boolean[];
}

const columnFields = {
  id: sessions.id,
  sessionDate: sessions.sessionDate,
  startsAt: sessions.startsAt,
  startedAt: sessions.startedAt,
  finishedAt: sessions.finishedAt,
};

interface Column {
  id: string;
  sessionDate: IsoDate;
  startsAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A period's last day and name. */
  endsOn?: IsoDate;
  label?: string;
}

/** A period as a column: named by its first day. */
const periodColumn = (period: KpiPeriod): Column => ({
  id: period.start,
  sessionDate: period.start,
  startsAt: new Date(`${period.start}T00:00:00Z`),
  startedAt: null,
  finishedAt: null,
  endsOn: period.end,
  label: period.label,
});

/** Dates as a SQL date array. */
const dateArray = (dates: readonly string[]) =>
  sql`array[${sql.join(
    dates.map((date) => sql`${date}`),
    sql`, `,
  )}]::date[]`;

/** The meeting's dates still on the scorecard (not taken off with "Delete meeting date"). */
const onScorecard = (ctx: TenantContext, meetingId: string) =>
  and(
    eq(sessions.meetingId, meetingId),
    notExists(
      ctx.db.select({ one: sql`1` }).from(kpiRemovedSessions).where(eq(kpiRemovedSessions.sessionId, sessions.id)),
    ),
  );

/** The meeting's dates in a range, oldest first. */
const readColumns = (ctx: TenantContext, meetingId: string, dateSince: IsoDate, dateUntil: IsoDate) =>
  ctx.db
    .select(columnFields)
    .from(sessions)
    .where(and(onScorecard(ctx, meetingId), gte(sessions.sessionDate, dateSince), lte(sessions.sessionDate, dateUntil)))
    .orderBy(asc(sessions.startsAt));

/**
 * `GET meetings/{id}/kpis` (getScoreBoard): the columns in the range, every score (of one owner
 * when asked) with one cell per column (null where empty; formula cells computed), figures per
 * score and per owner. Eight statements (seven when asked by dates; one more when formulas or
 * rolling averages reach before the range), whatever the number of scores and dates.
 */
export const getScorecard = async (
  ctx: TenantContext,
  meetingId: string,
  query: ScorecardQuery,
): Promise<Scorecard & { meetingTitle: string }> => {
  const meeting = await findEditableScorecard(ctx, meetingId);
  const [info] = await ctx.db
    .select({ title: meetings.title, timezone: meetings.timezone })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  const today = utcToZonedParts(new Date(), info!.timezone).date;
  const { next } = await nextAndLastSessions(ctx.db, [meetingId], { withLast: false });
  const current = next.get(meetingId);
  const currentSessionId = current?.id ?? null;

  const frequency = query.frequency ?? 'weekly';
  const allScores = await ctx.db
    .select()
    .from(scores)
    .where(eq(scores.meetingId, meetingId))
    .orderBy(asc(scores.sort), asc(scores.createdAt));
  const frequencyCounts = { weekly: 0, monthly: 0, quarterly: 0 };
  for (const score of allScores) frequencyCounts[score.frequency as KpiFrequency] += 1;
  const sameFrequency = allScores.filter((s) => s.frequency === frequency);
  const scoreRows = query.userId ? sameFrequency.filter((s) => s.userId === query.userId) : sameFrequency;
  const formulas = parsedFormulas(sameFrequency);

  // Periods before the range that formulas' windows and rolling averages read.
  const need = lookbackOf(formulas);
  let lookback = 0;
  for (const score of scoreRows) {
    const rolling = score.display === 'rolling' ? score.rollingPeriods - 1 : 0;
    lookback = Math.max(lookback, need(score.id) + rolling);
  }

  let range: { quarterId: string | null; dateSince: IsoDate; dateUntil: IsoDate };
  let columns: Column[];
  let earlierIds: string[];
  let currentColumnId = currentSessionId;
  if (frequency !== 'weekly') {
    const resolved = await resolvePeriods(ctx, frequency, query, today);
    columns = resolved.periods.map(periodColumn);
    const first = resolved.periods[0];
    range = {
      quarterId: resolved.quarterId,
      dateSince: first?.start ?? today,
      dateUntil: resolved.periods.at(-1)?.end ?? today,
    };
    earlierIds = first ? (await periodsBefore(ctx, frequency, first.start, lookback)).map((p) => p.start) : [];
    currentColumnId = resolved.periods.find((p) => p.start <= today && today <= p.end)?.start ?? null;
  } else {
    if (query.trailing) {
      // The last N meeting dates up to the current one (today's when the meeting has none ahead).
      const until = current && current.sessionDate > today ? current.sessionDate : today;
      columns = (
        await ctx.db
          .select(columnFields)
          .from(sessions)
          .where(and(onScorecard(ctx, meetingId), lte(sessions.sessionDate, until)))
          .orderBy(desc(sessions.startsAt))
          .limit(Number(query.trailing))
      ).reverse();
      range = { quarterId: null, dateSince: columns[0]?.sessionDate ?? until, dateUntil: until };
    } else {
      range = await resolveRange(ctx, query, today);
      columns = await readColumns(ctx, meetingId, range.dateSince, range.dateUntil);
    }
    earlierIds =
      lookback > 0 && columns.length > 0
        ? (
            await ctx.db
              .select({ id: sessions.id })
              .from(sessions)
              .where(and(onScorecard(ctx, meetingId), lt(sessions.startsAt, columns[0]!.startsAt)))
              .orderBy(desc(sessions.startsAt))
              .limit(lookback)
          )
            .reverse()
            .map((c) => c.id)
        : [];
  }
  const timelineIds = [...earlierIds, ...columns.map((c) => c.id)];
  const offset = earlierIds.length;

  // Only cells with something in them travel (decision 019): their place in the row is their
  // column, and an empty cell is null.
  const cellRows =
    sameFrequency.length === 0 || timelineIds.length === 0
      ? []
      : frequency === 'weekly'
        ? (
            (await ctx.db.execute(sql`
            select c.score_id, array_agg(array_position(${uuidArray(timelineIds)}, c.session_id)) as columns,
                array_agg(c.measured) as measured, array_agg(c.note) as notes,
                array_agg(f.measured) as fed, array_agg(c.changed_by is null) as unentered
              from score_cells c
              left join kpi_fed_values f on f.score_id = c.score_id and f.session_id = c.session_id
              where ${anyOf(
                sql`c.score_id`,
                sameFrequency.map((s) => s.id),
              )} and ${anyOf(sql`c.session_id`, timelineIds)}
                and (c.measured is not null or c.note is not null)
              group by c.score_id`)) as unknown as { rows: FilledCellsRow[] }
          ).rows
        : (
            (await ctx.db.execute(sql`
            select c.score_id, array_agg(array_position(${dateArray(timelineIds)}, c.period_start)) as columns,
                array_agg(c.measured) as measured, array_agg(c.note) as notes,
                array_agg(f.measured) as fed, array_agg(c.changed_by is null) as unentered
              from score_period_cells c
              left join kpi_fed_values f on f.score_id = c.score_id and f.on_date = c.period_start
              where ${anyOf(
                sql`c.score_id`,
                sameFrequency.map((s) => s.id),
              )} and c.period_start = any(${dateArray(timelineIds)})
                and (c.measured is not null or c.note is not null)
              group by c.score_id`)) as unknown as { rows: FilledCellsRow[] }
          ).rows;
  const cellsOf = new Map(cellRows.map((row) => [row.score_id, row]));

  const entered = new Map<string, (number | null)[]>();
  for (const score of sameFrequency) {
    if (score.formula !== null) continue;
    const values: (number | null)[] = new Array(timelineIds.length).fill(null);
    const filled = cellsOf.get(score.id);
    filled?.columns.forEach((place, i) => {
      values[place - 1] = kpiNumber(filled.measured[i] ?? null);
    });
    entered.set(score.id, values);
  }
  const computed =
    formulas.size === 0 ? new Map() : computeFormulas({ entered, formulas, columns: timelineIds.length });

  const goalPeriods = await goalPeriodsOf(
    ctx,
    scoreRows.map((s) => s.id),
  );

  const personIds = new Set<string>([...meeting.leaderIds, ...meeting.memberIds]);
  for (const s of scoreRows) personIds.add(s.userId);
  const peopleRows =
    personIds.size === 0
      ? []
      : await ctx.db
          .select(personSummaryColumns)
          .from(users)
          .where(anyOf(users.id, [...personIds]))
          .orderBy(asc(users.firstName), asc(users.lastName));
  const people: PersonSummary[] = peopleRows.map(personSummary);

  const rows: ScorecardRow[] = scoreRows.map((score) => {
    const cells: (ScorecardCell | null)[] = new Array(columns.length).fill(null);
    const periods = goalPeriods.get(score.id) ?? [];
    let values: (number | null)[];
    if (score.formula !== null) {
      const series = computed.get(score.id);
      values = timelineIds.map((_id, place) => series?.[place]?.value ?? null);
      for (let column = 0; column < columns.length; column++) {
        const date = columns[column]!.sessionDate;
        const { measured, met, reason } = formulaCell(score, series?.[offset + column], periods, date);
        cells[column] = { measured, met, note: null, reason };
      }
    } else {
      values = entered.get(score.id) ?? [];
      const filled = cellsOf.get(score.id);
      filled?.columns.forEach((place, i) => {
        if (place <= offset) return;
        const measured = filled.measured[i] ?? null;
        const met = kpiMetOn(ownGoal(score), periods, columns[place - 1 - offset]!.sessionDate, measured);
        cells[place - 1 - offset] = {
          measured,
          met,
          note: filled.notes[i] ?? null,
          ...fedSource(filled.fed[i] ?? null, filled.unentered[i] ?? false),
        };
      });
    }
    const inRange = values.slice(offset);
    return {
      ...toScore(score, periods),
      cells,
      ...kpiFigures(cells),
      latest: latestValue(inRange),
      shown: displayedValues(score.display as KpiDisplay, inRange, score.rollingPeriods, values.slice(0, offset)),
      canDelete: canDeleteScore(ctx, meeting, score),
    };
  });

  const owners = new Map<string, ScorecardOwner>();
  for (const row of rows) {
    const owner = owners.get(row.userId) ?? { userId: row.userId, scoreCount: 0, hits: 0, counted: 0 };
    owner.scoreCount += 1;
    owner.hits += row.hits;
    owner.counted += row.counted;
    owners.set(row.userId, owner);
  }
  const nameOrder = new Map(people.map((p, index) => [p.id, index]));
  const byName = (a: string, b: string) => (nameOrder.get(a) ?? 0) - (nameOrder.get(b) ?? 0);

  return {
    meetingId,
    meetingTitle: info!.title,
    frequency,
    frequencyCounts,
    quarterId: range.quarterId,
    trailing: query.trailing ?? null,
    dateSince: range.dateSince,
    dateUntil: range.dateUntil,
    sessions: columns.map((c) => ({
      id: c.id,
      sessionDate: c.sessionDate,
      startsAt: c.startsAt.toISOString(),
      startedAt: c.startedAt?.toISOString() ?? null,
      finishedAt: c.finishedAt?.toISOString() ?? null,
      isCurrent: c.id === currentColumnId,
      ...(c.endsOn ? { endsOn: c.endsOn, label: c.label } : {}),
    })),
    currentSessionId: currentColumnId,
    scores: rows,
    owners: [...owners.values()].sort((a, b) => byName(a.userId, b.userId)),
    people,
    assignableUserIds: people
      .filter((p) => !p.deleted && isParticipant(p.id, meeting))
      .map((p) => p.id)
      .sort(byName),
    permissions: { canEdit: canEditScorecard(ctx, meeting), canDeleteColumns: canManage(ctx, meeting) },
  };
};
