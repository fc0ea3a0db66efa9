import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { cardsOf, csv, scoresOf, standingOf } from '../../../../test/csv-imports-fixtures.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview, ImportRecord } from '../imports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);

describe('an issues CSV', () => {
  it('makes open and solved issues of the meeting, and refuses a status it cannot read', async () => {
    const { admin, member, meeting } = await setup();
    const file = csv([
      'Subject;Who;State'.replaceAll(';', ','),
      `Churn is up,${member.email},Open`,
      'Hiring is slow,,Solved',
      'Website is down,,maybe',
    ]);
    const options = {
      kind: 'csv-issues',
      meetingId: meeting.id,
      columns: { title: 'Subject', owner: 'Who', status: 'State' },
    };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, options);
    expect(preview.body.result).toMatchObject({ rows: 3, create: { kpis: 2 }, errorCount: 1 });
    expect(preview.body.result.errors).toEqual([{ row: 4, reason: importsMessages.rowDoneInvalid('maybe') }]);
    const done = await send<ImportRecord>(admin, '/imports', file, { ...options, skipInvalidRows: true });
    expect(done.body.result.counts).toEqual({ issues: 2 });
    expect((await cardsOf(app, meeting.id, '2')).map((c) => [c.title, c.status, c.userId])).toEqual([
      ['Churn is up', '0', member.userId],
      ['Hiring is slow', '1', admin.userId],
    ]);
  });
});

describe('a goals CSV', () => {
  it('reads the goals’ statuses and month-first dates told by the column', async () => {
    const { admin, meeting } = await setup();
    const file = csv([
      'Rock,Status,Due date',
      'Launch the app,Off Track,12/31/2026',
      'Hire a CFO,on-track,03/04/2026',
      'Open an office,Done,',
      'Raise prices,Stalled,',
      'Fix billing,,13/13/2026',
    ]);
    const options = {
      kind: 'csv-goals',
      meetingId: meeting.id,
      columns: { title: 'Rock', status: 'Status', dueDate: 'Due date' },
    };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, options);
    expect(preview.body.result).toMatchObject({ rows: 5, create: { kpis: 3 }, errorCount: 2, dateOrder: 'mdy' });
    expect(preview.body.result.errors).toEqual([
      { row: 5, reason: importsMessages.rowGoalStatusInvalid('Stalled') },
      { row: 6, reason: importsMessages.rowDueInvalid('13/13/2026') },
    ]);
    const done = await send<ImportRecord>(admin, '/imports', file, { ...options, skipInvalidRows: true });
    expect(done.body.result.counts).toEqual({ goals: 3 });
    expect((await cardsOf(app, meeting.id, '1')).map((c) => [c.title, c.status, c.dueDate])).toEqual([
      ['Hire a CFO', '0', '2026-03-04'],
      ['Launch the app', '2', '2026-12-31'],
      ['Open an office', '1', null],
    ]);
  });
});

describe('a KPIs CSV', () => {
  it('reads goals as the scorecard import does, with types, units and frequencies; duplicates are skipped', async () => {
    const { admin, member, meeting } = await setup();
    const file = csv([
      'KPI,Target,Owner,Unit,Frequency,Type',
      `Revenue,"$5,000",${member.email},,Monthly,`,
      'Churn,< 10%,,,,',
      'Calls made,>= 50,Ada Person,calls,weekly,',
      'Happiness,lots,,,,',
      'Visits,10,,,fortnightly,',
      'NPS,= 40,,,,colour',
    ]);
    const options = {
      kind: 'csv-kpis',
      meetingId: meeting.id,
      columns: { title: 'KPI', goal: 'Target', owner: 'Owner', units: 'Unit', frequency: 'Frequency', type: 'Type' },
    };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, options);
    expect(preview.body.result).toMatchObject({ rows: 6, create: { kpis: 3 }, errorCount: 3 });
    expect(preview.body.result.errors).toEqual([
      { row: 5, reason: importsMessages.rowGoalInvalid('lots') },
      { row: 6, reason: importsMessages.rowFrequencyInvalid('fortnightly') },
      { row: 7, reason: importsMessages.rowTypeInvalid('colour') },
    ]);
    expect(preview.body.result.notes).toEqual([{ row: 3, reason: importsMessages.noteStrictGoal('< 10%', '<= 10') }]);
    const done = await send<ImportRecord>(admin, '/imports', file, { ...options, skipInvalidRows: true });
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ kpis: 3 });
    expect(await scoresOf(app, meeting.id)).toEqual([
      {
        title: 'Calls made',
        goal: '>=',
        score: '50',
        type: 'number',
        units: 'calls',
        frequency: 'weekly',
        userId: admin.userId,
      },
      {
        title: 'Churn',
        goal: '<=',
        score: '10',
        type: 'percentage',
        units: null,
        frequency: 'weekly',
        userId: admin.userId,
      },
      {
        title: 'Revenue',
        goal: '>=',
        score: '5000',
        type: 'dollar',
        units: null,
        frequency: 'monthly',
        userId: member.userId,
      },
    ]);
    const again = await send<ImportPreview>(admin, '/imports/preview', file, { ...options, duplicates: 'merge' });
    expect(again.body.result).toMatchObject({ create: { kpis: 0 }, skip: { kpis: 3 } });

    // Undo is refused once a KPI changed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const card = await admin.api.get<{ scores: { id: string; title: string }[] }>(`/meetings/${meeting.id}/kpis`);
    const churn = card.body.result.scores.find((s) => s.title === 'Churn')!;
    expect((await admin.api.patch(`/scores/${churn.id}`, { title: 'Churn rate' })).status).toBe(200);
    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(409);
    expect(await scoresOf(app, meeting.id)).toHaveLength(3);
  });
});

