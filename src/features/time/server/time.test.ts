import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, mailsTo, type SignedUp, signUp } from '../../../../test/factories.ts';
import { must, projectBody, setup as setupWorkspace } from '../../../../test/time-fixtures.ts';
import {
  PROJECT_BUDGET_TYPES,
  PROJECT_RATE_MODES,
  PROJECT_TYPES,
  type ProjectBudgetType,
  type ProjectRateMode,
  type ProjectType,
} from '../../../shared/constants.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { TaskPage } from '../../tasks/tasks.schemas.ts';
import { timeMessages } from '../time.messages.ts';
import { parseDuration, timeValue } from '../time.money.ts';
import type { Entry, Project, ProjectReportPage, Report, TeamWeek, Timer, Week } from '../time.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** Ada (admin) with an account; Ben on the team; Cy in the workspace, not on the project. */
const setup = () => setupWorkspace(app);

const report = async (who: SignedUp, id: string) => {
  const page = must(await who.api.get<ProjectReportPage>('/time/projects?limit=200'), 'reports');
  return page.items.find((r) => r.id === id);
};

describe('durations', () => {
  it('reads the ways people type them', () => {
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration('1.5')).toBe(90);
    expect(parseDuration('1,25')).toBe(75);
    expect(parseDuration('90m')).toBe(90);
    expect(parseDuration('2h')).toBe(120);
    expect(parseDuration('1h 15m')).toBe(75);
    expect(parseDuration('2')).toBe(120);
    expect(parseDuration('abc')).toBeNull();
    expect(parseDuration('-1')).toBeNull();
    expect(parseDuration('1:75')).toBeNull();
  });
});

