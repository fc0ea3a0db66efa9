import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, workerDatabase } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { Database } from '../../../db/client.ts';
import { scores } from '../../../db/schema/index.ts';
import type { Score, Scorecard } from '../kpis.schemas.ts';

let app: FastifyInstance;
let db: Database['db'];
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  db = (await workerDatabase()).db;
});
afterAll(() => app.close());

const { setup, addScore, card, sessionsOf } = kpisFixtures(() => app);

describe('who may do what', () => {
  it('lets participants edit, owners and leaders delete, and hides the scorecard from everyone else', async () => {
    const { leader, member, meeting } = await setup();
    const other = await joinWorkspace(app, leader, { firstName: 'Cy' });
    await leader.api.patch(`/meetings/${meeting.id}`, { members: [member.userId, other.userId] });
    const leaderScore = await addScore(leader, meeting.id, { title: 'Leader’s' });
    const otherScore = await addScore(other, meeting.id, { title: 'Cy’s', userId: other.userId });
    const outsider = await joinWorkspace(app, leader, { firstName: 'Dee' });

    const asMember = await card(member, meeting.id);
    expect(asMember.permissions).toEqual({ canEdit: true, canDeleteColumns: false });
    expect(asMember.scores.map((s) => s.canDelete)).toEqual([false, false]);
    expect((await card(other, meeting.id)).scores.map((s) => s.canDelete)).toEqual([false, true]);
    expect((await member.api.delete(`/scores/${leaderScore.id}`)).status).toBe(403);
    expect((await member.api.patch(`/scores/${leaderScore.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await other.api.delete(`/scores/${otherScore.id}`)).status).toBe(200);

    const session = asMember.sessions[0]!;
    for (const answer of [
      await outsider.api.get(`/meetings/${meeting.id}/kpis`),
      await outsider.api.get(`/meetings/${meeting.id}/kpis/export`),
      await outsider.api.post(`/meetings/${meeting.id}/scores`, {
        title: 'X',
        userId: outsider.userId,
        goal: '>=',
        score: '1',
      }),
      await outsider.api.patch(`/scores/${leaderScore.id}`, { title: 'Hacked' }),
      await outsider.api.put(`/scores/${leaderScore.id}/cells/${session.id}`, { measured: '1' }),
      await outsider.api.delete(`/scores/${leaderScore.id}`),
    ]) {
      expect(answer.status).toBe(404);
    }
    const row = (await card(leader, meeting.id)).scores[0]!;
    expect(row.title).toBe('Renamed');
    expect(row.cells[0]).toBeNull();
  });

  it('answers 404 for another workspace’s meeting, scores and sessions and changes nothing', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    const q1 = await card(leader, meeting.id);
    const session = q1.sessions[0]!;
    await leader.api.put(`/scores/${score.id}/cells/${session.id}`, { measured: '3', note: 'Original' });

    const intruder = await signUp(app, { firstName: 'Eve' });
    const theirMeeting = await createMeeting(intruder);
    const theirScore = await addScore(intruder, theirMeeting.id);
    const theirSessions = await sessionsOf(intruder, theirMeeting.id);
    const answers = [
      await intruder.api.get(`/meetings/${meeting.id}/kpis`),
      await intruder.api.get(`/meetings/${meeting.id}/kpis/export?format=xlsx`),
      await intruder.api.post(`/meetings/${meeting.id}/scores`, {
        title: 'X',
        userId: intruder.userId,
        goal: '>=',
        score: '1',
      }),
      await intruder.api.patch(`/scores/${score.id}`, { title: 'Hacked' }),
      await intruder.api.post(`/scores/${score.id}/clone`, {}),
      await intruder.api.delete(`/scores/${score.id}`),
      await intruder.api.put(`/meetings/${meeting.id}/scores/order`, { ids: [score.id] }),
      await intruder.api.put(`/scores/${score.id}/cells/${session.id}`, { measured: '99', note: 'x' }),
      // Their own score with our session, and our column through their meeting.
      await intruder.api.put(`/scores/${theirScore.id}/cells/${session.id}`, { measured: '99' }),
      await intruder.api.delete(`/meetings/${meeting.id}/kpis/sessions/${session.id}`),
      await intruder.api.delete(`/meetings/${theirMeeting.id}/kpis/sessions/${session.id}`),
    ];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    // Our score cannot be reached through their meeting's order either: a foreign id is 404.
    const mixed = await intruder.api.put(`/meetings/${theirMeeting.id}/scores/order`, { ids: [score.id] });
    expect(mixed.status).toBe(404);
    expect(theirSessions.length).toBeGreaterThan(0);

    const after = await card(leader, meeting.id);
    expect(after.scores).toHaveLength(1);
    expect(after.scores[0]).toMatchObject({ title: 'Revenue', sort: 0 });
    expect(after.scores[0]!.cells[0]).toMatchObject({ measured: '3', note: 'Original' });
    expect(after.sessions.map((s) => s.id)).toContain(session.id);
    const [mine] = await db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meeting.id));
    expect(mine!.n).toBe(1);
  });
});

describe('real time', () => {
  it('tells the meeting’s room about scores, cells, order and columns, with the origin client id', async () => {
    const live = await testApp();
    const baseUrl = await listen(live);
    try {
      const leader = await signUp(live, { firstName: 'Ada' });
      const member = await joinWorkspace(live, leader, { firstName: 'Ben' });
      const outsider = await joinWorkspace(live, leader, { firstName: 'Out' });
      const meeting = await createMeeting(leader, [member.userId], { title: 'RT' });
      const watcher = await connect(baseUrl, member.token);
      const snoop = await connect(baseUrl, outsider.token);
      expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
      await snoop.socket.emitWithAck('meeting:join', meeting.id);

      const tab = client(live, leader.token, 'tab-1');
      const score = (
        await tab.post<Score>(`/meetings/${meeting.id}/scores`, {
          title: 'Revenue',
          userId: leader.userId,
          goal: '>=',
          score: '10',
        })
      ).body.result;
      const q1 = (await tab.get<Scorecard>(`/meetings/${meeting.id}/kpis?quarterId=2026-Q1`)).body.result;
      await tab.put(`/scores/${score.id}/cells/${q1.sessions[0]!.id}`, { measured: '12' });
      await tab.put(`/meetings/${meeting.id}/scores/order`, { ids: [score.id] });
      await tab.delete(`/meetings/${meeting.id}/kpis/sessions/${q1.sessions[1]!.id}`);
      await tab.delete(`/scores/${score.id}`);

      await eventually(() => watcher.received.filter((m) => m.type.startsWith('kpi.')).length === 5);
      const kpi = watcher.received.filter((m) => m.type.startsWith('kpi.'));
      expect(kpi.map((m) => m.type)).toEqual([
        'kpi.score.changed',
        'kpi.cell.changed',
        'kpi.order.changed',
        'kpi.column.deleted',
        'kpi.score.changed',
      ]);
      expect(kpi.every((m) => m.originClientId === 'tab-1' && m.changedBy === leader.userId)).toBe(true);
      expect(kpi[0]!.data).toEqual({ id: score.id, meetingId: meeting.id, action: 'created' });
      expect(kpi[1]!.data).toMatchObject({
        meetingId: meeting.id,
        cell: { id: `${score.id}/${q1.sessions[0]!.id}`, measured: '12', met: true },
      });
      expect(kpi[4]!.data).toEqual({ id: score.id, meetingId: meeting.id, action: 'deleted' });
      await settle();
      expect(snoop.received.filter((m) => m.type.startsWith('kpi.'))).toEqual([]);
      watcher.socket.close();
      snoop.socket.close();
    } finally {
      await live.close();
    }
  });
});
