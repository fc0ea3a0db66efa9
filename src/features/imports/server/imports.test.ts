import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { scores } from '../../../db/schema/index.ts';
import type { Score } from '../../kpis/kpis.schemas.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPage, ImportPreview, ImportRecord } from '../imports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup, scorecard, valuesOf } = importsFixtures(() => app);
const SCORECARD = fixture('ninety-scorecard.csv');
const options = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'ninety-scorecard',
  meetingId,
  latestWeekYear: 2026,
  ...extra,
});
const scoreCount = async (meetingId: string) =>
  (await app.database.db.select({ n: count() }).from(scores).where(eq(scores.meetingId, meetingId)))[0]!.n;

describe('a Ninety scorecard preview', () => {
  it('shows what would be created, who was matched and each row in error, and writes nothing', async () => {
    const { admin, member, meeting } = await setup();
    const answer = await send<ImportPreview>(admin, '/imports/preview', SCORECARD, options(meeting.id));
    expect(answer.status).toBe(200);
    const preview = answer.body.result;
    expect(preview).toMatchObject({
      rows: 9,
      create: { kpis: 6, values: 28 },
      merge: { kpis: 0, values: 0 },
      skip: { kpis: 0 },
      weeks: { count: 5, first: '2025-12-15', last: '2026-01-12' },
      errorCount: 3,
    });
    expect(preview.errors).toEqual([
      { row: 8, reason: importsMessages.rowTitleMissing },
      { row: 9, reason: importsMessages.rowValueInvalid('Dec 15 - Dec 21', 'abc') },
      { row: 10, reason: importsMessages.rowDuplicateInFile(2) },
    ]);
    expect(preview.people.map((p) => [p.source, p.rows, p.matched?.id ?? null, p.assigned?.id ?? null])).toEqual([
      ['Ada Person', 5, admin.userId, admin.userId],
      ['Ben Person', 3, member.userId, member.userId],
      ['Carla Unknown', 1, null, null],
    ]);
    expect(preview.candidates.map((p) => p.id).sort()).toEqual([admin.userId, member.userId].sort());
    expect(preview.notes).toEqual([
      { row: 5, reason: importsMessages.noteStrictGoal('< 10', '<= 10') },
      { row: 7, reason: importsMessages.noteFormula },
    ]);
    expect(preview.items.find((item) => item.title === 'Revenue')).toMatchObject({
      goal: '>=',
      target: '5000',
      type: 'dollar',
      values: 4,
      action: 'create',
      owner: 'Ada Person',
    });
    expect(preview.items.find((item) => item.title.startsWith("'=HYPERLINK"))).toBeDefined();
    expect(await scoreCount(meeting.id)).toBe(0);
  });

  it('notes the weeks the meeting has no date in, and maps people the importer picked', async () => {
    const admin = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(admin, [], { startDate: '2026-01-05' });
    const answer = await send<ImportPreview>(
      admin,
      '/imports/preview',
      SCORECARD,
      options(meeting.id, { people: { 'Carla Unknown': admin.userId, 'Ben Person': null } }),
    );
    expect(answer.status).toBe(200);
    const preview = answer.body.result;
    expect(preview.weeks).toEqual({ count: 2, first: '2026-01-05', last: '2026-01-12' });
    expect(preview.notes.slice(0, 3).map((n) => n.reason)).toEqual([
      importsMessages.noteNoMeetingDate('Dec 15 - Dec 21'),
      importsMessages.noteNoMeetingDate('Dec 22 - Dec 28'),
      importsMessages.noteNoMeetingDate('Dec 29 - Jan 4'),
    ]);
    const people = Object.fromEntries(preview.people.map((p) => [p.source, p.assigned?.id ?? null]));
    // Ben is in the workspace but was left unassigned: the meeting's leader will own his KPIs.
    expect(people).toEqual({ 'Ada Person': admin.userId, 'Ben Person': null, 'Carla Unknown': admin.userId });
    expect(preview.create.values).toBe(10);
  });
});