describe('the money: every project type × rate mode × budget type (docs/time-budgets.md)', () => {
  // Logged: Ben 90 min on Design (billable, task 120.00/h, Ben 90.00/h), Ada 45 min on Admin
  // (not billable, task 60.00/h, Ada 70.00/h); project rate 150.00/h.
  const rateOf = (mode: ProjectRateMode, task: 'design' | 'admin', who: 'ben' | 'ada') => {
    if (mode === 'project') return 15000;
    if (mode === 'task') return task === 'design' ? 12000 : 6000;
    if (mode === 'person') return who === 'ben' ? 9000 : 7000;
    return 0;
  };
  const budgets: Record<ProjectBudgetType, number | null> = {
    no_budget: null,
    total_project_fees: 100000,
    fees_per_task: 50000 + 10000,
    total_project_hours: 6000,
    hours_per_task: 600 + 300,
    hours_per_person: 480 + 300,
  };
  const rows = PROJECT_TYPES.flatMap((type) =>
    PROJECT_RATE_MODES.flatMap((mode) => PROJECT_BUDGET_TYPES.map((budgetType) => ({ type, mode, budgetType }))),
  );

  const checkRow = async (
    { ada, ben, account }: Awaited<ReturnType<typeof setup>>,
    { type, mode, budgetType }: { type: ProjectType; mode: ProjectRateMode; budgetType: ProjectBudgetType },
    spentOn: string,
  ) => {
    const fees = budgetType === 'total_project_fees' || budgetType === 'fees_per_task';
    const answer = await ada.api.post<Project>(
      '/time/projects',
      projectBody(account.id, [{ userId: ben.userId }, { userId: ada.userId, hourlyRate: 7000, budgetMinutes: 300 }], {
        type,
        hourlyRate: mode,
        budgetType,
        projectHoursRate: 15000,
        totalProjectFee: 100000,
        totalProjectMinutes: 6000,
        fixedFee: 250000,
      }),
    );
    if (fees && type === 'non_billable') {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.budgetType).toBe(timeMessages.timeNonBillableFees);
      return;
    }
    if (fees && mode === 'no_rate') {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.hourlyRate).toBe(timeMessages.timeFeeBudgetNeedsRate);
      return;
    }
    const project = must(answer, 'project');
    const [design, admin] = project.tasks;
    must(
      await ben.api.post('/time/entries', { projectId: project.id, taskId: design!.id, spentOn, minutes: 90 }),
      'ben',
    );
    must(
      await ada.api.post('/time/entries', { projectId: project.id, taskId: admin!.id, spentOn, minutes: 45 }),
      'ada',
    );
    const benValue = timeValue(90, rateOf(mode, 'design', 'ben'));
    const adaValue = timeValue(45, rateOf(mode, 'admin', 'ada'));
    const billableValue = type === 'non_billable' ? 0 : benValue;
    const spent = fees ? (type === 'time' ? billableValue : benValue + adaValue) : 135;
    const budget = budgets[budgetType];
    const row = await report(ada, project.id);
    expect(row?.figures).toEqual({
      unit: fees ? 'money' : 'hours',
      budget,
      spent,
      remaining: budget === null ? null : budget - spent,
      remainingPercent: budget === null ? null : Math.trunc(((budget - spent) * 100) / budget),
      usedPercent: budget === null ? null : Math.floor((spent * 100) / budget),
      cost: benValue + adaValue,
      revenue: type === 'time' ? billableValue : type === 'fixed_fee' ? 250000 : 0,
    });
  };

  it.each(PROJECT_TYPES)('%s projects, each rate mode and budget type', async (type) => {
    const people = await setup();
    for (const [index, row] of rows.filter((r) => r.type === type).entries()) {
      try {
        await checkRow(people, row, `2026-03-${String(index + 1).padStart(2, '0')}`);
      } catch (error) {
        throw new Error(`${row.type} × ${row.mode} × ${row.budgetType}: ${(error as Error).message}`);
      }
    }
  });

  it('keeps the rate time was logged with, unless asked to re-price', async () => {
    const { ada, ben, account } = await setup();
    const body = projectBody(account.id, [{ userId: ben.userId }], {
      hourlyRate: 'project',
      projectHoursRate: 10000,
      budgetType: 'total_project_fees',
      totalProjectFee: 100000,
    });
    const project = must(await ada.api.post<Project>('/time/projects', body), 'project');
    const taskId = project.tasks[0]!.id;
    must(
      await ben.api.post('/time/entries', { projectId: project.id, taskId, spentOn: '2026-03-02', minutes: 60 }),
      'e',
    );
    const tasks = project.tasks.map((t) => ({ ...t }));
    const raised = { ...body, tasks, teams: project.teams, projectHoursRate: 20000 };
    must(await ada.api.put(`/time/projects/${project.id}`, raised), 'raise');
    expect((await report(ada, project.id))?.figures.spent).toBe(10000);
    must(await ada.api.put(`/time/projects/${project.id}`, { ...raised, applyRatesToLoggedTime: true }), 'reprice');
    expect((await report(ada, project.id))?.figures.spent).toBe(20000);
  });
});

