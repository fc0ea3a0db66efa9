import { and, count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { PNG_PIXEL } from '../../../../test/factories.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { boardMeetings, boards, imports, tasks } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview } from '../imports.schemas.ts';
import { BOARD_CARDS_MAX } from './board-source.ts';
import { JSON_MAX_DEPTH } from './json-reader.ts';

// Board exports that are broken, hostile or fail half way: a 4xx that says why, never a 500
// (except the failure made on purpose), and nothing written.

const POISON = 'Refused by the database for the test';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  for (const statement of [
    `create or replace function imports_board_test_refuse() returns trigger language plpgsql as $$
     begin
       if new.title = '${POISON}' then raise exception 'refused for the test'; end if;
       return new;
     end $$`,
    'drop trigger if exists imports_board_test_refuse on tasks',
    `create trigger imports_board_test_refuse before insert on tasks
     for each row execute function imports_board_test_refuse()`,
  ]) {
    await app.database.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await app.database.db.execute(sql.raw('drop trigger if exists imports_board_test_refuse on tasks'));
  await app.database.db.execute(sql.raw('drop function if exists imports_board_test_refuse()'));
  await app.close();
});

const { send, setup } = importsFixtures(() => app);
const trello = (meetingId: string) => ({ kind: 'trello-board', meetingId, skipInvalidRows: true });
const boardCount = async (meetingId: string) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(boards)
      .innerJoin(boardMeetings, eq(boardMeetings.boardId, boards.id))
      .where(eq(boardMeetings.meetingId, meetingId))
  )[0]!.n;

const card = (i: number, name: string) => ({
  id: `c${i}`,
  name,
  desc: '',
  idList: 'l1',
  idLabels: [],
  idChecklists: [],
  idMembers: [],
  due: null,
  closed: false,
  pos: i,
});
const board = (cards: unknown[]) =>
  Buffer.from(JSON.stringify({ name: 'Hostile', lists: [{ id: 'l1', name: 'To do', closed: false, pos: 1 }], cards }));

describe('hostile and broken board files', () => {
  it('answers each with a 400 that says why, and writes nothing', async () => {
    const { admin, meeting } = await setup();
    const boardsBefore = await boardCount(meeting.id);
    const cases: [string, Buffer, string][] = [
      ['broken JSON', Buffer.from('{"name": "x", "lists": ['), importsMessages.jsonBroken],
      ['empty', Buffer.from(''), importsMessages.fileEmpty],
      ['Latin-1 bytes', Buffer.from('{"name":"Caf\xe9"}', 'latin1'), importsMessages.jsonNotUtf8],
      ['a picture', PNG_PIXEL, importsMessages.jsonNotUtf8],
      [
        'deep nesting',
        Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`),
        importsMessages.jsonTooDeep(JSON_MAX_DEPTH),
      ],
      [
        'nesting hidden in a field',
        Buffer.from(`{"name":"x","lists":[],"cards":[],"desc":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`),
        importsMessages.jsonTooDeep(JSON_MAX_DEPTH),
      ],
      [
        'an array',
        Buffer.from('[1,2,3]'),
        importsMessages.notTrelloBoard('Invalid input: expected object, received array'),
      ],
      [
        'a card without a list',
        Buffer.from('{"name":"x","lists":[],"cards":[{"id":"c","name":"A"}]}'),
        importsMessages.notTrelloBoard(`cards.0.idList: ${messages.required}`),
      ],
      [
        'too many cards',
        board(Array.from({ length: BOARD_CARDS_MAX + 1 }, (_, i) => card(i, `Card ${i}`))),
        importsMessages.tooManyCards(BOARD_CARDS_MAX),
      ],
      [
        'a Planka file as Trello',
        fixture('planka-board.json'),
        importsMessages.notTrelloBoard(`name: ${messages.required}`),
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await send(admin, '/imports', bytes, trello(meeting.id), 'board.json');
      expect([answer.status, answer.body.message], name).toEqual([400, message]);
    }
    const planka = await send(admin, '/imports/preview', fixture('trello-board.json'), {
      kind: 'planka-board',
      meetingId: meeting.id,
    });
    expect(planka.status).toBe(400);
    expect(planka.body.message).toMatch(/^This is not a Planka board export/);
    expect(await boardCount(meeting.id)).toBe(boardsBefore);
  });

  it('keeps markup and formulas in titles and descriptions as plain text', async () => {
    const { admin, meeting } = await setup();
    const file = board([
      { ...card(1, '<img src=x onerror=alert(1)>Launch'), desc: '<iframe src="https://evil.example"></iframe>' },
      card(2, '@SUM(A1:A9)'),
    ]);
    const answer = await send<ImportPreview>(admin, '/imports/preview', file, trello(meeting.id));
    expect(answer.status).toBe(200);
    expect(answer.body.result.items.map((item) => item.title)).toEqual([
      '<img src=x onerror=alert(1)>Launch',
      "'@SUM(A1:A9)",
    ]);
    const done = await send(admin, '/imports', file, trello(meeting.id));
    expect(done.status).toBe(201);
    const [made] = await app.database.db
      .select({ title: tasks.title, description: tasks.description })
      .from(tasks)
      .where(and(eq(tasks.tenantId, admin.tenantId), like(tasks.title, '%Launch%')));
    expect(made!.title).not.toContain('<img');
    expect(made!.description).not.toContain('<iframe');
  });
});

describe('a board import that fails half way', () => {
  it('writes nothing at all: no board, no card, no record', async () => {
    const { admin, meeting } = await setup();
    const boardsBefore = await boardCount(meeting.id);
    const file = board([card(1, 'First'), card(2, 'Second'), card(3, POISON), card(4, 'Fourth')]);
    const preview = await send(admin, '/imports/preview', file, trello(meeting.id));
    expect(preview.status).toBe(200);
    const answer = await send(admin, '/imports', file, trello(meeting.id));
    expect(answer.status).toBe(500);
    expect(await boardCount(meeting.id)).toBe(boardsBefore);
    const db = app.database.db;
    expect((await db.select({ n: count() }).from(imports).where(eq(imports.tenantId, admin.tenantId)))[0]!.n).toBe(0);
  });
});
