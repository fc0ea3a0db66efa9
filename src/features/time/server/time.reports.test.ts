import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { log, must, newProject, projectBody, setup } from '../../../../test/time-fixtures.ts';
import { timeMessages } from '../time.messages.ts';
import type { Account, Report, TeamWeek } from '../time.schemas.ts';

// Reports with amounts (rated projects, every grouping, the range limit, the XLSX cells) and the
// Meeting tab's time per meeting (decision 064).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('reports with amounts', () => {
  it('groups by account, project and task with the rates logged, limits the range, and exports the cells', async () => {
    const { ada, ben, account } = await setup(app);
    const beta = must(await ada.api.post<Account>('/time/accounts', { title: 'Beta' }), 'beta');
    const rated = await newProject(
      ada,
      projectBody(account.id, [{ userId: ben.userId }], { hourlyRate: 'project', projectHoursRate: 15000 }),
    );
    const plain = await newProject(ada, {
      ...projectBody(beta.id, [{ userId: ben.userId }]),
      name: 'Intranet',
      tasks: [{ title: 'Build', billable: true, hourlyRate: 0, budget: 0, budgetMinutes: 0 }],
    });
    must(await log(ben, rated, '2026-04-06', 90), 'design'); // 1:30 at 150.00 = 225.00
    must(await log(ben, rated, '2026-04-07', 30, { taskId: rated.tasks[1]!.id }), 'admin'); // not billable
    must(await log(ben, plain, '2026-04-08', 60), 'plain'); // no rate
    const rows = async (groupBy: string) =>
      must(
        await ada.api.get<Report>(`/time/reports?from=2026-04-01&to=2026-04-30&groupBy=${groupBy}`),
        groupBy,
      ).rows.map((r) => [r.name, r.minutes, r.billableMinutes, r.amount]);
    expect(await rows('account')).toEqual([
      ['Acme', 120, 90, 22500],
      ['Beta', 60, 60, 0],
    ]);
    expect(await rows('project')).toEqual([
      ['Acme / Website', 120, 90, 22500],
      ['Beta / Intranet', 60, 60, 0],
    ]);
    expect(await rows('task')).toEqual([
      ['Website / Design', 90, 90, 22500],
      ['Intranet / Build', 60, 60, 0],
      ['Website / Admin', 30, 0, 0],
    ]);
    const total = must(await ada.api.get<Report>('/time/reports?from=2026-04-01&to=2026-04-30'), 'total');
    expect([total.totalMinutes, total.totalAmount]).toEqual([180, 22500]);
    // A later rate does not rewrite the report.
    must(
      await ada.api.put(`/time/projects/${rated.id}`, {
        ...projectBody(account.id, [{ userId: ben.userId }], { hourlyRate: 'project', projectHoursRate: 30000 }),
        tasks: rated.tasks,
        teams: rated.teams,
      }),
      'raise',
    );
    expect((await rows('account'))[0]).toEqual(['Acme', 120, 90, 22500]);

    for (const range of ['from=2026-01-01&to=2027-01-02', 'from=2026-04-30&to=2026-04-01']) {
      const refused = await ada.api.get(`/time/reports?${range}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.to).toBe(timeMessages.timeReportRange);
    }
    expect((await ada.api.get('/time/reports?from=2026-01-01&to=2026-12-31')).status).toBe(200);

    const xlsx = await app.inject({
      url: '/api/v2/time/reports/export?from=2026-04-01&to=2026-04-30&groupBy=account&format=xlsx',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('time-account-2026-04-01-2026-04-30.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Time 2026-04-01 to 2026-04-30')!;
    const values = [1, 2, 3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(values).toEqual([
      ['Account', 'Hours', 'Billable hours', 'Amount'],
      ['Acme', 2, 1.5, 225],
      ['Beta', 1, 1, 0],
      ['Total', 3, undefined, 225],
    ]);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
    const csv = await app.inject({
      url: '/api/v2/time/reports/export?from=2026-04-01&to=2026-04-30&groupBy=account&format=csv',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(csv.body).toContain('Acme,2:00,1:30,225.00');
    expect(csv.body).toContain('Total,3:00,,225.00');
  });
});

describe('team time per meeting', () => {
  it('breaks the week down by meeting and filters the rows to one meeting', async () => {
    const { ada, ben, cy, account } = await setup(app);
    const l10 = await createMeeting(ada, [ben.userId]);
    const sales = await createMeeting(ada, [cy.userId], { title: 'Sales' });
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]));
    must(await log(ben, project, '2026-03-03', 60, { meetingId: l10.id }), 'ben l10');
    must(await log(ben, project, '2026-03-04', 30), 'ben none');
    must(await log(cy, project, '2026-03-04', 45, { meetingId: sales.id }), 'cy sales');
    must(await log(ben, project, '2026-03-10', 15, { meetingId: l10.id }), 'next week');
    // Cy is not in the L10: he cannot log against it.
    expect((await log(cy, project, '2026-03-04', 10, { meetingId: l10.id })).status).toBe(404);

    const week = must(await ada.api.get<TeamWeek>('/time/team?week=2026-03-02'), 'week');
    expect(week.meetings).toEqual([
      { meetingId: l10.id, title: 'Leadership L10', minutes: 60, sessions: [] },
      { meetingId: sales.id, title: 'Sales', minutes: 45, sessions: [] },
    ]);
    expect(week.totals.totalHours).toBe(2.25);

    const one = must(await ada.api.get<TeamWeek>(`/time/team?week=2026-03-02&meetingId=${l10.id}`), 'l10');
    expect(one.items.map((r) => [r.name, r.totalHours]).sort()).toEqual([
      ['Ada Person', 0],
      ['Ben Person', 1],
    ]);
    expect(one.totals.totalHours).toBe(1);
    expect(one.meetings).toEqual([{ meetingId: l10.id, title: 'Leadership L10', minutes: 60, sessions: [] }]);
    // Not its leader: refused; another workspace's meeting: 404.
    expect((await ben.api.get(`/time/team?week=2026-03-02&meetingId=${l10.id}`)).status).toBe(403);
    const eve = await signUp(app, { firstName: 'Eve' });
    expect((await eve.api.get(`/time/team?week=2026-03-02&meetingId=${l10.id}`)).status).toBe(404);
  });
});
