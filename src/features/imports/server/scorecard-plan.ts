import { and, asc, between, eq, isNotNull, isNull } from 'drizzle-orm';
import { kpiRemovedSessions, scoreCells, scores, sessions } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { KPI_SCORES_MAX, KPI_TITLE_MAX } from '../../../shared/kpis.ts';
import { fullName, type PersonSummary } from '../../../shared/person.ts';
import { findVisibleMeeting, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportOptions, ImportPerson, ImportPreview, RowError } from '../imports.schemas.ts';
import { type CsvRow, neutralise } from './csv-reader.ts';
import { assignerOf, checkMapping, matchPeople, participantsOf, personKey } from './import-people.ts';
import {
  COLUMN,
  cell,
  checkHeader,
  type ParsedGoal,
  parseGoal,
  parseValue,
  resolveWeeks,
  type Week,
} from './ninety-scorecard.ts';
import { previewLists } from './planners.ts';

// What a Ninety scorecard file would do to a meeting's scorecard: the plan both the preview and
// the confirmation work from, read in a fixed number of statements whatever the file's size.

export interface PlannedValue {
  sessionId: string;
  measured: string;
}

export interface PlannedKpi {
  row: number;
  title: string;
  owner: string;
  goal: ParsedGoal;
  values: PlannedValue[];
  action: 'create' | 'merge' | 'skip';
  /** The score already on the scorecard (merge and skip). */
  existingId?: string;
  /** Who will own it: the person assigned, or the meeting's leader. */
  userId: string;
}

export interface ScorecardPlan {
  meeting: MeetingAccess;
  preview: ImportPreview;
  kpis: PlannedKpi[];
  errorCount: number;
}

const titleKey = (title: string) => title.trim().toLowerCase();

/** The meeting's dates on the scorecard in the weeks of the file, the first of each week. */
const sessionsByWeek = async (ctx: TenantContext, meetingId: string, weeks: Week[]) => {
  const byWeek = new Map<string, string>();
  if (weeks.length === 0) return byWeek;
  const rows = await ctx.db
    .select({ id: sessions.id, date: sessions.sessionDate })
    .from(sessions)
    .leftJoin(kpiRemovedSessions, eq(kpiRemovedSessions.sessionId, sessions.id))
    .where(
      and(
        eq(sessions.tenantId, ctx.tenantId),
        eq(sessions.meetingId, meetingId),
        isNull(kpiRemovedSessions.sessionId),
        between(sessions.sessionDate, weeks[0]!.start, weeks.at(-1)!.end),
      ),
    )
    .orderBy(asc(sessions.sessionDate));
  for (const week of weeks) {
    const session = rows.find((row) => row.date >= week.start && row.date <= week.end);
    if (session) byWeek.set(week.header, session.id);
  }
  return byWeek;
};

/** The scores already on the meeting's scorecard, by lower-cased title, and the cells of theirs that hold a value. */
const existingScores = async (ctx: TenantContext, meetingId: string) => {
  const rows = await ctx.db
    .select({ id: scores.id, title: scores.title, formula: scores.formula, sessionId: scoreCells.sessionId })
    .from(scores)
    .leftJoin(scoreCells, and(eq(scoreCells.scoreId, scores.id), isNotNull(scoreCells.measured)))
    .where(and(eq(scores.tenantId, ctx.tenantId), eq(scores.meetingId, meetingId)));
  const byTitle = new Map<string, { id: string; computed: boolean; filled: Set<string> }>();
  for (const row of rows) {
    const key = titleKey(row.title);
    const entry = byTitle.get(key) ?? { id: row.id, computed: row.formula !== null, filled: new Set<string>() };
    if (row.sessionId && entry.id === row.id) entry.filled.add(row.sessionId);
    byTitle.set(key, entry);
  }
  const count = new Set(rows.map((row) => row.id)).size;
  return { byTitle, count };
};

