import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { notifications, outbox, tasks as tasksTable } from '../../../db/schema/index.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Board, BoardList } from '../../boards/boards.schemas.ts';
import { sendTaskReminders } from '../../tasks/server/reminders.service.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { Notification, NotificationPage } from '../notifications.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

/** Ada leads a meeting that Ben attends; Cy is in the workspace but not in the meeting. */
const setup = async () => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const meeting = await createMeeting(ada, [ben.userId, cy.userId]);
  return { ada, ben, cy, meeting };
};

const bell = async (who: SignedUp, query = '') =>
  (await who.api.get<NotificationPage>(`/notifications${query}`)).body.result;
const unread = async (who: SignedUp) =>
  (await who.api.get<{ unread: number }>('/notifications/unread-count')).body.result.unread;

const createTask = async (who: SignedUp, body: Record<string, unknown>) => {
  const answer = await who.api.post<Task>('/tasks', { title: 'Call the bank', type: '4', ...body });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

describe('notification triggers', () => {
  it('tells people made owner or member of a card, never its author', async () => {
    const { ada, ben, cy, meeting } = await setup();
    await bell(ben); // clean slate: only what follows counts
    const before = (await bell(ben)).total;
    const task = await createTask(ada, {
      userId: ben.userId,
      members: [ben.userId, cy.userId, ada.userId],
      meetingIds: [meeting.id],
    });
    const forBen = await bell(ben);
    expect(forBen.total).toBe(before + 1);
    expect(forBen.items[0]).toMatchObject({
      kind: 'cardOwner',
      message: 'Ada Person made you the owner of "Call the bank"',
      link: `/home/${task.id}`,
      taskId: task.id,
      senderId: ada.userId,
      receiverId: ben.userId,
      status: 'sent', // its e-mail copy went out (Ben's switches are the defaults)
    });
    const forCy = await bell(cy);
    expect(forCy.items[0]).toMatchObject({ kind: 'cardMember', message: 'Ada Person added you to "Call the bank"' });
    expect((await bell(ada)).items.some((n) => n.taskId === task.id)).toBe(false);

    // Ben adds Ada as member: Ada hears it, Ben (the author) does not.
    const benBefore = (await bell(ben)).total;
    await ben.api.patch(`/tasks/${task.id}`, { members: [ben.userId, cy.userId, ada.userId] });
    expect((await bell(ada)).items.filter((n) => n.taskId === task.id)).toEqual([]); // already a member
    await ben.api.patch(`/tasks/${task.id}`, { userId: ada.userId });
    expect((await bell(ada)).items[0]).toMatchObject({
      kind: 'cardOwner',
      message: 'Ben Person made you the owner of "Call the bank"',
    });
    expect((await bell(ben)).total).toBe(benBefore);
  });

  it('tells the owner and watchers of a status change, a comment and a move', async () => {
    const { ada, ben, cy, meeting } = await setup();
    const board = (
      await ada.api.post<Board>('/boards', { name: 'Sprint', meetingIds: [meeting.id], lists: ['Doing', 'Done'] })
    ).body.result;
    const lists = (await ada.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const task = await createTask(ada, {
      userId: ada.userId,
      meetingIds: [meeting.id],
      boardId: board.id,
      taskTypeId: lists[0]!.id,
    });
    expect((await ada.api.post(`/tasks/${task.id}/watchers`, { userIds: [cy.userId] })).status).toBe(200);

    await ben.api.patch(`/tasks/${task.id}`, { status: '1' });
    const expected = 'Ben Person changed the status of "Call the bank" to Done';
    expect((await bell(ada)).items[0]).toMatchObject({ kind: 'cardStatus', message: expected });
    expect((await bell(cy)).items[0]).toMatchObject({ kind: 'cardStatus', message: expected });

    await ben.api.post('/activities', { taskId: task.id, description: '<p>Done and dusted</p>' });
    expect((await bell(ada)).items[0]).toMatchObject({
      kind: 'cardComment',
      message: 'Ben Person commented on "Call the bank"',
    });

    await ben.api.patch(`/tasks/${task.id}`, { taskTypeId: lists[1]!.id });
    expect((await bell(cy)).items[0]).toMatchObject({ kind: 'cardMoved', message: 'Ben Person moved "Call the bank"' });
    // Ben did all of it and heard of none of it.
    expect((await bell(ben)).items.filter((n) => n.taskId === task.id)).toEqual([]);
  });

  it('tells the meeting’s people when it starts (a Join link) and when they are added to it', async () => {
    const { ada, ben, cy } = await setup();
    const meeting = await createMeeting(ada, [ben.userId]);
    expect((await bell(ben)).items[0]).toMatchObject({
      kind: 'meetingAdded',
      message: 'Ada Person added you to the meeting Leadership L10',
      meetingId: meeting.id,
    });
    expect((await bell(cy)).items.some((n) => n.meetingId === meeting.id)).toBe(false);
    await ada.api.patch(`/meetings/${meeting.id}`, { members: [ben.userId, cy.userId] });
    expect((await bell(cy)).items[0]).toMatchObject({ kind: 'meetingAdded', meetingId: meeting.id });
    expect((await bell(ben)).items.filter((n) => n.meetingId === meeting.id)).toHaveLength(1);

    const started = await ada.api.post<{ sessionId: string }>(`/meetings/${meeting.id}/start`, {
      confirmUnscheduled: true,
    });
    expect(started.status).toBe(200);
    const join = (await bell(ben)).items[0]!;
    expect(join).toMatchObject({
      kind: 'meetingStarted',
      message: 'Ada Person started Leadership L10. Join now',
      link: `/live-meeting/${meeting.id}/${started.body.result.sessionId}`,
    });
    expect((await bell(ada)).items.some((n) => n.kind === 'meetingStarted')).toBe(false);
  });

  it('tells a person an admin added to the workspace', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const email = `new-${Date.now()}@example.test`;
    const added = await ada.api.post<{ person: { id: string } }>('/tenants/add-user', {
      email,
      firstName: 'Dee',
      lastName: 'New',
    });
    expect(added.status).toBe(201);
    const rows = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, added.body.result.person.id));
    expect(rows.map((n) => [n.kind, n.tenantId, n.message])).toEqual([
      ['workspaceAdded', ada.tenantId, expect.stringMatching(/^Ada Person added you to the workspace /)],
    ]);
  });

  it('shows due reminders in the bell as sent (their e-mail went out), live to their receivers only', async () => {
    const { ada, ben, cy, meeting } = await setup();
    const task = await createTask(ada, {
      userId: ben.userId,
      meetingIds: [meeting.id],
      reminder: 'daily',
      dueDate: '2026-03-02',
    });
    await app.database.db.update(tasksTable).set({ reminderSentFor: null }).where(eq(tasksTable.id, task.id));
    const sockets = await Promise.all([ben, cy, ada].map((who) => connect(baseUrl, who.token)));
    const [bens, cys, adas] = sockets;
    const reminded = (m: { type: string; data: unknown }) =>
      m.type === 'notification.created' && (m.data as Notification).taskId === task.id;
    try {
      await sendTaskReminders(jobDepsOf(app), new Date('2026-03-01T10:00:00Z'));
      const reminder = (await bell(ben)).items.find((n) => n.kind === 'reminder' && n.taskId === task.id);
      expect(reminder).toMatchObject({
        message: 'Reminder: "Call the bank" is due 2026-03-02',
        status: 'sent',
        senderId: null,
      });
      // The job has no request, yet the receiver's bell hears it at once; nobody else's does.
      await eventually(() => bens!.received.some(reminded));
      expect(bens!.received.find(reminded)!.data).toMatchObject({ id: reminder!.id, receiverId: ben.userId });
      await settle();
      expect(cys!.received.some(reminded)).toBe(false);
      expect(adas!.received.some(reminded)).toBe(false);
      expect((await mailsTo(ben)).map((m) => m.subject)).toContain('Reminder: Call the bank');
    } finally {
      for (const s of sockets) s.socket.disconnect();
    }
  });
});

