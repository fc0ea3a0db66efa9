import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { cardsOf, csv, standingOf, TODOS_MAPPING, todosFile } from '../../../../test/csv-imports-fixtures.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { importsMessages } from '../imports.messages.ts';
import type { CsvColumns, ImportPreview, ImportRecord } from '../imports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const todos = (meetingId: string, extra: Record<string, unknown> = {}) => ({
  kind: 'csv-todos',
  meetingId,
  columns: TODOS_MAPPING,
  ...extra,
});

describe('the columns step of a generic CSV', () => {
  it('answers the headers, the first rows (neutralised) and a mapping suggested from the header names', async () => {
    const { admin, member } = await setup();
    const answer = await send<CsvColumns>(admin, '/imports/columns', todosFile(member.email), { kind: 'csv-todos' });
    expect(answer.status).toBe(200);
    const columns = answer.body.result;
    expect(columns.headers).toEqual(['Task', 'Notes', 'Assignee', 'Due', 'Done']);
    expect(columns.samples).toHaveLength(5);
    expect(columns.samples[0]).toEqual(['Call the bank', 'Ask about the loan', 'Ada Person', '13/04/2026', 'no']);
    expect(columns.samples[4]![0]).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(columns.suggested).toEqual(TODOS_MAPPING);
    expect(columns.fields.filter((f) => f.required).map((f) => f.field)).toEqual(['title']);

    const people = await send<CsvColumns>(admin, '/imports/columns', csv(['E-mail,First Name,Surname,Role']), {
      kind: 'csv-people',
    });
    expect(people.body.result.suggested).toEqual({
      email: 'E-mail',
      firstName: 'First Name',
      lastName: 'Surname',
      role: 'Role',
    });
  });

  it('is for admins and generic kinds only, and refuses an empty file', async () => {
    const { admin, member } = await setup();
    const file = todosFile(member.email);
    expect((await send(member, '/imports/columns', file, { kind: 'csv-todos' })).status).toBe(403);
    expect((await send(admin, '/imports/columns', file, { kind: 'ninety-scorecard' })).status).toBe(400);
    expect((await send(admin, '/imports/columns', file, { kind: 'csv-todos', extra: 1 })).status).toBe(400);
    const empty = await send<unknown>(admin, '/imports/columns', Buffer.from(''), { kind: 'csv-todos' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: importsMessages.fileEmpty });
  });
});

