import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp } from '../../../../test/factories.ts';
import { log, must, newProject, projectBody, setup } from '../../../../test/time-fixtures.ts';
import { timeEntries, timeTimers } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { Task, TaskPage } from '../../tasks/tasks.schemas.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes } from '../time.money.ts';
import type { Account, Project, ProjectReportPage, StopResult, TeamWeek, Timer, Week } from '../time.schemas.ts';
import { timeClock } from './time.clock.ts';

// Time tracking's wider rules (decision 064): account images, alerts in the next
// budget period and on a budget lowered, the timer's Stop on a full day, concurrent writes,
// reports with amounts, time per meeting, negative numbers, the Accounts tab's filters.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const fetchImage = (url: string) => app.inject({ method: 'GET', url });

describe('project rules', () => {
  it('refuses a person twice on the team, and stores nothing', async () => {
    const { ada, ben, account } = await setup(app);
    const twice = await ada.api.post(
      '/time/projects',
      projectBody(account.id, [{ userId: ben.userId }, { userId: ben.userId, manage: true }]),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.teams).toBe(timeMessages.timeDuplicateMember);
    expect(must(await ada.api.get<ProjectReportPage>('/time/projects'), 'list').total).toBe(0);
  });

  it('refuses a negative budget, fee, rate or capacity with the field named, and stores nothing', async () => {
    const { ada, ben, account } = await setup(app);
    const body = projectBody(account.id, [{ userId: ben.userId }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ totalProjectMinutes: -60 }, 'totalProjectMinutes'],
      [{ totalProjectFee: -1 }, 'totalProjectFee'],
      [{ fixedFee: -100 }, 'fixedFee'],
      [{ tasks: [{ ...body.tasks[0], hourlyRate: -1 }] }, 'tasks.0.hourlyRate'],
      [{ tasks: [{ ...body.tasks[0], budget: -5 }] }, 'tasks.0.budget'],
      [{ teams: [{ ...body.teams[0], hourlyRate: -1 }] }, 'teams.0.hourlyRate'],
      [{ teams: [{ ...body.teams[0], budgetMinutes: -1 }] }, 'teams.0.budgetMinutes'],
    ];
    for (const [change, field] of cases) {
      const refused = await ada.api.post('/time/projects', { ...body, ...change });
      expect(refused.status, field).toBe(400);
      expect(refused.body.errors?.[field], field).toBe(timeMessages.timeNotNegative);
    }
    expect(must(await ada.api.get<ProjectReportPage>('/time/projects'), 'list').total).toBe(0);
    // An edit with a negative budget leaves the project as it was.
    const project = await newProject(ada, body);
    const edit = { ...body, tasks: project.tasks, teams: project.teams, budgetType: 'total_project_hours' };
    const refused = await ada.api.put(`/time/projects/${project.id}`, { ...edit, totalProjectMinutes: -1 });
    expect(refused.status).toBe(400);
    expect(must(await ada.api.get<Project>(`/time/projects/${project.id}`), 'p').budgetType).toBe('no_budget');

    const capacity = await ada.api.put(`/time/capacities/${ben.userId}`, { weeklyMinutes: -60 });
    expect(capacity.status).toBe(400);
    expect(capacity.body.errors?.weeklyMinutes).toBe(timeMessages.timeNotNegative);
    const team = must(await ada.api.get<TeamWeek>('/time/team?week=2026-03-02'), 'team');
    expect(team.items.find((r) => r.userId === ben.userId)?.capacity).toBe(40);
  });
});