const mailsTo = (who: SignedUp) => app.database.db.select().from(outbox).where(eq(outbox.to, who.email.toLowerCase()));
const switches = async (who: SignedUp, body: Record<string, boolean>) =>
  expect((await who.api.patch('/self/notifications', body)).status).toBe(200);

describe('e-mail copies (decision 042)', () => {
  it('mail every kind to its receiver when the switches say so (then it is sent), never to the author', async () => {
    const { ada, ben, meeting } = await setup();
    const task = await createTask(ada, { userId: ben.userId, meetingIds: [meeting.id], title: 'Pay rent' });
    await ben.api.patch(`/tasks/${task.id}`, { userId: ada.userId }); // Ada owns it now: she hears what follows
    await ben.api.patch(`/tasks/${task.id}`, { status: '1' });
    await ben.api.post('/activities', { taskId: task.id, description: '<p>Paid</p>' });
    const list = await ada.api.post<Board>('/boards', { name: 'Bills', meetingIds: [meeting.id], lists: ['Paid'] });
    const lists = (await ada.api.get<BoardList[]>(`/boards/${list.body.result.id}/task-types`)).body.result;
    await ben.api.patch(`/tasks/${task.id}`, { boardId: list.body.result.id, taskTypeId: lists[0]!.id });

    const adas = (await bell(ada)).items.filter((n) => n.taskId === task.id);
    expect(adas.map((n) => n.kind).sort()).toEqual(['cardComment', 'cardMoved', 'cardOwner', 'cardStatus']);
    expect(adas.every((n) => n.status === 'sent')).toBe(true);
    const mails = await mailsTo(ada);
    for (const n of adas) {
      const mail = mails.find((m) => m.subject === n.message);
      expect(mail, n.kind).toBeDefined();
      expect(mail!.text).toContain(`Hi Ada,\n\n${n.message}.`);
      expect(mail!.text).toContain(`http://cadence.test/home/${task.id}`);
    }
    // Ben was the author of those four: no mail about them.
    expect((await mailsTo(ben)).filter((m) => /"Pay rent"/.test(m.subject)).map((m) => m.subject)).toEqual([
      'Ada Person made you the owner of "Pay rent"',
    ]);

    // Meeting kinds: added to a meeting, and its start.
    const other = await createMeeting(ada, [ben.userId]);
    expect((await mailsTo(ben)).some((m) => m.subject === 'Ada Person added you to the meeting Leadership L10')).toBe(
      true,
    );
    await ada.api.post(`/meetings/${other.id}/start`, { confirmUnscheduled: true });
    const started = (await bell(ben)).items.find((n) => n.kind === 'meetingStarted' && n.meetingId === other.id)!;
    expect(started.status).toBe('sent');
    expect((await mailsTo(ben)).find((m) => m.subject === started.message)!.text).toContain(started.link);
  });

  it('follow each person’s switches: by kind, and email off for none at all', async () => {
    const { ada, ben, meeting } = await setup();
    await switches(ben, { comments: false });
    const task = await createTask(ada, { userId: ben.userId, meetingIds: [meeting.id], title: 'Fix the roof' });
    await ada.api.post('/activities', { taskId: task.id, description: '<p>Any news?</p>' });
    await ada.api.patch(`/tasks/${task.id}`, { status: '1' });
    const items = (await bell(ben)).items.filter((n) => n.taskId === task.id);
    expect(Object.fromEntries(items.map((n) => [n.kind, n.status]))).toEqual({
      cardOwner: 'sent',
      cardComment: 'unseen',
      cardStatus: 'unseen',
    });
    const subjects = (await mailsTo(ben)).map((m) => m.subject).filter((s) => s.includes('"Fix the roof"'));
    expect(subjects).toEqual(['Ada Person made you the owner of "Fix the roof"']);

    await switches(ben, { comments: true, enableEmailNotification: false });
    const second = await createTask(ada, { userId: ben.userId, meetingIds: [meeting.id], title: 'Paint the door' });
    expect((await bell(ben)).items.find((n) => n.taskId === second.id)!.status).toBe('unseen');
    expect((await mailsTo(ben)).some((m) => m.subject.includes('"Paint the door"'))).toBe(false);
  });

  it('a person added to the workspace gets the invitation mail alone, not a second copy', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const email = `copy-${Date.now()}@example.test`;
    expect((await ada.api.post('/tenants/add-user', { email, firstName: 'Dee', lastName: 'New' })).status).toBe(201);
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/set-password?hash=');
  });
});

