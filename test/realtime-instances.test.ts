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
