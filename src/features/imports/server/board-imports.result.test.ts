import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { trelloBoardFile } from '../../../../test/board-imports-fixtures.ts';
import type { SignedUp } from '../../../../test/factories.ts';
import { importsFixtures } from '../../../../test/imports-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { ImportRecord } from '../imports.schemas.ts';

// What a board import makes, row for row: the cards with their lists, places, labels, members,
// checklists and comments. The expected file was written by the card-by-card import; the bulk
// one must make the same (ids and moments aside, as people, lists and labels are named).

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every card of the meeting's board of that name, with its parts, ids replaced by names. */
const boardDigest = async (meetingId: string, boardName: string, people: Record<string, string>) => {
  const who = (id: string | null) => (id ? (people[id] ?? 'someone else') : null);
  const cards = await rowsOf<Record<string, unknown>>(sql`
    select t.id::text, t.title, t.description, t.type, t.status, t.due_date::text as "dueDate",
           t.user_id::text as "userId", l.name as list, t.sort, t.show_in_tasks as "showInTasks",
           t.is_locked as "isLocked", t.completed_at is not null as completed,
           t.created_by::text as "createdBy", t.quarter_id as "quarterId", t.reminder,
           (select coalesce(json_agg(m.meeting_id::text), '[]') from task_meetings m where m.task_id = t.id) as meetings,
           (select coalesce(json_agg(m.user_id::text order by m.user_id), '[]') from task_members m where m.task_id = t.id) as members,
           (select count(*)::int from task_watchers w where w.task_id = t.id) as watchers,
           (select coalesce(json_agg(lb.name || ' ' || lb.color order by lb.name, lb.color), '[]')
              from task_labels tl join labels lb on lb.id = tl.label_id where tl.task_id = t.id) as labels,
           (select coalesce(json_agg(json_build_object('title', c.title, 'sort', c.sort, 'items',
                (select coalesce(json_agg(json_build_array(i.title, i.status, i.sort, i.owner_id, i.due_date)
                   order by i.sort), '[]') from checklist_items i where i.checklist_id = c.id))
              order by c.sort), '[]') from checklists c where c.task_id = t.id) as checklists,
           (select coalesce(json_agg(json_build_array(a.description, a.created_by::text, a.via_token_id)
              order by a.created_at, a.id), '[]') from activities a where a.task_id = t.id) as comments
      from tasks t
      join boards b on b.id = t.board_id
      join board_meetings bm on bm.board_id = b.id and bm.meeting_id = ${meetingId}
      left join board_lists l on l.id = t.board_list_id
     where b.name = ${boardName}
     order by l.sort, t.sort, t.title`);
  const lists = await rowsOf<{ name: string; sort: number }>(sql`
    select l.name, l.sort from board_lists l join boards b on b.id = l.board_id
      join board_meetings bm on bm.board_id = b.id and bm.meeting_id = ${meetingId}
     where b.name = ${boardName} order by l.sort`);
  const labels = await rowsOf<{ name: string; color: string }>(sql`
    select lb.name, lb.color from labels lb join boards b on b.id = lb.board_id
      join board_meetings bm on bm.board_id = b.id and bm.meeting_id = ${meetingId}
     where b.name = ${boardName} order by lb.name, lb.color`);
  return {
    lists,
    labels,
    cards: cards.map(({ id: _id, ...card }) => ({
      ...card,
      userId: who(card.userId as string),
      createdBy: who(card.createdBy as string),
      meetings: (card.meetings as string[]).map((id) => (id === meetingId ? 'the meeting' : id)),
      members: (card.members as string[]).map(who).sort(),
      comments: (card.comments as [string, string, string | null][]).map(([text, by, token]) => [text, who(by), token]),
    })),
  };
};

const peopleOf = (admin: SignedUp, member: SignedUp) => ({ [admin.userId]: 'Ada', [member.userId]: 'Ben' });

describe('the cards a board import makes', () => {
  it('carry their lists, places, labels, members, checklists and comments as the card-by-card import made them', async () => {
    const { admin, member, meeting } = await setup();
    const done = await send<ImportRecord>(admin, '/imports', trelloBoardFile(30, 'Compared'), {
      kind: 'trello-board',
      meetingId: meeting.id,
    });
    expect(done.status).toBe(201);
    expect(done.body.result.counts).toEqual({ boards: 1, lists: 3, cards: 26, checklistItems: 63, comments: 39 });
    const digest = await boardDigest(meeting.id, 'Compared', peopleOf(admin, member));
    await expect(`${JSON.stringify(digest, null, 1)}\n`).toMatchFileSnapshot('./fixtures/board-import-made.json');
  });

  it('adds new cards and merges the others into the board of that name as the card-by-card import did', async () => {
    const { admin, member, meeting } = await setup();
    const options = { kind: 'trello-board', meetingId: meeting.id, people: { 'Carla Unknown': member.userId } };
    expect((await send(admin, '/imports', trelloBoardFile(12, 'Merged'), options)).status).toBe(201);
    const merged = await send<ImportRecord>(admin, '/imports', trelloBoardFile(24, 'Merged'), {
      ...options,
      duplicates: 'merge',
    });
    expect(merged.status).toBe(201);
    const digest = await boardDigest(meeting.id, 'Merged', peopleOf(admin, member));
    await expect(`${JSON.stringify(digest, null, 1)}\n`).toMatchFileSnapshot('./fixtures/board-import-merged.json');

    // Undo takes back the second import only: the first import's cards as they were.
    expect((await admin.api.post(`/imports/${merged.body.result.id}/undo`)).status).toBe(200);
    const first = await boardDigest(meeting.id, 'Merged', peopleOf(admin, member));
    expect(first.cards).toHaveLength(11);
    expect(first.cards.flatMap((card) => card.comments)).toHaveLength(16);
  });
});

describe('a live meeting during a board import', () => {
  it('hears one task.changed for the cards, not one a card', async () => {
    const { admin, member, meeting } = await setup();
    const ben = await connect(baseUrl, member.token);
    expect(await ben.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    const done = await send<ImportRecord>(admin, '/imports', trelloBoardFile(30, 'Heard'), {
      kind: 'trello-board',
      meetingId: meeting.id,
    });
    expect(done.status).toBe(201);
    const cardEvents = () => ben.received.filter((m) => m.type === 'task.changed');
    await eventually(() => cardEvents().length > 0);
    await settle();
    expect(cardEvents()).toHaveLength(1);
    expect(cardEvents()[0]!.data).toMatchObject({ action: 'created', part: 'many' });
    ben.socket.close();
  });
});
