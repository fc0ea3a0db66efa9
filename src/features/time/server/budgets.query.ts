import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ProjectBudgetType, ProjectRateMode, ProjectType } from '../../../shared/constants.ts';
import { budgetFigures, parseMoney } from '../time.money.ts';
import type { ProjectReport } from '../time.schemas.ts';
import { timeClock } from './time.clock.ts';

// The Accounts tab's budget bars in ONE statement for a page of projects: each project's
// settings, its tasks' and members' budget sums, and its logged time (all, and in the current
// budget period) with its value at the rates it was logged with. The arithmetic on amounts is
// numeric in SQL and integer cents in TypeScript (decision 048). The page is chosen first, and
// its projects' time is read from `time_project_months` (kept by triggers on time_entries): a
// row per project and month, not every entry — a year of 50 people's time is ~65,000 entries
// (bench/time.ts; decision 057). Months match the budget period: a monthly budget resets on
// the first of the month (UTC).

interface Row {
  id: string;
  account_id: string;
  account_title: string;
  name: string;
  type: ProjectType;
  budget_type: ProjectBudgetType;
  hourly_rate: ProjectRateMode;
  budget_reset: 'never' | 'monthly';
  total_project_fee: string;
  total_project_minutes: number;
  fixed_fee: string;
  task_budget: string;
  task_minutes: number;
  member_minutes: number;
  all_minutes: number;
  minutes: number;
  billable_minutes: number;
  value: string;
  billable_value: string;
  can_manage: boolean;
  total: number;
}

/** The first day of the budget period at `now` (SQL: the month, UTC), and the period's key. */
const periodStart = (now: Date) => sql`${`${now.toISOString().slice(0, 7)}-01`}::date`;
export const periodKey = (reset: 'never' | 'monthly', now: Date) =>
  reset === 'monthly' ? now.toISOString().slice(0, 7) : 'all';

const cents = (text: string) => parseMoney(text) ?? 0;

/**
 * Project reports matching `where` (SQL on `p`, the project, and `a`, its account), in name
 * order, `limit` from `offset`; `canManage` is `manages` (SQL on `p`).
 */
export const projectReports = async (
  db: Db,
  options: { where: SQL; manages: SQL; limit: number; offset: number; now?: Date },
): Promise<{ items: ProjectReport[]; total: number }> => {
  const now = options.now ?? timeClock.now();
  const result = await db.execute(sql`
    with page as (
      select p.id, (count(*) over ())::int as total
      from time_projects p
      join time_accounts a on a.id = p.account_id
      where ${options.where}
      order by a.title, p.name, p.id
      limit ${options.limit} offset ${options.offset}
    )
    select p.id, p.account_id, a.title as account_title, p.name, p.type, p.budget_type, p.hourly_rate,
      p.budget_reset, p.total_project_fee::text, p.total_project_minutes, p.fixed_fee::text,
      k.task_budget::text, k.task_minutes, t.member_minutes,
      e.all_minutes, e.minutes, e.billable_minutes, e.value::text, e.billable_value::text,
      (${options.manages}) as can_manage, page.total
    from page
    join time_projects p on p.id = page.id
    join time_accounts a on a.id = p.account_id
    cross join lateral (
      select coalesce(sum(budget), 0) as task_budget, coalesce(sum(budget_minutes), 0)::int as task_minutes
      from time_project_tasks where project_id = p.id and not deleted
    ) k
    cross join lateral (
      select coalesce(sum(budget_minutes), 0)::int as member_minutes from time_project_members where project_id = p.id
    ) t
    cross join lateral (
      select coalesce(sum(minutes), 0)::int as all_minutes,
        coalesce(sum(minutes) filter (where in_period), 0)::int as minutes,
        coalesce(sum(billable_minutes) filter (where in_period), 0)::int as billable_minutes,
        coalesce(round(sum(value) filter (where in_period) * 100 / 60), 0)::bigint as value,
        coalesce(round(sum(billable_value) filter (where in_period) * 100 / 60), 0)::bigint as billable_value
      from (
        select minutes, billable_minutes, value, billable_value,
          (p.budget_reset = 'never' or month >= ${periodStart(now)}) as in_period
        from time_project_months where project_id = p.id
      ) logged
    ) e
    order by a.title, p.name, p.id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const items = rows.map(
    (row): ProjectReport => ({
      id: row.id,
      accountId: row.account_id,
      accountTitle: row.account_title,
      name: row.name,
      type: row.type,
      budgetType: row.budget_type,
      hourlyRate: row.hourly_rate,
      budgetReset: row.budget_reset,
      totalMinutes: row.all_minutes,
      canManage: row.can_manage,
      figures: budgetFigures(
        {
          type: row.type,
          hourlyRate: row.hourly_rate,
          budgetType: row.budget_type,
          totalProjectFee: cents(row.total_project_fee),
          totalProjectMinutes: row.total_project_minutes,
          fixedFee: cents(row.fixed_fee),
          taskBudget: cents(row.task_budget),
          taskMinutes: row.task_minutes,
          memberMinutes: row.member_minutes,
        },
        {
          minutes: row.minutes,
          billableMinutes: row.billable_minutes,
          value: Number(row.value),
          billableValue: Number(row.billable_value),
        },
      ),
    }),
  );
  return { items, total: rows[0]?.total ?? 0 };
};
