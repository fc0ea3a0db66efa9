import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { outbox, taskMembers as taskMembersTable, tasks as tasksTable } from '../../../db/schema/index.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import { messages } from '../../../shared/messages.ts';
import type { Board, BoardList } from '../../boards/boards.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Activity, Card, Checklist, ShareLink, Task, TaskPage, TaskPreview } from '../tasks.schemas.ts';
import { sendTaskReminders } from './reminders.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

/** A workspace with a meeting led by `admin`, attended by `member`, a board and two lists. */
const setup = async () => {
  const admin = await signUp(app, { firstName: 'Ada' });
  const member = await joinWorkspace(app, admin, { firstName: 'Ben' });
  const outsider = await joinWorkspace(app, admin, { firstName: 'Cy' });
  const meeting = await createMeeting(admin, [member.userId]);
  const board = (
    await admin.api.post<Board>('/boards', { name: 'Sprint', meetingIds: [meeting.id], lists: ['Doing', 'Done'] })
  ).body.result;
  const lists = (await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
  return { admin, member, outsider, meeting, board, lists };
};

const createTask = async (who: SignedUp, body: Record<string, unknown>) => {
  const answer = await who.api.post<Task>('/tasks', { title: 'Call the bank', type: '4', ...body });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

describe('action items', () => {
  it('creates a to-do with the defaults: status 0, shown in tasks, the owner as member', async () => {
    const { member, meeting } = await setup();
    const task = await createTask(member, { userId: member.userId, meetingIds: [meeting.id], dueDate: '2026-03-01' });
    expect(task).toMatchObject({
      title: 'Call the bank',
      type: '4',
      status: '0',
      showInTasks: '1',
      members: [member.userId],
      meetingIds: [meeting.id],
      dueDate: '2026-03-01',
      reminder: 'none',
      completedAt: null,
      meetingTitle: 'Leadership L10',
    });
    const list = (await member.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}`)).body.result.items;
    expect(list.map((t) => t.id)).toEqual([task.id]);
    const mine = (await member.api.get<TaskPage>('/tasks')).body.result.items;
    expect(mine.map((t) => t.id)).toEqual([task.id]);
  });

  it('requires a user and a title, and refuses a due date on a headline', async () => {
    const { admin, meeting } = await setup();
    const noUser = await admin.api.post('/tasks', { title: 'x', meetingIds: [meeting.id] });
    expect(noUser.status).toBe(400);
    expect(noUser.body.errors?.userId).toBe(messages.required);
    const noTitle = await admin.api.post('/tasks', { title: '  ', userId: admin.userId });
    expect(noTitle.body.errors?.title).toBe(messages.required);
    const headline = await admin.api.post('/tasks', {
      title: 'News',
      type: '3',
      userId: admin.userId,
      dueDate: '2026-01-01',
    });
    expect(headline.status).toBe(400);
    expect(headline.body.errors?.dueDate).toBe(tasksMessages.headlineNoDueDate);
  });

  it('accepts each type’s statuses only (document 2 §4)', async () => {
    const { admin, meeting } = await setup();
    const base = { userId: admin.userId, meetingIds: [meeting.id] };
    const goal = await createTask(admin, { ...base, type: '1' });
    for (const status of ['2', '1', '3', '0']) {
      const answer = await admin.api.patch<Task>(`/tasks/${goal.id}`, { status });
      expect(answer.body.result.status).toBe(status);
    }
    const backburner = await createTask(admin, { ...base, type: '5' });
    expect((await admin.api.patch(`/tasks/${backburner.id}`, { status: '3' })).status).toBe(200);
    const refused = await admin.api.patch(`/tasks/${backburner.id}`, { status: '1' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.invalidStatusForType);
    const todo = await createTask(admin, base);
    expect((await admin.api.patch(`/tasks/${todo.id}`, { status: '2' })).status).toBe(400);
    expect((await admin.api.patch(`/tasks/${todo.id}`, { status: '4' })).status).toBe(400);
    const [row] = await app.database.db.select().from(tasksTable).where(eq(tasksTable.id, todo.id));
    expect(row?.status).toBe('0');
  });

  it('sets the completion date when ticked done and clears it when unticked', async () => {
    const { admin } = await setup();
    const task = await createTask(admin, { userId: admin.userId });
    const done = (await admin.api.patch<Task>(`/tasks/${task.id}`, { status: '1' })).body.result;
    expect(done.status).toBe('1');
    expect(Date.now() - Date.parse(done.completedAt!)).toBeLessThan(60_000);
    const open = (await admin.api.patch<Task>(`/tasks/${task.id}`, { status: '0' })).body.result;
    expect(open.completedAt).toBeNull();
  });

  it('shows an active goal past its due date as Overdue (4)', async () => {
    const { admin } = await setup();
    const goal = await createTask(admin, { userId: admin.userId, type: '1', dueDate: '2020-01-01' });
    expect(goal).toMatchObject({ status: '0', shownStatus: '4' });
    const done = (await admin.api.patch<Task>(`/tasks/${goal.id}`, { status: '1' })).body.result;
    expect(done.shownStatus).toBe('1');
  });

  it('locks only an open card, and a locked card cannot be ticked or dragged done', async () => {
    const { admin } = await setup();
    const task = await createTask(admin, { userId: admin.userId });
    expect((await admin.api.patch<Task>(`/tasks/${task.id}`, { isLocked: true })).body.result.isLocked).toBe(true);
    const tick = await admin.api.patch(`/tasks/${task.id}`, { status: '1' });
    expect(tick.status).toBe(409);
    expect(tick.body.message).toBe(messages.cardLocked);
    const drag = await admin.api.patch(`/tasks/${task.id}/drop`, { column: 'done' });
    expect(drag.status).toBe(409);
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.status).toBe('0');

    const done = await createTask(admin, { userId: admin.userId, status: '1' });
    const lock = await admin.api.patch(`/tasks/${done.id}`, { isLocked: true });
    expect(lock.status).toBe(409);
    expect(lock.body.message).toBe(messages.onlyOpenCardsLock);
  });

  it('refuses dragging a done card back to active, and ticks a card dragged to done', async () => {
    const { admin } = await setup();
    const task = await createTask(admin, { userId: admin.userId });
    const dropped = await admin.api.patch<Task>(`/tasks/${task.id}/drop`, { column: 'done' });
    expect(dropped.body.result.status).toBe('1');
    expect(dropped.body.result.completedAt).not.toBeNull();
    const back = await admin.api.patch(`/tasks/${task.id}/drop`, { column: 'active' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe("You can't put done task to active.");
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.status).toBe('1');
  });

  it('keeps at least one member on an action item', async () => {
    const { admin, member, meeting } = await setup();
    const task = await createTask(admin, {
      userId: admin.userId,
      meetingIds: [meeting.id],
      members: [admin.userId, member.userId],
    });
    expect(
      (await admin.api.patch<Task>(`/tasks/${task.id}`, { members: [member.userId] })).body.result.members,
    ).toEqual([member.userId]);
    const last = await admin.api.patch(`/tasks/${task.id}`, { members: [] });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('Cannot remove all members in an action item');
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.members).toEqual([member.userId]);
  });

  it('needs a board list to leave action items, and "No Board" only for an action item with members', async () => {
    const { admin, lists, board } = await setup();
    const loose = await createTask(admin, { userId: admin.userId });
    const leave = await admin.api.patch(`/tasks/${loose.id}`, { showInTasks: '0' });
    expect(leave.status).toBe(400);
    expect(leave.body.message).toBe(messages.needsBoardList);

    const card = await createTask(admin, { userId: admin.userId, taskTypeId: lists[0]!.id, showInTasks: '0' });
    expect(card).toMatchObject({ boardId: board.id, taskTypeId: lists[0]!.id, showInTasks: '0' });
    const noBoard = await admin.api.patch(`/tasks/${card.id}`, { boardId: null });
    expect(noBoard.status).toBe(400);
    expect(noBoard.body.message).toBe('Card must be an action item to remove it from boards');
    expect((await admin.api.get<Task>(`/tasks/${card.id}`)).body.result.boardId).toBe(board.id);

    await admin.api.patch(`/tasks/${card.id}`, { showInTasks: '1' });
    const ok = await admin.api.patch<Task>(`/tasks/${card.id}`, { boardId: null });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ boardId: null, taskTypeId: null, showInTasks: '1' });
  });

  it('refuses a description over 60,000 characters and keeps the old one', async () => {
    const { admin } = await setup();
    const task = await createTask(admin, { userId: admin.userId, description: '<p>short</p>' });
    const long = await admin.api.patch(`/tasks/${task.id}`, { description: `<p>${'a'.repeat(60_001)}</p>` });
    expect(long.status).toBe(400);
    expect(long.body.errors?.description).toBe('Description is too long');
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.description).toBe('<p>short</p>');
  });

  it('assigns only leaders and members of the card’s meetings', async () => {
    const { admin, outsider, meeting } = await setup();
    const answer = await admin.api.post('/tasks', {
      title: 'x',
      userId: outsider.userId,
      meetingIds: [meeting.id],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.userId).toBe(tasksMessages.notAssignable);
  });

  it('deletes a card for good and tells the meeting', async () => {
    const { admin, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id] });
    expect((await admin.api.delete(`/tasks/${task.id}`)).status).toBe(200);
    expect((await admin.api.get(`/tasks/${task.id}`)).status).toBe(404);
  });
});

describe('move and copy', () => {
  it('moves to another meeting with status 0, asking before unassigning members not in it', async () => {
    const { admin, member, meeting, lists } = await setup();
    const other = await createMeeting(admin, [], { title: 'Other' });
    const task = await createTask(admin, {
      userId: admin.userId,
      meetingIds: [meeting.id],
      members: [admin.userId, member.userId],
      taskTypeId: lists[0]!.id,
      status: '1',
    });
    const ask = await admin.api.post(`/tasks/${task.id}/move`, { meetingIds: [other.id] });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(messages.membersNotInMeeting);
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.meetingIds).toEqual([meeting.id]);

    const moved = (await admin.api.post<Task>(`/tasks/${task.id}/move`, { meetingIds: [other.id], confirm: true })).body
      .result;
    expect(moved).toMatchObject({
      status: '0',
      completedAt: null,
      meetingIds: [other.id],
      boardId: null,
      taskTypeId: null,
      members: [admin.userId],
      showInTasks: '1',
    });
  });

  it('says beforehand, as an answer, whether a move would ask about members; changes nothing', async () => {
    const { admin, member, meeting, lists } = await setup();
    const other = await createMeeting(admin, [], { title: 'Other' });
    const task = await createTask(admin, {
      userId: admin.userId,
      meetingIds: [meeting.id],
      members: [admin.userId, member.userId],
      taskTypeId: lists[0]!.id,
    });
    const asks = await admin.api.post<{ confirm: string | null }>(`/tasks/${task.id}/move-check`, {
      meetingIds: [other.id],
    });
    expect(asks.status).toBe(200);
    expect(asks.body.result).toEqual({ confirm: messages.membersNotInMeeting });
    const fine = await admin.api.post<{ confirm: string | null }>(`/tasks/${task.id}/move-check`, {
      meetingIds: [meeting.id],
    });
    expect(fine.body.result).toEqual({ confirm: null });
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.meetingIds).toEqual([meeting.id]);
    const stranger = await signUp(app);
    expect((await stranger.api.post(`/tasks/${task.id}/move-check`, { meetingIds: [] })).status).toBe(404);
  });

  it('copies a card with its checklists into a list of the board; the original stays', async () => {
    const { admin, meeting, lists, board } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id], status: '1' });
    const checklist = (await admin.api.post<Checklist>('/checklists', { taskId: task.id, title: 'Steps' })).body.result;
    await admin.api.post('/checklist-items', { checklistId: checklist.id, title: 'One', status: '1' });
    const copy = await admin.api.post<Task>(`/tasks/${task.id}/copy`, {
      meetingIds: [meeting.id],
      boardId: board.id,
      taskTypeId: lists[1]!.id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.result).toMatchObject({ status: '0', boardId: board.id, taskTypeId: lists[1]!.id });
    expect(copy.body.result.id).not.toBe(task.id);
    const copied = (await admin.api.get<Checklist[]>(`/tasks/${copy.body.result.id}/checklists`)).body.result;
    expect(copied.map((c) => [c.title, c.items.map((i) => i.title)])).toEqual([['Steps', ['One']]]);
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result.status).toBe('1');
  });

  it('refuses a list of another board', async () => {
    const { admin, meeting, lists } = await setup();
    const second = (await admin.api.post<Board>('/boards', { name: 'B2', meetingIds: [meeting.id] })).body.result;
    const task = await createTask(admin, { userId: admin.userId });
    const answer = await admin.api.post(`/tasks/${task.id}/move`, { boardId: second.id, taskTypeId: lists[0]!.id });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.taskTypeId).toBe(messages.listNotOnBoard);
  });
});

describe('drag and drop', () => {
  it('reorders a list and moves cards between lists of the board', async () => {
    const { admin, lists } = await setup();
    const [doing, done] = lists as [BoardList, BoardList];
    const a = await createTask(admin, { userId: admin.userId, title: 'A', taskTypeId: doing.id });
    const b = await createTask(admin, { userId: admin.userId, title: 'B', taskTypeId: doing.id });
    const c = await createTask(admin, { userId: admin.userId, title: 'C', taskTypeId: done.id });
    const order = await admin.api.patch<Card[]>(`/task-types/${doing.id}/update-tasks-order`, {
      taskIds: [c.id, b.id, a.id],
    });
    expect(order.body.result.map((t) => t.title)).toEqual(['C', 'B', 'A']);
    expect((await admin.api.get<Task>(`/tasks/${c.id}`)).body.result.taskTypeId).toBe(doing.id);

    const dropped = await admin.api.patch<Task>(`/tasks/${a.id}/drop`, { taskTypeId: done.id, orderedIds: [a.id] });
    expect(dropped.body.result.taskTypeId).toBe(done.id);
  });

  it('changes owner and membership when dragged between user groups', async () => {
    const { admin, member, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id] });
    const moved = (
      await admin.api.patch<Task>(`/tasks/${task.id}/drop`, { fromUserId: admin.userId, toUserId: member.userId })
    ).body.result;
    expect(moved.userId).toBe(member.userId);
    expect(moved.members).toEqual([member.userId]);
  });

  it('gives a card of "No one" (neither owner nor members) an owner when dragged to a person', async () => {
    const { admin, member, outsider, meeting, lists } = await setup();
    const task = await createTask(admin, {
      userId: admin.userId,
      meetingIds: [meeting.id],
      taskTypeId: lists[0]!.id,
      showInTasks: '0',
    });
    // Its owner's account was removed from the database: the card has nobody.
    await app.database.db.update(tasksTable).set({ userId: null }).where(eq(tasksTable.id, task.id));
    await app.database.db.delete(taskMembersTable).where(eq(taskMembersTable.taskId, task.id));
    // Someone outside the meeting cannot take it.
    const refused = await admin.api.patch(`/tasks/${task.id}/drop`, { toUserId: outsider.userId });
    expect(refused.status).toBe(400);
    expect((await admin.api.get<Task>(`/tasks/${task.id}`)).body.result).toMatchObject({ userId: null, members: [] });
    const taken = await admin.api.patch<Task>(`/tasks/${task.id}/drop`, { toUserId: member.userId });
    expect(taken.status).toBe(200);
    expect(taken.body.result).toMatchObject({ userId: member.userId, members: [member.userId] });
  });
});

describe('who may see cards', () => {
  it('hides a meeting’s cards from people outside it and from other workspaces (404, nothing changed)', async () => {
    const { admin, outsider, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id], title: 'Secret' });
    expect((await outsider.api.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await outsider.api.patch(`/tasks/${task.id}`, { title: 'Hacked' })).status).toBe(404);
    expect((await outsider.api.get(`/tasks?meetingId=${meeting.id}`)).status).toBe(404);

    const stranger = await signUp(app);
    for (const answer of [
      await stranger.api.get(`/tasks/${task.id}`),
      await stranger.api.patch(`/tasks/${task.id}`, { title: 'Hacked' }),
      await stranger.api.delete(`/tasks/${task.id}`),
      await stranger.api.post(`/tasks/${task.id}/move`, { meetingIds: [] }),
      await stranger.api.post('/checklists', { taskId: task.id, title: 'x' }),
      await stranger.api.post('/activities', { taskId: task.id, description: 'x' }),
      await stranger.api.post(`/tasks/${task.id}/share`),
      await stranger.api.post('/tasks', { title: 'x', userId: stranger.userId, meetingIds: [meeting.id] }),
    ])
      expect(answer.status).toBe(404);
    const [row] = await app.database.db.select().from(tasksTable).where(eq(tasksTable.id, task.id));
    expect(row?.title).toBe('Secret');
  });

  it('lets a plain member work on a card but not delete someone else’s', async () => {
    const { admin, member, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id] });
    expect((await member.api.patch(`/tasks/${task.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await member.api.delete(`/tasks/${task.id}`)).status).toBe(403);
  });
});

describe('checklists and activity', () => {
  it('computes progress as the share of items done and copies a checklist', async () => {
    const { admin } = await setup();
    const task = await createTask(admin, { userId: admin.userId });
    const list = (await admin.api.post<Checklist>('/checklists', { taskId: task.id, title: 'Launch' })).body.result;
    for (const title of ['a', 'b', 'c', 'd']) await admin.api.post('/checklist-items', { checklistId: list.id, title });
    let current = (await admin.api.get<Checklist[]>(`/tasks/${task.id}/checklists`)).body.result[0]!;
    expect(current.items.map((i) => i.status)).toEqual(['0', '0', '0', '0']);
    expect(current.progress).toBe(0);
    current = (await admin.api.put<Checklist>(`/checklist-items/${current.items[0]!.id}`, { status: '1' })).body.result;
    expect(current.progress).toBe(25);
    current = (await admin.api.put<Checklist>(`/checklist-items/${current.items[1]!.id}`, { status: '1' })).body.result;
    expect(current.progress).toBe(50);
    const card = (await admin.api.get<Task>(`/tasks/${task.id}`)).body.result;
    expect(card.checklist).toEqual({ done: 2, total: 4 });
    expect((await admin.api.post('/checklist-items', { checklistId: list.id, title: '' })).status).toBe(400);

    const copy = (
      await admin.api.post<Checklist>('/checklists', { taskId: task.id, title: 'Again', copyFromId: list.id })
    ).body.result;
    expect(copy.items.map((i) => [i.title, i.status])).toEqual([
      ['a', '0'],
      ['b', '0'],
      ['c', '0'],
      ['d', '0'],
    ]);
  });

  it('lets the author edit and delete a comment, and no one else edit it', async () => {
    const { admin, member, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id] });
    const comment = (
      await member.api.post<Activity>('/activities', { taskId: task.id, description: '<p>Looks good</p>' })
    ).body.result;
    expect(comment.permissions).toEqual({ canEdit: true, canDelete: true });
    // Not edited yet: the client shows "edited" when the two differ.
    expect(comment.changedAt).toBe(comment.createdAt);
    expect((await admin.api.put(`/activities/${comment.id}`, { description: 'x' })).status).toBe(403);
    const edited = await member.api.put<Activity>(`/activities/${comment.id}`, { description: '<p>Done</p>' });
    expect(edited.body.result.description).toBe('<p>Done</p>');
    expect(edited.body.result.createdAt).toBe(comment.createdAt);
    expect(edited.body.result.changedAt).not.toBe(comment.createdAt);
    expect((await member.api.delete(`/activities/${comment.id}`)).status).toBe(200);
    expect((await admin.api.get<Activity[]>(`/tasks/${task.id}/activities`)).body.result).toEqual([]);
  });
});

