import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { formatKpiDuration, formatKpiFigure, formatKpiGoal, parseKpiDuration } from '../../../shared/kpis.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { SavedCell, Score } from '../kpis.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

describe('durations and yes/no, the one parser of each unit', () => {
  it('reads 1:30, 90m, 1h 30m, 2h, 1.5h and bare minutes; refuses anything else', () => {
    expect(parseKpiDuration('1:30')).toBe(90);
    expect(parseKpiDuration('90m')).toBe(90);
    expect(parseKpiDuration('90 min')).toBe(90);
    expect(parseKpiDuration('1h 30m')).toBe(90);
    expect(parseKpiDuration('1h30m')).toBe(90);
    expect(parseKpiDuration('2h')).toBe(120);
    expect(parseKpiDuration('1.5h')).toBe(90);
    expect(parseKpiDuration('45')).toBe(45);
    expect(parseKpiDuration('0:05')).toBe(5);
    expect(parseKpiDuration('')).toBeNull();
    for (const bad of ['1:75', 'abc', '-5', '1.5', 'h', '1:3', '30s']) expect(parseKpiDuration(bad)).toBeUndefined();
    expect(formatKpiDuration(90)).toBe('1:30');
    expect(formatKpiDuration(97.5)).toBe('1:38');
    expect(formatKpiDuration(5)).toBe('0:05');
    expect(formatKpiDuration(1505)).toBe('25:05');
  });

  it('shows a yes/no average as the share of yes and its total as the count of yes', () => {
    const yesno = { type: 'yesno' as const, units: null };
    expect(formatKpiFigure('value', 1, yesno)).toBe('Yes');
    expect(formatKpiFigure('value', 0, yesno)).toBe('No');
    expect(formatKpiFigure('average', 0.75, yesno)).toBe('75% yes');
    expect(formatKpiFigure('total', 3, yesno)).toBe('3 yes');
    expect(formatKpiFigure('average', 97.5, { type: 'time', units: null })).toBe('1:38');
    expect(formatKpiGoal({ goal: '==', score: '1', type: 'yesno', units: null })).toBe('Yes');
    expect(formatKpiGoal({ goal: '<=', score: '90', type: 'time', units: null })).toBe('<= 1:30');
  });
});