describe('the Accounts tab filters', () => {
  it('lists all, budgeted, the ones I manage, and one account’s projects, for admins and managers', async () => {
    const { ada, ben, cy, account } = await setup(app);
    const beta = must(await ada.api.post<Account>('/time/accounts', { title: 'Beta' }), 'beta');
    const budget = { budgetType: 'total_project_hours', totalProjectMinutes: 600 };
    await newProject(ada, {
      ...projectBody(account.id, [{ userId: ben.userId, manage: true }], budget),
      name: 'Alpha',
    });
    await newProject(ada, {
      ...projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]),
      name: 'Bravo',
    });
    await newProject(ada, { ...projectBody(beta.id, [{ userId: cy.userId, manage: true }], budget), name: 'Charlie' });
    const names = async (who: SignedUp, query: string) =>
      must(await who.api.get<ProjectReportPage>(`/time/projects?${query}`), query).items.map((r) => r.name);
    expect(await names(ada, 'filter=all')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names(ada, 'filter=budgeted')).toEqual(['Alpha', 'Charlie']);
    expect(await names(ada, 'filter=mine')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names(ada, `accountId=${beta.id}`)).toEqual(['Charlie']);
    expect(await names(ada, `filter=budgeted&accountId=${account.id}`)).toEqual(['Alpha']);
    expect(await names(ben, 'filter=all')).toEqual(['Alpha', 'Bravo']);
    expect(await names(ben, 'filter=budgeted')).toEqual(['Alpha']);
    expect(await names(ben, 'filter=mine')).toEqual(['Alpha']);
    expect(await names(ben, `accountId=${beta.id}`)).toEqual([]);
    expect(await names(cy, 'filter=mine')).toEqual(['Charlie']);
    // Paged on the server.
    const page = must(await ada.api.get<ProjectReportPage>('/time/projects?limit=2&offset=2'), 'page');
    expect([page.total, page.items.map((r) => r.name)]).toEqual([3, ['Charlie']]);
    expect((await ada.api.get('/time/projects?filter=everything')).status).toBe(400);
  });
});

