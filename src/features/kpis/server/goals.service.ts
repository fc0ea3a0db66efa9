import { asc, eq } from 'drizzle-orm';
import { scoreGoalPeriods } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import type { KpiScoreGoal } from '../../../shared/kpis.ts';
import type { CreateScore, GoalPeriod } from '../kpis.schemas.ts';

// Temporary goals (docs/decisions/107): a measurable's different goal from a date to a date.
// The colour rule that uses them is kpiMetOn (src/shared/kpis.ts), the one place it lives.

const toPeriod = (row: typeof scoreGoalPeriods.$inferSelect): GoalPeriod => ({
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  goal: row.goal as KpiScoreGoal,
  score: row.score,
  scoreMax: row.scoreMax,
});

/** The temporary goals of these scores, by start date; one statement. */
export const goalPeriodsOf = async (
  ctx: Pick<TenantContext, 'db'>,
  scoreIds: string[],
): Promise<Map<string, GoalPeriod[]>> => {
  const periods = new Map<string, GoalPeriod[]>();
  if (scoreIds.length === 0) return periods;
  const rows = await ctx.db
    .select()
    .from(scoreGoalPeriods)
    .where(anyOf(scoreGoalPeriods.scoreId, scoreIds))
    .orderBy(asc(scoreGoalPeriods.startsOn));
  for (const row of rows) periods.set(row.scoreId, [...(periods.get(row.scoreId) ?? []), toPeriod(row)]);
  return periods;
};

/** Replaces a score's temporary goals with these (two statements at most). */
export const writeGoalPeriods = async (
  ctx: TenantContext,
  scoreId: string,
  periods: NonNullable<CreateScore['goalPeriods']> | GoalPeriod[],
): Promise<GoalPeriod[]> => {
  await ctx.db.delete(scoreGoalPeriods).where(eq(scoreGoalPeriods.scoreId, scoreId));
  if (periods.length === 0) return [];
  const rows = await ctx.db
    .insert(scoreGoalPeriods)
    .values(
      periods.map((period) => ({
        tenantId: ctx.tenantId,
        scoreId,
        startsOn: period.startsOn,
        endsOn: period.endsOn,
        goal: period.goal,
        score: period.score!,
        scoreMax: period.goal === 'between' ? (period.scoreMax ?? null) : null,
        createdBy: ctx.userId,
      })),
    )
    .returning();
  return rows.map(toPeriod).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
};
