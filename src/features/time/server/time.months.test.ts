import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { Account, Entry, Project, ProjectReportPage } from '../time.schemas.ts';

// The budget bars read each project's time per month from `time_project_months`, which triggers
// on time_entries keep (decision 057). After every kind of write the months must equal what the
// entries add up to, exactly (money included), and the bars must say what the entries say.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

interface Month {
  project_id: string;
  month: string;
  minutes: number;
  billable_minutes: number;
  value: string;
  billable_value: string;
}

/** The months as kept, and as the entries add them up (rows with nothing left aside). */
const monthsOf = async (projectIds: string[]) => {
  const ids = uuidArray(projectIds);
  const kept = await app.database.db.execute(sql`
    select project_id, month::text, minutes, billable_minutes, value::numeric(20,2)::text as value,
      billable_value::numeric(20,2)::text as billable_value
    from time_project_months where project_id = any(${ids}) and (minutes <> 0 or value <> 0)
    order by project_id, month`);
  const counted = await app.database.db.execute(sql`
    select project_id, date_trunc('month', spent_on)::date::text as month, sum(minutes)::int as minutes,
      coalesce(sum(minutes) filter (where billable), 0)::int as billable_minutes,
      sum(minutes * rate)::numeric(20,2)::text as value,
      coalesce(sum(minutes * rate) filter (where billable), 0)::numeric(20,2)::text as billable_value
    from time_entries where project_id = any(${ids}) group by 1, 2 order by 1, 2`);
  return { kept: (kept as unknown as { rows: Month[] }).rows, counted: (counted as unknown as { rows: Month[] }).rows };
};

const thisMonth = new Date().toISOString().slice(0, 8);
const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15))
  .toISOString()
  .slice(0, 10);

describe("projects' months (what the budget bars read)", () => {
  it('follow every write of time exactly, and the bars count a monthly budget from the first of the month', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const account = (await ada.api.post<Account>('/time/accounts', { title: 'Acme' })).body.result;
    const body = (name: string, extra = {}) => ({
      accountId: account.id,
      name,
      hourlyRate: 'task',
      budgetType: 'total_project_hours',
      totalProjectMinutes: 6000,
      tasks: [
        { title: 'Build', billable: true, hourlyRate: 12_345, budget: 0, budgetMinutes: 0 },
        { title: 'Admin', billable: false, hourlyRate: 6_789, budget: 0, budgetMinutes: 0 },
      ],
      teams: [{ userId: ben.userId, manage: false, hourlyRate: 0, budgetMinutes: 0 }],
      ...extra,
    });
    const first = (await ada.api.post<Project>('/time/projects', body('First', { budgetReset: 'monthly' }))).body
      .result;
    const second = (await ada.api.post<Project>('/time/projects', body('Second'))).body.result;
    const ids = [first.id, second.id];
    const expectInStep = async () => {
      const { kept, counted } = await monthsOf(ids);
      expect(kept).toEqual(counted);
      return counted;
    };
    const log = async (project: Project, task: number, spentOn: string, minutes: number) => {
      const answer = await ben.api.post<Entry>('/time/entries', {
        projectId: project.id,
        taskId: project.tasks[task]!.id,
        spentOn,
        minutes,
      });
      expect(answer.status).toBe(201);
      return answer.body.result;
    };

    const a = await log(first, 0, `${thisMonth}02`, 61);
    await log(first, 1, `${thisMonth}03`, 47);
    const c = await log(first, 0, lastMonth, 95);
    const d = await log(second, 0, lastMonth, 33);
    expect((await expectInStep()).length).toBe(3);

    // Changed, moved to the other project and month, deleted.
    const save = (entry: Entry, change: Partial<Entry>) =>
      ben.api.put(`/time/entries/${entry.id}`, {
        projectId: change.projectId ?? entry.projectId,
        taskId: change.taskId ?? entry.taskId,
        spentOn: change.spentOn ?? entry.spentOn,
        minutes: change.minutes ?? entry.minutes,
      });
    expect((await save(a, { minutes: 80 })).status).toBe(200);
    expect(
      (await save(c, { projectId: second.id, taskId: second.tasks[1]!.id, spentOn: `${thisMonth}04` })).status,
    ).toBe(200);
    expect((await ben.api.delete(`/time/entries/${d.id}`)).status).toBe(200);
    await expectInStep();

    // A timer that continues an entry, then re-pricing the logged time at new rates.
    expect((await ben.api.post('/time/timer', { entryId: a.id })).status).toBeLessThan(300);
    expect((await ben.api.post('/time/timer/stop')).status).toBeLessThan(300);
    const repriced = await ada.api.put(`/time/projects/${first.id}`, {
      ...body('First', { budgetReset: 'monthly' }),
      tasks: first.tasks.map((t, i) => ({ ...body('x').tasks[i], id: t.id, hourlyRate: 20_001 })),
      applyRatesToLoggedTime: true,
    });
    expect(repriced.status).toBe(200);
    await expectInStep();

    // The bars: the monthly budget counts this month only; the other, everything.
    const bars = (await ada.api.get<ProjectReportPage>('/time/projects?limit=50')).body.result.items;
    const thisMonthsMinutes = (await monthsOf([first.id])).counted
      .filter((m) => m.month.startsWith(thisMonth))
      .reduce((sum, m) => sum + m.minutes, 0);
    const firstBar = bars.find((bar) => bar.id === first.id)!;
    expect(firstBar.figures.spent).toBe(thisMonthsMinutes);
    expect(firstBar.totalMinutes).toBe(thisMonthsMinutes); // c moved away: all of First's time is this month's
    const secondBar = bars.find((bar) => bar.id === second.id)!;
    expect(secondBar.figures.spent).toBe(95);

    // Deleting a project takes its months with it, and the other's stay in step.
    expect((await ada.api.delete(`/time/projects/${second.id}`)).status).toBe(200);
    expect((await monthsOf([second.id])).kept).toEqual([]);
    await expectInStep();
  });
});