describe('a to-dos CSV', () => {
  it('previews each row: counts, people matched, dates read day first from the column, errors by row', async () => {
    const { admin, member, meeting } = await setup();
    const answer = await send<ImportPreview>(admin, '/imports/preview', todosFile(member.email), todos(meeting.id));
    expect(answer.status).toBe(200);
    const preview = answer.body.result;
    expect(preview).toMatchObject({
      kind: 'csv-todos',
      rows: 7,
      create: { kpis: 4, values: 0 },
      skip: { kpis: 0 },
      errorCount: 3,
      dateOrder: 'dmy',
    });
    expect(preview.errors).toEqual([
      { row: 4, reason: importsMessages.rowTitleMissing },
      { row: 5, reason: importsMessages.rowDueInvalid('31/02/2026') },
      { row: 8, reason: importsMessages.rowDuplicateInFile(2) },
    ]);
    expect(preview.notes).toEqual([
      { row: 1, reason: importsMessages.noteDateOrder('dmy') },
      { row: 6, reason: importsMessages.noteFormula },
    ]);
    expect(preview.people.map((p) => [p.source, p.rows, p.matched?.id ?? null, p.assigned?.id ?? null])).toEqual([
      ['Ada Person', 1, admin.userId, admin.userId],
      [member.email, 1, member.userId, member.userId],
      ['Carla Unknown', 1, null, null],
    ]);
    expect(preview.items.map((i) => [i.row, i.title, i.group, i.owner])).toEqual([
      [2, 'Call the bank', '2026-04-13', 'Ada Person'],
      [3, 'Send invoices', '2026-05-01', 'Ben Person'],
      [6, '\'=HYPERLINK("http://evil.test","x")', null, 'Ada Person'],
      [7, 'Plan the offsite', '2026-06-30', 'Ada Person'],
    ]);
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);
  });

  it('makes the importer choose the order when every date reads both ways', async () => {
    const { admin, meeting } = await setup();
    const file = csv(['Title,Due', 'Renew the lease,03/04/2026', 'Pay rent,2026-05-01']);
    const columns = { title: 'Title', dueDate: 'Due' };
    const open = await send<ImportPreview>(admin, '/imports/preview', file, todos(meeting.id, { columns }));
    expect(open.body.result.dateOrder).toBeNull();
    expect(open.body.result.errors).toEqual([{ row: 2, reason: importsMessages.rowDateAmbiguous('03/04/2026') }]);
    const chosen = await send<ImportRecord>(admin, '/imports', file, todos(meeting.id, { columns, dateOrder: 'mdy' }));
    expect(chosen.status).toBe(201);
    expect((await cardsOf(app, meeting.id, '4')).map((c) => [c.title, c.dueDate])).toEqual([
      ['Pay rent', '2026-05-01'],
      ['Renew the lease', '2026-03-04'],
    ]);
  });

  it('holds the mapping strictly: the required field, the kind’s fields only, headers the file has', async () => {
    const { admin, member, meeting } = await setup();
    const file = todosFile(member.email);
    const cases: [Record<string, unknown>, string][] = [
      [{ columns: { owner: 'Assignee' } }, 'columns.title'],
      [{ columns: { title: 'Task', goal: 'Notes' } }, 'columns.goal'],
      [{ columns: { title: 'Task', nonsense: 'Notes' } }, 'columns'],
      [{ columns: undefined }, 'columns.title'],
      [{ dateOrder: 'ymd' }, 'dateOrder'],
    ];
    for (const [extra, field] of cases) {
      const answer = await send<unknown>(admin, '/imports/preview', file, todos(meeting.id, extra));
      expect(answer.status, field).toBe(400);
      expect(JSON.stringify(answer.body), field).toContain(field.split('.')[0]);
    }
    const scorecard = await send<unknown>(admin, '/imports/preview', file, {
      kind: 'ninety-scorecard',
      meetingId: meeting.id,
      columns: { title: 'Task' },
    });
    expect(scorecard.status).toBe(400);
    const missing = await send<unknown>(
      admin,
      '/imports/preview',
      file,
      todos(meeting.id, { columns: { title: 'Name' } }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: importsMessages.columnMissing('Name') });
  });

  it('writes nothing while rows are in error, then all the good rows at once; Undo takes them back', async () => {
    const { admin, member, meeting } = await setup();
    const file = todosFile(member.email);
    const refused = await send<unknown>(admin, '/imports', file, todos(meeting.id));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: importsMessages.importHasErrors });
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);

    const done = await send<ImportRecord>(admin, '/imports', file, todos(meeting.id, { skipInvalidRows: true }));
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ todos: 4 });
    const cards = await cardsOf(app, meeting.id, '4');
    expect(cards.map((c) => [c.title, c.status, c.dueDate, c.userId])).toEqual([
      ['\'=HYPERLINK("http://evil.test","x")', '0', null, admin.userId],
      ['Call the bank', '0', '2026-04-13', admin.userId],
      ['Plan the offsite', '0', '2026-06-30', admin.userId],
      ['Send invoices', '1', '2026-05-01', member.userId],
    ]);
    expect(cards.find((c) => c.title === 'Call the bank')?.description).toBe('<p>Ask about the loan</p>');

    // Again, skip or merge: everything is in the meeting already.
    for (const duplicates of ['skip', 'merge']) {
      const again = await send<ImportPreview>(
        admin,
        '/imports/preview',
        file,
        todos(meeting.id, { skipInvalidRows: true, duplicates }),
      );
      expect(again.body.result.create.kpis, duplicates).toBe(0);
      expect(again.body.result.skip.kpis, duplicates).toBe(4);
      expect(again.body.result.notes, duplicates).toContainEqual({
        row: 2,
        reason: importsMessages.noteDuplicateTitle('Call the bank'),
      });
      const confirm = await send<unknown>(
        admin,
        '/imports',
        file,
        todos(meeting.id, { skipInvalidRows: true, duplicates }),
      );
      expect(confirm.status).toBe(400);
    }

    const undo = await admin.api.post<ImportRecord>(`/imports/${done.body.result.id}/undo`);
    expect(undo.status).toBe(200);
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);
  });

  it('refuses Undo once one of the to-dos changed, and keeps them all', async () => {
    const { admin, member, meeting } = await setup();
    const done = await send<ImportRecord>(
      admin,
      '/imports',
      todosFile(member.email),
      todos(meeting.id, { skipInvalidRows: true }),
    );
    const [first] = await cardsOf(app, meeting.id, '4');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await admin.api.patch(`/tasks/${first!.id}`, { title: 'Renamed' })).status).toBe(200);
    const undo = await admin.api.post<unknown>(`/imports/${done.body.result.id}/undo`);
    expect(undo.status).toBe(409);
    expect(await cardsOf(app, meeting.id, '4')).toHaveLength(4);
  });
});