describe('projects: rules and permissions', () => {
  it('refuses empty lists, negative money, and a type switch with logged time until confirmed', async () => {
    const { ada, ben, account } = await setup();
    const empty = await ada.api.post('/time/projects', { ...projectBody(account.id, []), tasks: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ tasks: timeMessages.timeAtLeastOne, teams: timeMessages.timeAtLeastOne });
    const negative = await ada.api.post(
      '/time/projects',
      projectBody(account.id, [{ userId: ben.userId }], { projectHoursRate: -1 }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.projectHoursRate).toBe(timeMessages.timeNotNegative);

    const body = projectBody(account.id, [{ userId: ben.userId }]);
    const project = must(await ada.api.post<Project>('/time/projects', body), 'project');
    must(
      await ben.api.post('/time/entries', {
        projectId: project.id,
        taskId: project.tasks[0]!.id,
        spentOn: '2026-03-02',
        minutes: 90,
      }),
      'entry',
    );
    const update = { ...body, tasks: project.tasks, teams: project.teams, type: 'non_billable' };
    const refused = await ada.api.put(`/time/projects/${project.id}`, update);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(timeMessages.timeTypeChangeWithTime('1:30'));
    expect((await ada.api.get<Project>(`/time/projects/${project.id}`)).body.result.type).toBe('time');
    must(await ada.api.put(`/time/projects/${project.id}`, { ...update, confirmTypeChange: true }), 'confirmed');
    const week = must(await ben.api.get<Week>('/time/week?week=2026-03-02'), 'week');
    expect(week.entries[0]?.billable).toBe(false);
  });

  it('shows notes to admins only, lets managers edit, keeps showToAdmins projects from members', async () => {
    const { ada, ben, cy, account } = await setup();
    const body = projectBody(account.id, [{ userId: ben.userId, manage: true }, { userId: cy.userId }], {
      note: 'Margin is thin',
    });
    const project = must(await ada.api.post<Project>('/time/projects', body), 'project');
    expect(project.note).toBe('Margin is thin');
    expect(project.showToAll).toBe(true);
    const forBen = must(await ben.api.get<Project>(`/time/projects/${project.id}`), 'ben');
    expect(forBen.note).toBeNull();
    expect(forBen.canManage).toBe(true);
    // Ben manages: he may rename it, and his save leaves the note alone.
    must(
      await ben.api.put(`/time/projects/${project.id}`, {
        ...body,
        name: 'Web',
        note: null,
        tasks: forBen.tasks,
        teams: forBen.teams,
      }),
      'ben edit',
    );
    expect(must(await ada.api.get<Project>(`/time/projects/${project.id}`), 'ada').note).toBe('Margin is thin');
    // Cy is a plain member: no edit; sees the bar while showToAll, not once only admins see it.
    expect(
      (await cy.api.put(`/time/projects/${project.id}`, { ...body, tasks: forBen.tasks, teams: forBen.teams })).status,
    ).toBe(403);
    expect(await report(cy, project.id)).toBeDefined();
    must(
      await ada.api.put(`/time/projects/${project.id}`, {
        ...body,
        tasks: forBen.tasks,
        teams: forBen.teams,
        showToAll: false,
        showToAdmins: true,
      }),
      'hide',
    );
    expect(await report(cy, project.id)).toBeUndefined();
    expect(await report(ben, project.id)).toBeDefined();
    // Only admins create projects and accounts.
    expect((await ben.api.post('/time/projects', body)).status).toBe(403);
    expect((await ben.api.post('/time/accounts', { title: 'X' })).status).toBe(403);
  });
});

describe('entries and the timer', () => {
  it('logs only on projects the caller is on, and at most 24 hours a day', async () => {
    const { ada, ben, cy, account } = await setup();
    const project = must(
      await ada.api.post<Project>('/time/projects', projectBody(account.id, [{ userId: ben.userId }])),
      'p',
    );
    const entry = { projectId: project.id, taskId: project.tasks[0]!.id, spentOn: '2026-03-03', minutes: 600 };
    const notOn = await cy.api.post('/time/entries', entry);
    expect(notOn.status).toBe(403);
    expect(notOn.body.message).toBe(timeMessages.timeNotOnProject);
    must(await ben.api.post('/time/entries', entry), 'first');
    must(await ben.api.post('/time/entries', { ...entry, minutes: 800 }), 'second');
    const full = await ben.api.post('/time/entries', { ...entry, minutes: 41 });
    expect(full.status).toBe(400);
    expect(full.body.errors?.minutes).toBe(timeMessages.timeDayFull);
    expect((await ben.api.post('/time/entries', { ...entry, minutes: -5 })).status).toBe(400);
    const week = must(await ben.api.get<Week>('/time/week?week=2026-03-05'), 'week');
    expect(week.start).toBe('2026-03-02');
    expect(week.totalMinutes).toBe(1400);
    expect(week.days[1]).toEqual({ date: '2026-03-03', minutes: 1400, locked: false });
  });

  it('runs one timer per user: starting another stops the first, stop writes, reset drops', async () => {
    const { ada, ben, account } = await setup();
    const project = must(
      await ada.api.post<Project>('/time/projects', projectBody(account.id, [{ userId: ben.userId }])),
      'p',
    );
    const [design, adminTask] = project.tasks;
    const tabA = ben.api;
    const started = must(
      await tabA.post<{ timer: Timer }>('/time/timer', { projectId: project.id, taskId: design!.id, note: 'Mockups' }),
      'start',
    );
    expect(started.timer).toMatchObject({ timerStatus: 'STARTED_TIMER', projectId: project.id, note: 'Mockups' });
    // Another tab sees the same timer.
    const tabB = (await import('../../../../test/factories.ts')).client(app, ben.token, 'tab-b');
    expect(must(await tabB.get<Timer>('/time/timer'), 'b').timerStatus).toBe('STARTED_TIMER');
    // Starting in tab B stops the first (writing its time) and runs the new one.
    const second = must(
      await tabB.post<{ timer: Timer; entry: Entry | null }>('/time/timer', {
        projectId: project.id,
        taskId: adminTask!.id,
      }),
      'second',
    );
    expect(second.entry).toMatchObject({ taskId: design!.id, minutes: 1, note: 'Mockups' });
    expect(must(await tabA.get<Timer>('/time/timer'), 'a').taskId).toBe(adminTask!.id);
    const reset = must(await tabA.post<Timer>('/time/timer/reset'), 'reset');
    expect(reset.timerStatus).toBe('STOPPED_TIMER');
    expect((await tabB.post('/time/timer/stop')).status).toBe(400);
    // Start on an entry continues it.
    must(await tabA.post('/time/timer', { entryId: second.entry!.id }), 'continue');
    const stopped = must(await tabA.post<{ entry: Entry }>('/time/timer/stop'), 'stop');
    expect(stopped.entry).toMatchObject({ id: second.entry!.id, minutes: 2 });
  });
});

describe('team capacity and reports', () => {
  it('shows hours, capacity and billable percentages per person and for the team', async () => {
    const { ada, ben, cy, account } = await setup();
    const project = must(
      await ada.api.post<Project>(
        '/time/projects',
        projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]),
      ),
      'p',
    );
    const [design, adminTask] = project.tasks;
    const log = (who: SignedUp, taskId: string, minutes: number) =>
      who.api.post('/time/entries', { projectId: project.id, taskId, spentOn: '2026-03-04', minutes });
    await log(ben, design!.id, 180);
    await log(ben, adminTask!.id, 60);
    await log(cy, adminTask!.id, 120);
    must(await ada.api.put(`/time/capacities/${ben.userId}`, { weeklyMinutes: 1200 }), 'capacity');
    const team = must(await ada.api.get<TeamWeek>('/time/team?week=2026-03-02'), 'team');
    const benRow = team.items.find((r) => r.userId === ben.userId);
    expect(benRow).toMatchObject({
      totalHours: 4,
      capacity: 20,
      billableHours: 3,
      nonBillableHours: 1,
      billablePercent: 75,
      nonBillablePercent: 25,
    });
    expect(team.items.find((r) => r.userId === ada.userId)).toMatchObject({ totalHours: 0, capacity: 40 });
    expect(team.totals).toMatchObject({ totalHours: 6, capacity: 100, billableHours: 3, billablePercent: 50 });
    expect((await ben.api.get('/time/team?week=2026-03-02')).status).toBe(403);

    const byPerson = must(await ada.api.get<Report>('/time/reports?from=2026-03-01&to=2026-03-31&groupBy=person'), 'r');
    expect(byPerson.rows.map((r) => [r.name, r.minutes, r.amount])).toEqual([
      ['Ben Person', 240, 0],
      ['Cy Person', 120, 0],
    ]);
    const csv = await app.inject({
      url: '/api/v2/time/reports/export?from=2026-03-01&to=2026-03-31&groupBy=task&format=csv',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Website / Admin,3:00,0:00,0.00');
    const xlsx = await app.inject({
      url: '/api/v2/time/reports/export?from=2026-03-01&to=2026-03-31&format=xlsx',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Others see only their own time.
    const mine = must(await cy.api.get<Report>('/time/reports?from=2026-03-01&to=2026-03-31&groupBy=person'), 'cy');
    expect(mine.rows.map((r) => r.name)).toEqual(['Cy Person']);
  });
});

describe('budget alerts into the meeting', () => {
  it('fires once per threshold per period: notification, mail and an issue on the meeting', async () => {
    const { ada, ben, account } = await setup();
    const meeting = await createMeeting(ada, [ben.userId]);
    const body = projectBody(account.id, [{ userId: ben.userId }, { userId: ada.userId, manage: true }], {
      budgetType: 'total_project_hours',
      totalProjectMinutes: 600,
      budgetEmailExceeds: true,
      percentOfBudgetExceed: 80,
      meetingId: meeting.id,
    });
    const project = must(await ada.api.post<Project>('/time/projects', body), 'project');
    const taskId = project.tasks[0]!.id;
    const log = async (spentOn: string, minutes: number) =>
      must(await ben.api.post('/time/entries', { projectId: project.id, taskId, spentOn, minutes }), 'log');
    await log('2026-03-02', 300);
    const issues = async () =>
      (await ada.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=2&limit=100`)).body.result.items.filter((t) =>
        t.title.startsWith('Project Website'),
      );
    expect(await issues()).toEqual([]);
    await log('2026-03-03', 192); // 492 of 600 minutes: 82 %
    let opened = await issues();
    expect(opened.map((t) => t.title)).toEqual(['Project Website has used 82 % of its budget']);
    const bell = must(await ada.api.get<NotificationPage>('/notifications'), 'bell');
    expect(bell.items.find((n) => n.kind === 'budgetAlert')).toMatchObject({
      message: 'Project Website has used 82 % of its budget',
    });
    // The alert's mail (her notification's copy), beside the one about the issue she now owns.
    expect((await mailsTo(app, ada.email)).map((mail) => mail.subject)).toContain('Budget alert: Website at 82 %');
    await log('2026-03-04', 30); // 87 %: the 80 % alert does not fire again
    expect(await issues()).toHaveLength(1);
    await log('2026-03-05', 100); // 103 %
    opened = await issues();
    expect(opened.map((t) => t.title).sort()).toEqual([
      'Project Website has used 103 % of its budget',
      'Project Website has used 82 % of its budget',
    ]);
    await log('2026-03-06', 10);
    expect(await issues()).toHaveLength(2);
  });
});

describe('another workspace', () => {
  it('answers 404 for its projects, tasks, entries and accounts, and changes nothing', async () => {
    const { ada, ben, account } = await setup();
    const project = must(
      await ada.api.post<Project>('/time/projects', projectBody(account.id, [{ userId: ben.userId }])),
      'p',
    );
    const entry = must(
      await ben.api.post<Entry>('/time/entries', {
        projectId: project.id,
        taskId: project.tasks[0]!.id,
        spentOn: '2026-03-02',
        minutes: 30,
      }),
      'e',
    );
    const eve = await signUp(app, { firstName: 'Eve' });
    expect((await eve.api.get(`/time/projects/${project.id}`)).status).toBe(404);
    expect(
      (await eve.api.put(`/time/projects/${project.id}`, projectBody(account.id, [{ userId: eve.userId }]))).status,
    ).toBe(404);
    expect((await eve.api.delete(`/time/projects/${project.id}`)).status).toBe(404);
    expect((await eve.api.put(`/time/accounts/${account.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await eve.api.delete(`/time/accounts/${account.id}`)).status).toBe(404);
    expect(
      (
        await eve.api.put(`/time/entries/${entry.id}`, {
          projectId: project.id,
          taskId: project.tasks[0]!.id,
          spentOn: '2026-03-02',
          minutes: 1,
        })
      ).status,
    ).toBe(404);
    expect((await eve.api.delete(`/time/entries/${entry.id}`)).status).toBe(404);
    expect(
      (
        await eve.api.post('/time/entries', {
          projectId: project.id,
          taskId: project.tasks[0]!.id,
          spentOn: '2026-03-02',
          minutes: 1,
        })
      ).status,
    ).toBe(404);
    expect((await eve.api.post('/time/timer', { entryId: entry.id })).status).toBe(404);
    expect((await eve.api.put(`/time/capacities/${ben.userId}`, { weeklyMinutes: 60 })).status).toBe(404);
    const after = must(await ada.api.get<Project>(`/time/projects/${project.id}`), 'after');
    expect(after.name).toBe('Website');
    expect(after.loggedMinutes).toBe(30);
  });
});