describe('time measurables', () => {
  it('store minutes, colour against a duration goal and refuse what is not a duration', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, {
      title: 'Response time',
      type: 'time',
      units: null,
      goal: '<=',
      score: '1:30',
    });
    expect(score).toMatchObject({ type: 'time', score: '90', goal: '<=' });
    const q1 = await card(leader, meeting.id);
    const put = (index: number, measured: string) =>
      leader.api.put<SavedCell>(`/scores/${score.id}/cells/${q1.sessions[index]!.id}`, { measured });
    expect((await put(0, '1:15')).body.result).toMatchObject({ measured: '75', value: 75, met: true });
    expect((await put(1, '90m')).body.result).toMatchObject({ measured: '90', met: true });
    expect((await put(2, '1h 45m')).body.result).toMatchObject({ measured: '105', met: false });
    expect((await put(3, '2h')).body.result).toMatchObject({ measured: '120', met: false });

    for (const bad of ['abc', '1:75', '1.5', '-30']) {
      const refused = await put(0, bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: 'fail', errors: { measured: kpisMessages.kpiInvalidTime } });
    }
    const row = (await card(leader, meeting.id)).scores[0]!;
    // 75 + 90 + 105 + 120 = 390 minutes over 4 values; 2 on goal.
    expect(row.cells.slice(0, 4).map((c) => c?.measured)).toEqual(['75', '90', '105', '120']);
    expect(row).toMatchObject({ total: 390, average: 97.5, latest: 120, hits: 2, counted: 4 });

    // A target that is no duration, and a number measurable given a duration: 400, nothing saved.
    const badGoal = await leader.api.patch(`/scores/${score.id}`, { score: '1:99' });
    expect(badGoal.status).toBe(400);
    const revenue = await addScore(leader, meeting.id, { title: 'Calls', type: 'number', units: null, score: '5' });
    const notANumber = await leader.api.put(`/scores/${revenue.id}/cells/${q1.sessions[0]!.id}`, { measured: '1:30' });
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.errors).toEqual({ measured: kpisMessages.kpiInvalidNumber });
    expect((await card(leader, meeting.id)).scores[1]!.cells[0]).toBeNull();

    // Formulas read minutes.
    const hours = await addScore(leader, meeting.id, {
      title: 'Hours',
      type: 'number',
      units: null,
      score: '1',
      formula: `{${score.id}} / 60`,
    });
    const computed = (await card(leader, meeting.id)).scores.find((s) => s.id === hours.id)!;
    expect(computed.cells.slice(0, 4).map((c) => c?.measured)).toEqual(['1.25', '1.5', '1.75', '2']);

    // The export holds the durations as shown.
    const csv = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=csv&dateSince=2026-01-01&dateUntil=2026-01-31`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    const line = csv.body.split('\r\n').find((l) => l.includes('Response time'))!;
    expect(line).toContain(',1:30,,1:15,1:30,1:45,2:00,1:38,6:30,2:00');
  });
});

describe('yes/no measurables', () => {
  it('store 1 or 0, take Yes or No as the goal, and count yes', async () => {
    const { leader, member, meeting } = await setup();
    const refusedGoal = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'Weekly report sent',
      userId: leader.userId,
      type: 'yesno',
      goal: '>=',
      score: 'Yes',
    });
    expect(refusedGoal.status).toBe(400);
    expect(refusedGoal.body.errors).toEqual({ goal: kpisMessages.kpiYesNoGoal });
    const refusedTarget = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'Weekly report sent',
      userId: leader.userId,
      type: 'yesno',
      goal: '==',
      score: '2',
    });
    expect(refusedTarget.status).toBe(400);
    expect(refusedTarget.body.errors).toEqual({ score: kpisMessages.kpiInvalidYesNo });

    const score = await addScore(leader, meeting.id, {
      title: 'Weekly report sent',
      type: 'yesno',
      units: null,
      goal: '==',
      score: 'Yes',
    });
    expect(score).toMatchObject({ type: 'yesno', goal: '==', score: '1' });
    const q1 = await card(leader, meeting.id);
    const put = (index: number, measured: string | null) =>
      member.api.put<SavedCell>(`/scores/${score.id}/cells/${q1.sessions[index]!.id}`, { measured });
    expect((await put(0, 'Yes')).body.result).toMatchObject({ measured: '1', met: true });
    expect((await put(1, 'no')).body.result).toMatchObject({ measured: '0', met: false });
    expect((await put(2, '1')).body.result).toMatchObject({ measured: '1', met: true });
    expect((await put(3, 'yes')).body.result).toMatchObject({ measured: '1', met: true });
    expect((await put(3, null)).body.result).toMatchObject({ measured: null, met: null });
    expect((await put(3, 'Y')).body.result).toMatchObject({ measured: '1' });
    const maybe = await put(4, 'maybe');
    expect(maybe.status).toBe(400);
    expect(maybe.body.errors).toEqual({ measured: kpisMessages.kpiInvalidYesNo });
    expect((await put(4, '2')).status).toBe(400);

    const row = (await card(leader, meeting.id)).scores[0]!;
    // Yes, No, Yes, Yes: 3 yes of 4 → average 0.75 (75% yes), total 3.
    expect(row).toMatchObject({ total: 3, average: 0.75, latest: 1, hits: 3, counted: 4 });
    expect(row.cells[4]).toBeNull();

    // Goal "No": the colours turn round.
    const no = await leader.api.patch<Score>(`/scores/${score.id}`, { score: 'No' });
    expect(no.body.result.score).toBe('0');
    const again = (await card(leader, meeting.id)).scores[0]!;
    expect(again.cells.slice(0, 4).map((c) => c?.met)).toEqual([false, true, false, false]);
    expect(again.hits).toBe(1);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=csv&dateSince=2026-01-01&dateUntil=2026-01-31`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    const line = csv.body.split('\r\n').find((l) => l.includes('Weekly report sent'))!;
    expect(line).toContain(',No,,Yes,No,Yes,Yes,75% yes,3 yes,Yes');
  });

  it('turns a measurable into a yes/no only with a Yes or No goal', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, { title: 'Done', type: 'number', units: null, score: '5' });
    const refused = await leader.api.patch(`/scores/${score.id}`, { type: 'yesno' });
    expect(refused.status).toBe(400);
    const turned = await leader.api.patch<Score>(`/scores/${score.id}`, { type: 'yesno', goal: '==', score: 'yes' });
    expect(turned.status).toBe(200);
    expect(turned.body.result).toMatchObject({ type: 'yesno', goal: '==', score: '1' });
  });
});