describe('a people CSV', () => {
  it('invites new addresses, skips members, refuses bad rows; Undo withdraws the unused invitations', async () => {
    const { admin, member, meeting } = await setup();
    const file = csv([
      'Email,First name,Last name,Role',
      'dana.new@example.test,Dana,New,admin',
      `${member.email.toUpperCase()},Ben,Person,member`,
      'not-an-email,X,Y,',
      'eli.new@example.test,Eli,New,owner',
      'dana.new@example.test,Dana,Again,',
      'fay@example.test,=cmd(),,',
    ]);
    const options = {
      kind: 'csv-people',
      meetingId: meeting.id,
      columns: { email: 'Email', firstName: 'First name', lastName: 'Last name', role: 'Role' },
    };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, options);
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({ rows: 6, create: { kpis: 2 }, skip: { kpis: 1 }, invites: 2 });
    expect(preview.body.result.errors).toEqual([
      { row: 4, reason: importsMessages.rowEmailInvalid('not-an-email') },
      { row: 5, reason: importsMessages.rowRoleInvalid('owner') },
      { row: 6, reason: importsMessages.rowEmailDuplicate(2) },
    ]);
    expect(preview.body.result.notes).toEqual([
      { row: 1, reason: importsMessages.noteInvitedNotAdmin },
      { row: 7, reason: importsMessages.noteFormula },
      { row: 3, reason: importsMessages.noteAlreadyMember(member.email.toLowerCase()) },
    ]);
    const done = await send<ImportRecord>(admin, '/imports', file, { ...options, skipInvalidRows: true });
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ accounts: 2 });
    expect(await standingOf(app, admin.tenantId, ['dana.new@example.test', 'fay@example.test'])).toEqual({
      'dana.new@example.test': { account: true, member: 'admin', invited: false },
      'fay@example.test': { account: true, member: 'member', invited: false },
    });
    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(200);
    expect(await standingOf(app, admin.tenantId, ['dana.new@example.test', 'fay@example.test'])).toEqual({
      'dana.new@example.test': { account: true, member: null, invited: false },
      'fay@example.test': { account: true, member: null, invited: false },
    });
  });
});

describe('hostile and large generic CSVs', () => {
  it('reads Windows-1252, refuses binary and NUL bytes, and a file past 50,000 rows, with a 400', async () => {
    const { admin, meeting } = await setup();
    const options = { kind: 'csv-todos', meetingId: meeting.id, columns: { title: 'Title' } };
    const latin = Buffer.from('Title\r\nCaf\xe9 visits \x96 north\r\n', 'latin1');
    const read = await send<ImportPreview>(admin, '/imports/preview', latin, options);
    expect(read.body.result.items.map((i) => i.title)).toEqual(['Café visits – north']);
    const nul = await send<unknown>(admin, '/imports/preview', Buffer.from('Title\nA\0B\n'), options);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ message: importsMessages.fileNotText });
    const rows = Array.from({ length: 50_001 }, (_, i) => `Item ${i}`);
    const large = await send<unknown>(admin, '/imports/columns', csv(['Title', ...rows]), { kind: 'csv-todos' });
    expect(large.status).toBe(200);
    const tooMany = await send<unknown>(admin, '/imports/preview', csv(['Title', ...rows]), options);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: importsMessages.tooManyRows(50_000) });
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);
  });

  it('previews 50,000 rows', async () => {
    const { admin, meeting } = await setup();
    const rows = Array.from({ length: 50_000 }, (_, i) => `Item ${i},2026-01-${String((i % 28) + 1).padStart(2, '0')}`);
    const options = { kind: 'csv-todos', meetingId: meeting.id, columns: { title: 'Title', dueDate: 'Due' } };
    const started = performance.now();
    const answer = await send<ImportPreview>(admin, '/imports/preview', csv(['Title,Due', ...rows]), options);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ rows: 50_000, create: { kpis: 50_000 }, errorCount: 0 });
    expect(answer.body.result.items).toHaveLength(200);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
