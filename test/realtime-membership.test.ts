import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema/index.ts';
import { testApp } from './app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signIn, signUp } from './factories.ts';
import { connect, eventually, instancesOnPostgres, listen, settle } from './realtime.ts';

// Socket rooms follow membership (ARCHITECTURE, Security): whoever loses a meeting or a
// workspace, or signs out, hears nothing more of it, whichever instance their socket is on.

type Listener = Awaited<ReturnType<typeof connect>>;
type Instance = { app: FastifyInstance; baseUrl: string };

const sessionOf = async (leader: SignedUp, meetingId: string) => {
  const answer = await leader.api.get<{ id: string }[]>(`/meetings/${meetingId}/sessions`);
  return answer.body.result[0]!.id;
};

/** Writes a session note: an event of the meeting's room. */
const noteEvent = async (leader: SignedUp, sessionId: string, note: string) => {
  const answer = await leader.api.patch(`/sessions/${sessionId}`, { note });
  expect(answer.status).toBe(200);
};

const notes = (listener: Listener) => listener.received.filter((m) => m.type === 'session.changed');

/** The people and sockets of one meeting: its leader listening on one instance, a member on another. */
const meetingWithListeners = async (leaderSide: Instance, memberSide: Instance) => {
  const leader = await signUp(leaderSide.app);
  const member = await joinWorkspace(leaderSide.app, leader);
  const stays = await joinWorkspace(leaderSide.app, leader);
  const meeting = await createMeeting(leader, [member.userId, stays.userId]);
  const sessionId = await sessionOf(leader, meeting.id);
  const control = await connect(memberSide.baseUrl, leader.token);
  const removed = await connect(memberSide.baseUrl, member.token);
  expect(await control.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
  expect(await removed.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
  // Both hear the room before anything changes.
  await noteEvent(leader, sessionId, 'before');
  await eventually(() => notes(control).length === 1 && notes(removed).length === 1);
  return { leader, member, stays, meeting, sessionId, control, removed };
};

/** Another room event, which the control socket receives and the other must not. */
const expectNoMore = async (leader: SignedUp, sessionId: string, control: Listener, cut: Listener) => {
  const heard = notes(cut).length;
  await noteEvent(leader, sessionId, 'after');
  await eventually(() => notes(control).length === 2);
  await settle();
  expect(notes(cut).length).toBe(heard);
};

/** A member taken off the meeting (the leader on one side, the member's socket on the other) hears nothing more and cannot join again. */
const removedMemberHearsNothing = async (leaderSide: Instance, memberSide: Instance) => {
  const { leader, stays, meeting, sessionId, control, removed } = await meetingWithListeners(leaderSide, memberSide);
  const edited = await leader.api.patch(`/meetings/${meeting.id}`, { members: [stays.userId] });
  expect(edited.status).toBe(200);
  await expectNoMore(leader, sessionId, control, removed);
  expect(await removed.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
  control.socket.close();
  removed.socket.close();
};

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('rooms follow membership across two instances on one PostgreSQL', () => {
  const instances = instancesOnPostgres(url!);

  it('a member taken off a meeting on instance A hears nothing more of its room on instance B', async () => {
    await removedMemberHearsNothing(instances[0]!, instances[1]!);
  });

  it('a socket of a user who signs out on instance A hears nothing more on instance B', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const { leader, member, sessionId, control, removed } = await meetingWithListeners(a, b);
    const closed = new Promise((resolve) => removed.socket.once('disconnect', resolve));

    expect((await member.api.post('/logout')).status).toBe(200);
    await expectNoMore(leader, sessionId, control, removed);
    await expect(closed).resolves.toBe('io server disconnect');
    control.socket.close();
  });

  it('a user removed from or disabled in a workspace loses its sockets there, on every instance', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const { leader, member, sessionId, control, removed } = await meetingWithListeners(a, b);
    // The member's session in their own workspace is not affected.
    const mine = (await member.api.get<{ id: string }[]>('/tenants')).body.result;
    const ownTenant = mine.find((workspace) => workspace.id !== leader.tenantId)!;
    const ownToken = await signIn(a.app, member.email, ownTenant.id);
    const own = await connect(b.baseUrl, ownToken);
    const closed = new Promise((resolve) => removed.socket.once('disconnect', resolve));

    // What the coming "remove or disable a user" call does: the write, then the realtime call.
    await a.app.database.db
      .update(memberships)
      .set({ disabled: true })
      .where(and(eq(memberships.tenantId, leader.tenantId), eq(memberships.userId, member.userId)));
    a.app.realtime.leaveWorkspace({ tenantId: leader.tenantId, userId: member.userId });

    await expect(closed).resolves.toBe('io server disconnect');
    await expectNoMore(leader, sessionId, control, removed);
    expect(removed.received.filter((m) => m.type === 'workspace.updated')).toEqual([]);
    await expect(connect(b.baseUrl, member.token)).rejects.toThrow('unauthorized');
    expect(own.socket.connected).toBe(true);
    control.socket.close();
    own.socket.close();
  });
});

describe('rooms follow membership', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await testApp();
    baseUrl = await listen(app);
  });
  afterAll(() => app.close());

  it('a member taken off a meeting hears nothing more of its room and cannot join it again', async () => {
    await removedMemberHearsNothing({ app, baseUrl }, { app, baseUrl });
  });

  it('a workspace admin taken off a meeting keeps its room (admins may join any)', async () => {
    const admin = await signUp(app);
    const leader = await joinWorkspace(app, admin);
    const meeting = await createMeeting(admin, [leader.userId], { administrators: [admin.userId, leader.userId] });
    const sessionId = await sessionOf(admin, meeting.id);
    const adminSocket = await connect(baseUrl, admin.token);
    expect(await adminSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });

    expect((await admin.api.patch(`/meetings/${meeting.id}`, { administrators: [leader.userId] })).status).toBe(200);
    await noteEvent(leader, sessionId, 'still heard');
    await eventually(() => notes(adminSocket).length === 1);
    adminSocket.socket.close();
  });

  it('when a meeting is deleted, its room is emptied: an event queued for it reaches no one', async () => {
    const here = { app, baseUrl };
    const { leader, meeting, control, removed } = await meetingWithListeners(here, here);
    expect((await leader.api.delete(`/meetings/${meeting.id}`)).status).toBe(200);
    // An event of the meeting raised by a request that committed just before the deletion.
    app.realtime.publish(
      {
        tenantId: leader.tenantId,
        meetingId: meeting.id,
        type: 'session.changed',
        data: { id: 'x', meetingId: meeting.id },
      },
      { changedBy: null, originClientId: null },
    );
    await settle();
    expect(notes(control)).toHaveLength(1);
    expect(notes(removed)).toHaveLength(1);
    control.socket.close();
    removed.socket.close();
  });

  it('a signed-out socket gets nothing more', async () => {
    const here = { app, baseUrl };
    const { leader, member, sessionId, control, removed } = await meetingWithListeners(here, here);
    await member.api.post('/logout');
    await expectNoMore(leader, sessionId, control, removed);
    expect(removed.socket.connected).toBe(false);
    control.socket.close();
  });

  it('a socket whose workspace membership ended cannot join a meeting room, even one it was in', async () => {
    const here = { app, baseUrl };
    const { leader, member, meeting, sessionId, control, removed } = await meetingWithListeners(here, here);
    removed.socket.emit('meeting:leave', meeting.id);
    // Disabled without the realtime call: the join itself must notice.
    await app.database.db
      .update(memberships)
      .set({ disabled: true })
      .where(and(eq(memberships.tenantId, leader.tenantId), eq(memberships.userId, member.userId)));
    const closed = new Promise((resolve) => removed.socket.once('disconnect', resolve));
    removed.socket.emit('meeting:join', meeting.id, () => {});
    await expect(closed).resolves.toBe('io server disconnect');
    await noteEvent(leader, sessionId, 'after');
    await eventually(() => notes(control).length === 2);
    await settle();
    expect(notes(removed)).toHaveLength(1);
    control.socket.close();
  });
});
