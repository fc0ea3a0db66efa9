import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { Milestones, MyMilestones } from '../milestones.schemas.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Task, TaskPage } from '../tasks.schemas.ts';
import { remindMilestonesDue } from './milestone-reminders.ts';
import { riskOf } from './milestones.service.ts';

// A goal's milestones: order, owners of its meetings, due on or before the goal, progress, the
// at-risk rule, tenancy and who hears of a change.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const newGoal = async (who: SignedUp, meetingId: string, extra: Record<string, unknown> = {}) => {
  const made = await who.api.post<Task>('/tasks', {
    title: 'Open the Lisbon office',
    type: '1',
    userId: who.userId,
    meetingIds: [meetingId],
    dueDate: '2026-12-31',
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body.result;
};

describe('milestones of a goal', () => {
  it('are added, ticked, reordered and deleted, and show as the goal’s progress and next step', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const meeting = await createMeeting(lea, [mo.userId]);
    const goal = await newGoal(lea, meeting.id);
    const add = (body: Record<string, unknown>) => lea.api.post<Milestones>(`/tasks/${goal.id}/milestones`, body);

    expect((await add({ title: 'Sign the lease', ownerId: mo.userId, dueDate: '2026-10-01' })).status).toBe(201);
    expect((await add({ title: 'Hire a manager', dueDate: '2026-11-15' })).status).toBe(201);
    const three = (await add({ title: '  Open the doors  ', ownerId: lea.userId, dueDate: '2026-12-31' })).body.result;
    expect(three.items.map((m) => [m.title, m.sort])).toEqual([
      ['Sign the lease', 0],
      ['Hire a manager', 1],
      ['Open the doors', 2],
    ]);
    expect([three.done, three.total, three.progress]).toEqual([0, 3, 0]);

    // Ticked by a member of the meeting: done with its time; unticked clears it.
    const [lease, hire, doors] = three.items;
    const ticked = (await mo.api.patch<Milestones>(`/milestones/${lease!.id}`, { done: true })).body.result;
    expect(ticked.items[0]!.doneAt).toEqual(expect.any(String));
    expect([ticked.done, ticked.progress]).toEqual([1, 33]);
    const list = await lea.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=1`);
    expect(list.body.result.items[0]!.milestones).toEqual({
      done: 1,
      total: 3,
      next: { title: 'Hire a manager', dueDate: '2026-11-15' },
    });
    const back = (await mo.api.patch<Milestones>(`/milestones/${lease!.id}`, { done: false })).body.result;
    expect(back.items[0]!.doneAt).toBeNull();

    // Reordered: every one, once.
    const ordered = await lea.api.put<Milestones>(`/tasks/${goal.id}/milestones/order`, {
      ids: [doors!.id, lease!.id, hire!.id],
    });
    expect(ordered.body.result.items.map((m) => m.title)).toEqual([
      'Open the doors',
      'Sign the lease',
      'Hire a manager',
    ]);
    for (const ids of [[doors!.id, lease!.id], [doors!.id, lease!.id, lease!.id], []]) {
      expect((await lea.api.put(`/tasks/${goal.id}/milestones/order`, { ids })).status).toBe(400);
    }

    // Edited and deleted.
    const renamed = await lea.api.patch<Milestones>(`/milestones/${hire!.id}`, { title: 'Hire a site manager' });
    expect(renamed.body.result.items[2]!.title).toBe('Hire a site manager');
    const gone = await lea.api.delete<Milestones>(`/milestones/${hire!.id}`);
    expect(gone.body.result.total).toBe(2);
    expect((await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.total).toBe(2);

    // Mo heard he was made the owner of "Sign the lease" (Lea, who made herself the owner of
    // "Open the doors", did not); made the owner of another one later, he hears again.
    await lea.api.patch(`/milestones/${doors!.id}`, { ownerId: mo.userId });
    const bell = (await mo.api.get<NotificationPage>('/notifications')).body.result.items;
    expect(bell.filter((n) => n.kind === 'milestoneOwner').map((n) => [n.message, n.link])).toEqual([
      [tasksMessages.notificationMilestoneOwner('Lea Person', 'Open the doors', goal.title), `/home/${goal.id}`],
      [tasksMessages.notificationMilestoneOwner('Lea Person', 'Sign the lease', goal.title), `/home/${goal.id}`],
    ]);
    const own = (await lea.api.get<NotificationPage>('/notifications')).body.result.items;
    expect(own.filter((n) => n.kind === 'milestoneOwner')).toEqual([]);
  });

  it('refuses a milestone after its goal, an owner outside its meetings, bad input, and a card that is no goal', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const stranger = await joinWorkspace(app, lea, { firstName: 'Sam' }); // in the workspace, not the meeting
    const meeting = await createMeeting(lea, [mo.userId]);
    const goal = await newGoal(lea, meeting.id);
    const add = (body: Record<string, unknown>) => lea.api.post(`/tasks/${goal.id}/milestones`, body);

    const late = await add({ title: 'Party', dueDate: '2027-01-05' });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ dueDate: tasksMessages.milestoneAfterGoal('2026-12-31') });
    const outsider = await add({ title: 'Party', ownerId: stranger.userId });
    expect(outsider.status).toBe(400);
    expect(outsider.body.errors).toEqual({ ownerId: tasksMessages.milestoneOwnerNotOfGoal });
    for (const bad of [
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(256) },
      { title: 'Party', dueDate: '2026-02-30' },
      { title: 'Party', dueDate: 'soon' },
      { title: 'Party\u0000' },
      { title: 'Party', ownerId: 'nobody' },
      {},
    ]) {
      expect((await add(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const todo = await lea.api.post<Task>('/tasks', {
      title: 'Call',
      type: '4',
      userId: lea.userId,
      meetingIds: [meeting.id],
    });
    const notGoal = await lea.api.post(`/tasks/${todo.body.result.id}/milestones`, { title: 'Step' });
    expect(notGoal.status).toBe(400);
    expect(notGoal.body.message).toBe(tasksMessages.milestonesGoalsOnly);
    expect((await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.total).toBe(0);
  });

  it('answers 404 for another workspace’s ids in the path and the body, and tells only the goal’s meeting', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const sam = await joinWorkspace(app, lea, { firstName: 'Sam' });
    const meeting = await createMeeting(lea, [mo.userId]);
    const goal = await newGoal(lea, meeting.id);
    const step = (await lea.api.post<Milestones>(`/tasks/${goal.id}/milestones`, { title: 'Sign' })).body.result
      .items[0]!;
    const eve = await signUp(app, { firstName: 'Eve' });
    const eveMeeting = await createMeeting(eve);
    const eveGoal = await newGoal(eve, eveMeeting.id);

    const moSocket = await connect(baseUrl, mo.token);
    const samSocket = await connect(baseUrl, sam.token);
    const eveSocket = await connect(baseUrl, eve.token);
    // Each screen of a meeting joins its room; Sam and Eve try too.
    expect(await moSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await samSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
    expect(await eveSocket.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: false });
    const heard = (s: typeof moSocket) =>
      s.received.filter((m) => m.type === 'task.changed' && (m.data as { part?: string }).part === 'milestone');

    for (const tried of [
      await eve.api.get(`/tasks/${goal.id}/milestones`),
      await eve.api.post(`/tasks/${goal.id}/milestones`, { title: 'Mine now' }),
      await eve.api.patch(`/milestones/${step.id}`, { done: true }),
      await eve.api.delete(`/milestones/${step.id}`),
      await eve.api.put(`/tasks/${goal.id}/milestones/order`, { ids: [step.id] }),
      // Lea's own goal with Eve's person as owner: the body's id is another workspace's.
      await lea.api.post(`/tasks/${goal.id}/milestones`, { title: 'Hers', ownerId: eve.userId }),
      await lea.api.patch(`/milestones/${step.id}`, { ownerId: eve.userId }),
      await lea.api.post(`/tasks/${eveGoal.id}/milestones`, { title: 'Across' }),
      // Sam is in the workspace but not the goal's meeting: the goal is not his to see.
      await sam.api.patch(`/milestones/${step.id}`, { done: true }),
    ]) {
      expect(tried.status).toBe(404);
      expect(tried.body.status).toBe('fail');
    }
    const still = (await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result;
    expect(still.items.map((m) => [m.title, m.doneAt, m.ownerId])).toEqual([['Sign', null, null]]);
    await settle();
    expect(heard(moSocket)).toEqual([]);

    expect((await lea.api.patch(`/milestones/${step.id}`, { done: true })).status).toBe(200);
    await eventually(() => heard(moSocket).length > 0);
    await settle();
    expect(heard(samSocket)).toEqual([]);
    expect(heard(eveSocket)).toEqual([]);
    for (const s of [moSocket, samSocket, eveSocket]) s.socket.close();
  });
});

describe('my milestones', () => {
  it('lists the caller’s open milestones of open goals they see, soonest first, less hidden meetings', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const ops = await createMeeting(lea, [mo.userId]);
    const sales = await createMeeting(lea, [mo.userId]);
    const office = await newGoal(lea, ops.id, { title: 'Open the Lisbon office' });
    const deals = await newGoal(lea, sales.id, { title: 'Close ten deals' });
    const add = async (goalId: string, body: Record<string, unknown>) =>
      (await lea.api.post<Milestones>(`/tasks/${goalId}/milestones`, body)).body.result.items.at(-1)!;
    const lease = await add(office.id, { title: 'Sign the lease', ownerId: mo.userId, dueDate: '2026-10-01' });
    await add(office.id, { title: 'Paint the walls', ownerId: mo.userId });
    await add(office.id, { title: 'Hire a manager', ownerId: lea.userId, dueDate: '2026-09-01' });
    await add(deals.id, { title: 'Call the first five', ownerId: mo.userId, dueDate: '2026-08-01' });
    const ticked = await add(deals.id, { title: 'Write the pitch', ownerId: mo.userId, dueDate: '2026-07-01' });
    await mo.api.patch(`/milestones/${ticked.id}`, { done: true });

    const mine = async (query = '') => (await mo.api.get<MyMilestones>(`/milestones/mine${query}`)).body.result;
    const all = await mine();
    expect(all.items.map((m) => [m.title, m.dueDate, m.goalTitle])).toEqual([
      ['Call the first five', '2026-08-01', 'Close ten deals'],
      ['Sign the lease', '2026-10-01', 'Open the Lisbon office'],
      ['Paint the walls', null, 'Open the Lisbon office'],
    ]);
    expect(all.total).toBe(3);
    expect(all.items[1]).toMatchObject({ id: lease.id, goalId: office.id });
    // Home's avatar strip hides the sales meeting.
    expect((await mine(`?hiddenMeetingIds=${sales.id}`)).items.map((m) => m.title)).toEqual([
      'Sign the lease',
      'Paint the walls',
    ]);
    // Each sees their own; a goal done takes its milestones off the list.
    expect((await lea.api.get<MyMilestones>('/milestones/mine')).body.result.items.map((m) => m.title)).toEqual([
      'Hire a manager',
    ]);
    expect((await lea.api.patch(`/tasks/${deals.id}`, { status: '1' })).status).toBe(200);
    expect((await mine()).items.map((m) => m.title)).toEqual(['Sign the lease', 'Paint the walls']);
    // Bad input is a 400 with the field, not a 500.
    expect((await mo.api.get('/milestones/mine?hiddenMeetingIds=not-an-id')).status).toBe(400);
  });
});

describe('a goal’s progress from linked cards and a KPI', () => {
  it('is the mean of its parts: milestones done, linked cards done, the KPI’s latest value against the target', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const eve = await signUp(app, { firstName: 'Eve' });
    const meeting = await createMeeting(lea, [mo.userId]);
    const other = await createMeeting(lea, []);
    const goal = await newGoal(lea, meeting.id);
    const add = (title: string) => lea.api.post<Milestones>(`/tasks/${goal.id}/milestones`, { title });
    await add('Sign the lease');
    const two = (await add('Hire a manager')).body.result;
    await lea.api.patch(`/milestones/${two.items[0]!.id}`, { done: true });
    const card = async (title: string, done = false) => {
      const made = await lea.api.post<Task>('/tasks', {
        title,
        type: '4',
        userId: lea.userId,
        meetingIds: [meeting.id],
      });
      if (done) await lea.api.patch(`/tasks/${made.body.result.id}`, { status: '1' });
      return made.body.result.id;
    };
    const cards = [await card('Paint', true), await card('Furnish'), await card('Wire'), await card('Sign')];
    const score = await lea.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      title: 'Leads a week',
      userId: lea.userId,
      goal: '>=',
      score: '100',
      type: 'number',
    });
    const sessions = (await lea.api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions`)).body.result;
    const put = (body: Record<string, unknown>) => lea.api.put<Milestones>(`/tasks/${goal.id}/progress-sources`, body);

    // Milestones alone: 1 of 2.
    expect((await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.progress).toBe(50);
    // With four cards, one done: (0.5 + 0.25) / 2.
    const linked = (await put({ cardIds: cards, kpi: null })).body.result;
    expect([linked.progress, linked.sources.cards.done, linked.sources.cards.total]).toEqual([38, 1, 4]);
    // With the KPI: no value yet counts as nothing; 150 of a 200 target is 0.75.
    const withKpi = (await put({ cardIds: cards, kpi: { scoreId: score.body.result.id, target: '200' } })).body.result;
    expect(withKpi.sources.kpi).toMatchObject({ title: 'Leads a week', target: '200', latest: null, share: null });
    expect(withKpi.progress).toBe(38);
    await lea.api.put(`/scores/${score.body.result.id}/cells/${sessions[0]!.id}`, { measured: '150' });
    const now = (await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result;
    expect([now.sources.kpi?.latest, now.sources.kpi?.share, now.progress]).toEqual(['150', 0.75, 50]);
    // A card counts in one goal: linked to another, it leaves this one.
    const second = await newGoal(lea, meeting.id, { title: 'Second goal' });
    await lea.api.put(`/tasks/${second.id}/progress-sources`, { cardIds: [cards[1]], kpi: null });
    expect((await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.sources.cards.total).toBe(3);
    // The status stays the team's.
    expect((await lea.api.get<Task>(`/tasks/${goal.id}`)).body.result.status).toBe('0');

    // Refused with the field named: a KPI of another meeting, a goal as a card, no number; nothing changed.
    const foreignKpi = await lea.api.post<{ id: string }>(`/meetings/${other.id}/scores`, {
      title: 'Other',
      userId: lea.userId,
      goal: '>=',
      score: '1',
      type: 'number',
    });
    const refusals: [Record<string, unknown>, string][] = [
      [{ cardIds: [], kpi: { scoreId: foreignKpi.body.result.id, target: '1' } }, 'kpi'],
      [{ cardIds: [second.id], kpi: null }, 'cardIds'],
      [{ cardIds: [goal.id], kpi: null }, 'cardIds'],
    ];
    for (const [body, field] of refusals) {
      const answer = await put(body);
      expect([answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([400, [field]]);
    }
    const notNumber = await put({ cardIds: [], kpi: { scoreId: score.body.result.id, target: 'lots' } });
    expect(notNumber.status).toBe(400);
    expect((await lea.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.sources.cards.total).toBe(3);
    // Another workspace's ids in the path and the body: 404, nothing changed.
    const evesMeeting = await createMeeting(eve, []);
    const evesGoal = await newGoal(eve, evesMeeting.id);
    expect((await put({ cardIds: [evesGoal.id], kpi: null })).status).toBe(404);
    expect((await eve.api.put(`/tasks/${goal.id}/progress-sources`, { cardIds: [], kpi: null })).status).toBe(404);
    expect((await mo.api.get<Milestones>(`/tasks/${goal.id}/milestones`)).body.result.sources.cards.total).toBe(3);
  });
});

describe('a milestone due tomorrow', () => {
  it('tells its owner once, on the day before in their time zone, and again when it moves', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
    const kai = await joinWorkspace(app, lea, { firstName: 'Kai' });
    expect((await mo.api.patch('/self', { timezone: 'America/Los_Angeles' })).status).toBe(200);
    expect((await kai.api.patch('/self', { timezone: 'Asia/Tokyo' })).status).toBe(200);
    const meeting = await createMeeting(lea, [mo.userId, kai.userId]);
    const goal = await newGoal(lea, meeting.id);
    const add = async (body: Record<string, unknown>) =>
      (await lea.api.post<Milestones>(`/tasks/${goal.id}/milestones`, body)).body.result.items.at(-1)!;
    const lease = await add({ title: 'Sign the lease', ownerId: mo.userId, dueDate: '2026-03-02' });
    await add({ title: 'Book the movers', ownerId: kai.userId, dueDate: '2026-03-02' });
    const done = await add({ title: 'Pick the street', ownerId: mo.userId, dueDate: '2026-03-02' });
    await lea.api.patch(`/milestones/${done.id}`, { done: true });

    const dueNotes = async (who: SignedUp) =>
      (await who.api.get<NotificationPage>('/notifications')).body.result.items
        .filter((n) => n.kind === 'milestoneDue')
        .map((n) => n.message);
    // 16:00 UTC on March 1st: 08:00 of the 1st in Los Angeles (the 2nd is tomorrow), but already
    // 01:00 of the 2nd in Tokyo (the milestone is due today there: too late for "tomorrow").
    const deps = jobDepsOf(app);
    expect(await remindMilestonesDue(deps, new Date('2026-03-01T16:00:00Z'))).toBe(1);
    expect(await dueNotes(mo)).toEqual([tasksMessages.notificationMilestoneDue('Sign the lease', goal.title)]);
    expect(await dueNotes(kai)).toEqual([]);
    // Once: the next hour tells nobody again.
    expect(await remindMilestonesDue(deps, new Date('2026-03-01T17:00:00Z'))).toBe(0);
    // Moved to the 5th: told again the day before.
    await lea.api.patch(`/milestones/${lease.id}`, { dueDate: '2026-03-05' });
    expect(await remindMilestonesDue(deps, new Date('2026-03-04T12:00:00Z'))).toBe(1);
    expect(await dueNotes(mo)).toHaveLength(2);
  });
});

describe('a goal at risk', () => {
  // A quarter from January 1st to March 31st; today is February 15th (45 days in, 44 left).
  const goal = { createdAt: '2026-01-01T09:00:00.000Z', dueDate: '2026-03-31' };
  const today = '2026-02-15';
  const steps = (done: number, open: number, due: string | null = null) => [
    ...Array.from({ length: done }, (_, i) => ({ title: `Done ${i}`, dueDate: due, doneAt: '2026-02-01T00:00:00Z' })),
    ...Array.from({ length: open }, (_, i) => ({ title: `Open ${i}`, dueDate: due, doneAt: null })),
  ];

  it('says so when a milestone is overdue, or the open ones cannot be done at the pace so far', () => {
    expect(riskOf([{ title: 'Lease', dueDate: '2026-02-10', doneAt: null }], goal, today)).toBe(
      tasksMessages.milestoneOverdue('Lease'),
    );
    // 1 done in 45 days: 4 more need 180 days, 44 are left.
    expect(riskOf(steps(1, 4), goal, today)).toBe(tasksMessages.milestonesBehind(4, 44));
    // 3 done in 45 days: 1 more needs 15 days.
    expect(riskOf(steps(3, 1), goal, today)).toBeNull();
    // All done, none at all, or nothing done yet with time left: no pace to judge.
    expect(riskOf(steps(4, 0), goal, today)).toBeNull();
    expect(riskOf([], goal, today)).toBeNull();
    expect(riskOf(steps(0, 3), goal, today)).toBeNull();
    // A done milestone past its date is no risk.
    expect(riskOf(steps(1, 0, '2026-02-01'), goal, today)).toBeNull();
  });
});
