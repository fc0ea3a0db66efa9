import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { kpisFixtures, Q1_DATES } from '../../../../test/kpis-fixtures.ts';
import { messages } from '../../../shared/messages.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { SavedCell, Score } from '../kpis.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

describe('goals that fit the measurable', () => {
  it('colours a range goal: both ends included', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, {
      title: 'Response hours',
      goal: 'between',
      score: '10',
      scoreMax: '20',
      type: 'number',
      units: null,
    });
    expect(score).toMatchObject({ goal: 'between', score: '10', scoreMax: '20' });
    const q1 = await card(leader, meeting.id);
    const values = ['9', '10', '20', '21'];
    for (const [i, measured] of values.entries())
      await leader.api.put(`/scores/${score.id}/cells/${q1.sessions[i]!.id}`, { measured });
    const row = (await card(leader, meeting.id)).scores[0]!;
    expect(row.cells.slice(0, 4).map((c) => c?.met)).toEqual([false, true, true, false]);

    const missing = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'No end',
      userId: leader.userId,
      goal: 'between',
      score: '10',
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { scoreMax: messages.required } });
    const upsideDown = await leader.api.patch(`/scores/${score.id}`, { scoreMax: '5' });
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body).toMatchObject({ errors: { scoreMax: kpisMessages.kpiRangeBelow } });
  });

  it('colours by the temporary goal in force on the date, its first and last days included', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, {
      title: 'Leads',
      goal: '>=',
      score: '100',
      type: 'number',
      units: null,
      // A quiet fortnight: 50 is enough from the third to the fifth Monday.
      goalPeriods: [{ startsOn: Q1_DATES[2], endsOn: Q1_DATES[4], goal: '>=', score: '50' }],
    });
    expect(score.goalPeriods).toEqual([
      { startsOn: Q1_DATES[2], endsOn: Q1_DATES[4], goal: '>=', score: '50', scoreMax: null },
    ]);
    const q1 = await card(leader, meeting.id);
    const answers: SavedCell[] = [];
    for (let i = 1; i <= 5; i++)
      answers.push(
        (await leader.api.put<SavedCell>(`/scores/${score.id}/cells/${q1.sessions[i]!.id}`, { measured: '60' })).body
          .result,
      );
    expect(answers.map((a) => a.met)).toEqual([false, true, true, true, false]);
    const row = (await card(leader, meeting.id)).scores[0]!;
    expect(row.cells.slice(1, 6).map((c) => c?.met)).toEqual([false, true, true, true, false]);

    // The list replaces the saved one; a period ending before it starts is refused.
    const wrong = await leader.api.patch(`/scores/${score.id}`, {
      goalPeriods: [{ startsOn: Q1_DATES[4], endsOn: Q1_DATES[2], goal: '>=', score: '50' }],
    });
    expect(wrong.status).toBe(400);
    const cleared = await leader.api.patch<Score>(`/scores/${score.id}`, { goalPeriods: [] });
    expect(cleared.body.result.goalPeriods).toEqual([]);
    const after = (await card(leader, meeting.id)).scores[0]!;
    expect(after.cells.slice(1, 6).map((c) => c?.met)).toEqual([false, false, false, false, false]);
  });
});
