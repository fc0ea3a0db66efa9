import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { log, must, newProject, projectBody, setup } from '../../../../test/time-fixtures.ts';
import { addDays } from '../../../shared/dates.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import { timeMessages } from '../time.messages.ts';
import type { Account, Entry, Week } from '../time.schemas.ts';
import type { Approval, ApprovalPage, WeekSheet } from '../timesheet.schemas.ts';

// The weekly timesheet: the week grid's cells, submitting, approving, returning and the lock
// it puts on the week's days (decision 090).

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

// 2026-04-06 is a Monday: the test people keep the default first day of week; `week()` says which.
const DAY = '2026-04-08';

describe('the week grid', () => {
  it('logs, changes and clears a cell, refuses a cell of several entries, and keeps the 24-hour rule', async () => {
    const { ada, ben, account } = await setup(app);
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }]));
    const cell = (spentOn: string, minutes: number, taskId = project.tasks[0]!.id) =>
      ben.api.put('/time/timesheet/cells', { projectId: project.id, taskId, spentOn, minutes });
    const dayEntries = async (spentOn: string) =>
      must(await ben.api.get<Week>(`/time/week?week=${spentOn}`), 'week').entries.filter((e) => e.spentOn === spentOn);

    expect((await cell(DAY, 90)).status).toBe(200);
    expect((await dayEntries(DAY)).map((e) => [e.taskTitle, e.minutes, e.billable])).toEqual([['Design', 90, true]]);
    expect((await cell(DAY, 45)).status).toBe(200);
    const [changed] = await dayEntries(DAY);
    expect(changed?.minutes).toBe(45);
    // The rate of the entry stays the one it was logged with (it is the same entry).
    expect((await cell(DAY, 0)).status).toBe(200);
    expect(await dayEntries(DAY)).toEqual([]);
    // Clearing an empty cell is no error.
    expect((await cell(DAY, 0)).status).toBe(200);

    // Two entries of one task on a day: the grid cannot tell which to change.
    must(await log(ben, project, DAY, 30), 'first');
    must(await log(ben, project, DAY, 30), 'second');
    const several = await cell(DAY, 120);
    expect(several.status).toBe(409);
    expect(several.body.message).toBe(timeMessages.timeCellHasEntries(2));
    expect((await dayEntries(DAY)).map((e) => e.minutes)).toEqual([30, 30]);

    // A day holds 24:00.
    const full = await cell(DAY, 1440, project.tasks[1]!.id);
    expect(full.status).toBe(400);
    expect(full.body.errors?.minutes).toBe(timeMessages.timeDayFull);
    for (const bad of [
      { minutes: -1 },
      { minutes: 1441 },
      { minutes: 1.5 },
      { spentOn: '2026-02-30' },
      { spentOn: 'x\u0000' },
      { taskId: 'nope' },
    ]) {
      const refused = await ben.api.put('/time/timesheet/cells', {
        projectId: project.id,
        taskId: project.tasks[0]!.id,
        spentOn: DAY,
        minutes: 30,
        ...bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    // Not on the team: 403; another workspace's project: 404.
    const cy = await joinWorkspace(app, ada, { firstName: 'Cyd' });
    expect(
      (
        await cy.api.put('/time/timesheet/cells', {
          projectId: project.id,
          taskId: project.tasks[0]!.id,
          spentOn: DAY,
          minutes: 30,
        })
      ).status,
    ).toBe(403);
    const eve = await signUp(app, { firstName: 'Eve' });
    const foreign = await eve.api.put('/time/timesheet/cells', {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      spentOn: DAY,
      minutes: 30,
    });
    expect(foreign.status).toBe(404);
    expect((await dayEntries(DAY)).map((e) => e.minutes)).toEqual([30, 30]);
  });
});

