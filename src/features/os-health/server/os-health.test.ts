import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCountingApp, testApp } from '../../../../test/app.ts';
import { type HealthCast, healthHistory } from '../../../../test/os-health-fixtures.ts';
import type { Health, HealthItemsPage, HealthQuarter } from '../os-health.schemas.ts';

// The health figures against the constructed history of test/os-health-fixtures.ts, each worked
// out by hand in the comments. All of it lies in 2024-Q4 and 2025-Q1 (calendar quarters: the
// workspace has no annuals), so the figures do not depend on today.

let app: FastifyInstance;
let cast: HealthCast;
beforeAll(async () => {
  app = await testApp();
  cast = await healthHistory(app);
}, 120_000);
afterAll(() => app.close());

const TWO = 'until=2025-Q1&quarters=2';
const get = async (who: HealthCast['ada'], query: string) => {
  const answer = await who.api.get<Health>(`/os-health?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const quarter = (health: Health, id: string) => health.quarters.find((q) => q.id === id) as HealthQuarter;

describe('the health figures of one meeting', () => {
  it('equal the hand-worked values for 2025-Q1 and 2024-Q4, and say what moved', async () => {
    const health = await get(cast.ada, `meetingId=${cast.meetingA}&${TWO}`);
    expect(health.meetingTitle).toBe('Alpha L10');
    expect(health.meetings).toBe(1);
    expect(health.bars).toEqual({ goalsPct: 80, todosPct: 90 });
    expect(health.quarters.map((q) => [q.id, q.startDate, q.endDate])).toEqual([
      ['2024-Q4', '2024-10-01', '2024-12-31'],
      ['2025-Q1', '2025-01-01', '2025-03-31'],
    ]);
    expect(quarter(health, '2025-Q1')).toMatchObject({
      // g1 g2 g3 g4 g6 g7 (g5 is Q2 by its quarter, gx of no meeting): g1 g3 g6 g7 done.
      goalsTotal: 6,
      goalsDone: 4,
      goalsPct: 66.7,
      // t1..t6 due (t7 no date, t8 in Q2): t1 t4 t6 on the day, t5 on Mar 7 in New York; t2 late, t3 open.
      todosDue: 6,
      todosDoneWhenDue: 4,
      todosPct: 66.7,
      // 13 Mondays scheduled; s4 s7 s13 not held, s10 held the day after: 9 of 13.
      sessionsScheduled: 13,
      sessionsHeldOnSchedule: 9,
      heldPct: 69.2,
      // Held: 10 scheduled + the unscheduled Wednesday. On time (≤ 5 min): s1 s2 s5 s8 s9 s11 s12 of 10.
      sessionsHeld: 11,
      sessionsHeldScheduled: 10,
      sessionsStartedOnTime: 7,
      onTimePct: 70,
      // 8 6 9 7 7 10 8 6 9 8 8 = 86 over 11 (s4's 2 not held, Lee's 3 did not attend).
      ratingCount: 11,
      ratingAverage: 7.82,
      // i1 i2 i3 i4 i5 (i6 done outside a session), ages 24 30 23 4 75: median 24; 5 / 11 held.
      issuesSolved: 5,
      issuesPerSession: 0.45,
      issuesMedianAgeDays: 24,
      // k1: 10 cells (s12 taken off), 6 early; k2: 7 cells from Feb 3, 3 early; k3 monthly left out.
      kpiCells: 17,
      kpiCellsOnTime: 9,
      scorecardPct: 52.9,
    });
    expect(quarter(health, '2024-Q4')).toMatchObject({
      goalsTotal: 2,
      goalsPct: 100,
      todosDue: 1,
      todosPct: 100,
      sessionsScheduled: 3,
      sessionsHeldOnSchedule: 2,
      heldPct: 66.7,
      sessionsStartedOnTime: 1,
      onTimePct: 50,
      ratingAverage: 6.33,
      issuesSolved: 1,
      issuesPerSession: 0.5,
      issuesMedianAgeDays: 31,
      kpiCells: 2,
      scorecardPct: 50,
    });
    expect(health.moved).toEqual([
      { figure: 'goalsPct', previous: 100, latest: 66.7, change: -33.3 },
      { figure: 'todosPct', previous: 100, latest: 66.7, change: -33.3 },
      { figure: 'heldPct', previous: 66.7, latest: 69.2, change: 2.5 },
      { figure: 'onTimePct', previous: 50, latest: 70, change: 20 },
      { figure: 'ratingAverage', previous: 6.33, latest: 7.82, change: 1.49 },
      { figure: 'issuesPerSession', previous: 0.5, latest: 0.45, change: -0.05 },
      { figure: 'issuesMedianAgeDays', previous: 31, latest: 24, change: -7 },
      { figure: 'scorecardPct', previous: 50, latest: 52.9, change: 2.9 },
    ]);
  });

  it('a member of the meeting sees it; someone of the workspace outside it and another workspace get 404', async () => {
    const lee = await get(cast.lee, `meetingId=${cast.meetingA}&${TWO}`);
    expect(quarter(lee, '2025-Q1').goalsPct).toBe(66.7);
    for (const who of [cast.rob, cast.outsider]) {
      const answer = await who.api.get(`/os-health?meetingId=${cast.meetingA}&${TWO}`);
      expect(answer.status).toBe(404);
      expect(answer.body.status).toBe('fail');
      const items = await who.api.get(`/os-health/items?meetingId=${cast.meetingA}&figure=goals&quarter=2025-Q1`);
      expect(items.status).toBe(404);
      const csv = await who.api.get(`/os-health/export?meetingId=${cast.meetingA}&${TWO}`);
      expect(csv.status).toBe(404);
    }
  });

  it('an empty quarter has counts of 0 and no percentages; nothing moved without a previous quarter', async () => {
    const health = await get(cast.ada, `meetingId=${cast.meetingA}&until=2024-Q3&quarters=1`);
    expect(health.quarters).toHaveLength(1);
    expect(health.quarters[0]).toMatchObject({ id: '2024-Q3', goalsTotal: 0, goalsPct: null, ratingAverage: null });
    expect(health.moved).toEqual([]);
  });
});

describe('the workspace figures', () => {
  it('cover every meeting an admin sees, each item once', async () => {
    const health = await get(cast.ada, TWO);
    expect(health.meetingId).toBe(null);
    expect(health.meetings).toBe(2);
    expect(quarter(health, '2025-Q1')).toMatchObject({
      // A's 6 (g1 once though in both) + gb: 5 of 7 done.
      goalsTotal: 7,
      goalsPct: 71.4,
      // + t9 (B, late): 4 of 7.
      todosPct: 57.1,
      // + B's Jan 8 session, held at 09:00: 10 of 14, 8 of 11 on time.
      heldPct: 71.4,
      onTimePct: 72.7,
      // + Rob's 4: 90 / 12.
      ratingAverage: 7.5,
      // + ib (age 6): 6 over 12; ages 4 6 23 24 30 75: median 23.5.
      issuesPerSession: 0.5,
      issuesMedianAgeDays: 23.5,
      scorecardPct: 52.9,
    });
  });

  it('cover only the meetings a non-admin is part of', async () => {
    const rob = quarter(await get(cast.rob, TWO), '2025-Q1');
    expect(rob).toMatchObject({
      goalsTotal: 2,
      goalsPct: 100,
      todosDue: 1,
      todosPct: 0,
      heldPct: 100,
      onTimePct: 100,
      ratingAverage: 4,
      issuesPerSession: 1,
      issuesMedianAgeDays: 6,
      kpiCells: 0,
      scorecardPct: null,
    });
    const lee = quarter(await get(cast.lee, TWO), '2025-Q1');
    expect(lee.goalsPct).toBe(66.7);
    expect(lee.ratingAverage).toBe(7.82);
    // Another workspace's admin sees none of it.
    const outsider = quarter(await get(cast.outsider, TWO), '2025-Q1');
    expect(outsider).toMatchObject({ goalsTotal: 0, sessionsScheduled: 0, ratingCount: 0, kpiCells: 0 });
  });
});

describe('the items behind a figure', () => {
  const items = async (query: string, who = cast.ada) => {
    const answer = await who.api.get<HealthItemsPage>(`/os-health/items?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result;
  };
  const A = () => `meetingId=${cast.meetingA}&quarter=2025-Q1`;

  it('list the goals, to-dos, sessions, issues and scorecard values the figure counted', async () => {
    const goals = await items(`${A()}&figure=goals&limit=100`);
    expect(goals.total).toBe(6);
    expect(goals.items.map((i) => i.title).sort()).toEqual(['g1', 'g2', 'g3', 'g4', 'g6', 'g7']);
    expect(
      goals.items
        .filter((i) => i.counted)
        .map((i) => i.title)
        .sort(),
    ).toEqual(['g1', 'g3', 'g6', 'g7']);
    expect(goals.items.find((i) => i.title === 'g7')?.meetingTitle).toBe('Alpha L10');

    const todos = await items(`${A()}&figure=todos`);
    expect(todos.items.map((i) => [i.title, i.counted])).toEqual([
      ['t1', true],
      ['t2', false],
      ['t3', false],
      ['t4', true],
      ['t5', true],
      ['t6', true],
    ]);

    const sessions = await items(`${A()}&figure=sessions&limit=100`);
    expect(sessions.total).toBe(14);
    const byDate = new Map(sessions.items.map((i) => [i.date, i]));
    expect(byDate.get('2025-01-06')).toMatchObject({ id: cast.sessionIds.s1, counted: true, onTime: true, value: 7 });
    expect(byDate.get('2025-01-20')).toMatchObject({ counted: true, onTime: false, value: 7 });
    expect(byDate.get('2025-03-10')).toMatchObject({ counted: false, onTime: false });
    expect(byDate.get('2025-01-27')).toMatchObject({ counted: false, onTime: null, value: null });
    expect(byDate.get('2025-03-05')).toMatchObject({ counted: false, onTime: null });

    const issues = await items(`${A()}&figure=issues`);
    expect(issues.items.map((i) => [i.title, i.value])).toEqual([
      ['i1', 24],
      ['i2', 30],
      ['i3', 23],
      ['i4', 4],
      ['i5', 75],
    ]);

    const cells = await items(`${A()}&figure=scorecard&limit=100`);
    expect(cells.total).toBe(17);
    expect(cells.items.filter((i) => i.counted)).toHaveLength(9);
    expect(cells.items.every((i) => i.kind === 'cell' && i.meetingId === cast.meetingA)).toBe(true);
  });

  it('page on the server', async () => {
    const first = await items(`${A()}&figure=sessions&limit=5`);
    const second = await items(`${A()}&figure=sessions&limit=5&offset=5`);
    const past = await items(`${A()}&figure=sessions&limit=5&offset=50`);
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(first.total).toBe(14);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(10);
    expect(past).toEqual({ items: [], total: 14, offset: 50 });
  });

  it('for the workspace, a non-admin gets only their meetings’ items', async () => {
    const rob = await items('quarter=2025-Q1&figure=goals', cast.rob);
    expect(rob.items.map((i) => i.title).sort()).toEqual(['g1', 'gb']);
    const outsider = await items('quarter=2025-Q1&figure=sessions', cast.outsider);
    expect(outsider).toEqual({ items: [], total: 0, offset: 0 });
  });
});

