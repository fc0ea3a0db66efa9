import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signIn, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { RealtimeMessage } from '../../../shared/realtime.ts';
import type { Account, Project, Timer, Week } from '../time.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const timeEvents = (received: RealtimeMessage[]) =>
  received.filter((m) => m.type.startsWith('time.')).map((m) => ({ type: m.type, data: m.data }));
const projectEvent = (projectId: string | null) => ({ type: 'time.projectsChanged', data: { projectId } });

describe('time tracking in real time (decision 057)', () => {
  it("sends a project's events only to the people its visibility rules allow, never to another workspace", async () => {
    const ada = await signUp(app, { firstName: 'Ada' }); // workspace admin
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' }); // manager of the project
    const dee = await joinWorkspace(app, ada, { firstName: 'Dee' }); // on the team, budget hidden
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' }); // in the workspace, not on it
    const eve = await signUp(app, { firstName: 'Eve' }); // admin of another workspace
    const adaSocket = await connect(baseUrl, ada.token);
    const benSocket = await connect(baseUrl, ben.token);
    const deeSocket = await connect(baseUrl, dee.token);
    const cySocket = await connect(baseUrl, cy.token);
    const eveSocket = await connect(baseUrl, eve.token);
    const sockets = [adaSocket, benSocket, deeSocket, cySocket, eveSocket];

    // A new account is the whole workspace's news, not the other workspace's. (Heard before the
    // project is made: on PostgreSQL an event may reach this instance's sockets after the answer.)
    const account = (await ada.api.post<Account>('/time/accounts', { title: 'Acme' })).body.result;
    const workspace = [adaSocket, benSocket, deeSocket, cySocket];
    await eventually(() => workspace.every((s) => timeEvents(s.received).length > 0));
    await settle();
    for (const s of workspace) expect(timeEvents(s.received)).toEqual([projectEvent(null)]);
    expect(timeEvents(eveSocket.received)).toEqual([]);
    for (const s of sockets) s.received.length = 0;

    const body = {
      accountId: account.id,
      name: 'Quiet project',
      showToAll: false,
      tasks: [{ title: 'Build', billable: true, hourlyRate: 10000, budget: 0, budgetMinutes: 600 }],
      teams: [
        { userId: ben.userId, manage: true, hourlyRate: 0, budgetMinutes: 0 },
        { userId: dee.userId, manage: false, hourlyRate: 0, budgetMinutes: 0 },
      ],
    };
    // A new project: the admins and its whole team hear of it, Cy and the other workspace not.
    // (Connected first: on PostgreSQL an event reaches this instance's sockets only after its
    // NOTIFY to the other instances, so it may arrive after the answer.)
    const project = (await ada.api.post<Project>('/time/projects', body)).body.result;
    await eventually(() => [adaSocket, benSocket, deeSocket].every((s) => timeEvents(s.received).length > 0));
    await settle();
    for (const s of [adaSocket, benSocket, deeSocket])
      expect(timeEvents(s.received)).toEqual([projectEvent(project.id)]);
    expect(timeEvents(cySocket.received)).toEqual([]);
    expect(timeEvents(eveSocket.received)).toEqual([]);
    for (const s of sockets) s.received.length = 0;

    // Time logged by Dee moves the budget bar: the admin and the manager hear of it; Dee's own
    // tabs hear of her day; Cy and the other workspace hear nothing.
    const logged = await dee.api.post('/time/entries', {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      spentOn: '2026-03-02',
      minutes: 60,
    });
    expect(logged.status).toBe(201);
    await eventually(() => timeEvents(benSocket.received).length > 0 && timeEvents(adaSocket.received).length > 0);
    await eventually(() => timeEvents(deeSocket.received).length > 0);
    await settle();
    expect(timeEvents(adaSocket.received)).toEqual([projectEvent(project.id)]);
    expect(timeEvents(benSocket.received)).toEqual([projectEvent(project.id)]);
    expect(timeEvents(deeSocket.received)).toEqual([{ type: 'time.entries', data: { spentOn: '2026-03-02' } }]);
    expect(timeEvents(cySocket.received)).toEqual([]);
    expect(timeEvents(eveSocket.received)).toEqual([]);

    // The project itself changes: its whole team hears (Dee's entry form lists its tasks), Cy not.
    const renamed = await ben.api.put(`/time/projects/${project.id}`, {
      ...body,
      name: 'Quiet project, renamed',
      tasks: [{ ...body.tasks[0], id: project.tasks[0]!.id }],
    });
    expect(renamed.status).toBe(200);
    await eventually(() => timeEvents(deeSocket.received).length > 1);
    await settle();
    expect(timeEvents(deeSocket.received)).toContainEqual(projectEvent(project.id));
    expect(timeEvents(cySocket.received)).toEqual([]);

    // Another workspace's people use its ids: 404, nothing stored, and still no event anywhere.
    const eveAccount = (await eve.api.post<Account>('/time/accounts', { title: 'Elsewhere' })).body.result;
    const foreign = await eve.api.post('/time/entries', {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      spentOn: '2026-03-02',
      minutes: 30,
    });
    expect(foreign.status).toBe(404);
    const foreignSave = await eve.api.put(`/time/projects/${project.id}`, {
      ...body,
      accountId: eveAccount.id,
      teams: [{ userId: eve.userId, manage: true, hourlyRate: 0, budgetMinutes: 0 }],
    });
    expect(foreignSave.status).toBe(404);
    await settle();
    const week = (await dee.api.get<Week>('/time/week?week=2026-03-02')).body.result;
    expect(week.entries.map((e) => e.minutes)).toEqual([60]);
    expect(timeEvents(cySocket.received)).toEqual([]);
    // (Eve's own account, in her workspace room, is all she heard.)
    expect(timeEvents(eveSocket.received)).toEqual([projectEvent(null)]);

    // Deleting it tells the team (found before the rows go), not Cy.
    expect((await ada.api.delete(`/time/projects/${project.id}`)).status).toBe(200);
    await eventually(() => timeEvents(deeSocket.received).length > 2);
    await settle();
    expect(timeEvents(cySocket.received)).toEqual([]);
    for (const s of sockets) s.socket.close();
  });

  it("sends a person's running timer to each of their connections, and to no one else's", async () => {
    const ada = await signUp(app, { firstName: 'Ada' }); // workspace admin
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' }); // on the same project
    const account = (await ada.api.post<Account>('/time/accounts', { title: 'Acme' })).body.result;
    const project = (
      await ada.api.post<Project>('/time/projects', {
        accountId: account.id,
        name: 'Website',
        tasks: [{ title: 'Build' }],
        teams: [{ userId: ben.userId }, { userId: cy.userId }],
      })
    ).body.result;
    // Ben's phone: a second sign-in, its own token and connection.
    const benLaptop = await connect(baseUrl, ben.token);
    const benPhone = await connect(baseUrl, await signIn(app, ben.email, ada.tenantId));
    const adaSocket = await connect(baseUrl, ada.token);
    const cySocket = await connect(baseUrl, cy.token);
    const timers = (received: RealtimeMessage[]) =>
      received.filter((m) => m.type === 'time.timer').map((m) => m.data as Timer);

    const started = await ben.api.post('/time/timer', {
      projectId: project.id,
      taskId: project.tasks[0]!.id,
      note: 'Mockups',
    });
    expect(started.status).toBe(200);
    await eventually(() => timers(benLaptop.received).length > 0 && timers(benPhone.received).length > 0);
    for (const s of [benLaptop, benPhone]) {
      expect(timers(s.received)).toEqual([
        expect.objectContaining({ timerStatus: 'STARTED_TIMER', projectId: project.id, note: 'Mockups' }),
      ]);
    }
    // Cy's own timer is heard by Cy alone.
    expect((await cy.api.post('/time/timer', { projectId: project.id, taskId: project.tasks[0]!.id })).status).toBe(
      200,
    );
    await eventually(() => timers(cySocket.received).length > 0);
    await settle();
    expect(timers(cySocket.received).map((t) => t.timerStatus)).toEqual(['STARTED_TIMER']);
    expect(timers(benPhone.received)).toHaveLength(1);
    expect(timers(adaSocket.received)).toEqual([]);

    // Stopped on the laptop: the phone hears it; Ada and Cy do not.
    expect((await ben.api.post('/time/timer/stop')).status).toBe(200);
    await eventually(() => timers(benPhone.received).length > 1);
    await settle();
    expect(timers(benPhone.received).at(-1)?.timerStatus).toBe('STOPPED_TIMER');
    expect(timers(benLaptop.received).map((t) => t.timerStatus)).toEqual(['STARTED_TIMER', 'STOPPED_TIMER']);
    expect(timers(cySocket.received)).toHaveLength(1);
    expect(timers(adaSocket.received)).toEqual([]);
    for (const s of [benLaptop, benPhone, adaSocket, cySocket]) s.socket.close();
  });
});
