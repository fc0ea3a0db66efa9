import { and, eq, sql } from 'drizzle-orm';
import { goalCards, goalKpis } from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import { type KpiGoal, kpiNumber } from '../../../shared/kpis.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import type { ProgressSources, SetProgressSources } from '../milestones.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import { roomsOf, type TaskAccess, visibleTasksSql } from './tasks.access.ts';

// What else counts in a goal's progress besides its milestones (decision 092): cards linked to
// it (the share done) and one KPI of its meetings with a target of the goal's own (its latest
// value against that target). Each part present weighs the same; Cadence shows the figure and
// never sets the goal's status from it.

/** The share of a KPI's target its latest value reaches, 0–1 (lower is better for '<='). */
export const kpiShare = (comparator: KpiGoal, target: string, latest: string | null): number | null => {
  const value = kpiNumber(latest);
  const goal = kpiNumber(target);
  if (value === null || goal === null) return null;
  if (comparator === '<=') return value <= goal ? 1 : value === 0 ? 0 : Math.max(0, goal / value);
  if (comparator === '==')
    return value === goal ? 1 : goal === 0 ? 0 : Math.max(0, 1 - Math.abs(goal - value) / Math.abs(goal));
  return goal <= 0 ? (value >= goal ? 1 : 0) : Math.min(1, Math.max(0, value / goal));
};

/** The mean of the parts there are, in whole percent; null when there is none. */
export const combinedProgress = (parts: (number | null)[]): number | null => {
  const present = parts.filter((part): part is number => part !== null);
  return present.length ? Math.round((present.reduce((sum, part) => sum + part, 0) * 100) / present.length) : null;
};

type KpiRow = { score_id: string; target: string; title: string; comparator: KpiGoal; latest: string | null };

/** The goal's linked cards (done of total) and KPI with its latest value: two statements. */
export const progressSources = async (ctx: TenantContext, goalId: string): Promise<ProgressSources> => {
  const cards = (await ctx.db.execute(sql`
    select t.id, t.title, not (t.status = '1' or (t.type = '1' and t.status = '3')) as active
      from goal_cards gc join tasks t on t.id = gc.card_id
      where gc.goal_id = ${goalId} and gc.tenant_id = ${ctx.tenantId}
      order by lower(t.title), t.id`)) as unknown as { rows: { id: string; title: string; active: boolean }[] };
  const kpi = (await ctx.db.execute(sql`
    select gk.score_id, gk.target, s.title, s.goal as comparator,
        (select c.measured from score_cells c join sessions se on se.id = c.session_id
          where c.score_id = gk.score_id and c.measured is not null
          order by se.starts_at desc limit 1) as latest
      from goal_kpis gk join scores s on s.id = gk.score_id
      where gk.goal_id = ${goalId} and gk.tenant_id = ${ctx.tenantId}`)) as unknown as { rows: KpiRow[] };
  const row = kpi.rows[0];
  return {
    cards: {
      items: cards.rows.map((c) => ({ id: c.id, title: c.title, done: !c.active })),
      done: cards.rows.filter((c) => !c.active).length,
      total: cards.rows.length,
    },
    kpi: row
      ? {
          scoreId: row.score_id,
          title: row.title,
          comparator: row.comparator,
          target: row.target,
          latest: row.latest,
          share: kpiShare(row.comparator, row.target, row.latest),
        }
      : null,
  };
};

/**
 * `PUT tasks/{id}/progress-sources`: the goal's linked cards (every one, replacing the others)
 * and its KPI. A card is one the caller sees, no goal, and counts in one goal at most (linking it
 * here takes it from another); the KPI is one of the goal's meetings' the caller sees.
 */
export const setProgressSources = async (ctx: TenantContext, access: TaskAccess, input: SetProgressSources) => {
  const goalId = access.task.id;
  const cardIds = [...new Set(input.cardIds)];
  await assertInWorkspace(ctx.db, ctx.tenantId, { tasks: cardIds, scores: [input.kpi?.scoreId] });
  if (cardIds.includes(goalId)) throw badRequest({ cardIds: tasksMessages.progressCardIsGoal });
  if (cardIds.length) {
    const seen = (await ctx.db.execute(sql`
      select t.id, t.type from tasks t
        where t.id = any(${uuidArray(cardIds)}) and t.tenant_id = ${ctx.tenantId} and ${visibleTasksSql(ctx)}`)) as unknown as {
      rows: { id: string; type: string }[];
    };
    if (seen.rows.length !== cardIds.length) throw badRequest({ cardIds: tasksMessages.progressCardNotSeen });
    if (seen.rows.some((c) => c.type === TASK_TYPE.goal))
      throw badRequest({ cardIds: tasksMessages.progressCardIsGoal });
  }
  if (input.kpi) {
    // A KPI of a meeting the caller does not see is none of theirs (404), unless it is the one the
    // goal counts already (kept as it is when they change the cards); then it must be the goal's.
    const meetings = roomsOf(access);
    const found = (await ctx.db.execute(sql`
      select s.meeting_id = any(${uuidArray(meetings)}) as of_goal,
          (${ctx.isAdmin}::boolean or exists (select 1 from meeting_people p where p.meeting_id = s.meeting_id and p.user_id = ${ctx.userId})
            or exists (select 1 from goal_kpis gk where gk.goal_id = ${goalId} and gk.score_id = s.id)) as seen
        from scores s where s.id = ${input.kpi.scoreId} and s.tenant_id = ${ctx.tenantId}`)) as unknown as {
      rows: { of_goal: boolean; seen: boolean }[];
    };
    const kpi = found.rows[0];
    if (!kpi?.seen) throw notFound();
    if (!kpi.of_goal) throw badRequest({ kpi: tasksMessages.progressKpiNotOfGoal });
  }
  await ctx.db.delete(goalCards).where(and(eq(goalCards.goalId, goalId), eq(goalCards.tenantId, ctx.tenantId)));
  if (cardIds.length) {
    // A card counts in one goal: linked here, it leaves the goal it counted in before.
    await ctx.db.execute(sql`delete from goal_cards where card_id = any(${uuidArray(cardIds)})`);
    await ctx.db.insert(goalCards).values(cardIds.map((cardId) => ({ tenantId: ctx.tenantId, goalId, cardId })));
  }
  await ctx.db.delete(goalKpis).where(and(eq(goalKpis.goalId, goalId), eq(goalKpis.tenantId, ctx.tenantId)));
  if (input.kpi)
    await ctx.db
      .insert(goalKpis)
      .values({ tenantId: ctx.tenantId, goalId, scoreId: input.kpi.scoreId, target: input.kpi.target });
};
