import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, lastMailTo, meetingNow, type SignedUp, signUp, startLive } from '../../../../test/factories.ts';
import { addDays } from '../../../shared/dates.ts';
import type { Board, BoardList } from '../../boards/boards.schemas.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Task, TaskPage } from '../../tasks/tasks.schemas.ts';
import type { MeetingArchive } from '../live.schemas.ts';

// An issue ticked done outside "Solve" during a live session is solved in
// it; reordering a paged action-item list moves the item among the whole list; the archive and
// the recap mail list everything made, solved or finished in the session.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const todayUtc = () => new Date().toISOString().slice(0, 10);

const start = (person: SignedUp, meeting: Meeting) => startLive(person, meeting.id);

const item = async (person: SignedUp, fields: Record<string, unknown>) => {
  const answer = await person.api.post<Task>('/tasks', { userId: person.userId, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

const card = async (person: SignedUp, id: string) => (await person.api.get<Task>(`/tasks/${id}`)).body.result;

const openIssues = async (person: SignedUp, meeting: Meeting, limit = 100) =>
  (await person.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=2&state=active&limit=${limit}`)).body.result;

describe('an issue ticked done during a live session', () => {
  it('is solved in that session however it is ticked; reopened, in none; outside a session, in none', async () => {
    const leader = await signUp(app, { firstName: 'Lea' });
    const member = await joinWorkspace(app, leader, { firstName: 'Max' });
    const meeting = await meetingNow(leader, [member.userId]);
    const before = await item(member, { title: 'Ticked before', type: '2', meetingIds: [meeting.id] });
    await member.api.patch(`/tasks/${before.id}`, { status: '1' });
    expect((await card(member, before.id)).completedInSessionId).toBeNull();

    const byDialog = await item(member, { title: 'Ticked in the dialog', type: '2', meetingIds: [meeting.id] });
    const byDrop = await item(member, { title: 'Dropped on done', type: '2', meetingIds: [meeting.id] });
    const reopened = await item(member, { title: 'Reopened', type: '2', meetingIds: [meeting.id] });
    const todo = await item(member, { title: 'A to-do', type: '4', meetingIds: [meeting.id] });
    const sessionId = await start(leader, meeting);

    // A member (not the one running the meeting) ticks: it is still solved in the session.
    expect((await member.api.patch(`/tasks/${byDialog.id}`, { status: '1' })).status).toBe(200);
    expect((await member.api.patch(`/tasks/${byDrop.id}/drop`, { column: 'done' })).status).toBe(200);
    await member.api.patch(`/tasks/${reopened.id}`, { status: '1' });
    expect((await card(member, reopened.id)).completedInSessionId).toBe(sessionId);
    await member.api.patch(`/tasks/${reopened.id}`, { status: '0' });
    await member.api.patch(`/tasks/${todo.id}`, { status: '1' });

    expect((await card(member, byDialog.id)).completedInSessionId).toBe(sessionId);
    expect((await card(member, byDrop.id)).completedInSessionId).toBe(sessionId);
    expect((await card(member, reopened.id)).completedInSessionId).toBeNull();
    // Only issues are solved; a to-do done is finished, not solved.
    expect((await card(member, todo.id)).completedInSessionId).toBeNull();

    expect((await leader.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
    const archive = (await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    const solved = archive.issuesSolved.flatMap((group) => group.items.map((i) => i.title)).sort();
    expect(solved).toEqual(['Dropped on done', 'Ticked in the dialog']);
  });
});

describe('reordering a paged action-item list', () => {
  it('moves the dragged item among the whole open list; the items not loaded keep their places', async () => {
    const leader = await signUp(app);
    const meeting = await meetingNow(leader, []);
    for (let n = 1; n <= 25; n++) await item(leader, { title: `Issue ${n}`, type: '2', meetingIds: [meeting.id] });
    const all = (await openIssues(leader, meeting)).items.map((c) => c.id);
    expect(all).toHaveLength(25);
    const page = (await openIssues(leader, meeting, 20)).items.map((c) => c.id);
    expect(page).toEqual(all.slice(0, 20));

    // The last loaded item dragged to the top of the first page.
    const dragged = page[19]!;
    const shown = [dragged, ...page.slice(0, 19)];
    const drop = await leader.api.patch(`/tasks/${dragged}/drop`, {
      column: 'active',
      meetingId: meeting.id,
      orderedIds: shown,
    });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    const after = (await openIssues(leader, meeting)).items.map((c) => c.id);
    expect(after).toEqual([dragged, ...all.slice(0, 19), ...all.slice(20)]);

    // The first item dragged to the end of the loaded page lands after the item it follows there.
    const first = after[0]!;
    const loaded = after.slice(0, 20);
    await leader.api.patch(`/tasks/${first}/drop`, {
      column: 'active',
      meetingId: meeting.id,
      orderedIds: [...loaded.slice(1), first],
    });
    expect((await openIssues(leader, meeting)).items.map((c) => c.id)).toEqual([
      ...after.slice(1, 20),
      first,
      ...after.slice(20),
    ]);

    // Another workspace's meeting: 404, and the order is unchanged.
    const stranger = await signUp(app);
    const theirs = await meetingNow(stranger, []);
    const refused = await leader.api.patch(`/tasks/${first}/drop`, {
      column: 'active',
      meetingId: theirs.id,
      orderedIds: [first],
    });
    expect(refused.status).toBe(404);
    expect((await openIssues(leader, meeting)).items[19]!.id).toBe(first);
  });
});

describe('the archive and the recap mail', () => {
  it('list what was made, solved or finished in the session, also on the meeting’s boards, with owners, due dates, KPIs against goal and timing', async () => {
    const leader = await signUp(app, { firstName: 'Lea' });
    const member = await joinWorkspace(app, leader, { firstName: 'Max' });
    const absent = await joinWorkspace(app, leader, { firstName: 'Abe' });
    const meeting = await meetingNow(leader, [member.userId, absent.userId]);
    const board = (
      await leader.api.post<Board>('/boards', { name: 'Roadmap', meetingIds: [meeting.id], lists: ['Next', 'Done'] })
    ).body.result;
    const lists = (await leader.api.get<BoardList[]>(`/boards/${board.id}/task-types`)).body.result;
    const score = (
      await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
        title: 'Demos booked',
        userId: member.userId,
        goal: '>=',
        score: '10',
      })
    ).body.result;
    const goal = await item(leader, {
      title: 'Launch the beta',
      type: '1',
      dueDate: addDays(todayUtc(), 60),
      meetingIds: [meeting.id],
    });
    await item(member, { title: 'We won Acme', type: '3', meetingIds: [meeting.id] });
    const sessionId = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);

    const due = addDays(todayUtc(), 7);
    await item(leader, {
      title: 'Call Acme back',
      type: '4',
      userId: member.userId,
      dueDate: due,
      meetingIds: [meeting.id],
    });
    // A card made on the meeting's board during the session (not linked to the meeting itself).
    await item(leader, {
      title: 'Board to-do',
      type: '4',
      boardId: board.id,
      taskTypeId: lists[0]!.id,
      members: [leader.userId],
    });
    await leader.api.patch(`/tasks/${goal.id}`, { status: '1' });
    const cell = await leader.api.put(`/scores/${score.id}/cells/${sessionId}`, { measured: '7' });
    expect(cell.status, JSON.stringify(cell.body)).toBe(200);
    await member.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 6, note: null });
    await leader.api.patch(`/sessions/${sessionId}/ratings/${leader.userId}`, { score: 9, note: null });
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 1 });
    expect((await leader.api.post(`/sessions/${sessionId}/finish`, { notAttended: [] })).status).toBe(200);

    const a = (await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    const titles = (groups: MeetingArchive['todosCreated']) =>
      groups.flatMap((g) => g.items.map((i) => i.title)).sort();
    expect(a.notAttended.map((p) => p.fullName)).toEqual(['Abe Person']);
    expect(a.avgScore).toBe(7.5);
    expect(titles(a.todosCreated)).toEqual(['Board to-do', 'Call Acme back']);
    expect(a.todosCreated.find((g) => g.userId === member.userId)?.items).toEqual([
      expect.objectContaining({ title: 'Call Acme back', dueDate: due }),
    ]);
    expect(titles(a.goalsFinished)).toEqual(['Launch the beta']);
    expect(titles(a.headlines)).toEqual(['We won Acme']);
    expect(a.kpis[0]!.list[0]).toMatchObject({ title: 'Demos booked', measured: '7', met: false });
    expect(a.timing?.items.length).toBeGreaterThan(0);

    const mail = (await lastMailTo(app, member.email))?.text ?? '';
    expect(mail).toContain('Abe Person');
    expect(mail).toMatch(/Call Acme back \(Max Person, due \w{3} \d+, \d{4}\)/);
    expect(mail).toContain('Board to-do');
    expect(mail).toContain('Launch the beta');
    expect(mail).toContain('We won Acme');
    expect(mail).toMatch(/Demos booked \(Max Person\): 7, goal .*10 \(missed\)/);
    expect(mail).toContain('7.5');
  });
});
