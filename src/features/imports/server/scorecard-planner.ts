import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scoreCells, scorePeriodCells, scores } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { IsoDate } from '../../../shared/dates.ts';
import { conflict } from '../../../shared/errors.ts';
import { ZCreateScore, ZSaveCell } from '../../kpis/kpis.schemas.ts';
import { fillNewScoreCells } from '../../kpis/server/imported-cells.service.ts';
import { createScore, deleteScore, saveCell } from '../../kpis/server/kpis.service.ts';
import { savePeriodCell } from '../../kpis/server/period-cells.service.ts';
import { importsMessages } from '../imports.messages.ts';
import type { CsvRow } from './csv-reader.ts';
import type { CreatedItem, ImportFile, ImportPlanner } from './planners.ts';
import { planScorecard } from './scorecard-plan.ts';

// Ninety's weekly scorecard as a planner (decisions 111, 121): KPIs created with their weekly
// values, or values merged into the empty weeks of KPIs that were there. The undo here serves
// the monthly scorecard too: scores it created, and meeting-date or period values it filled.

/** A scorecard's rows, all of them: at most 500 KPIs, so they are held (the generic kinds stream theirs). */
export const csvRows = async (file: ImportFile) => {
  const rows: CsvRow[] = [];
  if (file.format === 'csv') for await (const row of file.rows()) rows.push(row);
  return rows;
};

export const weeklyScorecardPlanner: ImportPlanner = {
  plan: async (ctx, options, file, today: IsoDate) => {
    const plan = await planScorecard(ctx, options, file.fileName, await csvRows(file), today);
    const writing = plan.kpis.filter((kpi) => kpi.action !== 'skip');
    return {
      meetingId: plan.meeting.id,
      preview: plan.preview,
      errorCount: plan.errorCount,
      writesSomething: writing.length > 0,
      write: async () => {
        const created: CreatedItem[] = [];
        let values = 0;
        for (const kpi of writing) {
          let scoreId = kpi.existingId!;
          if (kpi.action === 'create') {
            const input = ZCreateScore.parse({
              title: kpi.title,
              userId: kpi.userId,
              goal: kpi.goal.goal,
              score: kpi.goal.target,
              type: kpi.goal.type,
            });
            scoreId = (await createScore(ctx, plan.meeting.id, input)).id;
            created.push(['score', scoreId]);
            await fillNewScoreCells(ctx, scoreId, kpi.values);
          } else {
            // Into a score that was there: one by one, so formulas reading it follow.
            for (const value of kpi.values) {
              await saveCell(ctx, scoreId, value.sessionId, ZSaveCell.parse({ measured: value.measured }));
              created.push(['scoreCell', `${scoreId}/${value.sessionId}`]);
            }
          }
          values += kpi.values.length;
        }
        return { created, counts: { kpis: created.filter(([entity]) => entity === 'score').length, values } };
      },
    };
  },
  undo: (ctx, items, since) => undoScorecard(ctx, items, since),
};

const splitCellId = (id: string) => {
  const [scoreId, column] = id.split('/');
  return { scoreId: scoreId!, column: column! };
};

/**
 * Deletes the KPIs an import created (their values go with them) and empties the values it
 * filled in KPIs that were there before, provided none of it was changed or deleted since.
 */
export const undoScorecard = async (ctx: TenantContext, items: { entity: string; entityId: string }[], since: Date) => {
  const scoreIds = items.filter((item) => item.entity === 'score').map((item) => item.entityId);
  const cells = items.filter((item) => item.entity === 'scoreCell').map((item) => splitCellId(item.entityId));
  const periodCells = items
    .filter((item) => item.entity === 'scorePeriodCell')
    .map((item) => splitCellId(item.entityId));
  const changed = () => conflict(importsMessages.undoChanged);
  const editedSince = (column: AnyPgColumn) =>
    sql<number>`count(*) filter (where ${column} > ${since.toISOString()}::timestamptz)`.mapWith(Number);
  if (scoreIds.length > 0) {
    const [state] = await ctx.db
      .select({ present: count(), edited: editedSince(scores.changedAt) })
      .from(scores)
      .where(and(eq(scores.tenantId, ctx.tenantId), inArray(scores.id, scoreIds)));
    if (state!.present !== scoreIds.length || state!.edited > 0) throw changed();
    const [cellsEdited] = await ctx.db
      .select({ n: count() })
      .from(scoreCells)
      .where(and(inArray(scoreCells.scoreId, scoreIds), gt(scoreCells.changedAt, since)));
    const [periodsEdited] = await ctx.db
      .select({ n: count() })
      .from(scorePeriodCells)
      .where(and(inArray(scorePeriodCells.scoreId, scoreIds), gt(scorePeriodCells.changedAt, since)));
    if ((cellsEdited?.n ?? 0) > 0 || (periodsEdited?.n ?? 0) > 0) throw changed();
  }
  if (cells.length > 0) {
    const pairs = sql.join(
      cells.map((c) => sql`(${c.scoreId}::uuid, ${c.column}::uuid)`),
      sql`, `,
    );
    const [state] = await ctx.db
      .select({ present: count(), edited: editedSince(scoreCells.changedAt) })
      .from(scoreCells)
      .where(
        and(eq(scoreCells.tenantId, ctx.tenantId), sql`(${scoreCells.scoreId}, ${scoreCells.sessionId}) in (${pairs})`),
      );
    if (state!.present !== cells.length || state!.edited > 0) throw changed();
  }
  if (periodCells.length > 0) {
    const pairs = sql.join(
      periodCells.map((c) => sql`(${c.scoreId}::uuid, ${c.column}::date)`),
      sql`, `,
    );
    const [state] = await ctx.db
      .select({ present: count(), edited: editedSince(scorePeriodCells.changedAt) })
      .from(scorePeriodCells)
      .where(
        and(
          eq(scorePeriodCells.tenantId, ctx.tenantId),
          sql`(${scorePeriodCells.scoreId}, ${scorePeriodCells.periodStart}) in (${pairs})`,
        ),
      );
    if (state!.present !== periodCells.length || state!.edited > 0) throw changed();
  }
  for (const scoreId of scoreIds) await deleteScore(ctx, scoreId);
  for (const c of cells) await saveCell(ctx, c.scoreId, c.column, ZSaveCell.parse({ measured: null }));
  for (const c of periodCells) await savePeriodCell(ctx, c.scoreId, c.column, ZSaveCell.parse({ measured: null }));
};
