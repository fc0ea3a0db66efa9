import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, workerDatabase } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { Database } from '../../../db/client.ts';
import { scorePeriodCells } from '../../../db/schema/index.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { PeriodCell, PeriodCellPage, Score } from '../kpis.schemas.ts';

let app: FastifyInstance;
let db: Database['db'];
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  db = (await workerDatabase()).db;
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

const monthly = { title: 'Gross margin', type: 'percentage', units: '%', goal: 'between', score: '10', scoreMax: '20' };
const periodCount = async (scoreId: string) =>
  (await db.select({ n: count() }).from(scorePeriodCells).where(eq(scorePeriodCells.scoreId, scoreId)))[0]!.n;

describe('monthly measurables', () => {
  it('have a column per calendar month, their own tab, and colours on the month’s first day', async () => {
    const { leader, member, meeting } = await setup();
    const weekly = await addScore(leader, meeting.id, { title: 'Calls', type: 'number', units: null, score: '5' });
    const score = await addScore(leader, meeting.id, { ...monthly, frequency: 'monthly' });
    expect(score.frequency).toBe('monthly');

    // The weekly scorecard leaves it out and counts the tabs.
    const weeklyCard = await card(leader, meeting.id);
    expect(weeklyCard.scores.map((s) => s.id)).toEqual([weekly.id]);
    expect(weeklyCard).toMatchObject({ frequency: 'weekly', frequencyCounts: { weekly: 1, monthly: 1, quarterly: 0 } });

    const put = (start: string, body: Record<string, unknown>) =>
      member.api.put<PeriodCell>(`/scores/${score.id}/periods/${start}`, body);
    expect((await put('2026-01-01', { measured: '9.5' })).body.result).toMatchObject({
      id: `${score.id}/2026-01-01`,
      sessionId: '2026-01-01',
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      periodKind: 'month',
      measured: '9.5',
      met: false,
    });
    expect((await put('2026-02-01', { measured: '20%' })).body.result).toMatchObject({
      periodEnd: '2026-02-28',
      met: true,
    });
    expect((await put('2026-03-01', { measured: '12', note: 'Price rise' })).body.result).toMatchObject({ met: true });

    const q1 = await card(leader, meeting.id, 'frequency=monthly&dateSince=2026-01-15&dateUntil=2026-03-31');
    expect(q1).toMatchObject({ frequency: 'monthly', dateSince: '2026-01-01', dateUntil: '2026-03-31' });
    expect(q1.sessions.map((s) => [s.id, s.label, s.endsOn])).toEqual([
      ['2026-01-01', 'Jan 2026', '2026-01-31'],
      ['2026-02-01', 'Feb 2026', '2026-02-28'],
      ['2026-03-01', 'Mar 2026', '2026-03-31'],
    ]);
    expect(q1.scores.map((s) => s.id)).toEqual([score.id]);
    const row = q1.scores[0]!;
    expect(row.cells).toEqual([
      { measured: '9.5', met: false, note: null },
      { measured: '20', met: true, note: null },
      { measured: '12', met: true, note: 'Price rise' },
    ]);
    // 9.5 + 20 + 12 = 41.5 over 3 → 13.83; two of three in the range 10–20.
    expect(row).toMatchObject({ total: 41.5, average: 13.833333, latest: 12, hits: 2, counted: 3 });

    // A quarter of the workspace asks for its months; the default is the last 13 up to this one.
    const byQuarter = await card(leader, meeting.id, 'frequency=monthly&quarterId=2026-Q1');
    expect(byQuarter.sessions.map((s) => s.id)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const current = await card(leader, meeting.id, 'frequency=monthly');
    expect(current.sessions).toHaveLength(13);
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    expect(current.sessions.at(-1)).toMatchObject({ id: thisMonth, isCurrent: true });
    expect(current.currentSessionId).toBe(thisMonth);
    const four = await card(leader, meeting.id, 'frequency=monthly&trailing=4');
    expect(four.sessions).toHaveLength(4);

    // The export holds the tab's months.
    const csv = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=csv&frequency=monthly&quarterId=2026-Q1`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    const [header, line] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('User,Measurable,Goal,Target,Units,Jan 2026,Feb 2026,Mar 2026,Average,Total,Latest');
    expect(line).toContain('Gross margin,between,10,%,9.5,20,12,13.833333,41.5,12');
  });

  it('refuses a day that does not start a month, a weekly cell for it, and a period for a weekly one', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, { ...monthly, frequency: 'monthly' });
    const weekly = await addScore(leader, meeting.id, { title: 'Calls', type: 'number', units: null, score: '5' });
    const mid = await leader.api.put(`/scores/${score.id}/periods/2026-02-15`, { measured: '12' });
    expect(mid.status).toBe(400);
    expect(mid.body.errors).toEqual({ periodStart: kpisMessages.kpiInvalidMonth });
    for (const bad of ['2026-02-30', '2026-13-01', 'february'])
      expect((await leader.api.put(`/scores/${score.id}/periods/${bad}`, { measured: '1' })).status).toBe(400);
    const q1 = await card(leader, meeting.id);
    const asWeekly = await leader.api.put(`/scores/${score.id}/cells/${q1.sessions[0]!.id}`, { measured: '12' });
    expect(asWeekly.status).toBe(400);
    expect(asWeekly.body.errors).toEqual({ sessionId: kpisMessages.kpiPeriodOnly });
    const asPeriod = await leader.api.put(`/scores/${weekly.id}/periods/2026-02-01`, { measured: '12' });
    expect(asPeriod.status).toBe(400);
    expect(asPeriod.body.errors).toEqual({ periodStart: kpisMessages.kpiWeeklyOnly });
    const notPercent = await leader.api.put(`/scores/${score.id}/periods/2026-02-01`, { measured: 'lots' });
    expect(notPercent.status).toBe(400);
    expect(await periodCount(score.id)).toBe(0);
    expect((await leader.api.get(`/meetings/${meeting.id}/kpis?frequency=daily`)).status).toBe(400);
  });

  it('lists a score’s saved periods newest first, a page at a time', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, { ...monthly, frequency: 'monthly' });
    for (const [start, value] of [
      ['2025-11-01', '8'],
      ['2025-12-01', '11'],
      ['2026-01-01', '15'],
    ] as const)
      await leader.api.put(`/scores/${score.id}/periods/${start}`, { measured: value });
    const first = (await leader.api.get<PeriodCellPage>(`/scores/${score.id}/periods?limit=2`)).body.result;
    expect(first.total).toBe(3);
    expect(first.items.map((c) => [c.periodStart, c.measured, c.met])).toEqual([
      ['2026-01-01', '15', true],
      ['2025-12-01', '11', true],
    ]);
    const rest = (await leader.api.get<PeriodCellPage>(`/scores/${score.id}/periods?limit=2&offset=2`)).body.result;
    expect(rest).toMatchObject({ total: 3, offset: 2 });
    expect(rest.items.map((c) => [c.periodStart, c.periodEnd, c.met])).toEqual([['2025-11-01', '2025-11-30', false]]);
    const dated = (await leader.api.get<PeriodCellPage>(`/scores/${score.id}/periods?dateSince=2025-12-01`)).body
      .result;
    expect(dated.total).toBe(2);
    expect((await leader.api.get(`/scores/${score.id}/periods?limit=500`)).status).toBe(400);
  });
});

describe('quarterly measurables', () => {
  it('follow the workspace’s own quarters, calendar quarters in a year without them', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, {
      title: 'New customers',
      type: 'number',
      units: null,
      goal: '>=',
      score: '30',
      frequency: 'quarterly',
      goalPeriods: [{ startsOn: '2026-05-01', endsOn: '2026-07-31', goal: '>=', score: '40' }],
    });
    // Calendar quarters first (no periods of the workspace yet).
    const calendar = await card(leader, meeting.id, 'frequency=quarterly&dateSince=2026-01-01&dateUntil=2026-12-31');
    expect(calendar.sessions.map((s) => [s.id, s.label, s.endsOn])).toEqual([
      ['2026-01-01', 'Q1 2026', '2026-03-31'],
      ['2026-04-01', 'Q2 2026', '2026-06-30'],
      ['2026-07-01', 'Q3 2026', '2026-09-30'],
      ['2026-10-01', 'Q4 2026', '2026-12-31'],
    ]);
    expect((await leader.api.put(`/scores/${score.id}/periods/2026-04-01`, { measured: '35' })).status).toBe(200);
    expect((await leader.api.put(`/scores/${score.id}/periods/2026-05-01`, { measured: '35' })).status).toBe(400);

    // A fiscal year from February 1.
    const saved = await leader.api.post('/quartals', {
      year: 2026,
      startQuartal1: '2026-02-01',
      startQuartal2: '2026-05-01',
      startQuartal3: '2026-08-01',
      startQuartal4: '2026-11-01',
      endQuartal4: '2027-01-31',
    });
    expect(saved.status).toBe(200);
    const fiscal = await card(leader, meeting.id, 'frequency=quarterly&dateSince=2026-02-01&dateUntil=2027-01-31');
    expect(fiscal.sessions.map((s) => [s.id, s.label, s.endsOn])).toEqual([
      ['2026-02-01', 'Q1 2026', '2026-04-30'],
      ['2026-05-01', 'Q2 2026', '2026-07-31'],
      ['2026-08-01', 'Q3 2026', '2026-10-31'],
      ['2026-11-01', 'Q4 2026', '2027-01-31'],
    ]);
    const refused = await leader.api.put(`/scores/${score.id}/periods/2026-04-01`, { measured: '35' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ periodStart: kpisMessages.kpiInvalidQuarterStart });
    // 35 meets the own goal (>= 30) on Feb 1, not the temporary one (>= 40) on May 1.
    expect(
      (await leader.api.put<PeriodCell>(`/scores/${score.id}/periods/2026-02-01`, { measured: '35' })).body.result,
    ).toMatchObject({ periodEnd: '2026-04-30', periodKind: 'quarter', met: true });
    expect(
      (await leader.api.put<PeriodCell>(`/scores/${score.id}/periods/2026-05-01`, { measured: '35' })).body.result,
    ).toMatchObject({ periodEnd: '2026-07-31', met: false });
    const row = (await card(leader, meeting.id, 'frequency=quarterly&quarterId=2026-Q2')).scores[0]!;
    expect(row.cells).toEqual([{ measured: '35', met: false, note: null }]);
    const year = (await card(leader, meeting.id, 'frequency=quarterly&dateSince=2026-02-01&dateUntil=2027-01-31'))
      .scores[0]!;
    expect(year).toMatchObject({ total: 70, average: 35, hits: 1, counted: 2 });
    // The value of the calendar quarter the workspace redrew stays stored, off the scorecard.
    expect(await periodCount(score.id)).toBe(3);
  });

  it('lets a formula read measurables of its own frequency only', async () => {
    const { leader, meeting } = await setup();
    const weekly = await addScore(leader, meeting.id, { title: 'Calls', type: 'number', units: null, score: '5' });
    const revenue = await addScore(leader, meeting.id, {
      title: 'Revenue',
      score: '1000',
      frequency: 'quarterly',
    });
    const mixed = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'Per call',
      userId: leader.userId,
      goal: '>=',
      score: '1',
      frequency: 'quarterly',
      formula: `{${revenue.id}} / {${weekly.id}}`,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ formula: kpisMessages.kpiFormulaOtherFrequency });
    const half = await addScore(leader, meeting.id, {
      title: 'Half revenue',
      score: '1000',
      frequency: 'quarterly',
      formula: `{${revenue.id}} / 2`,
    });
    await leader.api.put(`/scores/${revenue.id}/periods/2026-01-01`, { measured: '3000' });
    const quarter = await card(leader, meeting.id, 'frequency=quarterly&quarterId=2026-Q1');
    expect(quarter.scores.find((s) => s.id === half.id)!.cells).toEqual([
      { measured: '1500', met: true, note: null, reason: null },
    ]);
    // Revenue cannot turn weekly while a quarterly formula reads it.
    const moved = await leader.api.patch(`/scores/${revenue.id}`, { frequency: 'weekly' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ frequency: kpisMessages.kpiFrequencyInUse });
    expect((await leader.api.put(`/scores/${half.id}/periods/2026-01-01`, { measured: '1' })).status).toBe(400);
  });
});

describe('the order of a tab', () => {
  it('moves a frequency’s measurables among their own places, the other tabs’ stay', async () => {
    const { leader, meeting } = await setup();
    const a = await addScore(leader, meeting.id, { title: 'A' });
    const m1 = await addScore(leader, meeting.id, { ...monthly, title: 'M1', frequency: 'monthly' });
    const b = await addScore(leader, meeting.id, { title: 'B' });
    const m2 = await addScore(leader, meeting.id, { ...monthly, title: 'M2', frequency: 'monthly' });
    const moved = await leader.api.put<Score[]>(`/meetings/${meeting.id}/scores/order`, { ids: [m2.id, m1.id] });
    expect(moved.status).toBe(200);
    expect(moved.body.result.map((s) => [s.title, s.sort])).toEqual([
      ['M2', 1],
      ['M1', 3],
    ]);
    expect((await card(leader, meeting.id)).scores.map((s) => s.title)).toEqual(['A', 'B']);
    expect((await card(leader, meeting.id, 'frequency=monthly')).scores.map((s) => s.title)).toEqual(['M2', 'M1']);
    for (const ids of [[m2.id], [m2.id, m1.id, a.id], [a.id, m1.id]])
      expect((await leader.api.put(`/meetings/${meeting.id}/scores/order`, { ids })).status).toBe(400);
    const all = await leader.api.put<Score[]>(`/meetings/${meeting.id}/scores/order`, {
      ids: [b.id, a.id, m1.id, m2.id],
    });
    expect(all.body.result.map((s) => s.title)).toEqual(['B', 'A', 'M1', 'M2']);
  });
});

describe('another workspace and the live room', () => {
  it('answers 404 for another workspace’s score in the path and changes nothing', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, { ...monthly, frequency: 'monthly' });
    await leader.api.put(`/scores/${score.id}/periods/2026-01-01`, { measured: '15', note: 'Ours' });
    const intruder = await signUp(app, { firstName: 'Eve' });
    const theirMeeting = await createMeeting(intruder);
    const theirs = await addScore(intruder, theirMeeting.id, { ...monthly, frequency: 'monthly' });
    for (const answer of [
      await intruder.api.put(`/scores/${score.id}/periods/2026-01-01`, { measured: '1', note: 'Theirs' }),
      await intruder.api.get(`/scores/${score.id}/periods`),
      await intruder.api.get(`/meetings/${meeting.id}/kpis?frequency=monthly`),
      await leader.api.put(`/scores/${theirs.id}/periods/2026-01-01`, { measured: '1' }),
      await leader.api.get(`/scores/${theirs.id}/periods`),
    ])
      expect(answer.status).toBe(404);
    const page = (await leader.api.get<PeriodCellPage>(`/scores/${score.id}/periods`)).body.result;
    expect(page.items.map((c) => [c.measured, c.note])).toEqual([['15', 'Ours']]);
    expect(await periodCount(theirs.id)).toBe(0);
    // A member of the workspace outside the meeting does not see it either.
    const outsider = await joinWorkspace(app, leader, { firstName: 'Dee' });
    expect((await outsider.api.put(`/scores/${score.id}/periods/2026-01-01`, { measured: '1' })).status).toBe(404);
  });

  it('tells the meeting’s room about a period’s value, and nobody outside it', async () => {
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
          ...monthly,
          userId: leader.userId,
          frequency: 'monthly',
        })
      ).body.result;
      await tab.put(`/scores/${score.id}/periods/2026-03-01`, { measured: '14' });
      await eventually(() => watcher.received.some((m) => m.type === 'kpi.period.changed'));
      const event = watcher.received.find((m) => m.type === 'kpi.period.changed')!;
      expect(event.originClientId).toBe('tab-1');
      expect(event.data).toMatchObject({
        meetingId: meeting.id,
        frequency: 'monthly',
        cell: { id: `${score.id}/2026-03-01`, sessionId: '2026-03-01', measured: '14', met: true },
      });
      await settle();
      expect(snoop.received.filter((m) => m.type.startsWith('kpi.'))).toEqual([]);
      watcher.socket.close();
      snoop.socket.close();
    } finally {
      await live.close();
    }
  });
});
