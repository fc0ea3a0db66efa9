import { and, eq, isNotNull } from 'drizzle-orm';
import { scorePeriodCells, scores } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { formatIsoDate, type IsoDate, MONTH_NAMES, parseIsoDate } from '../../../shared/dates.ts';
import { badRequest } from '../../../shared/errors.ts';
import { KPI_SCORES_MAX, KPI_TITLE_MAX } from '../../../shared/kpis.ts';
import { fullName } from '../../../shared/person.ts';
import { ZCreateScore, ZSaveCell } from '../../kpis/kpis.schemas.ts';
import { createScore } from '../../kpis/server/kpis.service.ts';
import { savePeriodCell } from '../../kpis/server/period-cells.service.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportItem, RowError } from '../imports.schemas.ts';
import { neutralise } from './csv-reader.ts';
import { checkMapping, participantsOf } from './import-people.ts';
import { cell, NINETY_COLUMNS, type ParsedGoal, parseGoal, parseValue } from './ninety-scorecard.ts';
import type { CreatedItem, ImportPlanner } from './planners.ts';
import { previewLists } from './planners.ts';
import { csvRows, undoScorecard } from './scorecard-planner.ts';

// Ninety's monthly scorecard (`Title, Goal, January … December`, no owner, no year) into the
// meeting's monthly KPIs (decision 121): a new KPI per row with `frequency: 'monthly'`, its
// months written as period values; a monthly KPI of the same title is skipped, or its empty
// months filled (merge). The owner is the meeting's leader: the file names nobody.

const fileError = (message: string) => badRequest({ file: message }, message);
const titleKey = (title: string) => title.trim().toLowerCase();

/** Refuses anything but the monthly header, pointing the weekly one to its own format. */
const checkMonthlyHeader = (header: string[]) => {
  const cells = header.map(cell);
  if (cells[0] === 'Title' && cells[1] === 'Goal' && MONTH_NAMES.every((month, i) => cells[i + 2] === month)) return;
  if (NINETY_COLUMNS.every((name, i) => cells[i] === name)) throw fileError(importsMessages.weeklyNotMonthly);
  throw fileError(importsMessages.notNinetyMonthly);
};

interface PlannedMonthlyKpi {
  row: number;
  title: string;
  goal: ParsedGoal;
  values: { periodStart: IsoDate; measured: string }[];
  action: ImportItem['action'];
  existingId?: string;
}

/** The meeting's scores by lower-cased title: monthly or not, computed or not, and the months holding a value. */
const existingScores = async (ctx: TenantContext, meetingId: string) => {
  const rows = await ctx.db
    .select({
      id: scores.id,
      title: scores.title,
      frequency: scores.frequency,
      formula: scores.formula,
      periodStart: scorePeriodCells.periodStart,
    })
    .from(scores)
    .leftJoin(scorePeriodCells, and(eq(scorePeriodCells.scoreId, scores.id), isNotNull(scorePeriodCells.measured)))
    .where(and(eq(scores.tenantId, ctx.tenantId), eq(scores.meetingId, meetingId)));
  const byTitle = new Map<string, { id: string; monthly: boolean; computed: boolean; filled: Set<string> }>();
  for (const row of rows) {
    const key = titleKey(row.title);
    const entry = byTitle.get(key) ?? {
      id: row.id,
      monthly: row.frequency === 'monthly',
      computed: row.formula !== null,
      filled: new Set<string>(),
    };
    if (row.periodStart && entry.id === row.id) entry.filled.add(row.periodStart);
    byTitle.set(key, entry);
  }
  return { byTitle, count: new Set(rows.map((row) => row.id)).size };
};