describe('account images', () => {
  it('stores a checked image, serves it by a cacheable address, keeps it on a title edit, removes it', async () => {
    const { ada, ben, account } = await setup(app);
    expect(account.image).toBeNull();
    const saved = must(
      await ada.api.put<Account>(`/time/accounts/${account.id}`, {
        title: 'Acme',
        image: `data:image/png;base64,${PNG}`,
      }),
      'image',
    );
    expect(saved.image).toMatch(new RegExp(`^/api/v2/images/time-accounts/${account.id}/[0-9a-f]{32}$`));
    const listed = must(await ben.api.get<{ items: Account[] }>('/time/accounts'), 'list').items;
    expect(listed.find((a) => a.id === account.id)?.image).toBe(saved.image);
    const served = await fetchImage(saved.image!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    // Stored as a decoded copy (decision 076): a PNG still, not the same bytes.
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    expect((await fetchImage(saved.image!.replace(/[0-9a-f]{32}$/, '0'.repeat(32)))).statusCode).toBe(404);

    // A title edit without `image` keeps it; a new picture gets a new address, the old one is gone.
    const renamed = must(await ada.api.put<Account>(`/time/accounts/${account.id}`, { title: 'Acme Inc' }), 'rename');
    expect(renamed.image).toBe(saved.image);
    const changed = must(
      await ada.api.put<Account>(`/time/accounts/${account.id}`, {
        title: 'Acme Inc',
        image: `data:image/gif;base64,${GIF}`,
      }),
      'gif',
    );
    expect(changed.image).not.toBe(saved.image);
    expect((await fetchImage(saved.image!)).statusCode).toBe(404);
    // Stored as a decoded copy (decision 076): a GIF becomes a PNG.
    expect((await fetchImage(changed.image!)).headers['content-type']).toBe('image/png');

    // The type is read from the bytes; WebP and oversized pictures are refused like a meeting's.
    const fake = await ada.api.put(`/time/accounts/${account.id}`, {
      title: 'Acme Inc',
      image: `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`,
    });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(messages.imageWrongType);
    const webp = await ada.api.post('/time/accounts', { title: 'W', image: `data:image/webp;base64,${PNG}` });
    expect(webp.status).toBe(400);
    expect(webp.body.errors?.image).toBe(messages.imageWrongType);
    const huge = await ada.api.post('/time/accounts', {
      title: 'H',
      image: `data:image/png;base64,${'A'.repeat(500_001)}`,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors?.image).toBe(messages.imageTooLarge);
    expect(must(await ada.api.get<Account[]>('/time/accounts'), 'after') as unknown).toMatchObject({ total: 1 });
    expect((await ben.api.put(`/time/accounts/${account.id}`, { title: 'X', image: null })).status).toBe(403);

    const removed = must(
      await ada.api.put<Account>(`/time/accounts/${account.id}`, { title: 'Acme', image: null }),
      'x',
    );
    expect(removed.image).toBeNull();
    expect((await fetchImage(changed.image!)).statusCode).toBe(404);
    const created = must(
      await ada.api.post<Account>('/time/accounts', { title: 'Pic', image: `data:image/png;base64,${PNG}` }),
      'created',
    );
    expect((await fetchImage(created.image!)).statusCode).toBe(200);
  });
});

describe('budget alerts', () => {
  const issues = async (who: SignedUp, meetingId: string) =>
    must(await who.api.get<TaskPage>(`/tasks?meetingId=${meetingId}&type=2&limit=100`), 'issues')
      .items.filter((t) => t.title.startsWith('Project Website'))
      .map((t) => t.title)
      .sort();

  it('fires again in the next month for a monthly budget', async () => {
    const { ada, ben, account } = await setup(app);
    const meeting = await createMeeting(ada, [ben.userId]);
    const project = await newProject(
      ada,
      projectBody(account.id, [{ userId: ben.userId }, { userId: ada.userId, manage: true }], {
        budgetType: 'total_project_hours',
        totalProjectMinutes: 600,
        budgetReset: 'monthly',
        budgetEmailExceeds: true,
        percentOfBudgetExceed: 80,
        meetingId: meeting.id,
      }),
    );
    const clock = vi.spyOn(timeClock, 'now').mockReturnValue(new Date('2026-03-20T12:00:00Z'));
    must(await log(ben, project, '2026-03-10', 500), 'march'); // 83 %
    must(await log(ben, project, '2026-03-11', 10), 'march again'); // 85 %: not again this month
    expect(await issues(ada, meeting.id)).toEqual(['Project Website has used 83 % of its budget']);

    clock.mockReturnValue(new Date('2026-04-02T08:00:00Z'));
    const bars = must(await ada.api.get<ProjectReportPage>('/time/projects'), 'bars');
    expect(bars.items[0]?.figures).toMatchObject({ spent: 0, usedPercent: 0 });
    must(await log(ben, project, '2026-04-01', 480), 'april'); // 80 % of April's budget
    expect(await issues(ada, meeting.id)).toEqual([
      'Project Website has used 80 % of its budget',
      'Project Website has used 83 % of its budget',
    ]);
    must(await log(ben, project, '2026-04-02', 30), 'april again');
    expect(await issues(ada, meeting.id)).toHaveLength(2);
  });

  it('fires when a save lowers the budget below what is spent; the issue names the figures and links back', async () => {
    const { ada, ben, account } = await setup(app);
    const meeting = await createMeeting(ada, [ben.userId]);
    const body = projectBody(account.id, [{ userId: ben.userId }, { userId: ada.userId, manage: true }], {
      budgetType: 'total_project_hours',
      totalProjectMinutes: 600,
      meetingId: meeting.id,
    });
    const project = await newProject(ada, body);
    must(await log(ben, project, '2026-03-02', 300), 'log'); // 50 %: nothing
    expect(await issues(ada, meeting.id)).toEqual([]);
    must(
      await ada.api.put(`/time/projects/${project.id}`, {
        ...body,
        tasks: project.tasks,
        teams: project.teams,
        totalProjectMinutes: 240,
      }),
      'lower',
    );
    expect(await issues(ada, meeting.id)).toEqual(['Project Website has used 125 % of its budget']);
    const bell = must(await ada.api.get<NotificationPage>('/notifications'), 'bell');
    expect(bell.items.find((n) => n.kind === 'budgetAlert')).toMatchObject({
      message: 'Project Website has used 125 % of its budget',
      link: `/time-tracking?tab=accounts&project=${project.id}`,
    });
    const page = must(await ada.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=2&limit=100`), 'page');
    const issue = must(await ada.api.get<Task>(`/tasks/${page.items[0]!.id}`), 'issue');
    expect(issue.description).toContain(
      timeMessages.timeBudgetIssueText('Website', 'Acme', 125, '5:00', '4:00', formatMinutes(-60)),
    );
    expect(issue.description).toContain(
      `href="http://cadence.test/time-tracking?tab=accounts&amp;project=${project.id}"`,
    );
    expect(issue.description).toContain(timeMessages.timeBudgetIssueLink('Website'));
  });
});

describe('the timer and the day', () => {
  const yesterday = () => addDays(new Date().toISOString().slice(0, 10), -1);
  /** Moves the running timer's start back to `instant` (the time it has run cannot be waited for). */
  const startedAt = (who: SignedUp, instant: Date) =>
    app.database.db.update(timeTimers).set({ startedAt: instant }).where(eq(timeTimers.userId, who.userId));

  it('stops a timer that ran past midnight onto a nearly full day: writes what fits and says the rest', async () => {
    const { ada, ben, account } = await setup(app);
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }]));
    const day = yesterday();
    must(await log(ben, project, day, 720), 'a');
    must(await log(ben, project, day, 690), 'b'); // 23:30 logged
    must(await ben.api.post('/time/timer', { projectId: project.id, taskId: project.tasks[0]!.id }), 'start');
    await startedAt(ben, new Date(`${day}T22:00:00Z`));
    const stopped = await ben.api.post<StopResult>('/time/timer/stop');
    expect(stopped.status).toBe(200);
    const result = stopped.body.result;
    expect(result.timer.timerStatus).toBe('STOPPED_TIMER');
    expect(result.entry).toMatchObject({ spentOn: day, minutes: 30 });
    expect(result.droppedMinutes).toBeGreaterThanOrEqual(90);
    expect(result.notice).toBe(timeMessages.timeTimerCapped('0:30', formatMinutes(result.droppedMinutes), day));
    expect(must(await ben.api.get<Timer>('/time/timer'), 'timer').timerStatus).toBe('STOPPED_TIMER');
    const week = must(await ben.api.get<Week>(`/time/week?week=${day}`), 'week');
    expect(week.days.find((d) => d.date === day)?.minutes).toBe(1440);
  });

  it('stops on a full day writing nothing, and when the person has left the project', async () => {
    const { ada, ben, account } = await setup(app);
    const body = projectBody(account.id, [{ userId: ben.userId }, { userId: ada.userId }]);
    const project = await newProject(ada, body);
    const day = yesterday();
    const first = must(await log(ben, project, day, 720), 'a');
    must(await log(ben, project, day, 720), 'b');
    // Start on an entry of the full day continues it: nothing fits.
    must(await ben.api.post('/time/timer', { entryId: first.id }), 'continue');
    await startedAt(ben, new Date(Date.now() - 45 * 60_000));
    const full = must(await ben.api.post<StopResult>('/time/timer/stop'), 'stop');
    expect(full).toMatchObject({ entry: null, droppedMinutes: 45, notice: timeMessages.timeTimerDayFull('0:45', day) });
    expect(must(await ben.api.get<Timer>('/time/timer'), 'timer').timerStatus).toBe('STOPPED_TIMER');
    expect(must(await ben.api.get<Week>(`/time/week?week=${day}`), 'w').entries.map((e) => e.minutes)).toEqual([
      720, 720,
    ]);

    must(await ben.api.post('/time/timer', { projectId: project.id, taskId: project.tasks[0]!.id }), 'start');
    await startedAt(ben, new Date(Date.now() - 20 * 60_000));
    must(
      await ada.api.put(`/time/projects/${project.id}`, {
        ...body,
        tasks: project.tasks,
        teams: project.teams.filter((m) => m.userId !== ben.userId),
      }),
      'remove ben',
    );
    const left = must(await ben.api.post<StopResult>('/time/timer/stop'), 'stop after leaving');
    expect(left).toMatchObject({
      entry: null,
      droppedMinutes: 20,
      notice: timeMessages.timeTimerNotWritten('0:20', timeMessages.timeNotOnProject),
    });
    expect(must(await ben.api.get<Timer>('/time/timer'), 'timer').timerStatus).toBe('STOPPED_TIMER');
  });

  it('lets only one of two entries sent at once fill the day, and two timer starts at once leave one timer', async () => {
    const { ada, ben, account } = await setup(app);
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }]));
    const answers = await Promise.all([log(ben, project, '2026-03-03', 800), log(ben, project, '2026-03-03', 800)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)?.body.errors?.minutes).toBe(timeMessages.timeDayFull);
    expect(must(await ben.api.get<Week>('/time/week?week=2026-03-03'), 'week').totalMinutes).toBe(800);

    const [design, adminTask] = project.tasks;
    const starts = await Promise.all([
      ben.api.post('/time/timer', { projectId: project.id, taskId: design!.id }),
      ben.api.post('/time/timer', { projectId: project.id, taskId: adminTask!.id }),
    ]);
    expect(starts.map((s) => s.status)).toEqual([200, 200]);
    const timers = await app.database.db
      .select()
      .from(timeTimers)
      .where(and(eq(timeTimers.userId, ben.userId), eq(timeTimers.tenantId, ben.tenantId)));
    expect(timers).toHaveLength(1);
    expect(must(await ben.api.get<Timer>('/time/timer'), 'timer').taskId).toBe(timers[0]!.taskId);
    // The first started was stopped by the second: its minute is an entry.
    const today = new Date().toISOString().slice(0, 10);
    const logged = await app.database.db.select().from(timeEntries).where(eq(timeEntries.spentOn, today));
    expect(logged.filter((e) => e.userId === ben.userId)).toHaveLength(1);
  });
});
