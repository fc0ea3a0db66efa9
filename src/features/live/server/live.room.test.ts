import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  createMeeting,
  joinWorkspace,
  lastMailTo,
  meetingNow,
  type SignedUp,
  signUp,
  startLive,
} from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { sessions, tasks } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
import { carryAge } from '../../../shared/live.ts';
import { messages } from '../../../shared/messages.ts';
import type { BoardDetail } from '../../boards/boards.schemas.ts';
import type { AgendaItem, Meeting } from '../../meetings/meetings.schemas.ts';
import type { Card, Task } from '../../tasks/tasks.schemas.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveSession, LiveState, MeetingArchive } from '../live.schemas.ts';

// The live meeting: issues solved in the room, headlines turned into
// work, carry-forward across sessions, agenda items linked to boards, and the timing report.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const todayUtc = () => new Date().toISOString().slice(0, 10);

const team = async () => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const member = await joinWorkspace(app, leader, { firstName: 'Max' });
  const outsider = await joinWorkspace(app, leader, { firstName: 'Otto' });
  return { leader, member, outsider };
};

const start = (person: SignedUp, meeting: Meeting) => startLive(person, meeting.id);

const finish = async (person: SignedUp, sessionId: string) => {
  const answer = await person.api.post(`/sessions/${sessionId}/finish`, {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

const item = async (person: SignedUp, meeting: Meeting, type: string, title: string, userId = person.userId) => {
  const answer = await person.api.post<Task>('/tasks', { title, type, userId, meetingIds: [meeting.id] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

const meetingCards = async (person: SignedUp, meeting: Meeting) => {
  const answer = await person.api.get<Card[] | { items: Card[] }>(`/tasks?meetingId=${meeting.id}&state=all`);
  expect(answer.status).toBe(200);
  const result = answer.body.result;
  return Array.isArray(result) ? result : result.items;
};

const cardOf = async (person: SignedUp, id: string) => {
  const answer = await person.api.get<Task>(`/tasks/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.result;
};

describe('solving issues in the room', () => {
  it('a leader picks the issue discussed, solves it in the session, drops one to the backburner and turns one into to-dos', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const printer = await item(member, meeting, '2', 'Printer is broken');
    const hiring = await item(member, meeting, '2', 'Hiring is slow');
    const office = await item(leader, meeting, '2', 'Office move');
    const sessionId = await start(leader, meeting);

    const watcher = await connect(baseUrl, member.token);
    const bystander = await connect(baseUrl, outsider.token);
    expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });

    // Only those who run the meeting pick and solve.
    expect((await member.api.post(`/sessions/${sessionId}/discussing`, { taskId: printer.id })).status).toBe(403);
    expect((await member.api.post(`/sessions/${sessionId}/issues/${printer.id}/solve`)).status).toBe(403);

    const picked = await leader.api.post<LiveSession>(`/sessions/${sessionId}/discussing`, { taskId: printer.id });
    expect(picked.status).toBe(200);
    expect(picked.body.result.discussedTaskId).toBe(printer.id);
    expect((await member.api.get<LiveState>(`/sessions/${sessionId}/live`)).body.result.session.discussedTaskId).toBe(
      printer.id,
    );
    await eventually(() => watcher.received.some((m) => m.type === 'live.discussing'));
    expect(watcher.received.find((m) => m.type === 'live.discussing')?.data).toEqual({
      sessionId,
      meetingId: meeting.id,
      taskId: printer.id,
    });

    const solved = await leader.api.post<Card>(`/sessions/${sessionId}/issues/${printer.id}/solve`);
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    expect(solved.body.result).toMatchObject({
      id: printer.id,
      type: '2',
      status: '1',
      completedInSessionId: sessionId,
    });
    expect(solved.body.result.completedAt).not.toBeNull();
    // The solved issue is no longer highlighted, and cannot be solved twice.
    expect((await member.api.get<LiveState>(`/sessions/${sessionId}/live`)).body.result.session.discussedTaskId).toBe(
      null,
    );
    const again = await leader.api.post(`/sessions/${sessionId}/issues/${printer.id}/solve`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: liveMessages.liveNotAnIssue });

    const dropped = await leader.api.post<Card>(`/sessions/${sessionId}/issues/${hiring.id}/backburner`);
    expect(dropped.status).toBe(200);
    expect(dropped.body.result).toMatchObject({ id: hiring.id, type: '5', status: '0' });

    const todos = await leader.api.post<Card[]>(`/sessions/${sessionId}/issues/${office.id}/todos`, {
      todos: [
        { title: 'Book the movers', userId: member.userId, dueDate: addDays(todayUtc(), 7) },
        { title: 'Tell the landlord', userId: leader.userId },
      ],
    });
    expect(todos.status, JSON.stringify(todos.body)).toBe(200);
    expect(
      todos.body.result.map((card) => [card.title, card.type, card.userId, card.dueDate, card.sourceTaskId]),
    ).toEqual([
      ['Book the movers', '4', member.userId, addDays(todayUtc(), 7), office.id],
      ['Tell the landlord', '4', leader.userId, null, office.id],
    ]);
    // The issue stays open until it is solved; the to-dos are the meeting's, and the member sees them.
    expect((await cardOf(member, office.id)).status).toBe('0');
    const seen = await meetingCards(member, meeting);
    expect(
      seen
        .filter((card) => card.sourceTaskId === office.id)
        .map((card) => card.title)
        .sort(),
    ).toEqual(['Book the movers', 'Tell the landlord']);

    // Owners outside the meeting, no to-dos, and a to-do that is not an issue are refused.
    const stranger = await leader.api.post(`/sessions/${sessionId}/issues/${office.id}/todos`, {
      todos: [{ title: 'Spy', userId: outsider.userId }],
    });
    expect(stranger.status).toBe(400);
    expect((await leader.api.post(`/sessions/${sessionId}/issues/${office.id}/todos`, { todos: [] })).status).toBe(400);
    const todoId = todos.body.result[0]!.id;
    expect((await leader.api.post(`/sessions/${sessionId}/issues/${todoId}/solve`)).status).toBe(409);

    await settle();
    expect(bystander.received.map((m) => m.type)).not.toContain('live.discussing');
    watcher.socket.close();
    bystander.socket.close();
    // Many calls and two sockets: slow on a shared two-core machine.
  }, 90_000);

  it('turns a headline into an issue or a to-do that links back to it; the headline is then done', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const won = await item(member, meeting, '3', 'We won the Acme deal');
    const left = await item(member, meeting, '3', 'Sara is leaving');
    const sessionId = await start(leader, meeting);

    const issue = await leader.api.post<Card>(`/sessions/${sessionId}/headlines/${left.id}/convert`, { type: '2' });
    expect(issue.status, JSON.stringify(issue.body)).toBe(200);
    expect(issue.body.result).toMatchObject({
      title: 'Sara is leaving',
      type: '2',
      status: '0',
      userId: member.userId,
      sourceTaskId: left.id,
      meetingIds: [meeting.id],
    });
    const todo = await leader.api.post<Card>(`/sessions/${sessionId}/headlines/${won.id}/convert`, {
      type: '4',
      title: 'Send Acme the contract',
      userId: leader.userId,
      dueDate: addDays(todayUtc(), 3),
    });
    expect(todo.body.result).toMatchObject({ type: '4', userId: leader.userId, sourceTaskId: won.id });
    expect(await cardOf(member, won.id)).toMatchObject({ status: '1', completedInSessionId: sessionId });
    expect((await leader.api.post(`/sessions/${sessionId}/headlines/${won.id}/convert`, { type: '2' })).status).toBe(
      409,
    );
    // An issue is not a headline.
    expect(
      (await leader.api.post(`/sessions/${sessionId}/headlines/${issue.body.result.id}/convert`, { type: '4' })).status,
    ).toBe(409);
  });

  it('refuses items of another meeting and another workspace with 404, and a session that is not live with 409', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const elsewhere = await createMeeting(leader, [], { title: 'Elsewhere' });
    const foreign = await item(leader, elsewhere, '2', 'Not this meeting');
    const other = await signUp(app);
    const otherMeeting = await createMeeting(other, []);
    const otherIssue = await item(other, otherMeeting, '2', 'Their issue');
    const mine = await item(leader, meeting, '2', 'Our issue');
    const sessionId = await start(leader, meeting);

    for (const id of [foreign.id, otherIssue.id]) {
      expect((await leader.api.post(`/sessions/${sessionId}/discussing`, { taskId: id })).status).toBe(404);
      expect((await leader.api.post(`/sessions/${sessionId}/issues/${id}/solve`)).status).toBe(404);
      expect((await leader.api.post(`/sessions/${sessionId}/issues/${id}/backburner`)).status).toBe(404);
    }
    // Someone of another workspace reaches nothing of this session.
    expect((await other.api.post(`/sessions/${sessionId}/issues/${mine.id}/solve`)).status).toBe(404);
    expect((await other.api.post(`/sessions/${sessionId}/discussing`, { taskId: null })).status).toBe(404);
    expect((await cardOf(leader, mine.id)).status).toBe('0');
    expect((await cardOf(other, otherIssue.id)).status).toBe('0');

    await finish(leader, sessionId);
    const late = await leader.api.post(`/sessions/${sessionId}/issues/${mine.id}/solve`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: liveMessages.liveNotLive });
  });
});

describe('carry-forward', () => {
  it('what is still open rolls into the next sessions: the same items, their age growing session by session', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const today = todayUtc();
    const day = 86_400_000;
    // An issue and a to-do raised three weeks (and an hour) ago.
    const oldIssue = await item(member, meeting, '2', 'Old issue');
    const oldTodo = await item(member, meeting, '4', 'Old to-do');
    const raisedAt = new Date(Date.now() - 21 * day - 3600_000);
    await app.database.db
      .update(tasks)
      .set({ createdAt: raisedAt })
      .where(inArray(tasks.id, [oldIssue.id, oldTodo.id]));

    // Three weekly sessions: two weeks ago, a week ago and today. Each is started, then dated
    // (one session per date: today's would otherwise be started again) and finished.
    const dates = [addDays(today, -14), addDays(today, -7), today];
    const held: string[] = [];
    /** Per session: each open item of the meeting's lists (by id) with the age its card shows that day. */
    const lists: Record<string, string | null>[] = [];
    let fresh: Task | undefined;
    for (const [index, date] of dates.entries()) {
      const sessionId = await start(leader, meeting);
      expect(held).not.toContain(sessionId);
      held.push(sessionId);
      await app.database.db.update(sessions).set({ sessionDate: date }).where(eq(sessions.id, sessionId));
      const live = (await member.api.get<LiveState>(`/sessions/${sessionId}/live`)).body.result;
      expect(live.session.sessionDate).toBe(date);

      if (index === 0) {
        // Raised in the first session.
        fresh = await item(member, meeting, '2', 'Fresh issue');
        await app.database.db
          .update(tasks)
          .set({ createdAt: new Date(Date.now() - 14 * day) })
          .where(eq(tasks.id, fresh.id));
      }
      const open = (await meetingCards(member, meeting)).filter((card) => card.status === '0');
      lists.push(
        Object.fromEntries(
          open.map((card) => {
            const age = carryAge(card.createdAt.slice(0, 10), live.session.sessionDate);
            return [card.id, age && messages.carryAge(age)];
          }),
        ),
      );
      // Solved in the second session.
      if (index === 1) {
        const solved = await leader.api.post(`/sessions/${sessionId}/issues/${fresh!.id}/solve`);
        expect(solved.status).toBe(200);
      }
      await finish(leader, sessionId);
    }

    // The same items carry on (the same ids, nothing copied), on the list a week longer each session.
    expect(lists).toEqual([
      { [oldIssue.id]: 'On the list 1 week', [oldTodo.id]: 'On the list 1 week', [fresh!.id]: null },
      { [oldIssue.id]: 'On the list 2 weeks', [oldTodo.id]: 'On the list 2 weeks', [fresh!.id]: 'On the list 1 week' },
      { [oldIssue.id]: 'On the list 3 weeks', [oldTodo.id]: 'On the list 3 weeks' },
    ]);
    const cards = await meetingCards(leader, meeting);
    expect(cards.map((card) => card.title).sort()).toEqual(['Fresh issue', 'Old issue', 'Old to-do']);
    expect(cards.find((card) => card.id === oldIssue.id)).toMatchObject({
      status: '0',
      createdAt: raisedAt.toISOString(),
    });
    expect(cards.find((card) => card.id === fresh!.id)).toMatchObject({ status: '1', completedInSessionId: held[1] });

    // Each session's archive is of its date, lists the same open to-do, and the issue solved in the second.
    const archives = await Promise.all(
      held.map(async (id) => (await member.api.get<MeetingArchive>(`/sessions/${id}/archive`)).body.result),
    );
    expect(archives.map((archive) => archive.meetingDate)).toEqual(dates);
    expect(
      archives.map((archive) => archive.openActionItems.flatMap((group) => group.items.map((row) => row.id))),
    ).toEqual([[oldTodo.id], [oldTodo.id], [oldTodo.id]]);
    expect(
      archives.map((archive) => archive.issuesSolved.flatMap((group) => group.items.map((row) => row.title))),
    ).toEqual([[], ['Fresh issue'], []]);
  }, 60_000);
});

describe('agenda items linked to boards', () => {
  const agendaWith = async (leader: SignedUp, meeting: Meeting, extra: Record<string, unknown>[]) => {
    const current = (await leader.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    return leader.api.put<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [...current, ...extra],
    });
  };

  it('keeps a board and list of the meeting, refuses others, and keeps only the links an item’s kind uses', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const elsewhere = await createMeeting(leader, [], { title: 'Elsewhere' });
    const board = await leader.api.post<{ id: string }>('/boards', {
      name: 'Pipeline',
      meetingIds: [meeting.id],
      lists: ['Leads', 'Won'],
    });
    const otherBoard = await leader.api.post<{ id: string }>('/boards', {
      name: 'Other',
      meetingIds: [elsewhere.id],
      lists: ['A'],
    });
    const detail = (await leader.api.get<BoardDetail>(`/boards/${board.body.result.id}`)).body.result;
    const otherList = (await leader.api.get<BoardDetail>(`/boards/${otherBoard.body.result.id}`)).body.result.lists[0]!;
    const won = detail.lists.find((list) => list.name === 'Won')!;

    const saved = await agendaWith(leader, meeting, [
      { title: 'Pipeline', keyName: 'accountability_board', boardId: board.body.result.id, embedUrl: 'example.com' },
      { title: 'Wins', keyName: 'accountability_list', boardId: board.body.result.id, boardListId: won.id },
      { title: 'Dashboard', keyName: 'external_url', embedUrl: 'docs.google.com/x', boardId: board.body.result.id },
      { title: 'Issues again', keyName: 'to_do_list', taskType: '2' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const byTitle = new Map(saved.body.result.map((row) => [row.title, row]));
    expect(byTitle.get('Pipeline')).toMatchObject({ boardId: board.body.result.id, boardListId: null, embedUrl: null });
    expect(byTitle.get('Wins')).toMatchObject({ boardId: board.body.result.id, boardListId: won.id });
    expect(byTitle.get('Dashboard')).toMatchObject({ embedUrl: 'https://docs.google.com/x', boardId: null });
    expect(byTitle.get('Issues again')).toMatchObject({ taskType: '2' });
    // The default agenda shows headlines, to-dos and issues in their steps.
    expect(['Headlines', 'Action Items', 'Issues'].map((title) => byTitle.get(title)?.taskType)).toEqual([
      '3',
      '4',
      '2',
    ]);

    const notOfMeeting = await agendaWith(leader, meeting, [
      { title: 'Other', keyName: 'accountability_board', boardId: otherBoard.body.result.id },
    ]);
    expect(notOfMeeting.status).toBe(400);
    expect(notOfMeeting.body).toMatchObject({ message: messages.boardNotInMeeting });
    const listElsewhere = await agendaWith(leader, meeting, [
      { title: 'Other', keyName: 'accountability_list', boardId: board.body.result.id, boardListId: otherList.id },
    ]);
    expect(listElsewhere.status).toBe(400);
    expect(listElsewhere.body).toMatchObject({ message: messages.listNotOnBoard });
    const badUrl = await agendaWith(leader, meeting, [
      { title: 'Broken', keyName: 'external_url', embedUrl: 'not a url' },
    ]);
    expect(badUrl.status).toBe(400);
    expect(JSON.stringify(badUrl.body)).toContain(messages.invalidUrl);
    expect((await agendaWith(leader, meeting, [{ title: 'Odd', keyName: 'to_do_list', taskType: '1' }])).status).toBe(
      400,
    );

    // Another workspace's board is not found, and nothing changes.
    const other = await signUp(app);
    const theirs = await other.api.post<{ id: string }>('/boards', {
      name: 'Theirs',
      meetingIds: [(await createMeeting(other, [])).id],
      lists: ['X'],
    });
    const foreign = await agendaWith(leader, meeting, [
      { title: 'Theirs', keyName: 'accountability_board', boardId: theirs.body.result.id },
    ]);
    expect(foreign.status).toBe(404);
    const after = (await leader.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    expect(after.map((row) => row.title)).toEqual(saved.body.result.map((row) => row.title));
  });
});

describe('the timing report', () => {
  it('adds up the time of each step over its visits, against the plan, in the archive and the recap mail', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const agenda = (await leader.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    const score = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      userId: member.userId,
      title: 'Calls made',
      goal: '>=',
      score: '20',
      units: '',
      type: 'number',
    });
    const sessionId = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);
    await member.api.put(`/scores/${score.body.result.id}/cells/${sessionId}`, { measured: '25' });
    const since = (seconds: number) =>
      app.database.db
        .update(sessions)
        .set({ lastStepStartedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(sessions.id, sessionId));

    // Segue 7 minutes (5 planned), KPIs 3, back to Segue for 1, then 2 minutes of Goals before finishing.
    await since(7 * 60);
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 1 });
    await since(3 * 60);
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 0 });
    await since(60);
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 2 });
    const headline = await item(member, meeting, '3', 'Record month');
    const issue = await item(member, meeting, '2', 'Slow builds');
    await leader.api.post(`/sessions/${sessionId}/issues/${issue.id}/solve`);
    await leader.api.post(`/sessions/${sessionId}/issues/${(await item(member, meeting, '2', 'CI')).id}/todos`, {
      todos: [{ title: 'Add a runner', userId: member.userId, dueDate: addDays(todayUtc(), 2) }],
    });
    // Right before the finish, so that the calls above (slow on a busy machine) add no time.
    await since(2 * 60);
    await finish(leader, sessionId);

    const archive = (await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive`)).body.result;
    const timing = archive.timing!;
    expect(timing.items.map((row) => row.title)).toEqual(agenda.map((row) => row.title));
    expect(timing.items.slice(0, 4).map((row) => [row.plannedMinutes, row.actualMinutes, row.overrunMinutes])).toEqual([
      [5, 8, 3],
      [5, 3, -2],
      [5, 2, -3],
      [5, 0, -5],
    ]);
    expect(timing.plannedMinutes).toBe(90);
    expect(timing.actualMinutes).toBe(13);
    expect(timing.overrunMinutes).toBe(-77);

    // The archive lists what the session did.
    expect(archive.issuesSolved.flatMap((group) => group.items.map((row) => row.title))).toEqual(['Slow builds']);
    expect(archive.todosCreated).toEqual([
      {
        userId: member.userId,
        fullName: expect.stringContaining('Max'),
        items: [{ id: expect.any(String), title: 'Add a runner', dueDate: addDays(todayUtc(), 2) }],
      },
    ]);
    expect(archive.headlines.flatMap((group) => group.items.map((row) => row.id))).toEqual([headline.id]);
    expect(archive.attendeesAdmins.map((p) => p.userId)).toEqual([leader.userId]);

    const mail = await lastMailTo(app, member.email);
    expect(mail?.text).toContain(`${liveMessages.recapTiming}:`);
    expect(mail?.text).toContain(liveMessages.recapTimingLine('Segue', 5, 8, 3));
    expect(mail?.text).toContain(liveMessages.recapTimingTotal(90, 13, -77));
    expect(mail?.text).toContain('Record month');
    expect(mail?.text).toContain(`${messages.archiveNotAttended}: –`);
    expect(mail?.text).toContain('Calls made (Max');
    expect(mail?.text).toContain(`25, ${liveMessages.recapKpiGoal} >= 20 (${liveMessages.recapKpiMet})`);
    expect(mail?.text).toContain('Add a runner');
  });
});