/** Reads the rows against the meeting's scorecard: what each would become, and why not. */
export const planScorecard = async (
  ctx: TenantContext,
  options: ImportOptions,
  fileName: string,
  rows: CsvRow[],
  today: IsoDate,
): Promise<ScorecardPlan> => {
  assertWorkspaceAdmin(ctx);
  const meeting = await findVisibleMeeting(ctx, options.meetingId);
  await checkMapping(ctx, meeting, options.people);
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw badRequest({ file: importsMessages.fileEmpty }, importsMessages.fileEmpty);
  checkHeader(header.cells);
  const weeks = resolveWeeks(header.cells, today, options.latestWeekYear);
  const owners = [...new Set(data.map((row) => cell(row.cells[COLUMN.owner])).filter(Boolean))];
  const [byWeek, matched, existing, candidates] = [
    await sessionsByWeek(ctx, meeting.id, weeks),
    await matchPeople(ctx, owners),
    await existingScores(ctx, meeting.id),
    await participantsOf(ctx, meeting),
  ];

  const errors: RowError[] = [];
  const notes: RowError[] = [];
  for (const week of weeks) {
    if (!byWeek.has(week.header)) notes.push({ row: 1, reason: importsMessages.noteNoMeetingDate(week.header) });
  }
  const assignedOf = assignerOf(options, matched, candidates, meeting);
  const fallbackOwner = meeting.leaderIds[0] ?? ctx.userId;
  const seen = new Map<string, number>();
  const kpis: PlannedKpi[] = [];
  for (const { row, cells } of data) {
    const rowErrors: string[] = [];
    const rawTitle = cell(cells[COLUMN.title]);
    const title = neutralise(rawTitle);
    if (title.changed) notes.push({ row, reason: importsMessages.noteFormula });
    if (rawTitle === '') rowErrors.push(importsMessages.rowTitleMissing);
    else if (title.text.length > KPI_TITLE_MAX) rowErrors.push(importsMessages.rowTitleTooLong(KPI_TITLE_MAX));
    const goalText = cell(cells[COLUMN.goal]);
    const goal = goalText === '' ? undefined : parseGoal(goalText);
    if (goalText === '') rowErrors.push(importsMessages.rowGoalMissing);
    else if (!goal) rowErrors.push(importsMessages.rowGoalInvalid(goalText));
    else if (goal.strict)
      notes.push({ row, reason: importsMessages.noteStrictGoal(goalText, `${goal.goal} ${goal.target}`) });
    const values: PlannedValue[] = [];
    for (const week of weeks) {
      const measured = parseValue(cells[week.column]);
      if (measured === undefined)
        rowErrors.push(importsMessages.rowValueInvalid(week.header, cell(cells[week.column])));
      const sessionId = byWeek.get(week.header);
      if (measured && sessionId) values.push({ sessionId, measured });
    }
    const key = titleKey(title.text);
    const earlier = rawTitle === '' ? undefined : seen.get(key);
    if (earlier !== undefined) rowErrors.push(importsMessages.rowDuplicateInFile(earlier));
    else if (rawTitle !== '') seen.set(key, row);
    if (rowErrors.length > 0 || !goal) {
      for (const reason of rowErrors) errors.push({ row, reason });
      continue;
    }
    const owner = cell(cells[COLUMN.owner]);
    const current = existing.byTitle.get(key);
    // A formula's values are computed: nothing can be merged into them.
    const action = current ? (current.computed ? 'skip' : options.duplicates) : 'create';
    kpis.push({
      row,
      title: title.text,
      owner,
      goal,
      values: action === 'merge' ? values.filter((v) => !current!.filled.has(v.sessionId)) : values,
      action,
      existingId: current?.id,
      userId: (owner ? assignedOf(owner)?.id : undefined) ?? fallbackOwner,
    });
  }
  const creating = kpis.filter((kpi) => kpi.action === 'create');
  if (existing.count + creating.length > KPI_SCORES_MAX) {
    throw badRequest(
      { file: importsMessages.tooManyKpis(KPI_SCORES_MAX) },
      importsMessages.tooManyKpis(KPI_SCORES_MAX),
    );
  }
  const merging = kpis.filter((kpi) => kpi.action === 'merge');
  const people: ImportPerson[] = owners.map((source) => {
    const found = matched.get(personKey(source));
    return {
      source,
      rows: data.filter((row) => cell(row.cells[COLUMN.owner]) === source).length,
      matched: found ?? null,
      assigned: assignedOf(source),
    };
  });
  const sum = (list: PlannedKpi[]) => list.reduce((n, kpi) => n + kpi.values.length, 0);
  const covered = weeks.filter((week) => byWeek.has(week.header));
  return {
    meeting,
    kpis,
    errorCount: errors.length,
    preview: {
      kind: options.kind,
      fileName,
      rows: data.length,
      create: { kpis: creating.length, values: sum(creating) },
      merge: { kpis: merging.length, values: sum(merging) },
      skip: { kpis: kpis.length - creating.length - merging.length },
      weeks: { count: covered.length, first: covered[0]?.start ?? null, last: covered.at(-1)?.start ?? null },
      people,
      candidates,
      ...previewLists(kpis, errors, notes, (kpi) => ({
        row: kpi.row,
        title: kpi.title,
        owner: fullNameOf(candidates, kpi.userId),
        goal: kpi.goal.goal,
        target: kpi.goal.target,
        type: kpi.goal.type,
        group: null,
        values: kpi.values.length,
        action: kpi.action,
      })),
      board: null,
    },
  };
};

const fullNameOf = (people: PersonSummary[], id: string) => {
  const person = people.find((p) => p.id === id);
  return person ? fullName(person) : '';
};
