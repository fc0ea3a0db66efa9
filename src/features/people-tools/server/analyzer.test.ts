import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp } from '../../../../test/factories.ts';
import { peopleWorkspace } from '../../../../test/people-tools-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { AnalyzerHistory, AnalyzerRow, AnalyzerTable, CoreValue } from '../people-tools.schemas.ts';

// The People Analyzer (decision 116): ratings, the bar and its flag, and who sees what.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const Q = '2025-Q3';
const thisYear = new Date().getUTCFullYear();

/** The people workspace with three core values: the admin is Max's manager, Max manages Rita and Pete. */
const scene = async () => {
  const people = await peopleWorkspace(app);
  const value = async (title: string) =>
    (await people.admin.api.post<CoreValue>('/core-values', { title })).body.result;
  const values = [await value('Help first'), await value('Own it'), await value('Grow')];
  return { ...people, values };
};
type Scene = Awaited<ReturnType<typeof scene>>;

const table = async (who: SignedUp, query = '') => {
  const answer = await who.api.get<AnalyzerTable>(`/people-analyzer?quarter=${Q}${query}`);
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const rate = (who: SignedUp, personId: string, body: unknown, quarter = Q) =>
  who.api.patch<AnalyzerRow>(`/people-analyzer/people/${personId}/ratings/${quarter}`, body);
const names = (result: AnalyzerTable) => result.items.map((row) => row.person.firstName);

describe('People Analyzer', () => {
  it('rates a report and reads the table; the bar flags who is below it, with the reasons', async () => {
    const s = await scene();
    const [a, b, c] = s.values.map((value) => value.id) as [string, string, string];
    expect((await s.admin.api.put('/people-analyzer/bar', { minPlus: 2, maxMinus: 0, gwcRequired: true })).status).toBe(
      200,
    );

    let row = (await rate(s.manager, s.report.userId, { values: { [a]: '+', [b]: '+' } })).body.result;
    expect(row.rating?.values).toEqual({ [a]: '+', [b]: '+' });
    expect(row.verdict).toMatchObject({ belowBar: false, complete: false, plus: 2, minus: 0 });

    row = (await rate(s.manager, s.report.userId, { values: { [c]: '-' } })).body.result;
    expect(row.verdict).toMatchObject({ belowBar: true, reasons: ['minus'] });

    row = (
      await rate(s.manager, s.report.userId, { values: { [c]: '+/-' }, getsIt: true, wantsIt: true, capacity: true })
    ).body.result;
    expect(row.verdict).toEqual({ belowBar: false, complete: true, plus: 2, minus: 0, reasons: [] });
    expect(row.rating?.ratedBy?.id).toBe(s.manager.userId);

    row = (await rate(s.manager, s.report.userId, { wantsIt: false, values: { [b]: '+/-' } })).body.result;
    expect(row.verdict).toMatchObject({ belowBar: true, complete: true, reasons: ['plus', 'gwc'] });
    expect(row.rating).toMatchObject({ getsIt: true, wantsIt: false, capacity: true });

    // null clears a mark: with a value unrated, too few "+" no longer counts; the GWC "no" still does.
    row = (await rate(s.manager, s.report.userId, { values: { [b]: null } })).body.result;
    expect(row.rating?.values).toEqual({ [a]: '+', [c]: '+/-' });
    expect(row.verdict).toMatchObject({ belowBar: true, complete: false, reasons: ['gwc'] });

    // The manager's table: their two reports by name, the ratings of the quarter, the bar; Max is absent.
    const mine = await table(s.manager);
    expect(names(mine)).toEqual(['Pete', 'Rita']);
    expect(mine).toMatchObject({ quarter: Q, bar: { minPlus: 2, maxMinus: 0, gwcRequired: true }, canEditBar: false });
    expect(mine.coreValues.map((value) => value.title)).toEqual(['Help first', 'Own it', 'Grow']);
    const rita = mine.items.find((item) => item.person.id === s.report.userId);
    expect(rita?.rating?.values).toEqual({ [a]: '+', [c]: '+/-' });
    expect(rita?.manager?.id).toBe(s.manager.userId);
    expect(rita?.verdict.belowBar).toBe(true);
    expect(mine.items.find((item) => item.person.id === s.peer.userId)).toMatchObject({
      rating: null,
      verdict: { belowBar: false, complete: false },
    });
    // Another quarter has nothing yet.
    const earlier = await s.manager.api.get<AnalyzerTable>('/people-analyzer?quarter=2025-Q2');
    expect(earlier.body.result.items.map((item) => item.rating)).toEqual([null, null]);

    // The bar moves: the same rating is judged again.
    await s.admin.api.put('/people-analyzer/bar', { minPlus: 0, maxMinus: 1, gwcRequired: false });
    const after = (await table(s.manager)).items.find((item) => item.person.id === s.report.userId);
    expect(after?.verdict).toMatchObject({ belowBar: false, reasons: [] });
  });

  it('who sees and rates whom: the manager and admins; the person, a peer and another workspace get 404', async () => {
    const s = await scene();
    const [a] = s.values.map((value) => value.id) as [string];
    expect((await rate(s.manager, s.report.userId, { values: { [a]: '+' }, getsIt: true })).status).toBe(200);
    const history = (who: SignedUp, id = s.report.userId) =>
      who.api.get<AnalyzerHistory>(`/people-analyzer/people/${id}/history`);

    // Reads.
    for (const [who, status] of [
      ['manager', 200],
      ['admin', 200],
      ['report', 404],
      ['peer', 404],
      ['outsider', 404],
    ] as const)
      expect({ who, status: (await history(s[who])).status }).toEqual({ who, status });
    expect(names(await table(s.admin))).toEqual(['Max', 'Pete', 'Rita']);
    expect(names(await table(s.manager))).toEqual(['Pete', 'Rita']);
    expect(names(await table(s.report))).toEqual([]);
    expect(names(await table(s.peer))).toEqual([]);
    const foreign = await table(s.outsider);
    expect(JSON.stringify(foreign)).not.toContain(s.report.userId);
    // Nobody reads their own: the admin is absent from the admin's table, Max's history is not his.
    expect((await history(s.manager, s.manager.userId)).status).toBe(404);
    expect((await history(s.admin, s.manager.userId)).status).toBe(200);

    // Writes: only the manager and admins; the others change nothing.
    expect((await rate(s.report, s.report.userId, { values: { [a]: '-' } })).status).toBe(404);
    expect((await rate(s.peer, s.report.userId, { values: { [a]: '-' } })).status).toBe(404);
    expect((await rate(s.manager, s.admin.userId, { values: { [a]: '-' } })).status).toBe(404);
    expect((await rate(s.manager, s.manager.userId, { values: { [a]: '+' } })).status).toBe(404);
    // Another workspace: the person's id in the path, or a core value's id in the body.
    expect((await rate(s.outsider, s.report.userId, { values: { [a]: '-' } })).status).toBe(404);
    expect((await rate(s.outsider, s.outsider.userId, { getsIt: false })).status).toBe(404);
    const theirs = await s.outsider.api.post<CoreValue>('/core-values', { title: 'Theirs' });
    expect(
      (await rate(s.admin, s.report.userId, { values: { [theirs.body.result.id]: '-' }, getsIt: false })).status,
    ).toBe(404);
    expect(
      (await s.outsider.api.put('/people-analyzer/bar', { minPlus: 3, maxMinus: 3, gwcRequired: false })).status,
    ).toBe(200);
    const stored = (await history(s.manager)).body.result;
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ values: { [a]: '+' }, getsIt: true, wantsIt: null });
    expect((await table(s.manager)).bar).toEqual({ minPlus: 0, maxMinus: 0, gwcRequired: true });

    // An admin rates anyone but themselves; managers do not set the bar.
    expect((await rate(s.admin, s.report.userId, { values: { [a]: '+/-' } })).status).toBe(200);
    expect((await rate(s.admin, s.manager.userId, { capacity: true })).status).toBe(200);
    expect((await rate(s.admin, s.admin.userId, { capacity: true })).status).toBe(404);
    expect(
      (await s.manager.api.put('/people-analyzer/bar', { minPlus: 1, maxMinus: 0, gwcRequired: true })).status,
    ).toBe(403);

    // Teams: a meeting's or a group's people, still only those the caller may see.
    const meeting = await createMeeting(s.manager, [s.report.userId]);
    expect(names(await table(s.manager, `&meetingId=${meeting.id}`))).toEqual(['Rita']);
    expect(names(await table(s.admin, `&meetingId=${meeting.id}`))).toEqual(['Max', 'Rita']);
    expect((await s.peer.api.get(`/people-analyzer?quarter=${Q}&meetingId=${meeting.id}`)).status).toBe(404);
    expect((await s.outsider.api.get(`/people-analyzer?quarter=${Q}&meetingId=${meeting.id}`)).status).toBe(404);
    const group = await s.admin.api.post<{ id: string }>('/groups', {
      name: 'Finance',
      userIds: [s.peer.userId, s.admin.userId],
    });
    expect(names(await table(s.manager, `&groupId=${group.body.result.id}`))).toEqual(['Pete']);
    expect(names(await table(s.report, `&groupId=${group.body.result.id}`))).toEqual([]);
    expect((await s.outsider.api.get(`/people-analyzer?quarter=${Q}&groupId=${group.body.result.id}`)).status).toBe(
      404,
    );
  });

  it('retired values stay in the history and are no longer rated or counted', async () => {
    const s = await scene();
    const [a, b, c] = s.values.map((value) => value.id) as [string, string, string];
    await rate(s.manager, s.report.userId, {
      values: { [a]: '+', [b]: '+', [c]: '-' },
      getsIt: true,
      wantsIt: true,
      capacity: true,
    });
    expect((await table(s.manager)).items.find((row) => row.person.id === s.report.userId)?.verdict.belowBar).toBe(
      true,
    );
    expect((await s.admin.api.patch(`/core-values/${c}`, { retired: true })).status).toBe(200);

    const now = await table(s.manager);
    expect(now.coreValues.map((value) => value.id)).toEqual([a, b]);
    expect(now.items.find((row) => row.person.id === s.report.userId)?.verdict).toMatchObject({
      belowBar: false,
      complete: true,
      minus: 0,
    });
    const refused = await rate(s.manager, s.report.userId, { values: { [c]: '+' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'fail' });

    const history = (await s.manager.api.get<AnalyzerHistory>(`/people-analyzer/people/${s.report.userId}/history`))
      .body.result;
    expect(history.items[0]?.marks).toEqual([
      { id: a, title: 'Help first', retired: false, mark: '+' },
      { id: b, title: 'Own it', retired: false, mark: '+' },
      { id: c, title: 'Grow', retired: true, mark: '-' },
    ]);
    // It was a value then: its "−" still weighs in that quarter's verdict.
    expect(history.items[0]?.verdict).toMatchObject({ belowBar: true, reasons: ['minus'] });
  });

  it("pages a person's history by quarter, the latest first", async () => {
    const s = await scene();
    const [a] = s.values.map((value) => value.id) as [string];
    for (const quarter of ['2024-Q4', '2025-Q2', '2025-Q1'])
      expect((await rate(s.manager, s.report.userId, { values: { [a]: '+' } }, quarter)).status).toBe(200);
    const page = (query: string) =>
      s.manager.api.get<AnalyzerHistory>(`/people-analyzer/people/${s.report.userId}/history?${query}`);
    const first = (await page('limit=2')).body.result;
    expect(first.items.map((item) => item.quarter)).toEqual(['2025-Q2', '2025-Q1']);
    expect(first.total).toBe(3);
    expect(first.person.id).toBe(s.report.userId);
    const second = (await page('limit=2&offset=2')).body.result;
    expect(second.items.map((item) => item.quarter)).toEqual(['2024-Q4']);
    expect(second.total).toBe(3);
    expect((await page('offset=10')).body.result).toMatchObject({ items: [], total: 3 });
    expect((await page('limit=0')).status).toBe(400);
    expect((await page('limit=101')).status).toBe(400);
  });

  it('refuses bad input with 4xx in the envelope and stores nothing', async () => {
    const s = await scene();
    const [a] = s.values.map((value) => value.id) as [string];
    const bad: [string, unknown][] = [
      [Q, {}],
      [Q, { values: {} }],
      [Q, { values: { 'not-a-uuid': '+' } }],
      [Q, { values: { [a]: '++' } }],
      [Q, { getsIt: 'yes' }],
      [Q, { getsIt: true, extra: 1 }],
      [Q, []],
      [`${thisYear + 1}-Q1`, { getsIt: true }],
    ];
    for (const [quarter, body] of bad) {
      const answer = await rate(s.manager, s.report.userId, body, quarter);
      expect({ quarter, body, status: answer.status }).toEqual({ quarter, body, status: 400 });
      expect(answer.body).toMatchObject({ status: 'fail' });
    }
    // A malformed id or quarter in the path names nothing: 404, as for any path param.
    const report = s.report.userId;
    for (const path of [
      'people/nope/ratings/2025-Q1',
      `people/${report}/ratings/2025-Q5`,
      `people/${report}/ratings/2025Q1`,
    ])
      expect({
        path,
        status: (await s.manager.api.patch(`/people-analyzer/${path}`, { getsIt: true })).status,
      }).toEqual({
        path,
        status: 404,
      });
    for (const query of ['', '?quarter=2025', `?quarter=${Q}&meetingId=x`, `?quarter=${Q}&limit=1000`])
      expect({ query, status: (await s.manager.api.get(`/people-analyzer${query}`)).status }).toEqual({
        query,
        status: 400,
      });
    const both = await s.admin.api.get(
      `/people-analyzer?quarter=${Q}&meetingId=${s.values[0]?.id}&groupId=${s.values[1]?.id}`,
    );
    expect(both.status).toBe(400);
    for (const bar of [
      { minPlus: -1, maxMinus: 0, gwcRequired: true },
      { minPlus: 1, maxMinus: 21, gwcRequired: true },
      { minPlus: 1, maxMinus: 0 },
      { minPlus: 1.5, maxMinus: 0, gwcRequired: true },
      { minPlus: 1, maxMinus: 0, gwcRequired: true, extra: true },
    ])
      expect((await s.admin.api.put('/people-analyzer/bar', bar)).status).toBe(400);
    expect(
      (await s.admin.api.get<AnalyzerHistory>(`/people-analyzer/people/${s.report.userId}/history`)).body.result.total,
    ).toBe(0);
    expect((await table(s.admin)).bar).toEqual({ minPlus: 0, maxMinus: 0, gwcRequired: true });
  });

  it('tells the manager and the admins of a rating, and nobody else', async () => {
    const s: Scene = await scene();
    const [a] = s.values.map((value) => value.id) as [string];
    const viewers = await Promise.all([s.manager, s.admin].map((person) => connect(baseUrl, person.token)));
    const others = await Promise.all([s.report, s.peer, s.outsider].map((person) => connect(baseUrl, person.token)));
    try {
      expect((await rate(s.admin, s.report.userId, { values: { [a]: '-' } })).status).toBe(200);
      for (const socket of viewers)
        await eventually(() =>
          socket.received.some(
            (m) =>
              m.type === 'peopleTools.analyzerChanged' && (m.data as { personId: string }).personId === s.report.userId,
          ),
        );
      // The bar: every manager and admin hears of it; people who rate nobody do not.
      expect(
        (await s.admin.api.put('/people-analyzer/bar', { minPlus: 1, maxMinus: 0, gwcRequired: true })).status,
      ).toBe(200);
      const [managerSocket] = viewers;
      await eventually(() =>
        managerSocket!.received.some(
          (m) => m.type === 'peopleTools.analyzerChanged' && (m.data as { personId: null }).personId === null,
        ),
      );
      // A refused write tells nobody.
      expect((await rate(s.peer, s.report.userId, { values: { [a]: '+' } })).status).toBe(404);
      await settle();
      for (const socket of others)
        expect(socket.received.filter((m) => m.type === 'peopleTools.analyzerChanged')).toEqual([]);
    } finally {
      for (const socket of [...viewers, ...others]) socket.socket.close();
    }
  });
});