describe('confirming an import', () => {
  it('refuses while rows are in error, then writes the rest with their weekly values on the scorecard', async () => {
    const { admin, member, meeting } = await setup();
    const refused = await send(admin, '/imports', SCORECARD, options(meeting.id));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(importsMessages.importHasErrors);
    expect(await scoreCount(meeting.id)).toBe(0);

    const done = await send<ImportRecord>(
      admin,
      '/imports',
      SCORECARD,
      options(meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': member.userId } }),
      'Ninety scorecard.csv',
    );
    expect(done.status).toBe(201);
    expect(done.body.result).toMatchObject({
      kind: 'ninety-scorecard',
      fileName: 'Ninety scorecard.csv',
      meetingId: meeting.id,
      status: 'done',
      counts: { kpis: 6, values: 28 },
      createdBy: { id: admin.userId },
    });
    const card = await scorecard(admin, meeting.id);
    expect(card.scores.map((r) => r.title)).toEqual([
      'New leads',
      'Close rate',
      'Revenue',
      'Open tickets',
      'Uptime',
      '\'=HYPERLINK("http://evil.example","click")',
    ]);
    expect(card.scores.find((r) => r.title === 'Revenue')).toMatchObject({
      userId: member.userId,
      goal: '>=',
      score: '5000',
      type: 'dollar',
    });
    expect(card.scores.find((r) => r.title === 'Open tickets')).toMatchObject({ goal: '<=', score: '10' });
    expect(card.scores.find((r) => r.title === 'Uptime')).toMatchObject({ score: '99.5', type: 'percentage' });
    expect(valuesOf(card, 'Revenue')).toEqual({
      '2025-12-15': '5200',
      '2025-12-22': '4900',
      '2025-12-29': '5100',
      '2026-01-12': '5300',
    });
    expect(valuesOf(card, 'Open tickets')).toEqual({
      '2025-12-15': '8',
      '2025-12-22': '9',
      '2025-12-29': '12',
      '2026-01-05': '7',
      '2026-01-12': '6',
    });

    const history = await admin.api.get<ImportPage>('/imports');
    expect(history.body.result.total).toBe(1);
    expect(history.body.result.items[0]).toMatchObject({ id: done.body.result.id, counts: { kpis: 6, values: 28 } });
  });

  it('skips KPIs already on the scorecard, or merges their empty weeks, by choice', async () => {
    const { admin, meeting } = await setup();
    const first = await send<ImportRecord>(
      admin,
      '/imports',
      SCORECARD,
      options(meeting.id, { skipInvalidRows: true }),
    );
    expect(first.status).toBe(201);
    const skip = await send<ImportPreview>(admin, '/imports/preview', SCORECARD, options(meeting.id));
    expect(skip.body.result).toMatchObject({ create: { kpis: 0 }, merge: { kpis: 0 }, skip: { kpis: 6 } });
    const nothing = await send(admin, '/imports', SCORECARD, options(meeting.id, { skipInvalidRows: true }));
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(importsMessages.previewNothing);

    // Someone empties one week of Revenue: merging fills that week only.
    const card = await scorecard(admin, meeting.id);
    const revenue = card.scores.find((r) => r.title === 'Revenue')!;
    const dec22 = card.sessions.find((s) => s.sessionDate === '2025-12-22')!;
    expect((await admin.api.put(`/scores/${revenue.id}/cells/${dec22.id}`, { measured: '' })).status).toBe(200);
    const merge = await send<ImportPreview>(
      admin,
      '/imports/preview',
      SCORECARD,
      options(meeting.id, { duplicates: 'merge' }),
    );
    expect(merge.body.result).toMatchObject({ create: { kpis: 0 }, merge: { kpis: 6, values: 1 } });
    const merged = await send<ImportRecord>(
      admin,
      '/imports',
      SCORECARD,
      options(meeting.id, { duplicates: 'merge', skipInvalidRows: true }),
    );
    expect(merged.body.result.counts).toEqual({ kpis: 0, values: 1 });
    expect(valuesOf(await scorecard(admin, meeting.id), 'Revenue')?.['2025-12-22']).toBe('4900');

    // Undoing the merge empties that week again and leaves the KPIs.
    const undone = await admin.api.post<ImportRecord>(`/imports/${merged.body.result.id}/undo`);
    expect(undone.status).toBe(200);
    const after = await scorecard(admin, meeting.id);
    expect(after.scores).toHaveLength(6);
    expect(valuesOf(after, 'Revenue')?.['2025-12-22']).toBeUndefined();
  });
  it('never merges into a formula KPI: its values are computed', async () => {
    const { admin, meeting } = await setup();
    const plain = { userId: admin.userId, goal: '>=', score: '1', type: 'number' };
    const leads = await admin.api.post<Score>(`/meetings/${meeting.id}/scores`, { ...plain, title: 'Leads in' });
    const formula = await admin.api.post<Score>(`/meetings/${meeting.id}/scores`, {
      ...plain,
      title: 'Close rate',
      formula: `{${leads.body.result.id}} * 2`,
    });
    expect(formula.status).toBe(201);
    const merge = await send<ImportPreview>(
      admin,
      '/imports/preview',
      SCORECARD,
      options(meeting.id, { duplicates: 'merge' }),
    );
    expect(merge.body.result.items.find((item) => item.title === 'Close rate')).toMatchObject({ action: 'skip' });
    expect(merge.body.result).toMatchObject({ create: { kpis: 5 }, merge: { kpis: 0 }, skip: { kpis: 1 } });
  });
});

describe('undo', () => {
  it('takes the whole import back, once, and records who did', async () => {
    const { admin, meeting } = await setup();
    const done = await send<ImportRecord>(admin, '/imports', SCORECARD, options(meeting.id, { skipInvalidRows: true }));
    const undone = await admin.api.post<ImportRecord>(`/imports/${done.body.result.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.result).toMatchObject({ status: 'undone', undoneBy: { id: admin.userId } });
    expect(await scoreCount(meeting.id)).toBe(0);
    const again = await admin.api.post(`/imports/${done.body.result.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(importsMessages.undoAlready);
  });

  it('is refused once something the import created was changed', async () => {
    const { admin, member, meeting } = await setup();
    const done = await send<ImportRecord>(admin, '/imports', SCORECARD, options(meeting.id, { skipInvalidRows: true }));
    const card = await scorecard(admin, meeting.id);
    const leads = card.scores.find((r) => r.title === 'New leads')!;
    expect((await member.api.put(`/scores/${leads.id}/cells/${card.sessions[0]!.id}`, { measured: '70' })).status).toBe(
      200,
    );
    const refused = await admin.api.post(`/imports/${done.body.result.id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(importsMessages.undoChanged);
    expect(await scoreCount(meeting.id)).toBe(6);

    const second = await setup();
    const other = await send<ImportRecord>(
      second.admin,
      '/imports',
      SCORECARD,
      options(second.meeting.id, { skipInvalidRows: true }),
    );
    const uptime = (await scorecard(second.admin, second.meeting.id)).scores.find((r) => r.title === 'Uptime')!;
    expect((await second.admin.api.patch<Score>(`/scores/${uptime.id}`, { title: 'Availability' })).status).toBe(200);
    expect((await second.admin.api.post(`/imports/${other.body.result.id}/undo`)).status).toBe(409);
  });
});

describe('who may import', () => {
  it('is for workspace admins: a member gets 403 and nothing is read or written', async () => {
    const { member, meeting } = await setup();
    const answer = await send(member, '/imports/preview', SCORECARD, options(meeting.id));
    expect(answer.status).toBe(403);
    expect((await send(member, '/imports', SCORECARD, options(meeting.id, { skipInvalidRows: true }))).status).toBe(
      403,
    );
    expect((await member.api.get('/imports')).status).toBe(403);
    expect(await scoreCount(meeting.id)).toBe(0);
  });

  it("gives 404 for another workspace's meeting, person or import, and changes nothing", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreignMeeting = await send(
      mine.admin,
      '/imports',
      SCORECARD,
      options(theirs.meeting.id, { skipInvalidRows: true }),
    );
    expect(foreignMeeting.status).toBe(404);
    const foreignPerson = await send(
      mine.admin,
      '/imports',
      SCORECARD,
      options(mine.meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': theirs.member.userId } }),
    );
    expect(foreignPerson.status).toBe(404);
    expect(await scoreCount(theirs.meeting.id)).toBe(0);
    expect(await scoreCount(mine.meeting.id)).toBe(0);

    const done = await send<ImportRecord>(
      theirs.admin,
      '/imports',
      SCORECARD,
      options(theirs.meeting.id, { skipInvalidRows: true }),
    );
    expect((await mine.admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(404);
    expect(await scoreCount(theirs.meeting.id)).toBe(6);
    expect((await mine.admin.api.get<ImportPage>('/imports')).body.result.total).toBe(0);
  });

  it('refuses a mapped person who is not in the meeting', async () => {
    const { admin, meeting } = await setup();
    const outsider = await signUp(app);
    const inWorkspace = await createMeeting(admin, []);
    const answer = await send(
      admin,
      '/imports/preview',
      SCORECARD,
      options(inWorkspace.id, { people: { 'Carla Unknown': outsider.userId } }),
    );
    expect(answer.status).toBe(404);
    expect(meeting.id).toBeTruthy();
  });
});
