import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCountingApp, testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { TASK_LIST_MAX_PAGE, TASK_TYPE } from '../../../shared/tasks.ts';
import type { Task, TaskCounts, TaskPage } from '../tasks.schemas.ts';

// The action-item lists page on the server (issue "The API under load", decision 039): each
// page in the order the dashboard shows it, with the whole list's total, and the tabs' counts.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const add = async (who: SignedUp, meetingId: string, title: string, type: string = TASK_TYPE.todo) => {
  const answer = await who.api.post<Task>('/tasks', { title, type, userId: who.userId, meetingIds: [meetingId] });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

describe('GET tasks pages', () => {
  it('sends a page at a time in the list order, with the total, and the done ones most recently finished first', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    const todos: Task[] = [];
    for (let i = 0; i < 45; i++) todos.push(await add(admin, meeting.id, `To-do ${i}`));
    await add(admin, meeting.id, 'An issue', TASK_TYPE.issue);
    // Finish three, in this order: the last one finished comes first.
    for (const index of [3, 0, 7]) {
      expect((await admin.api.patch(`/tasks/${todos[index]!.id}`, { status: '1' })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const page = async (query: string) =>
      (await admin.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=${TASK_TYPE.todo}&${query}`)).body.result;

    const first = await page('state=active');
    expect(first.total).toBe(42);
    expect(first.offset).toBe(0);
    expect(first.items).toHaveLength(20);
    const second = await page('state=active&offset=20');
    const third = await page('state=active&offset=40');
    expect(third.items).toHaveLength(2);
    const ids = [...first.items, ...second.items, ...third.items].map((card) => card.id);
    expect(new Set(ids).size).toBe(42);
    // The same order as one long page.
    const whole = await page(`state=active&limit=${TASK_LIST_MAX_PAGE}`);
    expect(whole.items.map((card) => card.id)).toEqual(ids);

    const done = await page('state=done');
    expect(done.total).toBe(3);
    expect(done.items.map((card) => card.id)).toEqual([todos[7]!.id, todos[0]!.id, todos[3]!.id]);

    const past = await page('state=active&offset=500');
    expect(past).toEqual({ items: [], total: 42, offset: 500 });
    const everything = await admin.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&limit=5`);
    expect(everything.body.result.total).toBe(46);
    expect(everything.body.result.items).toHaveLength(5);
  });

  it('lists one person’s open items of one meeting past a page, with the whole total (home’s avatar filter)', async () => {
    const admin = await signUp(app);
    const bea = await joinWorkspace(app, admin, { firstName: 'Bea' });
    const sales = await createMeeting(admin, [bea.userId], { title: 'Sales' });
    const ops = await createMeeting(admin, [bea.userId], { title: 'Ops' });
    const mine: Task[] = [];
    for (let i = 0; i < 26; i++) mine.push(await add(admin, sales.id, `Sales to-do ${i}`));
    expect((await admin.api.patch(`/tasks/${mine[0]!.id}`, { status: '1' })).status).toBe(200);
    for (let i = 0; i < 3; i++) await add(admin, ops.id, `Ops to-do ${i}`);
    await add(bea, sales.id, 'Bea’s own');
    const goal = await add(admin, sales.id, 'Sales goal', TASK_TYPE.goal);
    await add(admin, ops.id, 'Ops goal', TASK_TYPE.goal);

    const page = async (type: string, offset: number) =>
      (
        await admin.api.get<TaskPage>(
          `/tasks?type=${type}&state=active&meetingId=${sales.id}&memberId=${admin.userId}&offset=${offset}&limit=20`,
        )
      ).body.result;
    const first = await page(TASK_TYPE.todo, 0);
    const second = await page(TASK_TYPE.todo, 20);
    expect([first.total, first.items.length, second.items.length]).toEqual([25, 20, 5]);
    expect(new Set([...first.items, ...second.items].map((card) => card.id))).toEqual(
      new Set(mine.slice(1).map((card) => card.id)),
    );
    const goals = await page(TASK_TYPE.goal, 0);
    expect([goals.total, goals.items.map((card) => card.id)]).toEqual([1, [goal.id]]);
    // Without the meeting: all of the caller's own, every meeting.
    const all = (await admin.api.get<TaskPage>(`/tasks?type=${TASK_TYPE.todo}&state=active&limit=5`)).body.result;
    expect(all.total).toBe(28);
  });

  it('counts each type active and done for the tabs', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    const a = await add(admin, meeting.id, 'A');
    await add(admin, meeting.id, 'B');
    await add(admin, meeting.id, 'Issue', TASK_TYPE.issue);
    await admin.api.patch(`/tasks/${a.id}`, { status: '1' });
    const counts = (await admin.api.get<TaskCounts>(`/tasks/counts?meetingId=${meeting.id}`)).body.result;
    expect(counts.sort((x, y) => x.type.localeCompare(y.type))).toEqual(
      [
        { type: TASK_TYPE.todo, active: 1, done: 1 },
        { type: TASK_TYPE.issue, active: 1, done: 0 },
      ].sort((x, y) => x.type.localeCompare(y.type)),
    );
  });

  it('refuses a page too big or a wrong offset, and another workspace’s meeting', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    for (const query of [`limit=${TASK_LIST_MAX_PAGE + 1}`, 'limit=0', 'offset=-1', 'offset=x']) {
      const answer = await admin.api.get(`/tasks?meetingId=${meeting.id}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.status).toBe('fail');
    }
    const stranger = await signUp(app);
    expect((await stranger.api.get(`/tasks?meetingId=${meeting.id}`)).status).toBe(404);
    expect((await stranger.api.get(`/tasks/counts?meetingId=${meeting.id}`)).status).toBe(404);
    // A member of the workspace outside the meeting does not see it either.
    const member = await joinWorkspace(app, admin);
    expect((await member.api.get(`/tasks/counts?meetingId=${meeting.id}`)).status).toBe(404);
  });
});

describe('GET tasks with hidden meetings (home’s avatar strip, decision 069)', () => {
  /** Ada's to-dos over three meetings and two boards, one of no meeting, and Bea's in two meetings. */
  const hiddenSetup = async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const bea = await joinWorkspace(app, ada, { firstName: 'Bea' });
    const sales = await createMeeting(ada, [bea.userId], { title: 'Sales' });
    const ops = await createMeeting(ada, [bea.userId], { title: 'Ops' });
    const hr = await createMeeting(ada, [], { title: 'HR' });
    /** The first list of a new board of these meetings. */
    const listOf = async (meetingIds: string[]) => {
      const board = (await ada.api.post<{ id: string }>('/boards', { name: 'Board', meetingIds, lists: ['Open'] })).body
        .result;
      return (await ada.api.get<{ id: string }[]>(`/boards/${board.id}/task-types`)).body.result[0]!.id;
    };
    const make = async (title: string, body: Record<string, unknown>, who: SignedUp = ada) => {
      const answer = await who.api.post<Task>('/tasks', { title, type: TASK_TYPE.todo, userId: who.userId, ...body });
      if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
      return answer.body.result.id;
    };
    const ids = {
      sales: await make('Sales only', { meetingIds: [sales.id] }),
      ops: await make('Ops only', { meetingIds: [ops.id] }),
      salesAndOps: await make('Sales and Ops', { meetingIds: [sales.id, ops.id] }),
      none: await make('No meeting', {}),
      // On a board, linked to no meeting: its board's meetings are its meetings.
      opsBoard: await make('On the Ops board', { taskTypeId: await listOf([ops.id]) }),
      sharedBoard: await make('On the Ops and HR board', { taskTypeId: await listOf([ops.id, hr.id]) }),
      hr: await make('HR only', { meetingIds: [hr.id] }),
      beaSales: await make('Bea’s sales', { meetingIds: [sales.id] }, bea),
      beaOps: await make('Bea’s ops', { meetingIds: [ops.id] }, bea),
    };
    const listed = async (who: SignedUp, query: string) => {
      const limit = query.includes('limit=') ? '' : '&limit=100';
      const answer = await who.api.get<TaskPage>(`/tasks?type=${TASK_TYPE.todo}&state=active${limit}&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result;
    };
    const idsOf = async (who: SignedUp, query: string) => new Set((await listed(who, query)).items.map((c) => c.id));
    return { ada, bea, sales, ops, hr, ids, listed, idsOf, make };
  };

  it('leaves out the items of hidden meetings; an item of several stays while one is shown; one of none always stays', async () => {
    const { ada, sales, ops, hr, ids, idsOf } = await hiddenSetup();
    const mine = [ids.sales, ids.ops, ids.salesAndOps, ids.none, ids.opsBoard, ids.sharedBoard, ids.hr];
    expect(await idsOf(ada, '')).toEqual(new Set(mine));
    // Hidden Sales: its own item goes; the one also in Ops stays.
    expect(await idsOf(ada, `hiddenMeetingIds=${sales.id}`)).toEqual(
      new Set([ids.ops, ids.salesAndOps, ids.none, ids.opsBoard, ids.sharedBoard, ids.hr]),
    );
    // Hidden Ops: a card on its board goes with it; one on a board of Ops and HR stays.
    expect(await idsOf(ada, `hiddenMeetingIds=${ops.id}`)).toEqual(
      new Set([ids.sales, ids.salesAndOps, ids.none, ids.sharedBoard, ids.hr]),
    );
    expect(await idsOf(ada, `hiddenMeetingIds=${sales.id},${ops.id}`)).toEqual(
      new Set([ids.none, ids.sharedBoard, ids.hr]),
    );
    // Every meeting hidden: the item of no meeting is still there; order and repeats do not matter.
    expect(await idsOf(ada, `hiddenMeetingIds=${hr.id},${ops.id},${sales.id},${ops.id}`)).toEqual(new Set([ids.none]));
    // A meeting's own list follows the same rule: Ops' items that another shown meeting also holds.
    expect(await idsOf(ada, `meetingId=${ops.id}`)).toEqual(
      new Set([ids.ops, ids.salesAndOps, ids.opsBoard, ids.sharedBoard, ids.beaOps]),
    );
    expect(await idsOf(ada, `meetingId=${ops.id}&hiddenMeetingIds=${ops.id}`)).toEqual(
      new Set([ids.salesAndOps, ids.sharedBoard]),
    );
  });

  it('filters another member’s list too, within the caller’s meetings', async () => {
    const { ada, bea, sales, ids, idsOf } = await hiddenSetup();
    expect(await idsOf(ada, `memberId=${bea.userId}`)).toEqual(new Set([ids.beaSales, ids.beaOps]));
    expect(await idsOf(ada, `memberId=${bea.userId}&hiddenMeetingIds=${sales.id}`)).toEqual(new Set([ids.beaOps]));
    expect(await idsOf(bea, `hiddenMeetingIds=${sales.id}`)).toEqual(new Set([ids.beaOps]));
  });

  it('pages under the filter: the total counts what is left, pages add up to it, past the end too', async () => {
    const { ada, sales, ops, ids, listed, make } = await hiddenSetup();
    const more: string[] = [];
    for (let i = 0; i < 22; i++) more.push(await make(`Sales ${i}`, { meetingIds: [sales.id] }));
    await make('An Ops goal', { meetingIds: [ops.id], type: TASK_TYPE.goal });
    const goal = await make('A Sales goal', { meetingIds: [sales.id], type: TASK_TYPE.goal });
    const shown = new Set([...more, ids.sales, ids.salesAndOps, ids.none, ids.sharedBoard, ids.hr]);
    const query = `hiddenMeetingIds=${ops.id}`;
    const first = await listed(ada, `${query}&limit=20`);
    const second = await listed(ada, `${query}&limit=20&offset=20`);
    expect([first.total, first.items.length, second.total, second.items.length]).toEqual([27, 20, 27, 7]);
    expect(new Set([...first.items, ...second.items].map((card) => card.id))).toEqual(shown);
    expect(await listed(ada, `${query}&limit=20&offset=40`)).toEqual({ items: [], total: 27, offset: 40 });
    // Without the filter: every one of them (the Ops ones too).
    expect((await listed(ada, 'limit=1')).total).toBe(27 + 2);
    // Goals: the Sales one alone once Ops is hidden.
    const goals = (await ada.api.get<TaskPage>(`/tasks?type=${TASK_TYPE.goal}&state=active&${query}`)).body.result;
    expect([goals.total, goals.items.map((card) => card.id)]).toEqual([1, [goal]]);
  });

  it('another workspace’s, an unseen or an unknown meeting id changes nothing; a malformed list is a 400', async () => {
    const { ada, bea, sales, hr, ids, listed, idsOf } = await hiddenSetup();
    // HR is not Bea's: hiding it leaves her list as it is.
    expect(await idsOf(bea, `hiddenMeetingIds=${hr.id}`)).toEqual(new Set([ids.beaSales, ids.beaOps]));
    const stranger = await signUp(app);
    const theirs = await createMeeting(stranger, [], { title: 'Theirs' });
    const whole = await listed(ada, '');
    for (const query of [`hiddenMeetingIds=${theirs.id}`, `hiddenMeetingIds=${randomUUID()}`, 'hiddenMeetingIds='])
      expect(await listed(ada, query), query).toEqual(whole);
    expect(whole.items.some((card) => card.id === ids.none)).toBe(true);
    // The stranger naming Ada's meeting gets no 404 that would tell it exists, and nothing of hers.
    const strangers = await stranger.api.get<TaskPage>(`/tasks?hiddenMeetingIds=${sales.id}`);
    expect([strangers.status, strangers.body.result.total]).toEqual([200, 0]);
    const tooMany = Array.from({ length: 201 }, () => randomUUID()).join(',');
    for (const query of ['hiddenMeetingIds=nope', `hiddenMeetingIds=${ids.none},x`, `hiddenMeetingIds=${tooMany}`]) {
      const answer = await ada.api.get(`/tasks?${query}`);
      expect(answer.status, query.slice(0, 60)).toBe(400);
      expect(answer.body.status).toBe('fail');
    }
  });

  it('costs the same statements with no, one or several meetings hidden, for a few items or many (no N+1)', async () => {
    const { app: counted, statementsOf, close } = await statementCountingApp();
    try {
      const ada = await signUp(counted);
      const a = await createMeeting(ada, [], { title: 'A' });
      const b = await createMeeting(ada, [], { title: 'B' });
      const c = await createMeeting(ada, [], { title: 'C' });
      const add = (i: number) =>
        ada.api.post('/tasks', {
          title: `To-do ${i}`,
          type: TASK_TYPE.todo,
          userId: ada.userId,
          meetingIds: i % 4 === 3 ? [] : [[a, b, c][i % 4]!.id],
        });
      const counts = async () => {
        const found: number[] = [];
        for (const query of ['', `&hiddenMeetingIds=${a.id}`, `&hiddenMeetingIds=${a.id},${b.id}`]) {
          const { result, count } = await statementsOf(() =>
            ada.api.get(`/tasks?type=${TASK_TYPE.todo}&state=active&limit=100${query}`),
          );
          expect(result.status).toBe(200);
          found.push(count);
        }
        return found;
      };
      await ada.api.get('/tasks');
      for (let i = 0; i < 4; i++) await add(i);
      const few = await counts();
      for (let i = 4; i < 60; i++) await add(i);
      const many = await counts();
      expect(many).toEqual(few);
      expect(new Set(few).size).toBe(1);
    } finally {
      await close();
    }
  });
});