describe('inviting the people a file names by email', () => {
  it('invites a new address and an account of elsewhere; their rows go to the meeting leader; Undo withdraws both', async () => {
    const { admin, meeting } = await setup();
    const outsider = await signUp(app, { firstName: 'Olga' });
    const file = csv([
      'Title,Owner',
      'Order chairs,new.person@example.test',
      `Fix the printer,${outsider.email}`,
      'Water plants,Carla Unknown',
    ]);
    const people = { 'new.person@example.test': 'invite', [outsider.email]: 'invite' };
    const columns = { title: 'Title', owner: 'Owner' };
    const preview = await send<ImportPreview>(admin, '/imports/preview', file, todos(meeting.id, { columns, people }));
    expect(preview.status).toBe(200);
    expect(preview.body.result.invites).toBe(2);
    // Both look alike before the import: whether an address has an account is not shown.
    expect(preview.body.result.people.map((p) => [p.source, p.matched, p.assigned, p.invite ?? false])).toEqual([
      ['new.person@example.test', null, null, true],
      [outsider.email, null, null, true],
      ['Carla Unknown', null, null, false],
    ]);

    const done = await send<ImportRecord>(admin, '/imports', file, todos(meeting.id, { columns, people }));
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ todos: 3, invitations: 1, accounts: 1 });
    expect(await standingOf(app, admin.tenantId, ['new.person@example.test', outsider.email])).toEqual({
      'new.person@example.test': { account: true, member: 'member', invited: false },
      [outsider.email]: { account: true, member: null, invited: true },
    });
    expect((await cardsOf(app, meeting.id, '4')).every((c) => c.userId === admin.userId)).toBe(true);

    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(200);
    expect(await standingOf(app, admin.tenantId, ['new.person@example.test', outsider.email])).toEqual({
      'new.person@example.test': { account: true, member: null, invited: false },
      [outsider.email]: { account: true, member: null, invited: false },
    });
  });

  it('keeps an invitation that was accepted when the import is undone', async () => {
    const { admin, meeting } = await setup();
    const outsider = await signUp(app, { firstName: 'Pia' });
    const file = csv(['Title,Owner', `Fix the door,${outsider.email}`]);
    const options = todos(meeting.id, {
      columns: { title: 'Title', owner: 'Owner' },
      people: { [outsider.email]: 'invite' },
    });
    const done = await send<ImportRecord>(admin, '/imports', file, options);
    expect(done.status).toBe(201);
    const open = await outsider.api.get<{ id: string; workspace: { id: string } }[]>('/invitations');
    const invitation = open.body.result.find((i) => i.workspace.id === admin.tenantId)!;
    expect((await outsider.api.post(`/invitations/${invitation.id}/accept`)).status).toBe(200);
    expect((await admin.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(200);
    expect((await standingOf(app, admin.tenantId, [outsider.email]))[outsider.email]!.member).toBe('member');
  });

  it('invites only addresses the workspace lacks: a name or a matched member is a 400', async () => {
    const { admin, member, meeting } = await setup();
    const file = csv(['Title,Owner', `A,${member.email}`, 'B,Carla Unknown']);
    const columns = { title: 'Title', owner: 'Owner' };
    for (const source of [member.email, 'Carla Unknown', 'nobody@example.test']) {
      const answer = await send<unknown>(
        admin,
        '/imports/preview',
        file,
        todos(meeting.id, { columns, people: { [source]: 'invite' } }),
      );
      expect(answer.status, source).toBe(400);
      expect(answer.body, source).toMatchObject({ message: importsMessages.inviteOnlyUnmatched(source) });
    }
  });
});

describe('generic CSV and other workspaces', () => {
  it('answers 404 for another workspace’s meeting or person, and writes nothing', async () => {
    const { admin, member, meeting } = await setup();
    const other = await signUp(app, { firstName: 'Zed' });
    const theirs = await createMeeting(other, []);
    const file = todosFile(member.email);
    const foreignMeeting = await send<unknown>(admin, '/imports', file, todos(theirs.id, { skipInvalidRows: true }));
    expect(foreignMeeting.status).toBe(404);
    const foreignPerson = await send<unknown>(
      admin,
      '/imports',
      file,
      todos(meeting.id, { skipInvalidRows: true, people: { 'Carla Unknown': other.userId } }),
    );
    expect(foreignPerson.status).toBe(404);
    expect(await cardsOf(app, meeting.id, '4')).toEqual([]);
    expect(await cardsOf(app, theirs.id, '4')).toEqual([]);
    const people = await send<unknown>(admin, '/imports', csv(['Email', 'x@example.test']), {
      kind: 'csv-people',
      meetingId: theirs.id,
      columns: { email: 'Email' },
    });
    expect(people.status).toBe(404);
    expect((await standingOf(app, admin.tenantId, ['x@example.test']))['x@example.test']!.account).toBe(false);

    // Another workspace's admin cannot undo this workspace's import by its id.
    const done = await send<ImportRecord>(admin, '/imports', file, todos(meeting.id, { skipInvalidRows: true }));
    expect((await other.api.post(`/imports/${done.body.result.id}/undo`)).status).toBe(404);
    expect(await cardsOf(app, meeting.id, '4')).toHaveLength(4);
  });
});
