import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { signUp } from '../../../../test/factories.ts';
import { log, must, newProject, projectBody, setup } from '../../../../test/time-fixtures.ts';
import type { Report, TeamWeek } from '../time.schemas.ts';
import type { CostRate, ProfitPage } from '../timesheet.schemas.ts';

// Profitability against a hand computation to the cent, cost rates in force by day, utilisation,
// and the Reports total that adds only hourly billable value (decision 090).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('profitability', () => {
  it('gives revenue, cost, profit and margin per project and in total, to the cent', async () => {
    const { ada, ben, cy, account } = await setup(app);
    const team = [{ userId: ben.userId }, { userId: cy.userId }];
    const hourly = await newProject(
      ada,
      projectBody(account.id, team, { hourlyRate: 'project', projectHoursRate: 15000 }),
    );
    const fixed = await newProject(ada, {
      ...projectBody(account.id, team, {
        type: 'fixed_fee',
        fixedFee: 100000,
        hourlyRate: 'project',
        projectHoursRate: 12000,
      }),
      name: 'Retainer',
    });
    const internal = await newProject(ada, {
      ...projectBody(account.id, team, { type: 'non_billable' }),
      name: 'Internal',
    });
    // Ben costs 40.00 an hour from January, 50.00 from April 15th; Cy has no cost rate.
    const rates = async (body: object) => ada.api.put<CostRate[]>(`/time/people/${ben.userId}/cost-rates`, body);
    must(await rates({ validFrom: '2026-01-01', hourlyCost: 4000 }), 'january');
    const saved = must(await rates({ validFrom: '2026-04-15', hourlyCost: 5000 }), 'april');
    expect(saved).toEqual([
      { validFrom: '2026-04-15', hourlyCost: 5000 },
      { validFrom: '2026-01-01', hourlyCost: 4000 },
    ]);

    must(await log(ben, hourly, '2026-04-06', 90), 'design'); // 225.00 revenue, 60.00 cost
    must(await log(ben, hourly, '2026-04-20', 30, { taskId: hourly.tasks[1]!.id }), 'admin'); // not billable; 25.00
    must(await log(cy, hourly, '2026-04-07', 45), 'cy'); // 112.50 revenue, no cost rate
    must(await log(ben, fixed, '2026-04-06', 7), 'fixed'); // 7 × 40 / 60 = 4.67 cost
    must(await log(ben, internal, '2026-04-16', 60), 'internal'); // 50.00 cost

    const page = must(await ada.api.get<ProfitPage>('/time/profitability'), 'profitability');
    const figures = page.items.map((r) => [r.name, r.type, r.minutes, r.revenue, r.cost, r.profit, r.marginPercent]);
    expect(figures).toEqual([
      ['Internal', 'non_billable', 60, 0, 5000, -5000, null],
      ['Retainer', 'fixed_fee', 7, 100000, 467, 99533, 99.5],
      ['Website', 'time', 165, 33750, 8500, 25250, 74.8],
    ]);
    expect(page.items.find((r) => r.name === 'Website')?.uncostedMinutes).toBe(45);
    expect(page.totals).toEqual({
      minutes: 232,
      uncostedMinutes: 45,
      revenue: 133750,
      cost: 13967,
      profit: 119783,
      marginPercent: 89.6,
    });
    // Paged on the server: the totals stay those of every project.
    const second = must(await ada.api.get<ProfitPage>('/time/profitability?limit=1&offset=1'), 'page 2');
    expect([second.items.map((r) => r.name), second.total, second.totals.revenue]).toEqual([['Retainer'], 3, 133750]);
    const past = must(await ada.api.get<ProfitPage>('/time/profitability?limit=1&offset=9'), 'past');
    expect([past.items, past.total]).toEqual([[], 3]);

    // The Reports tab adds only hourly billable value: the fixed fee's 7 minutes at 120.00 are not billed.
    const report = must(await ada.api.get<Report>('/time/reports?from=2026-04-01&to=2026-04-30'), 'report');
    expect(report.rows.find((r) => r.name === 'Acme / Retainer')).toMatchObject({ minutes: 7, amount: 0 });
    expect([report.totalMinutes, report.totalAmount]).toEqual([232, 33750]);

    // Utilisation and the cost rate in force beside the week's team rows.
    const week = must(await ada.api.get<TeamWeek>('/time/team?week=2026-04-06'), 'team');
    const benRow = week.items.find((r) => r.userId === ben.userId);
    expect(benRow).toMatchObject({ totalHours: 1.62, utilisationPercent: 4, hourlyCost: 4000 });
    expect(week.items.find((r) => r.userId === cy.userId)?.hourlyCost).toBeNull();
    const later = must(await ada.api.get<TeamWeek>('/time/team?week=2026-04-20'), 'later team');
    expect(later.items.find((r) => r.userId === ben.userId)?.hourlyCost).toBe(5000);

    // A rate removed: its days fall back to the earlier one.
    must(await ada.api.delete(`/time/people/${ben.userId}/cost-rates/2026-04-15`), 'remove');
    const after = must(await ada.api.get<ProfitPage>('/time/profitability'), 'after');
    expect(after.items.find((r) => r.name === 'Internal')?.cost).toBe(4000);
  });

  it('keeps cost rates and profitability to admins of the workspace, and checks the input', async () => {
    const { ada, ben } = await setup(app);
    const path = `/time/people/${ben.userId}/cost-rates`;
    expect((await ben.api.get(path)).status).toBe(403);
    expect((await ben.api.put(path, { validFrom: '2026-01-01', hourlyCost: 100 })).status).toBe(403);
    expect((await ben.api.get('/time/profitability')).status).toBe(403);
    for (const bad of [
      { validFrom: '2026-02-30', hourlyCost: 100 },
      { validFrom: '2026-01-01', hourlyCost: -1 },
      { validFrom: '2026-01-01', hourlyCost: 10.5 },
      { validFrom: '2026-01-01' },
      {},
    ]) {
      expect((await ada.api.put(path, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ada.api.delete(`${path}/2026-01-01`)).status).toBe(404);
    // An impossible day in the path names no rate.
    expect((await ada.api.delete(`${path}/2026-13-01`)).status).toBe(404);

    // Another workspace's admin: Ben's id answers 404, and nothing is stored.
    const eve = await signUp(app, { firstName: 'Eve' });
    expect((await eve.api.put(path, { validFrom: '2026-01-01', hourlyCost: 100 })).status).toBe(404);
    expect((await eve.api.get(path)).status).toBe(404);
    expect(must(await ada.api.get<CostRate[]>(path), 'rates')).toEqual([]);
    expect(must(await eve.api.get<ProfitPage>('/time/profitability'), 'eve').items).toEqual([]);
  });
});
