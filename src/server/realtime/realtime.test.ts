import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../test/realtime.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

describe('real time', () => {
  it('sends a committed change to the workspace room with who made it and from which tab', async () => {
    const admin = await signUp(app, { workspace: 'Before' });
    const outsider = await signUp(app);
    const watcher = await connect(baseUrl, admin.token);
    const stranger = await connect(baseUrl, outsider.token);

    const tab = 'tab-1234';
    const { client } = await import('../../../test/factories.ts');
    await client(app, admin.token, tab).patch(`/tenants/${admin.tenantId}`, { name: 'After' });

    await eventually(() => watcher.received.length === 1);
    expect(watcher.received[0]).toEqual({
      type: 'workspace.updated',
      data: { id: admin.tenantId, name: 'After', iconLogo: null },
      changedBy: admin.userId,
      originClientId: tab,
    });
    await settle();
    expect(stranger.received).toEqual([]);
    watcher.socket.close();
    stranger.socket.close();
  });

  it('publishes nothing for a request that failed', async () => {
    const admin = await signUp(app);
    const watcher = await connect(baseUrl, admin.token);
    const refused = await admin.api.patch(`/tenants/${admin.tenantId}`, { name: '' });
    expect(refused.status).toBe(400);
    await settle();
    expect(watcher.received).toEqual([]);
    watcher.socket.close();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connect(baseUrl, 'not-a-token')).rejects.toThrow('unauthorized');
  });

  it('refuses to join the room of a meeting the user is not part of', async () => {
    const person = await signUp(app);
    const { socket } = await connect(baseUrl, person.token);
    const answer = await socket.emitWithAck('meeting:join', '2f1c1e1e-1111-4111-8111-111111111111');
    expect(answer).toEqual({ ok: false });
    socket.close();
  });

  it('drops the sockets of a session that signs out', async () => {
    const person = await signUp(app);
    const { socket } = await connect(baseUrl, person.token);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await person.api.post('/logout');
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

describe('meeting rooms', () => {
  const meetingBody = (members: string[]) => ({
    title: 'Realtime',
    sharepointUrl: 'https://meet.example.com/rt',
    repeatType: 'weeks',
    repeatEvery: 1,
    startDate: '2026-01-05',
    startTime: '09:00',
    members,
  });

  it('lets participants join a meeting’s room and refuses the others', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const outsider = await joinWorkspace(app, admin);
    const meeting = (await admin.api.post<{ id: string }>('/meetings', meetingBody([member.userId]))).body.result;

    const memberSocket = await connect(baseUrl, member.token);
    const outsiderSocket = await connect(baseUrl, outsider.token);
    expect(await memberSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await outsiderSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });

    const [session] = (await admin.api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions`)).body.result;
    await admin.api.patch(`/sessions/${session!.id}`, { note: 'live' });
    await eventually(() => memberSocket.received.some((m) => m.type === 'session.changed'));
    await settle();
    expect(outsiderSocket.received.filter((m) => m.type === 'session.changed')).toEqual([]);
    memberSocket.socket.close();
    outsiderSocket.socket.close();
  });

  it('tells the workspace that a meeting was created, changed or deleted', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const watcher = await connect(baseUrl, member.token);
    const meeting = (await admin.api.post<{ id: string }>('/meetings', meetingBody([member.userId]))).body.result;
    await admin.api.patch(`/meetings/${meeting.id}`, { title: 'Changed' });
    await admin.api.delete(`/meetings/${meeting.id}`);
    // Being added to the meeting also brings the member a notification: only the meeting's events here.
    const changes = () => watcher.received.filter((m) => m.type === 'meeting.changed');
    await eventually(() => changes().length === 3);
    expect(changes().map((m) => [m.type, m.data])).toEqual([
      ['meeting.changed', { id: meeting.id, action: 'created' }],
      ['meeting.changed', { id: meeting.id, action: 'updated' }],
      ['meeting.changed', { id: meeting.id, action: 'deleted' }],
    ]);
    watcher.socket.close();
  });
});
