import { and, desc, eq, sql } from 'drizzle-orm';
import { timeCostRates } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { notFound } from '../../../shared/errors.ts';
import { parseMoney } from '../time.money.ts';
import type { CostRate, ProfitPage, ProfitQuery, ProfitRow, SaveCostRate } from '../timesheet.schemas.ts';
import { assertAdmin } from './time.access.ts';

// Profitability (decision 090): what each person's hour costs the agency, from a day on, and per
// project its revenue, cost, profit and margin over its whole life. Cost rates are internal:
// workspace admins only. Sums are numeric in SQL, rounded to cents once per project.

const cents = (value: unknown) => parseMoney(String(value)) ?? 0;

/** `GET time/people/{id}/cost-rates`: a person's cost rates, newest first (admins). */
export const listCostRates = async (ctx: TenantContext, userId: string): Promise<CostRate[]> => {
  assertAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [userId] });
  const rows = await ctx.db
    .select({ validFrom: timeCostRates.validFrom, hourlyCost: timeCostRates.hourlyCost })
    .from(timeCostRates)
    .where(and(eq(timeCostRates.tenantId, ctx.tenantId), eq(timeCostRates.userId, userId)))
    .orderBy(desc(timeCostRates.validFrom));
  return rows.map((r) => ({ validFrom: r.validFrom, hourlyCost: cents(r.hourlyCost) }));
};

/** `PUT time/people/{id}/cost-rates`: the rate from a day on (a rate from the same day is replaced). */
export const saveCostRate = async (ctx: TenantContext, userId: string, input: SaveCostRate) => {
  assertAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [userId] });
  const hourlyCost = (input.hourlyCost / 100).toFixed(2);
  await ctx.db
    .insert(timeCostRates)
    .values({ tenantId: ctx.tenantId, userId, validFrom: input.validFrom, hourlyCost, changedBy: ctx.userId })
    .onConflictDoUpdate({
      target: [timeCostRates.tenantId, timeCostRates.userId, timeCostRates.validFrom],
      set: { hourlyCost, changedAt: new Date(), changedBy: ctx.userId },
    });
  return listCostRates(ctx, userId);
};

/** `DELETE time/people/{id}/cost-rates/{validFrom}`: 404 when there is no rate from that day. */
export const deleteCostRate = async (ctx: TenantContext, userId: string, validFrom: string) => {
  assertAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: [userId] });
  const gone = await ctx.db
    .delete(timeCostRates)
    .where(
      and(
        eq(timeCostRates.tenantId, ctx.tenantId),
        eq(timeCostRates.userId, userId),
        eq(timeCostRates.validFrom, validFrom),
      ),
    )
    .returning({ validFrom: timeCostRates.validFrom });
  if (gone.length === 0) throw notFound();
  return listCostRates(ctx, userId);
};

const margin = (revenue: number, profit: number) => (revenue > 0 ? Math.round((profit * 1000) / revenue) / 10 : null);

type Figures = {
  id: string;
  account_title: string;
  name: string;
  type: ProfitRow['type'];
  minutes: number;
  billable_minutes: number;
  uncosted_minutes: number;
  revenue: string | number;
  cost: string | number;
};

/**
 * `GET time/profitability`: per project (by account and name, one page) the hours, revenue,
 * cost, profit and margin, with the totals over every project. One statement.
 * Revenue: an hourly project's billable time at the rates it was logged with; a fixed-fee
 * project's fee; nothing for a non-billable one. Cost: every entry's minutes at its person's
 * cost rate in force on the day it was spent (none: it costs nothing and is counted apart).
 */
export const profitability = async (ctx: TenantContext, query: ProfitQuery): Promise<ProfitPage> => {
  assertAdmin(ctx);
  const result = await ctx.db.execute(sql`
    with figures as (
      select p.id, a.title as account_title, p.name, p.type,
        coalesce(x.minutes, 0)::int as minutes, coalesce(x.billable_minutes, 0)::int as billable_minutes,
        coalesce(x.uncosted_minutes, 0)::int as uncosted_minutes,
        (case p.type when 'time' then coalesce(x.billable_value, 0)
          when 'fixed_fee' then round(p.fixed_fee * 100) else 0 end)::bigint as revenue,
        coalesce(x.cost, 0)::bigint as cost
      from time_projects p
      join time_accounts a on a.id = p.account_id
      left join lateral (
        select sum(e.minutes) as minutes, sum(e.minutes) filter (where e.billable) as billable_minutes,
          sum(e.minutes) filter (where c.hourly_cost is null) as uncosted_minutes,
          round(coalesce(sum(e.minutes * e.rate) filter (where e.billable), 0) * 100 / 60) as billable_value,
          round(coalesce(sum(e.minutes * c.hourly_cost), 0) * 100 / 60) as cost
        from time_entries e
        left join lateral (
          select r.hourly_cost from time_cost_rates r
          where r.tenant_id = e.tenant_id and r.user_id = e.user_id and r.valid_from <= e.spent_on
          order by r.valid_from desc limit 1
        ) c on true
        where e.project_id = p.id
      ) x on true
      where p.tenant_id = ${ctx.tenantId}
    ),
    page as (
      select * from figures order by account_title, name, id limit ${query.limit} offset ${query.offset}
    )
    select
      (select coalesce(json_agg(page order by account_title, name, id), '[]') from page) as items,
      count(*)::int as total, coalesce(sum(minutes), 0)::int as minutes,
      coalesce(sum(uncosted_minutes), 0)::int as uncosted_minutes,
      coalesce(sum(revenue), 0)::bigint as revenue, coalesce(sum(cost), 0)::bigint as cost
    from figures`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const raw = row!.items;
  const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Figures[];
  const revenue = Number(row!.revenue);
  const cost = Number(row!.cost);
  return {
    items: items.map((f): ProfitRow => {
      const r = Number(f.revenue);
      const c = Number(f.cost);
      return {
        id: f.id,
        accountTitle: f.account_title,
        name: f.name,
        type: f.type,
        minutes: f.minutes,
        billableMinutes: f.billable_minutes,
        uncostedMinutes: f.uncosted_minutes,
        revenue: r,
        cost: c,
        profit: r - c,
        marginPercent: margin(r, r - c),
      };
    }),
    total: row!.total as number,
    offset: query.offset,
    totals: {
      minutes: row!.minutes as number,
      uncostedMinutes: row!.uncosted_minutes as number,
      revenue,
      cost,
      profit: revenue - cost,
      marginPercent: margin(revenue, revenue - cost),
    },
  };
};
