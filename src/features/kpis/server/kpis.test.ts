import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { statementCountingApp, testApp, workerDatabase } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { Database } from '../../../db/client.ts';
import { scoreCells, scores, sessions } from '../../../db/schema/index.ts';
import { success } from '../../../server/http.ts';
import { messages } from '../../../shared/messages.ts';
import { type Session, ZPersonSummary } from '../../meetings/meetings.schemas.ts';
import {
  type DeletedColumn,
  type Score,
  type ScoreCell,
  type Scorecard,
  ZScorecard,
  ZScorecardCell,
  ZScorecardOwner,
  ZScorecardRow,
  ZScorecardSession,
} from '../kpis.schemas.ts';

let app: FastifyInstance;
let db: Database['db'];
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  db = (await workerDatabase()).db;
});
afterAll(() => app.close());

/** A workspace admin (the meeting's leader), a member of the meeting, and the meeting. */
const setup = async () => {
  const leader = await signUp(app, { firstName: 'Ada' });
  const member = await joinWorkspace(app, leader, { firstName: 'Ben' });
  const meeting = await createMeeting(leader, [member.userId]);
  return { leader, member, meeting };
};

const addScore = async (who: SignedUp, meetingId: string, body: Record<string, unknown> = {}) => {
  const answer = await who.api.post<Score>(`/meetings/${meetingId}/scores`, {
    title: 'Revenue',
    userId: who.userId,
    goal: '>=',
    score: '1,000',
    units: '$',
    type: 'dollar',
    ...body,
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

const card = async (who: SignedUp, meetingId: string, query = 'quarterId=2026-Q1') =>
  (await who.api.get<Scorecard>(`/meetings/${meetingId}/kpis?${query}`)).body.result;

const cellsOfScore = async (scoreId: string) =>
  (await db.select({ n: count() }).from(scoreCells).where(eq(scoreCells.scoreId, scoreId)))[0]!.n;
const sessionCount = async (meetingId: string) =>
  (await db.select({ n: count() }).from(sessions).where(eq(sessions.meetingId, meetingId)))[0]!.n;
const sessionsOf = async (who: SignedUp, meetingId: string) =>
  (await who.api.get<Session[]>(`/meetings/${meetingId}/sessions`)).body.result;

/** The 13 Mondays of the first quarter of 2026. */
const Q1_DATES = [
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
  '2026-03-02',
  '2026-03-09',
  '2026-03-16',
  '2026-03-23',
  '2026-03-30',
];

describe('scores and their cells', () => {
  it('gives a new score an empty cell on every meeting date and shows them by quarter', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    expect(score).toMatchObject({ title: 'Revenue', goal: '>=', score: '1000', units: '$', type: 'dollar', sort: 0 });
    expect(await sessionCount(meeting.id)).toBeGreaterThan(60);
    expect(await cellsOfScore(score.id)).toBe(await sessionCount(meeting.id));

    const q1 = await card(leader, meeting.id);
    expect(q1).toMatchObject({ quarterId: '2026-Q1', dateSince: '2026-01-01', dateUntil: '2026-03-31' });
    expect(q1.sessions.map((s) => s.sessionDate)).toEqual(Q1_DATES);
    expect(q1.scores).toHaveLength(1);
    // Empty cells travel as null, one per column (decision 019).
    expect(q1.scores[0]!.cells).toEqual(q1.sessions.map(() => null));
    expect(q1.scores[0]).toMatchObject({ average: null, total: null, hits: 0, counted: 0 });
    expect(q1.permissions).toEqual({ canEdit: true, canDeleteColumns: true });
  });

  it('answers exactly its documented schema, each cell at its column as the cell call saved it', async () => {
    const { leader, member, meeting } = await setup();
    const revenue = await addScore(leader, meeting.id, { goal: '>=', score: '1,000' });
    const churn = await addScore(member, meeting.id, {
      title: 'Churn',
      userId: member.userId,
      goal: '<=',
      score: '2.5',
      type: 'percentage',
    });
    const { sessions: columns } = await card(leader, meeting.id);
    // A value, a value with a note (quotes, a comma, braces, a backslash and the word NULL: the
    // scorecard reads a score's notes as one array), a note alone, and a value cleared again.
    const saves: [Score, number, Record<string, string | null>][] = [
      [revenue, 0, { measured: '1,250' }],
      [revenue, 3, { measured: '999.99', note: 'Slow "week", {really} \\ NULL\n\tthen 🚀' }],
      [churn, 3, { note: 'Holidays' }],
      [churn, 12, { measured: '.5' }],
      [churn, 7, { measured: '3' }],
      [churn, 7, { measured: '' }],
    ];
    const saved = new Map<string, ScoreCell>();
    for (const [score, column, body] of saves) {
      const answer = await leader.api.put<ScoreCell>(`/scores/${score.id}/cells/${columns[column]!.id}`, body);
      expect(answer.status).toBe(200);
      saved.set(answer.body.result.id, answer.body.result);
    }

    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis?quarterId=2026-Q1`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    expect(response.statusCode).toBe(200);
    // The route sends its answer without validating it (bench/): it must be the schema's, with no
    // key more or less at any level.
    const strict = success(
      z.strictObject({
        ...ZScorecard.shape,
        sessions: z.array(z.strictObject(ZScorecardSession.shape)),
        scores: z.array(
          z.strictObject({
            ...ZScorecardRow.shape,
            cells: z.array(z.strictObject(ZScorecardCell.shape).nullable()),
          }),
        ),
        owners: z.array(z.strictObject(ZScorecardOwner.shape)),
        people: z.array(z.strictObject(ZPersonSummary.shape)),
        permissions: z.strictObject(ZScorecard.shape.permissions.shape),
      }),
    ).strict();
    const answer = strict.parse(response.json());
    expect(answer).toEqual(response.json());
    const scorecard = answer.result;
    expect(scorecard.sessions.map((s) => s.id)).toEqual(columns.map((s) => s.id));

    // Every cell is where its column is, and says what the cell call said about it.
    for (const row of scorecard.scores) {
      expect(row.cells).toHaveLength(columns.length);
      row.cells.forEach((cell, index) => {
        const one = saved.get(`${row.id}/${columns[index]!.id}`);
        const expected = one && (one.measured !== null || one.note !== null) ? one : null;
        expect(cell, `${row.title} ${index}`).toEqual(
          expected && { measured: expected.measured, met: expected.met, note: expected.note },
        );
      });
    }
    expect(scorecard.scores[0]!.cells[3]).toEqual({
      measured: '999.99',
      met: false,
      note: 'Slow "week", {really} \\ NULL\n\tthen 🚀',
    });
    expect(scorecard.scores[1]!.cells[3]).toEqual({ measured: null, met: null, note: 'Holidays' });
    expect(scorecard.scores[1]!.cells[7]).toBeNull();
    expect(scorecard.scores[1]!.cells[12]).toEqual({ measured: '0.5', met: true, note: null });
    expect(scorecard.scores.map(({ total, average, hits, counted }) => ({ total, average, hits, counted }))).toEqual([
      { total: 2249.99, average: 1124.995, hits: 1, counted: 2 },
      { total: 0.5, average: 0.5, hits: 1, counted: 1 },
    ]);

    // The OpenAPI document describes the same cell (its named schemas followed by their $ref).
    const openapi = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const named = (schema: { $ref?: string }) =>
      schema.$ref ? openapi.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const documented = named(
      openapi.paths['/api/v2/meetings/{id}/kpis'].get.responses['200'].content['application/json'].schema,
    );
    const row = named(named(documented.properties.result).properties.scores.items);
    expect(row.properties.cells).toEqual({
      type: 'array',
      items: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/ScorecardCell' }] },
    });
    expect(openapi.components.schemas.ScorecardCell).toEqual({
      type: 'object',
      properties: {
        measured: { nullable: true, type: 'string' },
        met: { nullable: true, type: 'boolean' },
        note: { nullable: true, type: 'string' },
      },
      required: ['measured', 'met', 'note'],
      additionalProperties: false,
    });
  });

  it('gives every score a cell on the dates a changed rule adds, and drops the cells of removed dates', async () => {
    const { leader, meeting } = await setup();
    const a = await addScore(leader, meeting.id, { title: 'A' });
    const b = await addScore(leader, meeting.id, { title: 'B' });
    const weekly = await sessionCount(meeting.id);
    await leader.api.patch(`/meetings/${meeting.id}`, { repeatType: 'days' });
    const daily = await sessionCount(meeting.id);
    expect(daily).toBeGreaterThan(weekly + 200);
    expect(await cellsOfScore(a.id)).toBe(daily);
    expect(await cellsOfScore(b.id)).toBe(daily);
    // Every cell belongs to a session of this meeting.
    const [orphans] = await db
      .select({ n: count() })
      .from(scoreCells)
      .innerJoin(sessions, eq(sessions.id, scoreCells.sessionId))
      .where(and(eq(scoreCells.scoreId, a.id), eq(sessions.meetingId, meeting.id)));
    expect(orphans!.n).toBe(daily);
  });

  it('removes a deleted session’s cells and its column', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    const before = await card(leader, meeting.id);
    const gone = before.sessions[2]!;
    await leader.api.put(`/scores/${score.id}/cells/${gone.id}`, { measured: '5' });
    expect((await leader.api.delete(`/sessions/${gone.id}`)).status).toBe(200);
    const [left] = await db.select({ n: count() }).from(scoreCells).where(eq(scoreCells.sessionId, gone.id));
    expect(left!.n).toBe(0);
    expect(await cellsOfScore(score.id)).toBe(await sessionCount(meeting.id));
    const after = await card(leader, meeting.id);
    expect(after.sessions.map((s) => s.id)).not.toContain(gone.id);
    expect(after.sessions).toHaveLength(12);
  });

  it('removes a deleted score’s cells', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    const keep = await addScore(leader, meeting.id, { title: 'Keep' });
    expect(await cellsOfScore(score.id)).toBeGreaterThan(0);
    expect((await leader.api.delete(`/scores/${score.id}`)).status).toBe(200);
    expect(await cellsOfScore(score.id)).toBe(0);
    expect(await cellsOfScore(keep.id)).toBe(await sessionCount(meeting.id));
    expect((await card(leader, meeting.id)).scores.map((s) => s.title)).toEqual(['Keep']);
  });

  it('edits, clones (right after the original, cells empty) and reorders scores', async () => {
    const { leader, member, meeting } = await setup();
    const a = await addScore(leader, meeting.id, { title: 'A' });
    const b = await addScore(leader, meeting.id, { title: 'B' });
    const q1 = await card(leader, meeting.id);
    await leader.api.put(`/scores/${a.id}/cells/${q1.sessions[0]!.id}`, { measured: '1500' });

    const edited = await leader.api.patch<Score>(`/scores/${a.id}`, {
      title: 'Calls',
      goal: '<=',
      score: '.5',
      type: 'number',
      units: 'calls',
      user_id: member.userId,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({
      title: 'Calls',
      goal: '<=',
      score: '0.5',
      type: 'number',
      units: 'calls',
      userId: member.userId,
      changedBy: leader.userId,
    });

    const clone = await member.api.post<Score>(`/scores/${a.id}/clone`, { title: 'Calls (copy)' });
    expect(clone.status).toBe(201);
    expect(clone.body.result).toMatchObject({ title: 'Calls (copy)', goal: '<=', score: '0.5', userId: member.userId });
    expect(await cellsOfScore(clone.body.result.id)).toBe(await sessionCount(meeting.id));
    let shown = await card(leader, meeting.id);
    expect(shown.scores.map((s) => s.title)).toEqual(['Calls', 'Calls (copy)', 'B']);
    expect(shown.scores[1]!.cells.every((c) => c === null)).toBe(true);

    const order = [b.id, clone.body.result.id, a.id];
    const reordered = await member.api.put<Score[]>(`/meetings/${meeting.id}/scores/order`, { ids: order });
    expect(reordered.status).toBe(200);
    expect(reordered.body.result.map((s) => s.id)).toEqual(order);
    shown = await card(leader, meeting.id);
    expect(shown.scores.map((s) => s.id)).toEqual(order);
    expect(shown.scores.map((s) => s.sort)).toEqual([0, 1, 2]);

    const partial = await leader.api.put(`/meetings/${meeting.id}/scores/order`, { ids: [a.id, b.id] });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(messages.kpiOrderMismatch);
    expect((await card(leader, meeting.id)).scores.map((s) => s.id)).toEqual(order);
  });

  it('validates the score form', async () => {
    const { leader, meeting } = await setup();
    const outsider = await joinWorkspace(app, leader, { firstName: 'Out' });
    const empty = await leader.api.post(`/meetings/${meeting.id}/scores`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      title: messages.required,
      userId: messages.required,
      goal: messages.required,
      score: messages.required,
    });
    const bad = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'X',
      userId: leader.userId,
      goal: '>',
      score: 'abc',
      type: 'money',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['goal', 'score', 'type']);
    expect(bad.body.errors?.score).toBe(messages.kpiInvalidNumber);
    const notInMeeting = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'X',
      userId: outsider.userId,
      goal: '>=',
      score: '1',
    });
    expect(notInMeeting.status).toBe(400);
    expect(notInMeeting.body.errors).toEqual({ userId: messages.kpiOwnerNotInMeeting });
    expect((await card(leader, meeting.id)).scores).toEqual([]);
  });
});

describe('values, notes and the met rule', () => {
  const save = (who: SignedUp, scoreId: string, sessionId: string, body: Record<string, unknown>) =>
    who.api.put<ScoreCell>(`/scores/${scoreId}/cells/${sessionId}`, body);

  it('normalises values and colours them by the goal’s comparator, decimals compared exactly', async () => {
    const { leader, member, meeting } = await setup();
    const atLeast = await addScore(leader, meeting.id, { goal: '>=', score: '1,000' });
    const atMost = await addScore(leader, meeting.id, { title: 'Churn', goal: '<=', score: '2.5', type: 'percentage' });
    const exactly = await addScore(leader, meeting.id, { title: 'Half', goal: '==', score: '.5', type: 'number' });
    const exactThousand = await addScore(leader, meeting.id, { title: 'K', goal: '==', score: '1000', type: 'number' });
    const [s1, s2, s3] = (await card(leader, meeting.id)).sessions;

    const cases: [Score, string, string | null, boolean | null][] = [
      [atLeast, '1,000', '1000', true],
      [atLeast, '999.99', '999.99', false],
      [atLeast, '$1,250', '1250', true],
      [atMost, '2.5', '2.5', true],
      [atMost, '2.50001', '2.50001', false],
      [atMost, '-.5', '-0.5', true],
      [exactly, '.5', '0.5', true],
      [exactly, '0.50', '0.50', true],
      [exactly, '0.51', '0.51', false],
      [exactThousand, '1,000', '1000', true],
      [exactThousand, '1000.00', '1000.00', true],
      [exactThousand, '1,000.1', '1000.1', false],
    ];
    for (const [score, typed, stored, met] of cases) {
      const answer = await save(member, score.id, s1!.id, { measured: typed });
      expect(answer.status, typed).toBe(200);
      expect(answer.body.result, `${score.title} ${typed}`).toMatchObject({ measured: stored, met });
    }

    const note = await save(member, atLeast.id, s2!.id, { measured: '700', note: 'Slow month' });
    expect(note.body.result).toMatchObject({
      id: `${atLeast.id}/${s2!.id}`,
      measured: '700',
      value: 700,
      note: 'Slow month',
      met: false,
      changedBy: member.userId,
    });
    // A note alone keeps the value; clearing the value keeps the note; '' clears.
    expect((await save(leader, atLeast.id, s2!.id, { note: 'Edited' })).body.result).toMatchObject({
      measured: '700',
      note: 'Edited',
    });
    expect((await save(leader, atLeast.id, s2!.id, { measured: '' })).body.result).toMatchObject({
      measured: null,
      note: 'Edited',
      met: null,
    });

    const invalid = await save(leader, atLeast.id, s3!.id, { measured: '12abc' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ measured: messages.kpiInvalidNumber });

    const shown = await card(leader, meeting.id);
    const row = shown.scores.find((s) => s.id === atLeast.id)!;
    expect(row.cells[0]).toMatchObject({ measured: '1250', met: true });
    expect(row.cells[1]).toEqual({ measured: null, met: null, note: 'Edited' });
    expect(row.cells[2]).toBeNull();
  });

  it('recomputes the colour when the goal changes and sums the range', async () => {
    const { leader, meeting } = await setup();
    const score = await addScore(leader, meeting.id, { goal: '>=', score: '10', type: 'number' });
    const q1 = await card(leader, meeting.id);
    for (const [i, v] of ['8', '10', '12.5'].entries()) {
      await leader.api.put(`/scores/${score.id}/cells/${q1.sessions[i]!.id}`, { measured: v });
    }
    let row = (await card(leader, meeting.id)).scores[0]!;
    expect(row.cells.slice(0, 3).map((c) => c?.met)).toEqual([false, true, true]);
    expect(row).toMatchObject({ total: 30.5, average: 10.166667, hits: 2, counted: 3 });
    await leader.api.patch(`/scores/${score.id}`, { goal: '<=' });
    row = (await card(leader, meeting.id)).scores[0]!;
    expect(row.cells.slice(0, 3).map((c) => c?.met)).toEqual([true, true, false]);
    const owners = (await card(leader, meeting.id)).owners;
    expect(owners).toEqual([{ userId: leader.userId, scoreCount: 1, hits: 2, counted: 3 }]);
  });
});

describe('the scorecard’s range', () => {
  it('filters by quarter, by dates, by owner; defaults to the current quarter with the current session marked', async () => {
    const { leader, member, meeting } = await setup();
    const mine = await addScore(leader, meeting.id, { title: 'Mine' });
    await addScore(member, meeting.id, { title: 'Theirs', userId: member.userId });
    const q1 = await card(leader, meeting.id);
    await leader.api.put(`/scores/${mine.id}/cells/${q1.sessions[0]!.id}`, { measured: '5' });
    await leader.api.put(`/scores/${mine.id}/cells/${q1.sessions[6]!.id}`, { measured: '7' });

    const february = await card(leader, meeting.id, 'dateSince=2026-02-01&dateUntil=2026-02-28');
    expect(february).toMatchObject({ quarterId: null, dateSince: '2026-02-01', dateUntil: '2026-02-28' });
    expect(february.sessions.map((s) => s.sessionDate)).toEqual(Q1_DATES.slice(4, 8));
    const mineInFeb = february.scores.find((s) => s.title === 'Mine')!;
    expect(mineInFeb.cells.map((c) => c?.measured ?? null)).toEqual([null, null, '7', null]);
    expect(mineInFeb.cells[2]).toEqual({ measured: '7', met: false, note: null });
    expect(mineInFeb).toMatchObject({ total: 7, counted: 1 });
    // Inclusive ends.
    const oneDay = await card(leader, meeting.id, 'dateSince=2026-01-05&dateUntil=2026-01-05');
    expect(oneDay.sessions.map((s) => s.sessionDate)).toEqual(['2026-01-05']);

    const q2 = await card(leader, meeting.id, 'quarterId=2026-Q2');
    expect(q2.sessions[0]!.sessionDate).toBe('2026-04-06');
    expect(q2.sessions.at(-1)!.sessionDate).toBe('2026-06-29');
    expect(q2.scores.every((s) => s.counted === 0)).toBe(true);

    const theirs = await card(leader, meeting.id, `quarterId=2026-Q1&userId=${member.userId}`);
    expect(theirs.scores.map((s) => s.title)).toEqual(['Theirs']);
    expect(theirs.owners.map((o) => o.userId)).toEqual([member.userId]);

    // No range: the quarter holding today, in the meeting's time zone; the next session is current.
    const current = (await leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis`)).body.result;
    const today = new Date().toISOString().slice(0, 10);
    expect(current.dateSince <= today && today <= current.dateUntil).toBe(true);
    expect(current.quarterId).toMatch(/^\d{4}-Q[1-4]$/);
    const marked = current.sessions.filter((s) => s.isCurrent);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.id).toBe(current.currentSessionId);
    expect(marked[0]!.sessionDate >= today).toBe(true);
    expect(q1.sessions.some((s) => s.isCurrent)).toBe(false);
  });

  it('reads quarters from the workspace’s periods (decision 056), never another workspace’s', async () => {
    const { leader, meeting } = await setup();
    const year = new Date().getUTCFullYear();
    // 2026 is a fiscal year from February 1; this year has uneven periods from January 1.
    const saved = await leader.api.post('/quartals', {
      year: 2026,
      startQuartal1: '2026-02-01',
      startQuartal2: '2026-05-01',
      startQuartal3: '2026-08-01',
      startQuartal4: '2026-11-01',
      endQuartal4: '2027-01-31',
    });
    expect(saved.status).toBe(200);
    const q1 = await card(leader, meeting.id, 'quarterId=2026-Q1');
    expect(q1).toMatchObject({ quarterId: '2026-Q1', dateSince: '2026-02-01', dateUntil: '2026-04-30' });
    expect(q1.sessions[0]!.sessionDate).toBe('2026-02-02');
    expect(q1.sessions.at(-1)!.sessionDate).toBe('2026-04-27');
    const q4 = await card(leader, meeting.id, 'quarterId=2026-Q4');
    expect(q4).toMatchObject({ dateSince: '2026-11-01', dateUntil: '2027-01-31' });
    // A year without periods keeps the calendar quarters.
    expect(await card(leader, meeting.id, 'quarterId=2030-Q2')).toMatchObject({
      dateSince: '2030-04-01',
      dateUntil: '2030-06-30',
    });
    // Another workspace's periods never apply: its 2026-Q1 is still January to March.
    const other = await setup();
    expect(await card(other.leader, other.meeting.id, 'quarterId=2026-Q1')).toMatchObject({
      dateSince: '2026-01-01',
      dateUntil: '2026-03-31',
    });

    // No range: the workspace's period holding today.
    if (year !== 2026) {
      await leader.api.post('/quartals', {
        year,
        startQuartal1: `${year}-01-01`,
        startQuartal2: `${year}-02-01`,
        startQuartal3: `${year}-06-01`,
        startQuartal4: `${year}-09-01`,
        endQuartal4: `${year}-12-31`,
      });
    }
    const today = new Date().toISOString().slice(0, 10);
    const [holding] = (
      await leader.api.get<{ id: string; startDate: string; endDate: string }[]>(
        `/quarters?since=${today}&until=${today}`,
      )
    ).body.result;
    const current = (await leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis`)).body.result;
    expect(current).toMatchObject({
      quarterId: holding!.id,
      dateSince: holding!.startDate,
      dateUntil: holding!.endDate,
    });
  });

  it('refuses malformed ranges', async () => {
    const { leader, meeting } = await setup();
    const reversed = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=2026-03-01&dateUntil=2026-02-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ dateUntil: messages.kpiRangeOrder });
    const badQuarter = await leader.api.get(`/meetings/${meeting.id}/kpis?quarterId=2026-Q5`);
    expect(badQuarter.status).toBe(400);
    expect(badQuarter.body.errors).toEqual({ quarterId: messages.kpiInvalidQuarter });
    const badDate = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=03/01/2026`);
    expect(badDate.status).toBe(400);
    const tooLong = await leader.api.get(`/meetings/${meeting.id}/kpis?dateSince=2010-01-01&dateUntil=2026-01-01`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(messages.kpiRangeTooLong);
  });
});

