import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { kpisFixtures, Q1_DATES } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { scores } from '../../../db/schema/index.ts';
import { kpisMessages } from '../kpis.messages.ts';
import type { SavedCell, Score, Scorecard } from '../kpis.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

const ref = (score: Score) => `{${score.id}}`;

/** A meeting with Calls and Deals entered, and "Close rate" = Deals / Calls * 100 (goal >= 20). */
const withFormula = async () => {
  const context = await setup();
  const { leader, meeting } = context;
  const plain = { goal: '>=', score: '1', units: null, type: 'number' };
  const calls = await addScore(leader, meeting.id, { ...plain, title: 'Calls' });
  const deals = await addScore(leader, meeting.id, { ...plain, title: 'Deals' });
  const rate = await addScore(leader, meeting.id, {
    ...plain,
    title: 'Close rate',
    score: '20',
    type: 'percentage',
    formula: `${ref(deals)} / ${ref(calls)} * 100`,
  });
  const q1 = await card(leader, meeting.id);
  const put = (score: Score, column: number, measured: string | null) =>
    leader.api.put<SavedCell>(`/scores/${score.id}/cells/${q1.sessions[column]!.id}`, { measured });
  const row = async (score: Score, query?: string) =>
    (await card(leader, meeting.id, query)).scores.find((s) => s.id === score.id)!;
  return { ...context, calls, deals, rate, q1, put, row };
};

