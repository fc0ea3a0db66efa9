import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
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
