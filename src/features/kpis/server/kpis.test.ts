import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp, workerDatabase } from '../../../../test/app.ts';
import { joinWorkspace, type SignedUp } from '../../../../test/factories.ts';
import { kpisFixtures, Q1_DATES } from '../../../../test/kpis-fixtures.ts';
import type { Database } from '../../../db/client.ts';
import { scoreCells, sessions } from '../../../db/schema/index.ts';
import { success } from '../../../server/http.ts';
import { messages } from '../../../shared/messages.ts';
import { ZPersonSummary } from '../../../shared/person.ts';
import { kpisMessages } from '../kpis.messages.ts';
import {
  type Score,
  type ScoreCell,
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

const { setup, addScore, card, cellsOfScore, sessionCount } = kpisFixtures(() => app);

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
        reason: {
          nullable: true,
          type: 'string',
          enum: ['missingInput', 'divisionByZero', 'deletedInput', 'outOfRange', null],
        },
        source: { type: 'string', enum: ['feed', 'override'] },
        fedValue: { type: 'string' },
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
    expect(partial.body.message).toBe(kpisMessages.kpiOrderMismatch);
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
    expect(bad.body.errors?.score).toBe(kpisMessages.kpiInvalidNumber);
    const notInMeeting = await leader.api.post(`/meetings/${meeting.id}/scores`, {
      title: 'X',
      userId: outsider.userId,
      goal: '>=',
      score: '1',
    });
    expect(notInMeeting.status).toBe(400);
    expect(notInMeeting.body.errors).toEqual({ userId: kpisMessages.kpiOwnerNotInMeeting });
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
    expect(invalid.body.errors).toEqual({ measured: kpisMessages.kpiInvalidNumber });

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