describe('formula measurables', () => {
  it('computes the cells from the inputs, recomputes them when an input changes, and colours them', async () => {
    const { rate, calls, deals, q1, put, row } = await withFormula();
    expect(rate.formula).toBe(`{${deals.id}} / {${calls.id}} * 100`);
    await put(calls, 0, '10');
    const saved = await put(deals, 0, '3');
    expect(saved.status).toBe(200);
    expect(saved.body.result.computed).toEqual([
      { scoreId: rate.id, sessionId: q1.sessions[0]!.id, measured: '30', met: true, reason: null },
    ]);
    await put(calls, 1, '20');
    await put(deals, 1, '3');
    const rates = await row(rate);
    expect(rates.cells[0]).toEqual({ measured: '30', met: true, note: null, reason: null });
    expect(rates.cells[1]).toEqual({ measured: '15', met: false, note: null, reason: null });
    // An empty input: no value, the reason instead (not 0).
    expect(rates.cells[2]).toEqual({ measured: null, met: null, note: null, reason: 'missingInput' });
    expect(rates).toMatchObject({ total: 45, average: 22.5, latest: 15, hits: 1, counted: 2 });
  });

  it('leaves a division by zero empty with its reason', async () => {
    const { rate, calls, deals, put, row } = await withFormula();
    await put(calls, 0, '0');
    const saved = await put(deals, 0, '2');
    expect(saved.body.result.computed[0]).toMatchObject({ measured: null, met: null, reason: 'divisionByZero' });
    expect((await row(rate)).cells[0]).toMatchObject({ measured: null, reason: 'divisionByZero' });
  });

  it('keeps computed cells read-only', async () => {
    const { rate, put, row } = await withFormula();
    const answer = await put(rate, 0, '99');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'fail', errors: { measured: kpisMessages.kpiFormulaReadOnly } });
    expect((await row(rate)).cells[0]).toMatchObject({ measured: null, reason: 'missingInput' });
  });

  it('keeps working after an input is renamed, and shows why once an input is deleted', async () => {
    const { leader, rate, calls, deals, put, row } = await withFormula();
    await put(calls, 0, '10');
    await put(deals, 0, '5');
    await leader.api.patch(`/scores/${calls.id}`, { title: 'Dials' });
    expect((await row(rate)).cells[0]).toMatchObject({ measured: '50' });
    await leader.api.delete(`/scores/${calls.id}`);
    expect((await row(rate)).cells[0]).toEqual({ measured: null, met: null, note: null, reason: 'deletedInput' });
  });

  it('refuses cycles, with the reason, and changes nothing', async () => {
    const { leader, meeting, rate, deals } = await withFormula();
    const doubled = await addScore(leader, meeting.id, {
      title: 'Doubled',
      goal: '>=',
      score: '1',
      formula: `${ref(rate)} * 2`,
    });
    const self = await leader.api.patch(`/scores/${rate.id}`, { formula: `${ref(rate)} + 1` });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      message: kpisMessages.kpiFormulaCycle,
      errors: { formula: kpisMessages.kpiFormulaCycle },
    });
    const loop = await leader.api.patch(`/scores/${rate.id}`, { formula: `${ref(doubled)} / ${ref(deals)}` });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe(kpisMessages.kpiFormulaCycle);
    // An input turned into a formula that reads its reader: a cycle too.
    const back = await leader.api.patch(`/scores/${deals.id}`, { formula: `${ref(doubled)} + 1` });
    expect(back.status).toBe(400);
    const after = await card(leader, meeting.id);
    expect(after.scores.find((s) => s.id === rate.id)!.formula).toBe(rate.formula);
    expect(after.scores.find((s) => s.id === deals.id)!.formula).toBeNull();
  });

  it('refuses unreadable formulas and unknown, deleted, other meetings’ and other workspaces’ measurables', async () => {
    const { leader, meeting, calls } = await withFormula();
    const stranger = await signUp(app, { firstName: 'Zed' });
    const theirMeeting = await createMeeting(stranger, []);
    const theirs = await addScore(stranger, theirMeeting.id, { title: 'Theirs' });
    const otherMeeting = await createMeeting(leader, [], { title: 'Other' });
    const elsewhere = await addScore(leader, otherMeeting.id, { title: 'Elsewhere' });
    const gone = await addScore(leader, meeting.id, { title: 'Gone' });
    await leader.api.delete(`/scores/${gone.id}`);
    const [before] = await app.database.db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meeting.id));

    const attempt = (formula: string) =>
      leader.api.post(`/meetings/${meeting.id}/scores`, {
        title: 'F',
        userId: leader.userId,
        goal: '>=',
        score: '1',
        formula,
      });
    const cases: [string, string][] = [
      [`${ref(theirs)} + ${ref(calls)}`, kpisMessages.kpiFormulaMissingInput],
      [`${ref(gone)} * 2`, kpisMessages.kpiFormulaMissingInput],
      [`${ref(elsewhere)} * 2`, kpisMessages.kpiFormulaOtherScorecard],
      [`${ref(calls)} +`, kpisMessages.kpiFormulaSyntax(null)],
      [`Calls * 2`, kpisMessages.kpiFormulaUnknownName],
      [`${ref(calls)} > 2`, kpisMessages.kpiFormulaNotAllowed],
      [`sum(${ref(calls)}, 99)`, kpisMessages.kpiFormulaWindow('sum')],
    ];
    for (const [formula, message] of cases) {
      const answer = await attempt(formula);
      expect(answer.status, formula).toBe(400);
      expect(answer.body.status).toBe('fail');
      if (message === kpisMessages.kpiFormulaSyntax(null))
        expect(answer.body.message).toMatch(/^The formula cannot be read/);
      else expect(answer.body, formula).toMatchObject({ message });
    }
    // The other workspace's measurable through an edit, too; and nothing of theirs changed.
    const edit = await leader.api.patch(`/scores/${calls.id}`, { formula: `${ref(theirs)} * 2` });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(kpisMessages.kpiFormulaMissingInput);
    const [after] = await app.database.db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meeting.id));
    expect(after!.n).toBe(before!.n);
    const [theirsNow] = await app.database.db.select().from(scores).where(eq(scores.id, theirs.id));
    expect(theirsNow).toMatchObject({ title: 'Theirs', formula: null });
  });

  it('reaches into the periods before the range for windows, and recomputes the later cells a window holds', async () => {
    const { leader, meeting, calls, put, row } = await withFormula();
    const sum4 = await addScore(leader, meeting.id, {
      title: 'Calls, 4 weeks',
      goal: '>=',
      score: '20',
      type: 'number',
      units: null,
      formula: `sum(${ref(calls)}, 4)`,
    });
    // The last three Mondays of Q1 and the first of Q2.
    const q2 = await card(leader, meeting.id, 'quarterId=2026-Q2');
    await put(calls, 10, '3');
    await put(calls, 11, '4');
    await put(calls, 12, '5');
    const saved = await leader.api.put<SavedCell>(`/scores/${calls.id}/cells/${q2.sessions[0]!.id}`, {
      measured: '6',
    });
    // The change counts for this period and the three after it.
    const recomputed = saved.body.result.computed.filter((c) => c.scoreId === sum4.id);
    expect(recomputed.map((c) => c.measured)).toEqual(['18', '15', '11', '6']);
    expect(recomputed.map((c) => c.sessionId)).toEqual(q2.sessions.slice(0, 4).map((s) => s.id));
    const first = (await row(sum4, 'quarterId=2026-Q2')).cells.slice(0, 5);
    expect(first.map((c) => c?.measured ?? null)).toEqual(['18', '15', '11', '6', null]);
    expect(first.map((c) => c?.met ?? null)).toEqual([false, false, false, false, null]);
    expect(Q1_DATES[12]).toBe('2026-03-30');
  });
});

