import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { pairOf, peopleWorkspace, upcoming } from '../../../../test/people-tools-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type {
  CoreValue,
  CoreValues,
  OneOnOne,
  ReportingLine,
  ReportingLines,
  TalkingPoint,
} from '../people-tools.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

describe('core values', () => {
  it('are added, described, reordered and retired by admins; members read them; other workspaces get 404', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const outsider = await signUp(app);
    const add = (title: string) =>
      admin.api.post<CoreValue>('/core-values', { title, description: `${title} <b>always</b>` });
    const a = (await add('Help first')).body.result;
    const b = (await add('Own it')).body.result;
    const c = (await add('Grow')).body.result;
    expect(a).toMatchObject({ title: 'Help first', description: 'Help first always', sort: 0, retired: false });
    expect((await admin.api.put('/core-values/order', { ids: [c.id, a.id, b.id] })).status).toBe(200);
    const read = await member.api.get<CoreValues>('/core-values');
    expect(read.body.result.values.map((v) => v.title)).toEqual(['Grow', 'Help first', 'Own it']);
    expect(read.body.result.canEdit).toBe(false);

    expect((await admin.api.patch(`/core-values/${b.id}`, { retired: true })).body.result).toMatchObject({
      retired: true,
    });
    expect((await member.api.get<CoreValues>('/core-values')).body.result.values.map((v) => v.title)).toEqual([
      'Grow',
      'Help first',
    ]);
    // Admins still see it (last), to bring it back.
    expect((await admin.api.get<CoreValues>('/core-values')).body.result.values.at(-1)).toMatchObject({
      id: b.id,
      retired: true,
    });

    expect((await member.api.post('/core-values', { title: 'Sneaky' })).status).toBe(403);
    expect((await member.api.patch(`/core-values/${a.id}`, { title: 'Sneaky' })).status).toBe(403);
    expect((await admin.api.post('/core-values', { title: '   ' })).status).toBe(400);
    expect((await admin.api.post('/core-values', { title: 'x'.repeat(101) })).status).toBe(400);
    expect((await admin.api.put('/core-values/order', { ids: [a.id] })).status).toBe(409);

    expect((await outsider.api.patch(`/core-values/${a.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await outsider.api.put('/core-values/order', { ids: [a.id, c.id] })).status).toBe(404);
    expect((await outsider.api.get<CoreValues>('/core-values')).body.result.values).toEqual([]);
    expect((await member.api.get<CoreValues>('/core-values')).body.result.values[1]?.title).toBe('Help first');
  });
});

describe('reporting lines', () => {
  it('come from the parent seat, climb past empty seats, list people without a seat, and admins override them', async () => {
    const { admin, manager, report, peer, outsider } = await peopleWorkspace(app);
    const loner = await joinWorkspace(app, admin, { firstName: 'Lou' });
    const lines = async () =>
      new Map(
        (await admin.api.get<ReportingLines>('/reporting-lines?limit=100')).body.result.items.map((line) => [
          line.person.id,
          line,
        ]),
      );
    let all = await lines();
    expect(all.get(manager.userId)?.manager?.id).toBe(admin.userId);
    expect(all.get(report.userId)).toMatchObject({ source: 'chart', seatTitle: 'Operations' });
    expect(all.get(report.userId)?.manager?.id).toBe(manager.userId);
    expect(all.get(admin.userId)).toMatchObject({ manager: null, source: 'none' });
    expect(all.get(loner.userId)).toMatchObject({ seatTitle: null, manager: null });

    const unplaced = await peer.api.get<ReportingLines>('/reporting-lines?unplaced=true');
    expect(unplaced.body.result.items.map((line) => line.person.id)).toEqual([loner.userId]);

    // The Integrator's seat empties: Operations now reports to the Visionary above it.
    const chart = await admin.api.get<{ seats: { id: string; jobTitle: string }[] }>('/org-chart');
    const integrator = chart.body.result.seats.find((s) => s.jobTitle === 'Integrator')!;
    await admin.api.patch(`/org-chart/seats/${integrator.id}`, { coworkers: [] });
    expect((await lines()).get(report.userId)?.manager?.id).toBe(admin.userId);
    await admin.api.patch(`/org-chart/seats/${integrator.id}`, { coworkers: [manager.userId] });

    const set = await admin.api.put<ReportingLine>(`/reporting-lines/${loner.userId}`, { managerId: peer.userId });
    expect(set.body.result).toMatchObject({ source: 'override', manager: { id: peer.userId } });
    // Nobody manages themselves, even through others.
    expect((await admin.api.put(`/reporting-lines/${manager.userId}`, { managerId: report.userId })).status).toBe(409);
    expect((await admin.api.put(`/reporting-lines/${report.userId}`, { managerId: report.userId })).status).toBe(409);
    expect((await manager.api.put(`/reporting-lines/${loner.userId}`, { managerId: manager.userId })).status).toBe(403);
    expect((await admin.api.put(`/reporting-lines/${loner.userId}`, { managerId: outsider.userId })).status).toBe(404);
    expect((await outsider.api.put(`/reporting-lines/${loner.userId}`, { managerId: null })).status).toBe(404);
    all = await lines();
    expect(all.get(loner.userId)?.manager?.id).toBe(peer.userId);
    const cleared = await admin.api.delete<ReportingLine>(`/reporting-lines/${loner.userId}`);
    expect(cleared.body.result).toMatchObject({ source: 'none', manager: null });
  });
});

describe('weekly 1:1s', () => {
  it('pull in the report’s open to-dos, goals and milestones; talking points carry over and recurring ones keep their history', async () => {
    const { manager, report, peer } = await peopleWorkspace(app);
    expect(
      (
        await peer.api.post('/one-on-ones', {
          reportId: report.userId,
          startDate: '2026-01-05',
          startTime: '09:00',
          timezone: 'UTC',
        })
      ).status,
    ).toBe(409);
    const pair = await pairOf(manager, report);
    expect(
      (
        await manager.api.post('/one-on-ones', {
          reportId: report.userId,
          startDate: '2026-01-05',
          startTime: '09:00',
          timezone: 'UTC',
        })
      ).status,
    ).toBe(409);
    await report.api.post('/tasks', { title: 'Write the runbook', userId: report.userId });
    await report.api.post('/tasks', { title: 'Done already', userId: report.userId, status: '1' });
    await manager.api.post('/tasks', { title: 'Not hers', userId: manager.userId });

    const first = await upcoming(manager, pair.id);
    expect(first.pulledIn?.todos.map((item) => item.title)).toEqual(['Write the runbook']);
    expect((await report.api.post<{ id: string }>(`/one-on-ones/${pair.id}/upcoming`)).body.result.id).toBe(first.id);

    const oneOff = await report.api.post<TalkingPoint>(`/one-on-one-meetings/${first.id}/points`, {
      title: 'Training budget',
    });
    const weekly = await manager.api.post<TalkingPoint>(`/one-on-one-meetings/${first.id}/points`, {
      title: 'Hiring pipeline',
      recurring: true,
    });
    expect(oneOff.status).toBe(201);
    await manager.api.patch(`/one-on-one-meetings/${first.id}/points/${weekly.body.result.id}`, {
      note: 'Two offers out',
    });
    await manager.api.patch(`/one-on-one-meetings/${first.id}`, { state: 'started', sharedNotes: 'Good week' });
    await manager.api.patch(`/one-on-one-meetings/${first.id}`, { state: 'finished' });

    const second = await upcoming(report, pair.id);
    expect(second.id).not.toBe(first.id);
    expect(second.heldOn > first.heldOn).toBe(true);
    const titles = second.points.map((point) => point.title);
    expect(titles).toEqual(['Hiring pipeline', 'Training budget']);
    expect(second.points[0]?.history).toEqual([{ heldOn: first.heldOn, body: 'Two offers out' }]);

    // Discussed now: it no longer carries over, and the history shows where it was discussed.
    await report.api.patch(`/one-on-one-meetings/${second.id}/points/${oneOff.body.result.id}`, { done: true });
    await manager.api.patch(`/one-on-one-meetings/${second.id}/points/${weekly.body.result.id}`, { closed: true });
    await manager.api.patch(`/one-on-one-meetings/${second.id}`, { state: 'started' });
    await manager.api.patch(`/one-on-one-meetings/${second.id}`, { state: 'finished' });
    const third = await upcoming(report, pair.id);
    expect(third.points).toEqual([]);

    const history = await manager.api.get<{ items: { id: string; points: string[] }[]; total: number }>(
      `/one-on-ones/${pair.id}/history?limit=1`,
    );
    expect(history.body.result.total).toBe(2);
    expect(history.body.result.items[0]?.id).toBe(second.id);
    const search = await manager.api.get<{ items: { id: string }[] }>(`/one-on-ones/${pair.id}/history?q=week`);
    expect(search.body.result.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('a talking point becomes the report’s to-do once; a finished 1:1 takes no new points', async () => {
    const { manager, report } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const current = await upcoming(manager, pair.id);
    const point = await manager.api.post<TalkingPoint>(`/one-on-one-meetings/${current.id}/points`, {
      title: 'Fix the onboarding doc',
    });
    const outsider = await signUp(app);
    const foreignMeeting = await createMeeting(outsider);
    const refused = await manager.api.post(
      `/one-on-one-meetings/${current.id}/points/${point.body.result.id}/convert`,
      {
        type: 'issue',
        meetingId: foreignMeeting.id,
      },
    );
    expect(refused.status).toBe(404);
    const made = await manager.api.post<TalkingPoint>(
      `/one-on-one-meetings/${current.id}/points/${point.body.result.id}/convert`,
      { type: 'todo', dueDate: '2026-02-01' },
    );
    expect(made.status).toBe(200);
    expect(made.body.result.done).toBe(true);
    const task = await report.api.get<{ title: string; userId: string; type: string }>(
      `/tasks/${made.body.result.taskId}`,
    );
    expect(task.body.result).toMatchObject({ title: 'Fix the onboarding doc', userId: report.userId, type: '4' });
    expect(
      (
        await manager.api.post(`/one-on-one-meetings/${current.id}/points/${point.body.result.id}/convert`, {
          type: 'todo',
        })
      ).status,
    ).toBe(409);
    expect((await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'finished' })).status).toBe(409);
    await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' });
    await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'finished' });
    expect((await report.api.post(`/one-on-one-meetings/${current.id}/points`, { title: 'Late' })).status).toBe(409);
  });

  it('keeps each side’s private notes to that side, and tells only the pair’s sockets', async () => {
    const { admin, manager, report, peer } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const current = await upcoming(manager, pair.id);
    const watching = await connect(baseUrl, report.token);
    const others = await Promise.all([connect(baseUrl, peer.token), connect(baseUrl, admin.token)]);
    try {
      await manager.api.patch(`/one-on-one-meetings/${current.id}`, {
        privateNotes: 'Rita seems tired',
        sharedNotes: 'Plan Q3',
      });
      await eventually(() => watching.received.some((m) => m.type === 'peopleTools.oneOnOneChanged'));
      await settle();
      for (const other of others) expect(other.received.filter((m) => m.type.startsWith('peopleTools.'))).toEqual([]);
    } finally {
      watching.socket.close();
      for (const other of others) other.socket.close();
    }
    const seen = (await report.api.get<OneOnOne>(`/one-on-one-meetings/${current.id}`)).body.result;
    expect(seen).toMatchObject({ sharedNotes: 'Plan Q3', privateNotes: '', role: 'report' });
    expect((await manager.api.get<OneOnOne>(`/one-on-one-meetings/${current.id}`)).body.result.privateNotes).toBe(
      'Rita seems tired',
    );
    expect(JSON.stringify((await report.api.get(`/one-on-ones/${pair.id}/history?q=tired`)).body)).not.toContain(
      'tired',
    );
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const { manager, report } = await peopleWorkspace(app);
    const body = { reportId: report.userId, startTime: '09:00', timezone: 'Europe/Berlin' };
    for (const bad of [
      { ...body, startDate: '2025-02-29' },
      { ...body, startDate: '2026-01-05', startTime: '25:00' },
      { ...body, startDate: '2026-01-05', timezone: 'Mars/Olympus' },
      { ...body, startDate: '2026-01-05', repeatWeeks: 9 },
    ])
      expect((await manager.api.post('/one-on-ones', bad)).status).toBe(400);
    const pair = await pairOf(manager, report);
    const current = await upcoming(manager, pair.id);
    expect((await manager.api.post(`/one-on-one-meetings/${current.id}/points`, { title: 'a\u0000b' })).status).toBe(
      400,
    );
    expect(
      (await manager.api.patch(`/one-on-one-meetings/${current.id}`, { sharedNotes: 'x'.repeat(20_001) })).status,
    ).toBe(400);
    expect((await manager.api.get(`/one-on-ones/${pair.id}/history?limit=1000`)).status).toBe(400);
    expect((await report.api.get<OneOnOne>(`/one-on-one-meetings/${current.id}`)).body.result.points).toEqual([]);
  });
});
