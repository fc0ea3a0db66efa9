import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting } from '../../../../test/factories.ts';
import { peopleWorkspace, upcoming } from '../../../../test/people-tools-fixtures.ts';
import { addDays, type IsoDate } from '../../../shared/dates.ts';
import type { Score, Scorecard } from '../../kpis/kpis.schemas.ts';
import type { History, OneOnOne, Pair } from '../people-tools.schemas.ts';

// The 1:1's history pages with its true total, and its agenda's KPIs off goal follow the one
// colour rule (temporary goals and ranges included).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const today = () => new Date().toISOString().slice(0, 10) as IsoDate;

describe('the 1:1 history', () => {
  it('gives the true total on every page, past the end and when searching', async () => {
    const { manager, report, outsider } = await peopleWorkspace(app);
    const pair = (
      await manager.api.post<Pair>('/one-on-ones', {
        reportId: report.userId,
        startDate: '2026-01-05',
        startTime: '09:00',
        timezone: 'UTC',
      })
    ).body.result;
    for (const notes of ['Hiring plan', 'Budget review', 'Hiring again']) {
      const current = await upcoming(manager, pair.id);
      await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started', sharedNotes: notes });
      await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'finished' });
    }
    const page = async (query: string) => {
      const answer = await report.api.get<History>(`/one-on-ones/${pair.id}/history?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.result;
    };
    const first = await page('limit=2');
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.sharedNotes)).toEqual(['Hiring again', 'Budget review']);
    expect(await page('limit=2&offset=2')).toMatchObject({ total: 3, items: [{ sharedNotes: 'Hiring plan' }] });
    expect(await page('limit=2&offset=10')).toEqual({ items: [], total: 3 });
    expect(await page('q=hiring&limit=1')).toMatchObject({ total: 2, items: [{ sharedNotes: 'Hiring again' }] });
    expect(await page('q=hiring&limit=1&offset=5')).toEqual({ items: [], total: 2 });
    expect(await page('q=nothing&offset=5')).toEqual({ items: [], total: 0 });
    expect((await outsider.api.get(`/one-on-ones/${pair.id}/history?offset=10`)).status).toBe(404);
    expect((await report.api.get(`/one-on-ones/${pair.id}/history?offset=-1`)).status).toBe(400);
  });
});

describe('the agenda’s KPIs off goal', () => {
  it('use the goal in force on the meeting’s date: a temporary goal can make a value on goal', async () => {
    const { manager, report } = await peopleWorkspace(app);
    // Every four weeks: the agenda looks back over the four weeks before the next 1:1.
    const pair = (
      await manager.api.post<Pair>('/one-on-ones', {
        reportId: report.userId,
        startDate: '2026-01-05',
        startTime: '09:00',
        timezone: 'UTC',
        repeatWeeks: 4,
      })
    ).body.result;
    const meeting = await createMeeting(manager, [report.userId]);
    const score = async (body: Record<string, unknown>) => {
      const answer = await manager.api.post<Score>(`/meetings/${meeting.id}/scores`, {
        userId: report.userId,
        goal: '>=',
        score: '100',
        type: 'number',
        units: null,
        ...body,
      });
      expect(answer.status).toBe(201);
      return answer.body.result;
    };
    // The permanent goal (100) misses 60; the temporary goal (50) over these weeks makes it on goal.
    const eased = await score({
      title: 'Leads eased',
      goalPeriods: [{ startsOn: addDays(today(), -60), endsOn: addDays(today(), 30), goal: '>=', score: '50' }],
    });
    const plain = await score({ title: 'Leads plain' });
    const range = await score({ title: 'Hours in range', goal: 'between', score: '10', scoreMax: '20' });
    const card = (await manager.api.get<Scorecard>(`/meetings/${meeting.id}/kpis?trailing=4`)).body.result;
    const now = Date.now();
    const recent = card.sessions.find(
      (s) => Date.parse(s.startsAt) <= now && Date.parse(s.startsAt) >= now - 14 * 86_400_000,
    );
    expect(recent).toBeDefined();
    for (const [id, measured] of [
      [eased.id, '60'],
      [plain.id, '60'],
      [range.id, '21'],
    ] as const)
      expect((await manager.api.put(`/scores/${id}/cells/${recent!.id}`, { measured })).status).toBe(200);

    const agenda: OneOnOne = await upcoming(manager, pair.id);
    const kpis = agenda.pulledIn!.kpis;
    expect(kpis.map((item) => item.title).sort()).toEqual(['Hours in range', 'Leads plain']);
    expect(kpis.find((item) => item.id === plain.id)).toMatchObject({
      detail: '60 (>= 100)',
      dueDate: recent!.sessionDate,
    });
    expect(kpis.find((item) => item.id === range.id)?.detail).toBe('21 (10 – 20)');

    // A value on goal within the range is not pulled in; one off the temporary goal is.
    await manager.api.put(`/scores/${range.id}/cells/${recent!.id}`, { measured: '15' });
    await manager.api.put(`/scores/${eased.id}/cells/${recent!.id}`, { measured: '40' });
    const again = (await report.api.get<OneOnOne>(`/one-on-one-meetings/${agenda.id}`)).body.result;
    expect(again.pulledIn!.kpis.map((item) => [item.title, item.detail]).sort()).toEqual([
      ['Leads eased', '40 (>= 50)'],
      ['Leads plain', '60 (>= 100)'],
    ]);
  });
});