describe('the CSV', () => {
  it('has a row per quarter with the figures and their counts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/os-health/export?meetingId=${cast.meetingA}&${TWO}`,
      headers: { authorization: `Bearer ${cast.ada.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="os-health-2025-Q1.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"Quarter","Start","End","Goals completed","To-dos done when due"/);
    expect(lines[2]).toBe(
      '"2025-Q1",2025-01-01,2025-03-31,66.7,66.7,69.2,70,7.82,0.45,24,52.9,4,6,4,6,9,13,7,10,11,11,5,9,17',
    );
  });
});

describe('bad input', () => {
  it('answers 400 in the envelope, never 500', async () => {
    const bad = [
      '/os-health?until=2025-Q5',
      '/os-health?until=2025-02-01',
      '/os-health?quarters=0',
      '/os-health?quarters=9',
      '/os-health?quarters=abc',
      '/os-health?until=2025-Q1%00',
      '/os-health?meetingId=not-an-id',
      '/os-health?colour=red',
      '/os-health/items?quarter=2025-Q1',
      '/os-health/items?quarter=2025-Q1&figure=everything',
      '/os-health/items?figure=goals',
      '/os-health/items?figure=goals&quarter=2025-Q1&limit=1000',
      '/os-health/items?figure=goals&quarter=2025-Q1&offset=-1',
      '/os-health/export?quarters=2.5',
    ];
    for (const url of bad) {
      const answer = await cast.ada.api.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.status, url).toBe('fail');
    }
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/os-health' });
    expect(response.statusCode).toBe(401);
  });
});

describe('statements per call', () => {
  it('are the same for an empty workspace and a full one, and few', { timeout: 180_000 }, async () => {
    const { app: counting, statementsOf, close } = await statementCountingApp();
    try {
      const full = await healthHistory(counting);
      const urls = [
        `/os-health?${TWO}`,
        '/os-health?quarters=8',
        '/os-health/items?quarter=2025-Q1&figure=sessions',
        '/os-health/items?quarter=2025-Q1&figure=goals',
        '/os-health/items?quarter=2025-Q1&figure=scorecard',
      ];
      const countsOf = async (who: HealthCast['ada']) => {
        const counts: number[] = [];
        for (const url of urls) {
          await who.api.get(url); // the session cache is warm from here on
          const { result, count } = await statementsOf(() => who.api.get(url));
          expect(result.status, url).toBe(200);
          counts.push(count);
        }
        return counts;
      };
      const ofFull = await countsOf(full.ada);
      expect(await countsOf(full.outsider)).toEqual(ofFull);
      // The quarters and the figures (or the page).
      expect(Math.max(...ofFull)).toBeLessThanOrEqual(3);
    } finally {
      await close();
    }
  });
});