describe('share links', () => {
  it('shows the one card read-only to anyone with the token, until revoked', async () => {
    const { admin, meeting } = await setup();
    const task = await createTask(admin, { userId: admin.userId, meetingIds: [meeting.id], title: 'Public card' });
    const link = (await admin.api.post<ShareLink>(`/tasks/${task.id}/share`)).body.result;
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(link.path).toBe(`/task-preview/${link.token}`);
    expect(link.token).not.toContain(task.id);

    const anonymous = await app.inject({ method: 'GET', url: `/api/v2/task-preview/${link.token}` });
    expect(anonymous.statusCode).toBe(200);
    const preview = anonymous.json().result as TaskPreview;
    expect(preview.title).toBe('Public card');
    expect(preview.owner).toEqual({ firstName: 'Ada', lastName: 'Person' });
    // Nothing else of the workspace: no ids at all.
    expect(JSON.stringify(preview)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const byId = await app.inject({ method: 'GET', url: `/api/v2/task-preview/${task.id}` });
    expect(byId.statusCode).toBe(404);
    await admin.api.delete(`/tasks/${task.id}/share`);
    const revoked = await app.inject({ method: 'GET', url: `/api/v2/task-preview/${link.token}` });
    expect(revoked.statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('mails the members of a card with a reminder once per period', async () => {
    const { admin, member, meeting } = await setup();
    const task = await createTask(admin, {
      userId: admin.userId,
      meetingIds: [meeting.id],
      members: [member.userId],
      reminder: 'daily',
      title: 'Send the report',
    });
    const count = async () =>
      (await app.database.db.select().from(outbox).where(eq(outbox.to, member.email.toLowerCase()))).filter(
        (m) => m.subject === 'Reminder: Send the report',
      ).length;
    const at = new Date('2030-05-06T08:00:00Z');
    await sendTaskReminders(jobDepsOf(app), at);
    expect(await count()).toBe(1);
    await sendTaskReminders(jobDepsOf(app), new Date('2030-05-06T20:00:00Z'));
    expect(await count()).toBe(1);
    await sendTaskReminders(jobDepsOf(app), new Date('2030-05-07T08:00:00Z'));
    expect(await count()).toBe(2);
    await admin.api.patch(`/tasks/${task.id}`, { status: '1' });
    await sendTaskReminders(jobDepsOf(app), new Date('2030-05-08T08:00:00Z'));
    expect(await count()).toBe(2);
  });
});
