import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { signUp } from '../../../../test/factories.ts';
import { liveFixtures, meetingNow, start, stateOf } from '../../../../test/live-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { RealtimeMessage } from '../../../shared/realtime.ts';
import type { LiveSessionEntry } from '../live.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { team } = liveFixtures(() => app);

describe('another workspace', () => {
  it('gets 404 for every live call on this workspace’s meeting and session, and changes nothing', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const other = await signUp(app);
    const calls = [
      other.api.post(`/meetings/${meeting.id}/start`, { confirmNotLeader: true, confirmUnscheduled: true }),
      other.api.get(`/sessions/${sessionId}/live`),
      other.api.post(`/sessions/${sessionId}/join`),
      other.api.post(`/sessions/${sessionId}/step`, { step: 1 }),
      other.api.post(`/sessions/${sessionId}/finish`, { cancelled: true }),
      other.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 1 }),
      other.api.patch(`/sessions/${sessionId}/attendees/${member.userId}`, { notAttended: true }),
      other.api.post(`/sessions/${sessionId}/guests`, { email: 'spy@example.com' }),
      other.api.get(`/sessions/${sessionId}/archive`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await other.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toEqual([]);

    const state = await stateOf(leader, sessionId);
    expect(state.session).toMatchObject({ currentStep: 0, finishedAt: null });
    expect(state.guests).toEqual([]);
    expect(state.attendees.find((a) => a.id === member.userId)).toMatchObject({ score: null, notAttended: false });
  });
});

describe('real time', () => {
  it('tells the meeting’s room about steps and attendees, and the workspace that the meeting is live', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const watcher = await connect(baseUrl, member.token);
    const bystander = await connect(baseUrl, outsider.token);
    expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });

    const { sessionId } = await start(leader, meeting);
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 1 });
    await leader.api.patch(`/sessions/${sessionId}/ratings/${leader.userId}`, { score: 6 });
    const types = (received: RealtimeMessage[]) => received.map((message) => message.type);
    await eventually(() => types(watcher.received).includes('live.attendees.changed'));
    expect(watcher.received.find((m) => m.type === 'live.step')).toMatchObject({
      data: { sessionId, meetingId: meeting.id, currentStep: 1 },
      changedBy: leader.userId,
    });
    expect(bystander.received.find((m) => m.type === 'live.changed')?.data).toEqual({
      meetingId: meeting.id,
      sessionId,
      live: true,
    });
    await settle();
    expect(types(bystander.received)).not.toContain('live.step');

    await leader.api.post(`/sessions/${sessionId}/finish`, {});
    await eventually(() => types(watcher.received).includes('live.ended'));
    expect(watcher.received.find((m) => m.type === 'live.ended')?.data).toMatchObject({ cancelled: false });
    watcher.socket.close();
    bystander.socket.close();
  });

  it('shows who has the live meeting open, and drops those who close it', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const lea = await connect(baseUrl, leader.token);
    const max = await connect(baseUrl, member.token);
    const otto = await connect(baseUrl, outsider.token);

    expect(await otto.socket.emitWithAck('live:join', sessionId)).toEqual({ ok: false, online: [] });
    expect(await lea.socket.emitWithAck('live:join', sessionId)).toEqual({ ok: true, online: [leader.userId] });
    const joined = await max.socket.emitWithAck('live:join', sessionId);
    expect(new Set(joined.online)).toEqual(new Set([leader.userId, member.userId]));
    const presence = () => lea.received.filter((m) => m.type === 'live.presence').map((m) => m.data);
    await eventually(() => presence().some((data) => 'online' in data && data.online.length === 2));

    max.socket.close();
    await eventually(() => {
      const last = presence().at(-1);
      return last !== undefined && 'online' in last && last.online.length === 1;
    });
    expect(presence().at(-1)).toEqual({ sessionId, meetingId: meeting.id, online: [leader.userId] });
    lea.socket.close();
    otto.socket.close();
  });
});
