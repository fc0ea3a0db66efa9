import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import type { SignedUp } from '../../../../test/factories.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { scores } from '../../../db/schema/index.ts';
import type { PeriodCellPage, Score } from '../../kpis/kpis.schemas.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview, ImportRecord } from '../imports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const MONTHLY = fixture('ninety-monthly-scorecard.csv');
const options = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'ninety-scorecard-monthly',
  meetingId,
  year: 2026,
  ...extra,
});
const scoresOf = (meetingId: string) =>
  app.database.db
    .select({
      id: scores.id,
      title: scores.title,
      frequency: scores.frequency,
      userId: scores.userId,
      goal: scores.goal,
      score: scores.score,
      type: scores.type,
    })
    .from(scores)
    .where(eq(scores.meetingId, meetingId))
    .orderBy(asc(scores.sort));
const monthsOf = async (who: SignedUp, scoreId: string) =>
  Object.fromEntries(
    (await who.api.get<PeriodCellPage>(`/scores/${scoreId}/periods`)).body.result.items.map((cell) => [
      cell.periodStart,
      cell.measured,
    ]),
  );

describe("Ninety's monthly scorecard", () => {
  it('previews the monthly KPIs, their months and each row in error, writing nothing', async () => {
    const { admin, meeting } = await setup();
    const answer = await send<ImportPreview>(admin, '/imports/preview', MONTHLY, options(meeting.id));
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      kind: 'ninety-scorecard-monthly',
      rows: 7,
      create: { kpis: 4, values: 9 },
      merge: { kpis: 0, values: 0 },
      skip: { kpis: 0 },
      weeks: { count: 3, first: '2026-01-01', last: '2026-03-01' },
      errorCount: 3,
      people: [],
    });
    expect(answer.body.result.errors).toEqual([
      { row: 5, reason: importsMessages.rowTitleMissing },
      { row: 6, reason: importsMessages.rowValueInvalid('January', 'abc') },
      { row: 7, reason: importsMessages.rowDuplicateInFile(2) },
    ]);
    expect(answer.body.result.notes).toEqual([
      { row: 3, reason: importsMessages.noteStrictGoal('< 2%', '<= 2') },
      { row: 8, reason: importsMessages.noteFormula },
    ]);
    expect(answer.body.result.items[0]).toMatchObject({
      title: 'Revenue',
      owner: 'Ada Person',
      type: 'dollar',
      values: 3,
    });
    expect(await scoresOf(meeting.id)).toEqual([]);
  });

  it('writes monthly KPIs owned by the meeting leader with their months, then undoes them', async () => {
    const { admin, meeting } = await setup();
    expect((await send(admin, '/imports', MONTHLY, options(meeting.id))).status).toBe(400);
    const done = await send<ImportRecord>(admin, '/imports', MONTHLY, options(meeting.id, { skipInvalidRows: true }));
    expect(done.status).toBe(201);
    expect(done.body.result).toMatchObject({ kind: 'ninety-scorecard-monthly', counts: { kpis: 4, values: 9 } });
    const made = await scoresOf(meeting.id);
    expect(made.map((s) => [s.title, s.frequency, s.userId])).toEqual([
      ['Revenue', 'monthly', admin.userId],
      ['Churn', 'monthly', admin.userId],
      ['Net promoter score', 'monthly', admin.userId],
      ['\'=HYPERLINK("http://evil.example","x")', 'monthly', admin.userId],
    ]);
    expect(made[1]).toMatchObject({ goal: '<=', score: '2', type: 'percentage' });
    expect(await monthsOf(admin, made[0]!.id)).toEqual({
      '2026-01-01': '52000',
      '2026-02-01': '48000',
      '2026-03-01': '51000',
    });
    expect(await monthsOf(admin, made[1]!.id)).toEqual({
      '2026-01-01': '1.5',
      '2026-02-01': '2.1',
      '2026-03-01': '1.8',
    });

    const undone = await admin.api.post<ImportRecord>(`/imports/${done.body.result.id}/undo`);
    expect(undone.status).toBe(200);
    expect(await scoresOf(meeting.id)).toEqual([]);
  });

  it('skips monthly KPIs already there or fills their empty months; a changed month blocks the undo', async () => {
    const { admin, member, meeting } = await setup();
    await send(admin, '/imports', MONTHLY, options(meeting.id, { skipInvalidRows: true }));
    const skip = await send<ImportPreview>(admin, '/imports/preview', MONTHLY, options(meeting.id));
    expect(skip.body.result).toMatchObject({ create: { kpis: 0 }, merge: { kpis: 0 }, skip: { kpis: 4 } });
    const revenue = (await scoresOf(meeting.id))[0]!;
    expect((await admin.api.put(`/scores/${revenue.id}/periods/2026-02-01`, { measured: null })).status).toBe(200);
    const merged = await send<ImportRecord>(
      admin,
      '/imports',
      MONTHLY,
      options(meeting.id, { duplicates: 'merge', skipInvalidRows: true }),
    );
    expect(merged.body.result.counts).toEqual({ kpis: 0, values: 1 });
    expect((await monthsOf(admin, revenue.id))['2026-02-01']).toBe('48000');
    expect((await member.api.put(`/scores/${revenue.id}/periods/2026-02-01`, { measured: '47000' })).status).toBe(200);
    const refused = await admin.api.post(`/imports/${merged.body.result.id}/undo`);
    expect([refused.status, refused.body.message]).toEqual([409, importsMessages.undoChanged]);
    expect((await monthsOf(admin, revenue.id))['2026-02-01']).toBe('47000');
  });

  it('leaves a weekly KPI of the same title alone, and sends each scorecard to its own format', async () => {
    const { admin, meeting } = await setup();
    const weekly = await admin.api.post<Score>(`/meetings/${meeting.id}/scores`, {
      title: 'Churn',
      userId: admin.userId,
      goal: '<=',
      score: '2',
      type: 'percentage',
    });
    expect(weekly.status).toBe(201);
    const preview = await send<ImportPreview>(
      admin,
      '/imports/preview',
      MONTHLY,
      options(meeting.id, { duplicates: 'merge' }),
    );
    expect(preview.body.result.items.find((item) => item.title === 'Churn')).toMatchObject({ action: 'skip' });
    expect(preview.body.result.notes).toContainEqual({ row: 3, reason: importsMessages.noteNotMonthly('Churn') });

    const weeklyFile = fixture('ninety-scorecard.csv');
    const wrong = await send(admin, '/imports/preview', weeklyFile, options(meeting.id));
    expect([wrong.status, wrong.body.message]).toEqual([400, importsMessages.weeklyNotMonthly]);
    const other = await send(admin, '/imports/preview', Buffer.from('Name,Email\nA,b\n'), options(meeting.id));
    expect([other.status, other.body.message]).toEqual([400, importsMessages.notNinetyMonthly]);
    const asWeekly = await send(admin, '/imports/preview', MONTHLY, {
      kind: 'ninety-scorecard',
      meetingId: meeting.id,
    });
    expect([asWeekly.status, asWeekly.body.message]).toEqual([400, importsMessages.monthlyNotSupported]);
  });

  it("gives 404 for another workspace's meeting and writes nothing there", async () => {
    const mine = await setup();
    const theirs = await setup();
    const answer = await send(mine.admin, '/imports', MONTHLY, options(theirs.meeting.id, { skipInvalidRows: true }));
    expect(answer.status).toBe(404);
    expect(await scoresOf(theirs.meeting.id)).toEqual([]);
  });
});
