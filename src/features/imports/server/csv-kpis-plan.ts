import { and, eq } from 'drizzle-orm';
import { scores } from '../../../db/schema/index.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { badRequest } from '../../../shared/errors.ts';
import { KPI_SCORES_MAX, KPI_TITLE_MAX, KPI_UNITS_MAX, type KpiFrequency, type KpiType } from '../../../shared/kpis.ts';
import { ZCreateScore } from '../../kpis/kpis.schemas.ts';
import { createScore } from '../../kpis/server/kpis.service.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { importsMessages } from '../imports.messages.ts';
import type { RowError } from '../imports.schemas.ts';
import { eachMappedRow } from './csv-columns.ts';
import { csvOwners, ownerRows } from './csv-owners.ts';
import { neutralise } from './csv-reader.ts';
import { checkMapping } from './import-people.ts';
import { type ParsedGoal, parseGoal } from './ninety-scorecard.ts';
import type { CreatedItem, ImportPlanner } from './planners.ts';
import { itemsPreview } from './planners.ts';
import { undoScorecard } from './scorecard-planner.ts';

// KPIs from any CSV (decision 126): a title, a goal written as Ninety's scorecard writes it
// (`>= 50%`, `< 10`, `$5,000`, read by the same parser), and optionally an owner, a type, units
// and a frequency. A KPI of the meeting with the same title is the duplicate, skipped either
// way: the file has no values that could be merged into it.

const TYPES: Record<string, KpiType> = {
  number: 'number',
  '#': 'number',
  dollar: 'dollar',
  dollars: 'dollar',
  currency: 'dollar',
  money: 'dollar',
  $: 'dollar',
  percentage: 'percentage',
  percent: 'percentage',
  '%': 'percentage',
  yesno: 'yesno',
  'yes/no': 'yesno',
  time: 'time',
};
const FREQUENCIES: Record<string, KpiFrequency> = {
  '': 'weekly',
  weekly: 'weekly',
  week: 'weekly',
  monthly: 'monthly',
  month: 'monthly',
  quarterly: 'quarterly',
  quarter: 'quarterly',
};
const lookup = <T>(table: Record<string, T>, text: string) => {
  const word = text.trim().toLowerCase();
  return Object.hasOwn(table, word) ? table[word] : undefined;
};
const key = (title: string) => title.trim().toLowerCase();
/** Any id: the plan checks a row's fields before its owner is known. */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

interface PlannedKpi {
  row: number;
  title: string;
  owner: string;
  goal: ParsedGoal;
  type: KpiType;
  units: string | null;
  frequency: KpiFrequency;
  action: 'create' | 'skip';
}

export const csvKpisPlanner: ImportPlanner = {
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    await checkMapping(ctx, meeting, options.people);
    const existingRows = await ctx.db
      .select({ title: scores.title })
      .from(scores)
      .where(and(eq(scores.tenantId, ctx.tenantId), eq(scores.meetingId, meeting.id)));
    const existing = new Set(existingRows.map((row) => key(row.title)));
    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const kpis: PlannedKpi[] = [];
    const seen = new Map<string, number>();
    const rows = await eachMappedRow(options, file, ({ row, cells }, { cellOf }) => {
      const reasons: string[] = [];
      const raw = cellOf(cells, 'title');
      const title = neutralise(raw);
      if (title.changed) notes.push({ row, reason: importsMessages.noteFormula });
      if (raw === '') reasons.push(importsMessages.rowTitleMissing);
      else if (title.text.length > KPI_TITLE_MAX) reasons.push(importsMessages.rowTitleTooLong(KPI_TITLE_MAX));
      const goalText = cellOf(cells, 'goal');
      const goal = goalText === '' ? undefined : parseGoal(goalText);
      if (goalText === '') reasons.push(importsMessages.rowGoalMissing);
      else if (!goal) reasons.push(importsMessages.rowGoalInvalid(goalText));
      else if (goal.strict)
        notes.push({ row, reason: importsMessages.noteStrictGoal(goalText, `${goal.goal} ${goal.target}`) });
      const typeText = cellOf(cells, 'type');
      const type = typeText === '' ? goal?.type : lookup(TYPES, typeText);
      if (typeText !== '' && !type) reasons.push(importsMessages.rowTypeInvalid(typeText));
      const units = neutralise(cellOf(cells, 'units')).text;
      if (units.length > KPI_UNITS_MAX) reasons.push(importsMessages.rowUnitsTooLong(KPI_UNITS_MAX));
      const frequencyText = cellOf(cells, 'frequency');
      const frequency = lookup(FREQUENCIES, frequencyText);
      if (!frequency) reasons.push(importsMessages.rowFrequencyInvalid(frequencyText));
      const earlier = raw === '' ? undefined : seen.get(key(title.text));
      if (earlier !== undefined) reasons.push(importsMessages.rowDuplicateInFile(earlier));
      else if (raw !== '') seen.set(key(title.text), row);
      if (reasons.length === 0 && goal && type && frequency) {
        // The scorecard's own rules (a yes/no goal, a time's form) have the last word.
        const input = { title: title.text, userId: SOME_ID, goal: goal.goal, score: goal.target, type, frequency };
        const checked = ZCreateScore.safeParse({ ...input, units: units || null });
        if (!checked.success) reasons.push(importsMessages.rowGoalInvalid(goalText));
      }
      if (reasons.length > 0 || !goal || !type || !frequency) {
        for (const reason of reasons) errors.push({ row, reason });
        return;
      }
      const duplicate = existing.has(key(title.text));
      if (duplicate) notes.push({ row, reason: importsMessages.noteDuplicateTitle(title.text) });
      kpis.push({
        row,
        title: title.text,
        owner: cellOf(cells, 'owner'),
        goal,
        type,
        units: units || null,
        frequency,
        action: duplicate ? 'skip' : 'create',
      });
    });
    const creating = kpis.filter((kpi) => kpi.action === 'create');
    if (existingRows.length + creating.length > KPI_SCORES_MAX)
      throw badRequest(
        { file: importsMessages.tooManyKpis(KPI_SCORES_MAX) },
        importsMessages.tooManyKpis(KPI_SCORES_MAX),
      );
    const { people, candidates, ownerOf, ownerName } = await csvOwners(ctx, options, meeting, ownerRows(kpis));
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: creating.length > 0,
      preview: itemsPreview(options, file, rows, kpis, { errors, notes, people, candidates }, (kpi) => ({
        row: kpi.row,
        title: kpi.title,
        owner: ownerName(kpi.owner),
        goal: kpi.goal.goal,
        target: kpi.goal.target,
        type: kpi.type,
        group: kpi.frequency,
        values: 0,
        action: kpi.action,
      })),
      write: async () => {
        const created: CreatedItem[] = [];
        for (const kpi of creating) {
          const input = ZCreateScore.parse({
            title: kpi.title,
            userId: ownerOf(kpi.owner),
            goal: kpi.goal.goal,
            score: kpi.goal.target,
            type: kpi.type,
            units: kpi.units,
            frequency: kpi.frequency,
          });
          created.push(['score', (await createScore(ctx, meeting.id, input)).id]);
        }
        return { created, counts: { kpis: created.length } };
      },
    };
  },
  undo: (ctx, items, since) => undoScorecard(ctx, items, since),
};