describe('the bell', () => {
  it('pages newest first, counts unseen and sent, and marks all read or the named ones', async () => {
    const { ada, ben, meeting } = await setup();
    for (const title of ['One', 'Two', 'Three'])
      await createTask(ada, { title, userId: ben.userId, meetingIds: [meeting.id] });
    const first = await bell(ben, '?limit=2');
    expect(first.items.map((n) => n.message)).toEqual([
      'Ada Person made you the owner of "Three"',
      'Ada Person made you the owner of "Two"',
    ]);
    const total = first.total;
    const second = await bell(ben, `?limit=2&offset=2`);
    expect(second.items[0]!.message).toBe('Ada Person made you the owner of "One"');
    expect(second.total).toBe(total);
    expect(await unread(ben)).toBe(first.unread);

    const one = first.items[0]!;
    const marked = await ben.api.patch<{ changed: number; unread: number }>('/notifications/change-status', {
      status: 'read',
      ids: [one.id],
    });
    expect(marked.body.result).toEqual({ changed: 1, unread: first.unread - 1 });
    const back = await ben.api.patch('/notifications/change-status', { status: 'unseen', ids: [one.id] });
    expect(back.status).toBe(200);
    expect(await unread(ben)).toBe(first.unread);

    const all = await ben.api.patch<{ changed: number; unread: number }>('/notifications/change-status', {
      status: 'read',
    });
    expect(all.body.result).toEqual({ changed: first.unread, unread: 0 });
    expect((await bell(ben)).items.every((n) => n.status === 'read')).toBe(true);
    expect((await bell(ben, '?offset=500')).items).toEqual([]);
  });

  it('is the receiver’s alone: another person’s or workspace’s notification is a 404 and stays unread', async () => {
    const { ada, ben, cy, meeting } = await setup();
    await createTask(ada, { userId: ben.userId, meetingIds: [meeting.id] });
    const bens = (await bell(ben)).items[0]!;
    const stranger = await signUp(app);
    for (const who of [cy, stranger]) {
      const answer = await who.api.patch('/notifications/change-status', { status: 'read', ids: [bens.id] });
      expect(answer.status).toBe(404);
    }
    // One of mine and one not mine: nothing changes.
    await createTask(ben, { userId: cy.userId, meetingIds: [meeting.id] });
    const cys = (await bell(cy)).items[0]!;
    expect(
      (await cy.api.patch('/notifications/change-status', { status: 'read', ids: [cys.id, bens.id] })).status,
    ).toBe(404);
    expect((await bell(cy)).items[0]!.status).toBe('sent');
    expect((await bell(ben)).items.find((n) => n.id === bens.id)!.status).toBe('sent');
    // Another workspace's bell does not show them.
    expect((await bell(stranger)).items.some((n) => n.id === bens.id)).toBe(false);
  });

  it('refuses bad paging and status values', async () => {
    const { ben } = await setup();
    for (const query of ['?limit=0', '?limit=51', '?offset=-1', '?limit=abc', '?page=2'])
      expect((await ben.api.get(`/notifications${query}`)).status).toBe(400);
    for (const body of [{}, { status: 'sent' }, { status: 'read', ids: [] }, { status: 'read', ids: ['nope'] }])
      expect((await ben.api.patch('/notifications/change-status', body)).status).toBe(400);
  });

  it('reaches the receiver live, and nobody else', async () => {
    const { ada, ben, cy, meeting } = await setup();
    const bens = await connect(baseUrl, ben.token);
    const cys = await connect(baseUrl, cy.token);
    const adas = await connect(baseUrl, ada.token);
    try {
      const task = await createTask(ada, { userId: ben.userId, meetingIds: [meeting.id] });
      // Being added to the meeting may reach the bell too (its notice can arrive after connecting).
      const aboutTask = () =>
        bens.received.find((m) => m.type === 'notification.created' && (m.data as Notification).taskId === task.id);
      await eventually(() => aboutTask() !== undefined);
      expect(aboutTask()!.data as Notification).toMatchObject({ receiverId: ben.userId, status: 'sent' });
      await settle();
      expect(cys.received.some((m) => m.type === 'notification.created')).toBe(false);
      expect(adas.received.some((m) => m.type === 'notification.created')).toBe(false);
    } finally {
      for (const s of [bens, cys, adas]) s.socket.disconnect();
    }
  });
});