describe('views and displays', () => {
  it('shows the trailing 4 or 13 meeting dates up to the current one', async () => {
    const { leader, meeting } = await setup();
    const four = await card(leader, meeting.id, 'trailing=4');
    const thirteen = await card(leader, meeting.id, 'trailing=13');
    expect(four.sessions).toHaveLength(4);
    expect(thirteen.sessions).toHaveLength(13);
    expect(four.trailing).toBe('4');
    expect(four.sessions.at(-1)!.id).toBe(four.currentSessionId);
    expect(thirteen.sessions.slice(9).map((s) => s.id)).toEqual(four.sessions.map((s) => s.id));
    expect(four.dateSince).toBe(four.sessions[0]!.sessionDate);
    const wrong = await leader.api.get(`/meetings/${meeting.id}/kpis?trailing=5`);
    expect(wrong.status).toBe(400);
  });

  it('shows a running total or a rolling average per measurable, against hand-computed figures', async () => {
    const { leader, meeting } = await setup();
    const calls = await addScore(leader, meeting.id, { title: 'Calls', goal: '>=', score: '1', type: 'number' });
    const q1 = await card(leader, meeting.id);
    const values = ['4', null, '8', '2'];
    for (const [i, value] of values.entries())
      if (value) await leader.api.put(`/scores/${calls.id}/cells/${q1.sessions[i]!.id}`, { measured: value });
    const range = `dateSince=${Q1_DATES[0]}&dateUntil=${Q1_DATES[3]}`;
    const plain = (await card(leader, meeting.id, range)).scores[0]!;
    expect(plain).toMatchObject({ display: 'values', shown: null, total: 14, latest: 2 });
    expect(plain.average).toBeCloseTo(14 / 3, 6);

    expect((await leader.api.patch(`/scores/${calls.id}`, { display: 'cumulative' })).status).toBe(200);
    expect((await card(leader, meeting.id, range)).scores[0]!.shown).toEqual([4, null, 12, 14]);

    await leader.api.patch(`/scores/${calls.id}`, { display: 'rolling', rollingPeriods: 2 });
    // 4 → 4; empty; 8 → (8)/1 = 8 (the empty week counts for nothing); 2 → (8+2)/2 = 5.
    expect((await card(leader, meeting.id, range)).scores[0]!.shown).toEqual([4, null, 8, 5]);
    // From the second date on, the first date is before the range: the window still reads it.
    const later = `dateSince=${Q1_DATES[1]}&dateUntil=${Q1_DATES[3]}`;
    await leader.api.patch(`/scores/${calls.id}`, { rollingPeriods: 3 });
    // 8 → (4+8)/2 = 6; 2 → (8+2)/2 = 5.
    expect((await card(leader, meeting.id, later)).scores[0]!.shown).toEqual([null, 6, 5]);
    const bad = await leader.api.patch(`/scores/${calls.id}`, { rollingPeriods: 1 });
    expect(bad.status).toBe(400);
  });
});

describe('recomputing live', () => {
  it('sends the recomputed formula cells to the meeting’s room and to no socket of another workspace', async () => {
    const live = await testApp();
    const baseUrl = await listen(live);
    try {
      const leader = await signUp(live, { firstName: 'Ada' });
      const member = await joinWorkspace(live, leader, { firstName: 'Ben' });
      const meeting = await createMeeting(leader, [member.userId], { title: 'RT' });
      const stranger = await signUp(live, { firstName: 'Zed' });
      const watcher = await connect(baseUrl, member.token);
      const snoop = await connect(baseUrl, stranger.token);
      expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
      await snoop.socket.emitWithAck('meeting:join', meeting.id);

      const tab = client(live, leader.token, 'tab-1');
      const add = async (title: string, formula?: string) =>
        (
          await tab.post<Score>(`/meetings/${meeting.id}/scores`, {
            title,
            userId: leader.userId,
            goal: '>=',
            score: '10',
            ...(formula ? { formula } : {}),
          })
        ).body.result;
      const a = await add('A');
      const b = await add('B');
      const total = await add('A + B', `${ref(a)} + ${ref(b)}`);
      const q1 = (await tab.get<Scorecard>(`/meetings/${meeting.id}/kpis?quarterId=2026-Q1`)).body.result;
      await tab.put(`/scores/${a.id}/cells/${q1.sessions[0]!.id}`, { measured: '4' });
      await tab.put(`/scores/${b.id}/cells/${q1.sessions[0]!.id}`, { measured: '7' });

      await eventually(() => watcher.received.filter((m) => m.type === 'kpi.cell.changed').length === 2);
      const cells = watcher.received.filter((m) => m.type === 'kpi.cell.changed');
      expect(cells[1]!.data).toMatchObject({
        meetingId: meeting.id,
        computed: [{ scoreId: total.id, sessionId: q1.sessions[0]!.id, measured: '11', met: true, reason: null }],
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
