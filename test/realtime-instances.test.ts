import { describe, expect, it } from 'vitest';
import { client, createMeeting, joinWorkspace, signUp } from './factories.ts';
import { connect, eventually, instancesOnPostgres } from './realtime.ts';

const url = process.env.DATABASE_URL;

// Several instances share rooms only through a PostgreSQL server (the socket.io adapter uses
// LISTEN/NOTIFY), so this runs in `npm run test:pg`; the embedded database has one instance.
describe.skipIf(!url)('two app instances on one PostgreSQL', () => {
  const instances = instancesOnPostgres(url!);

  it('delivers an event published through instance A to a client connected to instance B', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = await signUp(a.app);
    const onB = await connect(b.baseUrl, admin.token);

    const renamed = await client(a.app, admin.token, 'tab-on-a').patch(`/tenants/${admin.tenantId}`, {
      name: 'Shared',
    });
    expect(renamed.status).toBe(200);

    await eventually(() => onB.received.length === 1);
    expect(onB.received[0]).toMatchObject({
      type: 'workspace.updated',
      data: { id: admin.tenantId, name: 'Shared' },
      originClientId: 'tab-on-a',
    });
    onB.socket.close();
  });

  // Each instance keeps resolved sessions for a few seconds (decision 058): a sign-out, a removal
  // or a disable on one instance must reach every other instance's cache before it answers.
  it('never serves on instance A a session signed out or disabled through instance B', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = await signUp(a.app);
    const member = await joinWorkspace(a.app, admin);
    const leaving = await joinWorkspace(a.app, admin);
    const warmOnA = async (token: string) => {
      for (let i = 0; i < 3; i++) expect((await client(a.app, token).get('/self')).status).toBe(200);
    };
    await warmOnA(admin.token);
    await warmOnA(member.token);
    await warmOnA(leaving.token);

    expect((await client(b.app, member.token).post('/logout')).status).toBe(200);
    expect((await client(a.app, member.token).get('/self')).status).toBe(401);

    expect((await client(b.app, admin.token).post(`/users/${leaving.userId}/disable`)).status).toBe(200);
    expect((await client(a.app, leaving.token).get('/self')).status).toBe(401);

    // The cache still serves the sessions nobody touched.
    expect((await client(a.app, admin.token).get('/self')).status).toBe(200);

    // GET /self's answer is remembered too (decision 066): a rename through B shows on A at once.
    expect(
      (await client(b.app, admin.token).patch(`/tenants/${admin.tenantId}`, { name: 'Renamed on B' })).status,
    ).toBe(200);
    const self = await client(a.app, admin.token).get<{ tenant: { name: string } }>('/self');
    expect(self.body.result.tenant.name).toBe('Renamed on B');
  });

  it('counts people online in a live meeting whichever instance their socket is on', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const leader = await signUp(a.app);
    const member = await joinWorkspace(a.app, leader);
    const meeting = await createMeeting(leader, [member.userId], {
      startDate: new Date().toISOString().slice(0, 10),
      startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    });
    const started = await leader.api.post<{ sessionId: string }>(`/meetings/${meeting.id}/start`, {});
    expect(started.status).toBe(200);
    const { sessionId } = started.body.result;

    const onA = await connect(a.baseUrl, leader.token);
    const onB = await connect(b.baseUrl, member.token);
    expect(await onA.socket.emitWithAck('live:join', sessionId)).toEqual({ ok: true, online: [leader.userId] });
    const joined = await onB.socket.emitWithAck('live:join', sessionId);
    expect(new Set(joined.online)).toEqual(new Set([leader.userId, member.userId]));
    // A's screen hears of B's arrival through the adapter.
    await eventually(() =>
      onA.received.some((m) => m.type === 'live.presence' && 'online' in m.data && m.data.online.length === 2),
    );
    onA.socket.close();
    onB.socket.close();
  });
});