describe('submitting and approving a week', () => {
  it('locks a submitted week, lets its person withdraw it, and an approver approve or return it', async () => {
    const { ada, ben, cy, account } = await setup(app);
    // Cy manages the project Ben logs on; Dee is on the team without managing.
    const dee = await joinWorkspace(app, ada, { firstName: 'Dee' });
    const project = await newProject(
      ada,
      projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId, manage: true }, { userId: dee.userId }]),
    );
    const entry = must(await log(ben, project, DAY, 60), 'logged');
    const week = async () => must(await ben.api.get<Week>(`/time/week?week=${DAY}`), 'week');
    expect((await week()).sheet).toMatchObject({ id: null, status: 'open' });
    const start = (await week()).start;

    const submitted = await ben.api.post<WeekSheet>('/time/weeks', { week: DAY });
    expect(submitted.status).toBe(201);
    expect(submitted.body.result).toMatchObject({ status: 'submitted', comment: null });
    const weekId = submitted.body.result.id!;
    const shown = await week();
    expect(shown.sheet.status).toBe('submitted');
    expect(shown.days.every((d) => d.locked)).toBe(true);
    // Submitting again: 409.
    expect((await ben.api.post('/time/weeks', { week: start })).status).toBe(409);

    // Locked: no new entry, no change, no delete, no cell, no Start on an entry, on any of its days.
    const lockedTries = [
      await log(ben, project, start, 30),
      await ben.api.put(`/time/entries/${entry.id}`, {
        projectId: project.id,
        taskId: project.tasks[0]!.id,
        spentOn: DAY,
        minutes: 90,
      }),
      await ben.api.delete(`/time/entries/${entry.id}`),
      await ben.api.put('/time/timesheet/cells', {
        projectId: project.id,
        taskId: project.tasks[0]!.id,
        spentOn: DAY,
        minutes: 15,
      }),
      await ben.api.post('/time/timer', { entryId: entry.id }),
    ];
    for (const tried of lockedTries) {
      expect(tried.status).toBe(409);
      expect(tried.body.message).toBe(timeMessages.timeWeekSubmittedLocked);
    }
    // Nor can an entry of another week be moved into it.
    const later = must(await log(ben, project, '2026-04-20', 30), 'later');
    const moved = await ben.api.put(`/time/entries/${later.id}`, {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      spentOn: DAY,
      minutes: 30,
    });
    expect(moved.status).toBe(409);
    expect((await week()).entries.map((e) => [e.id, e.minutes])).toEqual([[entry.id, 60]]);

    // Withdrawn, the week is open again; submitted once more.
    expect((await ben.api.delete(`/time/weeks/${weekId}`)).status).toBe(200);
    expect((await week()).sheet.status).toBe('open');
    must(await log(ben, project, start, 30), 'now open');
    const again = must(await ben.api.post<WeekSheet>('/time/weeks', { week: DAY }), 'again');

    // Who approves: Cy manages the project (yes), Dee does not (403), Ben not his own (403).
    const waiting = async (who: typeof ben) =>
      must(await who.api.get<ApprovalPage>('/time/approvals'), 'approvals').items.map((a) => a.name);
    expect(await waiting(cy)).toEqual([expect.stringContaining('Ben')]);
    expect(await waiting(ada)).toEqual([expect.stringContaining('Ben')]);
    expect(await waiting(dee)).toEqual([]);
    expect(await waiting(ben)).toEqual([]);
    const own = await ben.api.post(`/time/weeks/${again.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(timeMessages.timeWeekOwnApproval);
    const notManager = await dee.api.post(`/time/weeks/${again.id}/approve`);
    expect(notManager.status).toBe(403);
    expect(notManager.body.message).toBe(timeMessages.timeWeekNotApprover);
    const [item] = must(await cy.api.get<ApprovalPage>('/time/approvals'), 'list').items;
    expect(item).toMatchObject({ minutes: 90, billableMinutes: 90, canDecide: true, weekStart: start });
    expect(item!.projects).toEqual([{ projectId: project.id, name: 'Acme / Website', minutes: 90 }]);

    // Returned by Cy with a comment: open, the comment shown to Ben; then resubmitted and approved.
    expect((await cy.api.post(`/time/weeks/${again.id}/return`, { comment: '  ' })).status).toBe(400);
    const returned = must(
      await cy.api.post<Approval>(`/time/weeks/${again.id}/return`, { comment: 'Tuesday is missing the call' }),
      'return',
    );
    expect(returned).toMatchObject({ status: 'returned', comment: 'Tuesday is missing the call' });
    const back = await week();
    expect(back.sheet).toMatchObject({ status: 'returned', comment: 'Tuesday is missing the call' });
    expect(back.sheet.decidedByName).toContain('Cy');
    expect(back.days.some((d) => d.locked)).toBe(false);
    must(await log(ben, project, addDays(start, 1), 30), 'the call');
    const resubmitted = must(await ben.api.post<WeekSheet>('/time/weeks', { week: DAY }), 'resubmitted');
    expect(resubmitted).toMatchObject({ id: again.id, status: 'submitted', comment: null });
    const approved = must(await cy.api.post<Approval>(`/time/weeks/${again.id}/approve`), 'approve');
    expect(approved).toMatchObject({ status: 'approved', minutes: 120, canDecide: false });
    expect((await cy.api.post(`/time/weeks/${again.id}/approve`)).status).toBe(409);

    // Approved: locked, and only an admin returns it.
    const lockedNow = await log(ben, project, DAY, 5);
    expect(lockedNow.status).toBe(409);
    expect(lockedNow.body.message).toBe(timeMessages.timeWeekApprovedLocked);
    expect((await ben.api.delete(`/time/weeks/${again.id}`)).status).toBe(409);
    const managerReturn = await cy.api.post(`/time/weeks/${again.id}/return`, { comment: 'Oops' });
    expect(managerReturn.status).toBe(403);
    expect(managerReturn.body.message).toBe(timeMessages.timeWeekReturnApproved);
    expect(must(await cy.api.get<ApprovalPage>('/time/approvals?status=approved'), 'approved').total).toBe(1);
    must(await ada.api.post(`/time/weeks/${again.id}/return`, { comment: 'Reopened for the invoice' }), 'reopen');
    expect((await log(ben, project, DAY, 5)).status).toBe(201);

    // The bell: Cy (the project's manager) heard of each submission, Ben of each decision, with
    // a link to that week; Ada, an admin but not its manager, was not told of the submissions.
    const bell = async (who: typeof ben) =>
      must(await who.api.get<NotificationPage>('/notifications'), 'bell').items.filter((n) => n.kind === 'timesheet');
    const weekName = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${start}T00:00:00Z`));
    expect((await bell(cy)).map((n) => [n.message, n.link])).toEqual([
      [timeMessages.timeWeekSubmittedNotice('Ben Person', weekName), '/time-tracking?tab=approvals'],
      [timeMessages.timeWeekSubmittedNotice('Ben Person', weekName), '/time-tracking?tab=approvals'],
      [timeMessages.timeWeekSubmittedNotice('Ben Person', weekName), '/time-tracking?tab=approvals'],
    ]);
    expect((await bell(ben)).map((n) => n.message)).toEqual([
      timeMessages.timeWeekReturnedNotice('Ada Person', weekName, 'Reopened for the invoice'),
      timeMessages.timeWeekApprovedNotice('Cy Person', weekName),
      timeMessages.timeWeekReturnedNotice('Cy Person', weekName, 'Tuesday is missing the call'),
    ]);
    expect((await bell(ben))[0]?.link).toBe(`/time-tracking?view=week&day=${start}`);
    expect(await bell(ada)).toEqual([]);
  });

  it('keeps the timer’s time off a locked day and says so', async () => {
    const { ada, ben, account } = await setup(app);
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }]));
    // The timer starts today; today's week is submitted while it runs.
    must(await ben.api.post('/time/timer', { projectId: project.id, taskId: project.tasks[0]!.id }), 'start');
    // (The timer's day is in Ben's time zone: the weeks of today and yesterday in UTC hold it.)
    const today = new Date().toISOString().slice(0, 10);
    must(await ben.api.post('/time/weeks', { week: today }), 'submit');
    await ben.api.post('/time/weeks', { week: addDays(today, -1) });
    const stopped = must(
      await ben.api.post<{ entry: Entry | null; notice: string | null }>('/time/timer/stop'),
      'stop',
    );
    expect(stopped.entry).toBeNull();
    expect(stopped.notice).toContain(timeMessages.timeWeekSubmittedLocked);
  });

  it("answers 404 for another workspace's week and tells only the week's people", async () => {
    const { ada, ben, cy, account } = await setup(app);
    const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]));
    must(await log(ben, project, DAY, 60), 'logged');
    const eve = await signUp(app, { firstName: 'Eve' });
    const eveAccount = must(await eve.api.post<Account>('/time/accounts', { title: 'Elsewhere' }), 'eve');
    const eveProject = await newProject(eve, projectBody(eveAccount.id, [{ userId: eve.userId }]));
    must(await log(eve, eveProject, DAY, 60), 'eve logged');

    const sockets = await Promise.all([ada, ben, cy, eve].map((p) => connect(baseUrl, p.token)));
    const [adaSocket, benSocket, cySocket, eveSocket] = sockets;
    const weekEvents = (s: (typeof sockets)[number]) => s!.received.filter((m) => m.type === 'time.weeks');
    const sheet = must(await ben.api.post<WeekSheet>('/time/weeks', { week: DAY }), 'submit');
    await eventually(() => weekEvents(adaSocket!).length > 0 && weekEvents(benSocket!).length > 0);
    await settle();
    expect(weekEvents(benSocket!)[0]?.data).toEqual({ userId: ben.userId, weekStart: expect.any(String) });
    expect(weekEvents(cySocket!)).toEqual([]);
    expect(weekEvents(eveSocket!)).toEqual([]);

    // Eve, admin of her own workspace, cannot see, approve, return or withdraw Ben's week.
    expect(must(await eve.api.get<ApprovalPage>('/time/approvals'), 'eve list').items).toEqual([]);
    for (const tried of [
      await eve.api.post(`/time/weeks/${sheet.id}/approve`),
      await eve.api.post(`/time/weeks/${sheet.id}/return`, { comment: 'No' }),
      await eve.api.delete(`/time/weeks/${sheet.id}`),
    ]) {
      expect(tried.status).toBe(404);
    }
    // Nor can Ada withdraw Ben's week: it is his.
    expect((await ada.api.delete(`/time/weeks/${sheet.id}`)).status).toBe(404);
    await settle();
    expect(weekEvents(eveSocket!)).toEqual([]);
    expect(must(await ben.api.get<Week>(`/time/week?week=${DAY}`), 'week').sheet.status).toBe('submitted');
    for (const s of sockets) s!.socket.close();
  });
});
