import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, mailsTo, meetingNow, type SignedUp, signUp, startLive } from '../../../../test/factories.ts';
import { addDays } from '../../../shared/dates.ts';
import type { Score } from '../../kpis/kpis.schemas.ts';
import type { Report } from '../../reports/reports.schemas.ts';
import type { MeetingArchive } from '../live.schemas.ts';

// The archive of a held session, and the reports, colour each KPI value by the goal in force on
// its meeting date (decision 107): a range, or a temporary goal covering the date.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const addScore = async (who: SignedUp, meetingId: string, body: Record<string, unknown>) => {
  const answer = await who.api.post<Score>(`/meetings/${meetingId}/scores`, {
    userId: who.userId,
    units: null,
    type: 'number',
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

describe('the archive colours KPI values by the goal in force that date', () => {
  it('ranges and temporary goals, in the archive, its recap mail and the meeting report', async () => {
    const leader = await signUp(app, { firstName: 'Max' });
    const member = await joinWorkspace(app, leader, { firstName: 'Abe' });
    const meeting = await meetingNow(leader, [member.userId]);
    const sessionId = await startLive(leader, meeting.id);
    const today = new Date().toISOString().slice(0, 10);
    const around = { startsOn: addDays(today, -3), endsOn: addDays(today, 3) };
    const past = { startsOn: addDays(today, -30), endsOn: addDays(today, -8) };

    const values: [Score, string][] = [
      [await addScore(leader, meeting.id, { title: 'In range', goal: 'between', score: '5', scoreMax: '10' }), '7'],
      [await addScore(leader, meeting.id, { title: 'Above range', goal: 'between', score: '5', scoreMax: '10' }), '11'],
      [
        await addScore(leader, meeting.id, {
          title: 'Lowered for now',
          goal: '>=',
          score: '100',
          goalPeriods: [{ ...around, goal: '>=', score: '5', scoreMax: null }],
        }),
        '7',
      ],
      [
        await addScore(leader, meeting.id, {
          title: 'A range for now',
          goal: '>=',
          score: '1',
          goalPeriods: [{ ...around, goal: 'between', score: '10', scoreMax: '20' }],
        }),
        '7',
      ],
      [
        await addScore(leader, meeting.id, {
          title: 'Raised earlier',
          goal: '>=',
          score: '5',
          goalPeriods: [{ ...past, goal: '>=', score: '100', scoreMax: null }],
        }),
        '7',
      ],
    ];
    for (const [score, measured] of values) {
      const cell = await leader.api.put(`/scores/${score.id}/cells/${sessionId}`, { measured });
      expect(cell.status, JSON.stringify(cell.body)).toBe(200);
    }
    expect((await leader.api.post(`/sessions/${sessionId}/finish`, { notAttended: [] })).status).toBe(200);

    const archive = (await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    const rows = archive.kpis.flatMap((owner) => owner.list);
    expect(rows.map((kpi) => [kpi.title, kpi.goal, kpi.score, kpi.scoreMax, kpi.measured, kpi.met])).toEqual([
      ['In range', 'between', '5', '10', '7', true],
      ['Above range', 'between', '5', '10', '11', false],
      // The temporary goal is the one archived: the snapshot tells the goal of that day.
      ['Lowered for now', '>=', '5', null, '7', true],
      ['A range for now', 'between', '10', '20', '7', false],
      ['Raised earlier', '>=', '5', null, '7', true],
    ]);

    const mail = (await mailsTo(app, leader.email)).find((m) => m.text.includes('In range'))?.text ?? '';
    expect(mail).toMatch(/In range \(Max Person\): 7, goal 5 – 10 \(met\)/);
    expect(mail).toMatch(/A range for now \(Max Person\): 7, goal 10 – 20 \(missed\)/);

    // The meeting report counts the same hits.
    const report = await leader.api.get<Report>(
      `/reports/meetings/${meeting.id}?dateSince=${addDays(today, -7)}&dateUntil=${today}`,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.result.kpis.map((k) => [k.title, k.hits, k.counted])).toEqual([
      ['In range', 1, 1],
      ['Above range', 0, 1],
      ['Lowered for now', 1, 1],
      ['A range for now', 0, 1],
      ['Raised earlier', 1, 1],
    ]);
  });

  it('archives a formula’s computed value and leaves monthly measurables out', async () => {
    const leader = await signUp(app, { firstName: 'Max' });
    const meeting = await meetingNow(leader, []);
    const sessionId = await startLive(leader, meeting.id);
    const calls = await addScore(leader, meeting.id, { title: 'Calls', goal: '>=', score: '10' });
    await addScore(leader, meeting.id, {
      title: 'Twice the calls',
      goal: '>=',
      score: '30',
      formula: `{${calls.id}} * 2`,
    });
    await addScore(leader, meeting.id, { title: 'Margin', goal: '>=', score: '40', frequency: 'monthly' });
    expect((await leader.api.put(`/scores/${calls.id}/cells/${sessionId}`, { measured: '12' })).status).toBe(200);
    expect((await leader.api.post(`/sessions/${sessionId}/finish`, { notAttended: [] })).status).toBe(200);

    const archive = (await leader.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    expect(archive.kpis.flatMap((owner) => owner.list).map((kpi) => [kpi.title, kpi.measured, kpi.met])).toEqual([
      ['Calls', '12', true],
      ['Twice the calls', '24', false],
    ]);
    // Reports count the values entered per meeting date: the formula and the monthly one are not there.
    const today = new Date().toISOString().slice(0, 10);
    const report = await leader.api.get<Report>(
      `/reports/meetings/${meeting.id}?dateSince=${today}&dateUntil=${today}`,
    );
    expect(report.body.result.kpis.map((k) => [k.title, k.hits, k.counted])).toEqual([['Calls', 1, 1]]);
  });
});