describe('Delete meeting date', () => {
  it('takes the column and its cells off the scorecard and keeps the session', async () => {
    const { leader, member, meeting } = await setup();
    const score = await addScore(leader, meeting.id);
    const q1 = await card(leader, meeting.id);
    const column = q1.sessions[1]!;
    await leader.api.put(`/scores/${score.id}/cells/${column.id}`, { measured: '10' });

    expect((await member.api.delete(`/meetings/${meeting.id}/kpis/sessions/${column.id}`)).status).toBe(403);
    const removed = await leader.api.delete<DeletedColumn>(`/meetings/${meeting.id}/kpis/sessions/${column.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.result).toEqual({ sessionId: column.id, cellsDeleted: 1 });

    const after = await card(leader, meeting.id);
    expect(after.sessions.map((s) => s.id)).not.toContain(column.id);
    expect(after.scores[0]!.cells).toHaveLength(12);
    expect((await sessionsOf(leader, meeting.id)).map((s) => s.id)).toContain(column.id);
    // It stays off: no value can be saved there, and a new score gets no cell for it.
    expect((await leader.api.put(`/scores/${score.id}/cells/${column.id}`, { measured: '1' })).status).toBe(404);
    const later = await addScore(leader, meeting.id, { title: 'Later' });
    const [cells] = await db
      .select({ n: count() })
      .from(scoreCells)
      .where(and(eq(scoreCells.scoreId, later.id), eq(scoreCells.sessionId, column.id)));
    expect(cells!.n).toBe(0);
    expect((await leader.api.delete(`/meetings/${meeting.id}/kpis/sessions/${column.id}`)).status).toBe(404);
  });
});

describe('export', () => {
  const setupWithValues = async () => {
    const { leader, member, meeting } = await setup();
    const revenue = await addScore(leader, meeting.id, { title: 'Revenue, net', score: '1,250', type: 'dollar' });
    const churn = await addScore(member, meeting.id, {
      title: '=cmd()',
      userId: member.userId,
      goal: '<=',
      score: '5',
      type: 'percentage',
      units: '%',
    });
    const q1 = await card(leader, meeting.id);
    await leader.api.put(`/scores/${revenue.id}/cells/${q1.sessions[0]!.id}`, { measured: '1,500.50' });
    await leader.api.put(`/scores/${revenue.id}/cells/${q1.sessions[2]!.id}`, { measured: '900' });
    await leader.api.put(`/scores/${churn.id}/cells/${q1.sessions[1]!.id}`, { measured: '4.5' });
    return { leader, member, meeting, q1 };
  };

  it('exports the visible scorecard as CSV: one row per measurable, one column per date', async () => {
    const { leader, meeting } = await setupWithValues();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=csv&dateSince=2026-01-01&dateUntil=2026-01-31`,
      headers: { authorization: `Bearer ${leader.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="scorecard-leadership-l10-2026-01-01-2026-01-31.csv"',
    );
    const text = response.body.replace(/^\uFEFF/, '');
    const parse = (line: string) => {
      const cells: string[] = [];
      const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      for (const match of line.matchAll(pattern)) {
        const raw = match[1]!;
        cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
        if (match[2] === '') break;
      }
      return cells;
    };
    const [header, ...rows] = text.trimEnd().split('\r\n').map(parse);
    expect(header).toEqual([
      'User',
      'Measurable',
      'Goal',
      'Target',
      'Units',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      'Average',
      'Total',
    ]);
    expect(rows).toEqual([
      ['Ada Person', 'Revenue, net', '>=', '1250', '$', '1500.5', '', '900', '', '1200.25', '2400.5'],
      ['Ben Person', "'=cmd()", '<=', '5', '%', '', '4.5', '', '', '4.5', '4.5'],
    ]);
  });

  it('exports XLSX with numbers as numbers, filtered like the scorecard', async () => {
    const { leader, member, meeting } = await setupWithValues();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/meetings/${meeting.id}/kpis/export?format=xlsx&quarterId=2026-Q1&userId=${leader.userId}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Scorecard')!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['User', 'Measurable', 'Goal', 'Target', 'Units', ...Q1_DATES, 'Average', 'Total']);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Ada Person');
    expect(row.getCell(2).value).toBe('Revenue, net');
    expect(row.getCell(3).value).toBe('>=');
    expect(row.getCell(4).value).toBe(1250);
    expect(row.getCell(6).value).toBe(1500.5);
    expect(typeof row.getCell(6).value).toBe('number');
    expect(row.getCell(7).value).toBe(null);
    expect(row.getCell(8).value).toBe(900);
    expect(row.getCell(6).numFmt).toBe('"$"#,##0.00');
    expect(row.getCell(5 + Q1_DATES.length + 1).value).toBe(1200.25);
    expect(row.getCell(5 + Q1_DATES.length + 2).value).toBe(2400.5);
  });
});

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

describe('SQL statements', () => {
  it('reads a scorecard of 2 scores and of 60 scores in the same number of statements', async () => {
    const { app: counted, statementsOf, close } = await statementCountingApp();
    try {
      const leader = await signUp(counted);
      const meeting = await createMeeting(leader, [], { title: 'M' });
      const add = (i: number) =>
        leader.api.post(`/meetings/${meeting.id}/scores`, {
          title: `S${i}`,
          userId: leader.userId,
          goal: '>=',
          score: '1',
        });
      const read = async () => {
        const { result: answer, count: statements } = await statementsOf(() =>
          leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis?dateSince=2026-01-01&dateUntil=2026-12-31`),
        );
        return { statements, scores: answer.body.result.scores.length, sessions: answer.body.result.sessions.length };
      };
      for (let i = 0; i < 2; i++) await add(i);
      const small = await read();
      for (let i = 2; i < 60; i++) await add(i);
      const large = await read();
      expect(small).toMatchObject({ scores: 2, sessions: 52 });
      expect(large).toMatchObject({ scores: 60, sessions: 52 });
      expect(large.statements).toBe(small.statements);
      expect(small.statements).toBeLessThanOrEqual(10);
    } finally {
      await close();
    }
  });
});