export const monthlyScorecardPlanner: ImportPlanner = {
  plan: async (ctx, options, file, today) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const [header, ...data] = await csvRows(file);
    if (!header) throw fileError(importsMessages.fileEmpty);
    checkMonthlyHeader(header.cells);
    if (data.length === 0) throw fileError(importsMessages.fileEmpty);
    const year = options.year ?? parseIsoDate(today).year;
    const months = MONTH_NAMES.map((name, i) => ({ name, column: i + 2, start: formatIsoDate(year, i + 1, 1) }));
    const existing = await existingScores(ctx, meeting.id);
    const candidates = await participantsOf(ctx, meeting);
    const ownerId = meeting.leaderIds[0] ?? ctx.userId;
    const ownerName = fullName(candidates.find((person) => person.id === ownerId) ?? { firstName: '', lastName: '' });

    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const seen = new Map<string, number>();
    const kpis: PlannedMonthlyKpi[] = [];
    for (const { row, cells } of data) {
      const rowErrors: string[] = [];
      const rawTitle = cell(cells[0]);
      const title = neutralise(rawTitle);
      if (title.changed) notes.push({ row, reason: importsMessages.noteFormula });
      if (rawTitle === '') rowErrors.push(importsMessages.rowTitleMissing);
      else if (title.text.length > KPI_TITLE_MAX) rowErrors.push(importsMessages.rowTitleTooLong(KPI_TITLE_MAX));
      const goalText = cell(cells[1]);
      const goal = goalText === '' ? undefined : parseGoal(goalText);
      if (goalText === '') rowErrors.push(importsMessages.rowGoalMissing);
      else if (!goal) rowErrors.push(importsMessages.rowGoalInvalid(goalText));
      else if (goal.strict)
        notes.push({ row, reason: importsMessages.noteStrictGoal(goalText, `${goal.goal} ${goal.target}`) });
      const values: PlannedMonthlyKpi['values'] = [];
      for (const month of months) {
        const measured = parseValue(cells[month.column]);
        if (measured === undefined)
          rowErrors.push(importsMessages.rowValueInvalid(month.name, cell(cells[month.column])));
        else if (measured !== null) values.push({ periodStart: month.start, measured });
      }
      const key = titleKey(title.text);
      const earlier = rawTitle === '' ? undefined : seen.get(key);
      if (earlier !== undefined) rowErrors.push(importsMessages.rowDuplicateInFile(earlier));
      else if (rawTitle !== '') seen.set(key, row);
      if (rowErrors.length > 0 || !goal) {
        for (const reason of rowErrors) errors.push({ row, reason });
        continue;
      }
      const current = existing.byTitle.get(key);
      if (current && !current.monthly) notes.push({ row, reason: importsMessages.noteNotMonthly(title.text) });
      // A formula's values are computed, and a weekly KPI has no months: nothing is merged into either.
      const action = current ? (current.computed || !current.monthly ? 'skip' : options.duplicates) : 'create';
      kpis.push({
        row,
        title: title.text,
        goal,
        values: action === 'merge' ? values.filter((v) => !current!.filled.has(v.periodStart)) : values,
        action,
        existingId: current?.id,
      });
    }
    const creating = kpis.filter((kpi) => kpi.action === 'create');
    const merging = kpis.filter((kpi) => kpi.action === 'merge');
    if (existing.count + creating.length > KPI_SCORES_MAX) throw fileError(importsMessages.tooManyKpis(KPI_SCORES_MAX));
    const sum = (list: PlannedMonthlyKpi[]) => list.reduce((n, kpi) => n + kpi.values.length, 0);
    const filledMonths = months.filter((month) =>
      kpis.some((kpi) => kpi.action !== 'skip' && kpi.values.some((v) => v.periodStart === month.start)),
    );
    const writing = [...creating, ...merging];
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: writing.length > 0,
      preview: {
        kind: options.kind,
        fileName: file.fileName,
        rows: data.length,
        create: { kpis: creating.length, values: sum(creating) },
        merge: { kpis: merging.length, values: sum(merging) },
        skip: { kpis: kpis.length - creating.length - merging.length },
        weeks: {
          count: filledMonths.length,
          first: filledMonths[0]?.start ?? null,
          last: filledMonths.at(-1)?.start ?? null,
        },
        people: [],
        candidates,
        ...previewLists(kpis, errors, notes, (kpi) => ({
          row: kpi.row,
          title: kpi.title,
          owner: ownerName,
          goal: kpi.goal.goal,
          target: kpi.goal.target,
          type: kpi.goal.type,
          group: null,
          values: kpi.values.length,
          action: kpi.action,
        })),
        board: null,
      },
      write: async () => {
        const created: CreatedItem[] = [];
        for (const kpi of writing) {
          let scoreId = kpi.existingId!;
          if (kpi.action === 'create') {
            const input = ZCreateScore.parse({
              title: kpi.title,
              userId: ownerId,
              goal: kpi.goal.goal,
              score: kpi.goal.target,
              type: kpi.goal.type,
              frequency: 'monthly',
            });
            scoreId = (await createScore(ctx, meeting.id, input)).id;
            created.push(['score', scoreId]);
          }
          for (const value of kpi.values) {
            await savePeriodCell(ctx, scoreId, value.periodStart, ZSaveCell.parse({ measured: value.measured }));
            if (kpi.action === 'merge') created.push(['scorePeriodCell', `${scoreId}/${value.periodStart}`]);
          }
        }
        return {
          created,
          counts: { kpis: creating.length, values: sum(writing) },
        };
      },
    };
  },
  undo: (ctx, items, since) => undoScorecard(ctx, items, since),
};
