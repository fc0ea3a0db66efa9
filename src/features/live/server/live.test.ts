import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, lastMailTo, type SignedUp, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { outbox, scoreCells, sessions, users } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import type { RealtimeMessage } from '../../../shared/realtime.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type {
  LiveAttendee,
  LiveSession,
  LiveSessionEntry,
  LiveState,
  MeetingArchive,
  StartedMeeting,
} from '../live.schemas.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A weekly meeting whose session today began at the top of this UTC hour: within 12 hours now. */
const meetingNow = (leader: SignedUp, members: string[], extra: Record<string, unknown> = {}) =>
  createMeeting(leader, members, {
    title: 'Live L10',
    startDate: todayUtc(),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    ...extra,
  });

/** A weekly meeting whose first session is three days away: nothing scheduled within 12 hours. */
const meetingLater = (leader: SignedUp, members: string[]) =>
  createMeeting(leader, members, { title: 'Later L10', startDate: addDays(todayUtc(), 3), startTime: '10:00' });

/** A leader, a member, and someone of the same workspace outside the meeting. */
const team = async () => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const member = await joinWorkspace(app, leader, { firstName: 'Max' });
  const outsider = await joinWorkspace(app, leader, { firstName: 'Otto' });
  return { leader, member, outsider };
};

const start = async (person: SignedUp, meeting: Meeting, flags: Record<string, boolean> = {}) => {
  const answer = await person.api.post<StartedMeeting>(`/meetings/${meeting.id}/start`, flags);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

const stateOf = async (person: SignedUp, sessionId: string) => {
  const answer = await person.api.get<LiveState>(`/sessions/${sessionId}/live`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

const sessionRow = async (id: string) => {
  const [row] = await app.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
};

describe('starting a meeting', () => {
  it('starts the session scheduled within 12 hours without asking, and everyone in the workspace sees it live', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const started = await start(leader, meeting);
    expect(started.session.sessionDate).toBe(todayUtc());
    expect(started.session.startedAt).not.toBeNull();
    expect(started.session.finishedAt).toBeNull();

    const row = await sessionRow(started.sessionId);
    expect(row).toMatchObject({ startedBy: leader.userId, currentStep: 0, unscheduled: false });
    expect(row?.lastStepStartedAt).not.toBeNull();

    // The dashboard's Next Meeting is this live session: Join Meeting instead of Start Meeting.
    const detail = await member.api.get<Meeting>(`/meetings/${meeting.id}`);
    expect(detail.body.result.nextSession).toMatchObject({ id: started.sessionId, finishedAt: null });
    expect(detail.body.result.nextSession?.startedAt).not.toBeNull();

    for (const [person, participant] of [
      [leader, true],
      [member, true],
      [outsider, false],
    ] as const) {
      const live = await person.api.get<LiveSessionEntry[]>('/meetings/live-sessions');
      expect(live.body.result).toEqual([
        expect.objectContaining({
          sessionId: started.sessionId,
          meetingId: meeting.id,
          meetingTitle: 'Live L10',
          participant,
        }),
      ]);
    }
    // The starter is an attendee from the start.
    const state = await stateOf(leader, started.sessionId);
    expect(state.attendees.find((a) => a.id === leader.userId)?.joinedAt).not.toBeNull();
    expect(state.canManage).toBe(true);
  });

  it('asks a non-leader to confirm, then asks about a day without a session, then starts a session made for today', async () => {
    const { leader, member } = await team();
    const meeting = await meetingLater(leader, [member.userId]);
    await leader.api.post(`/meetings/${meeting.id}/scores`, {
      userId: member.userId,
      title: 'Demos',
      goal: '>=',
      score: '3',
      units: '',
      type: 'number',
    });

    const first = await member.api.post(`/meetings/${meeting.id}/start`, {});
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ message: messages.liveNotLeader, errors: { confirm: 'notLeader' } });
    const second = await member.api.post(`/meetings/${meeting.id}/start`, { confirmNotLeader: true });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: messages.liveNotScheduled, errors: { confirm: 'unscheduled' } });
    // Nothing was started by the questions.
    expect((await member.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toEqual([]);

    const started = await start(member, meeting, { confirm_not_leader: true, confirm_unscheduled: true });
    expect(started.session.sessionDate).toBe(todayUtc());
    expect((await sessionRow(started.sessionId))?.unscheduled).toBe(true);
    // The new date is on the scorecard with a cell for the score.
    const cells = await app.database.db.select().from(scoreCells).where(eq(scoreCells.sessionId, started.sessionId));
    expect(cells).toHaveLength(1);
    // The member started it, so the member manages it.
    expect((await stateOf(member, started.sessionId)).canManage).toBe(true);
  });

  it('a leader is asked only about the schedule', async () => {
    const { leader } = await team();
    const meeting = await meetingLater(leader, []);
    const answer = await leader.api.post(`/meetings/${meeting.id}/start`, {});
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual({ confirm: 'unscheduled' });
  });

  it('refuses a meeting without a checked agenda item', async () => {
    const { leader } = await team();
    const meeting = await meetingNow(leader, []);
    const agenda = await leader.api.get<{ id: string; title: string; keyName: string }[]>(
      `/meetings/${meeting.id}/agenda-items`,
    );
    await leader.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: agenda.body.result.map((item) => ({ ...item, checked: false })),
    });
    const answer = await leader.api.post(`/meetings/${meeting.id}/start`, { confirmUnscheduled: true });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(messages.liveNoAgenda);
    expect((await leader.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toEqual([]);
  });

  it('joins the live session instead of starting a second one', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const first = await start(leader, meeting);
    const again = await start(member, meeting);
    expect(again.sessionId).toBe(first.sessionId);
    const state = await stateOf(member, first.sessionId);
    expect(state.attendees.find((a) => a.id === member.userId)?.joinedAt).not.toBeNull();
    expect(state.canManage).toBe(false);
  });

  it('a second start the same day asks about the schedule and, confirmed, starts that day’s session again', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const first = await start(leader, meeting);
    await member.api.post(`/sessions/${first.sessionId}/join`);
    await leader.api.post(`/sessions/${first.sessionId}/finish`, {});

    const asked = await leader.api.post(`/meetings/${meeting.id}/start`, {});
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ message: messages.liveNotScheduled, errors: { confirm: 'unscheduled' } });
    const again = await start(leader, meeting, { confirmUnscheduled: true });
    expect(again.sessionId).toBe(first.sessionId);
    expect(again.session).toMatchObject({ finishedAt: null });
    const live = await leader.api.get<LiveSessionEntry[]>('/meetings/live-sessions');
    expect(live.body.result.map((entry) => entry.sessionId)).toEqual([first.sessionId]);

    // Finished again: one archive for the day, from the first start, with the attendance kept.
    const firstArchive = (await leader.api.get<MeetingArchive>(`/sessions/${first.sessionId}/archive/`)).body.result;
    expect((await leader.api.post(`/sessions/${first.sessionId}/finish`, {})).status).toBe(200);
    const archive = (await leader.api.get<MeetingArchive>(`/sessions/${first.sessionId}/archive/`)).body.result;
    expect(archive.startedAt).toBe(firstArchive.startedAt);
    expect(archive.finishedAt > firstArchive.finishedAt).toBe(true);
    expect(archive.attendeesMembers.map((p) => p.userId)).toEqual([member.userId]);
    const page = await leader.api.get<{ archives: { id: string }[] }>(`/meetings/${meeting.id}/archives`);
    expect(page.body.result.archives.map((row) => row.id)).toEqual([first.sessionId]);
  });

  it('a day’s session started again and cancelled is held as before', async () => {
    const { leader } = await team();
    const meeting = await meetingNow(leader, []);
    const first = await start(leader, meeting);
    await leader.api.post(`/sessions/${first.sessionId}/finish`, {});
    const held = await sessionRow(first.sessionId);
    await start(leader, meeting, { confirmUnscheduled: true });
    expect((await leader.api.post(`/sessions/${first.sessionId}/finish`, { cancelled: true })).status).toBe(200);
    const row = await sessionRow(first.sessionId);
    expect(row?.startedAt?.toISOString()).toBe(held?.startedAt?.toISOString());
    expect(row?.finishedAt?.toISOString()).toBe(held?.finishedAt?.toISOString());
    expect((await leader.api.get(`/sessions/${first.sessionId}/archive/`)).status).toBe(200);
  });

  it('says beforehand what a start would ask or why it would be refused', async () => {
    const { leader, member } = await team();
    const later = await meetingLater(leader, [member.userId]);
    const checks = async (person: SignedUp, id: string) => {
      const answer = await person.api.get<{ confirm: string[]; refusal: string | null }>(`/meetings/${id}/start`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result;
    };
    expect(await checks(member, later.id)).toEqual({ confirm: ['notLeader', 'unscheduled'], refusal: null });
    expect(await checks(leader, later.id)).toEqual({ confirm: ['unscheduled'], refusal: null });
    const now = await meetingNow(leader, [member.userId]);
    expect(await checks(leader, now.id)).toEqual({ confirm: [], refusal: null });
    await start(leader, now);
    // Live: a start joins, nothing to ask.
    expect(await checks(member, now.id)).toEqual({ confirm: [], refusal: null });
    const agenda = await leader.api.get<{ id: string }[]>(`/meetings/${later.id}/agenda-items`);
    await leader.api.put(`/meetings/${later.id}/agenda-items`, {
      agendaItems: agenda.body.result.map((item) => ({ ...item, checked: false })),
    });
    expect(await checks(leader, later.id)).toEqual({ confirm: [], refusal: messages.liveNoAgenda });
    // Nothing was started by asking.
    expect((await leader.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toHaveLength(1);
    const other = await signUp(app);
    expect((await other.api.get(`/meetings/${later.id}/start`)).status).toBe(404);
  });

  it('the top bar’s next meeting is the one under way, before one scheduled earlier', async () => {
    const { leader } = await team();
    await meetingNow(leader, [], { title: 'Not started' });
    const soon = new Date(Date.now() + 2 * 3600_000);
    const early = await createMeeting(leader, [], {
      title: 'Started early',
      startDate: soon.toISOString().slice(0, 10),
      startTime: `${String(soon.getUTCHours()).padStart(2, '0')}:00`,
    });
    const before = await leader.api.get<{ title: string }>('/meetings/next');
    expect(before.body.result.title).toBe('Not started');
    const started = await start(leader, early);
    const next = await leader.api.get<{ meetingId: string; session: { id: string; startedAt: string | null } }>(
      '/meetings/next',
    );
    expect(next.body.result).toMatchObject({ meetingId: early.id, session: { id: started.sessionId } });
    expect(next.body.result.session.startedAt).not.toBeNull();
  });

  it('gives a date taken off the scorecard its column back when it starts', async () => {
    const { leader } = await team();
    const meeting = await meetingNow(leader, []);
    const score = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      userId: leader.userId,
      title: 'Calls',
      goal: '>=',
      score: '10',
      units: '',
      type: 'number',
    });
    const [today] = await app.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.meetingId, meeting.id), eq(sessions.sessionDate, todayUtc())));
    const removed = await leader.api.delete(`/meetings/${meeting.id}/kpis/sessions/${today!.id}`);
    expect(removed.status).toBe(200);
    expect(await app.database.db.select().from(scoreCells).where(eq(scoreCells.sessionId, today!.id))).toHaveLength(0);

    await start(leader, meeting);
    const cells = await app.database.db.select().from(scoreCells).where(eq(scoreCells.sessionId, today!.id));
    expect(cells.map((cell) => cell.scoreId)).toEqual([score.body.result.id]);
  });
});

describe('during the meeting', () => {
  it('lets only the starter, leaders and admins move the steps, within the checked items', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const steps = (await stateOf(member, sessionId)).agendaItems;
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.every((item) => item.checked)).toBe(true);

    const refused = await member.api.post(`/sessions/${sessionId}/step`, { step: 1 });
    expect(refused.status).toBe(403);
    const before = Date.now();
    const moved = await leader.api.post<LiveSession>(`/sessions/${sessionId}/step`, { step: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body.result.currentStep).toBe(2);
    expect(Date.parse(moved.body.result.lastStepStartedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // Everyone reads the same step and step start, and the server's clock to count from.
    const seen = await stateOf(member, sessionId);
    expect(seen.session.currentStep).toBe(2);
    expect(seen.session.lastStepStartedAt).toBe(moved.body.result.lastStepStartedAt);
    expect(Math.abs(Date.parse(seen.serverNow) - Date.now())).toBeLessThan(5000);

    const beyond = await leader.api.post(`/sessions/${sessionId}/step`, { step: steps.length });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(messages.liveStepOutOfRange);
    expect((await sessionRow(sessionId))?.currentStep).toBe(2);
  });

  it('adds whoever opens it to the attendees, once; refuses people outside the meeting', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const joined = await member.api.post<LiveState>(`/sessions/${sessionId}/join`);
    expect(joined.status).toBe(200);
    const firstJoin = joined.body.result.attendees.find((a) => a.id === member.userId)?.joinedAt;
    expect(firstJoin).not.toBeNull();
    const again = await member.api.post<LiveState>(`/sessions/${sessionId}/join`);
    expect(again.body.result.attendees.find((a) => a.id === member.userId)?.joinedAt).toBe(firstJoin);
    expect(again.body.result.attendees.map((a) => [a.id, a.role])).toEqual([
      [leader.userId, 'leader'],
      [member.userId, 'member'],
    ]);

    expect((await outsider.api.post(`/sessions/${sessionId}/join`)).status).toBe(404);
    expect((await outsider.api.get(`/sessions/${sessionId}/live`)).status).toBe(404);
  });

  it('lets each person rate themselves; leaders rate anyone and mark who did not attend', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);

    const own = await member.api.patch<LiveAttendee>(`/sessions/${sessionId}/ratings/${member.userId}`, {
      score: 8,
      note: ' Focused ',
    });
    expect(own.status).toBe(200);
    expect(own.body.result).toMatchObject({ id: member.userId, score: 8, note: 'Focused' });
    expect((await member.api.patch(`/sessions/${sessionId}/ratings/${leader.userId}`, { score: 2 })).status).toBe(403);
    expect((await member.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 11 })).status).toBe(400);
    expect((await member.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 0 })).status).toBe(400);

    const byLeader = await leader.api.patch<LiveAttendee>(`/sessions/${sessionId}/ratings/${member.userId}`, {
      score: 9,
      note: null,
    });
    expect(byLeader.body.result).toMatchObject({ score: 9, note: null });
    // A note alone keeps the score (a note saved while a score change is on its way does not undo it).
    const noteOnly = await member.api.patch<LiveAttendee>(`/sessions/${sessionId}/ratings/${member.userId}`, {
      note: 'Short',
    });
    expect(noteOnly.body.result).toMatchObject({ score: 9, note: 'Short' });

    expect(
      (await member.api.patch(`/sessions/${sessionId}/attendees/${leader.userId}`, { notAttended: true })).status,
    ).toBe(403);
    const marked = await leader.api.patch<LiveAttendee>(`/sessions/${sessionId}/attendees/${member.userId}`, {
      notAttended: true,
    });
    expect(marked.body.result.notAttended).toBe(true);

    const stranger = await signUp(app);
    const notHere = await leader.api.patch(`/sessions/${sessionId}/ratings/${stranger.userId}`, { score: 5 });
    expect(notHere.status).toBe(404);
    expect(notHere.body.message).toBe(messages.liveNotAttendee);
  });

  it('adds guests by email, once each, and refuses what is not an email address', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    expect((await member.api.post(`/sessions/${sessionId}/guests`, { email: 'visitor@' })).status).toBe(400);
    const added = await member.api.post<string[]>(`/sessions/${sessionId}/guests`, { email: 'Visitor@Example.com' });
    expect(added.body.result).toEqual(['visitor@example.com']);
    const again = await leader.api.post<string[]>(`/sessions/${sessionId}/guests`, { email: 'visitor@example.com' });
    expect(again.body.result).toEqual(['visitor@example.com']);
    expect((await stateOf(leader, sessionId)).guests).toEqual(['visitor@example.com']);
  });

  it('marks people removed from the meeting since they joined', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId, leader.userId]);
    const { sessionId } = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);
    const changed = await leader.api.patch(`/meetings/${meeting.id}`, { members: [leader.userId] });
    expect(changed.status).toBe(200);
    const person = (await stateOf(leader, sessionId)).attendees.find((a) => a.id === member.userId);
    expect(person).toMatchObject({ role: 'other', removedFromMeeting: true });
  });

  it('marks people deleted from the system since they joined', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId, leader.userId]);
    const { sessionId } = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);
    const before = (await stateOf(leader, sessionId)).attendees.find((a) => a.id === member.userId);
    expect(before).toMatchObject({ deleted: false, removedFromMeeting: false });
    // The user directory (a later issue) deletes people by marking them; done here directly.
    await app.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.userId));
    const person = (await stateOf(leader, sessionId)).attendees.find((a) => a.id === member.userId);
    expect(person).toMatchObject({ deleted: true, role: 'member' });
  });
});

describe('finishing', () => {
  it('keeps the archive, resets the step, mails the recap to every attendee and the guests', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId, outsider.userId]);
    const score = await leader.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      userId: member.userId,
      title: 'Calls made',
      goal: '>=',
      score: '20',
      units: '',
      type: 'number',
    });
    const done = await leader.api.post<{ id: string }>('/tasks', {
      title: 'Call the bank',
      type: '4',
      userId: member.userId,
      meetingIds: [meeting.id],
    });
    await leader.api.post('/tasks', {
      title: 'Send the proposal',
      type: '4',
      userId: leader.userId,
      dueDate: addDays(todayUtc(), 7),
      meetingIds: [meeting.id],
    });
    await leader.api.patch(`/tasks/${done.body.result.id}`, { status: '1' });

    const { sessionId } = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);
    await member.api.put(`/scores/${score.body.result.id}/cells/${sessionId}`, { measured: '25' });
    const issue = await member.api.post<{ id: string }>('/tasks', {
      title: 'Printer is broken',
      type: '2',
      userId: member.userId,
      meetingIds: [meeting.id],
    });
    await member.api.patch(`/tasks/${issue.body.result.id}`, { status: '1' });
    await member.api.post('/tasks', {
      title: 'Buy a printer',
      type: '4',
      userId: member.userId,
      meetingIds: [meeting.id],
    });
    await member.api.post('/tasks', {
      title: 'Toner runs out',
      type: '2',
      userId: member.userId,
      meetingIds: [meeting.id],
    });
    await leader.api.post('/tasks', {
      title: 'Paperless office',
      type: '1',
      userId: leader.userId,
      dueDate: addDays(todayUtc(), 80),
      meetingIds: [meeting.id],
    });
    await member.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 8, note: 'Focused and short' });
    await leader.api.patch(`/sessions/${sessionId}/ratings/${leader.userId}`, { score: 10, note: null });
    await member.api.post(`/sessions/${sessionId}/guests`, { email: 'visitor@example.com' });

    expect((await member.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(403);
    const finished = await leader.api.post(`/sessions/${sessionId}/finish`, {
      notAttended: [outsider.userId],
      cancelled: false,
    });
    expect(finished.status).toBe(200);

    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({ currentStep: 0, lastStepStartedAt: null });
    expect(row?.finishedAt).not.toBeNull();
    expect((await leader.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toEqual([]);
    expect((await member.api.post(`/sessions/${sessionId}/step`, { step: 1 })).status).toBe(409);

    await leader.api.patch(`/sessions/${sessionId}`, { note: 'Good one', link: 'https://rec.example.com/1' });
    const archive = await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`);
    expect(archive.status).toBe(200);
    const a = archive.body.result;
    expect(a).toMatchObject({
      sessionId,
      meetingId: meeting.id,
      meetingTitle: 'Live L10',
      meetingDate: todayUtc(),
      attendeesAdmins: [{ userId: leader.userId, fullName: 'Lea Person' }],
      attendeesMembers: [{ userId: member.userId, fullName: 'Max Person' }],
      notAttended: [{ userId: outsider.userId, fullName: 'Otto Person' }],
      guests: ['visitor@example.com'],
      kpis: [
        {
          userId: member.userId,
          fullName: 'Max Person',
          list: [expect.objectContaining({ title: 'Calls made', measured: '25', score: '20', goal: '>=', met: true })],
        },
      ],
      avgScore: 9,
      note: 'Good one',
      link: 'https://rec.example.com/1',
    });
    expect(a.meetingDuration).toBeGreaterThanOrEqual(0);
    expect(a.scores).toEqual([
      { userId: leader.userId, fullName: 'Lea Person', score: 10, note: null },
      { userId: member.userId, fullName: 'Max Person', score: 8, note: 'Focused and short' },
    ]);
    const titles = (groups: MeetingArchive['openActionItems']) => groups.flatMap((g) => g.items.map((i) => i.title));
    expect(titles(a.completedActionItems)).toEqual(['Call the bank']);
    expect(titles(a.openActionItems).sort()).toEqual(['Buy a printer', 'Send the proposal']);
    expect(titles(a.todosCreated)).toEqual(['Buy a printer']);
    expect(titles(a.issuesSolved)).toEqual(['Printer is broken']);
    expect(titles(a.issuesCreated).sort()).toEqual(['Printer is broken', 'Toner runs out']);
    expect(titles(a.goalsCreated)).toEqual(['Paperless office']);
    expect((await member.api.get(`/sessions/${sessionId}/archive`)).status).toBe(200);

    // The archives table shows its average.
    const page = await leader.api.get<{ archives: { id: string; avgScore: number | null }[] }>(
      `/meetings/${meeting.id}/archives`,
    );
    expect(page.body.result.archives).toEqual([expect.objectContaining({ id: sessionId, avgScore: 9 })]);

    // The recap mail: attendees and guests, not the one who did not attend.
    for (const to of [leader.email, member.email, 'visitor@example.com']) {
      const mail = await lastMailTo(app, to);
      expect(mail?.subject).toMatch(/^Recap: Live L10, /);
      expect(mail?.text).toContain('Focused and short');
      expect(mail?.text).toContain('Buy a printer');
      expect(mail?.text).toContain('Printer is broken');
      expect(mail?.text).toContain('Toner runs out');
      expect(mail?.text).toContain('Paperless office');
      expect(mail?.text).toContain(`http://cadence.test/meeting-archives/${sessionId}`);
    }
    expect((await lastMailTo(app, outsider.email))?.subject ?? '').not.toMatch(/^Recap/);
  });

  it('cancelling puts the session back as it was: no archive, no attendance, no mail', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    await member.api.post(`/sessions/${sessionId}/join`);
    await member.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 7 });
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 1 });

    expect((await member.api.post(`/sessions/${sessionId}/finish`, { cancelled: true })).status).toBe(403);
    const cancelled = await leader.api.post(`/sessions/${sessionId}/finish`, { cancelled: true });
    expect(cancelled.status).toBe(200);
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({
      startedAt: null,
      startedBy: null,
      finishedAt: null,
      currentStep: 0,
      lastStepStartedAt: null,
    });
    const state = await stateOf(leader, sessionId);
    expect(state.attendees.every((a) => a.joinedAt === null && a.score === null)).toBe(true);
    expect((await leader.api.get(`/sessions/${sessionId}/archive`)).status).toBe(404);
    const mails = await app.database.db.select().from(outbox).where(eq(outbox.to, member.email));
    expect(mails.filter((mail) => mail.subject.startsWith('Recap'))).toEqual([]);
    // It can start again.
    expect((await start(leader, meeting)).sessionId).toBe(sessionId);
  });

  it('a cancelled session made for the occasion goes away again', async () => {
    const { leader } = await team();
    const meeting = await meetingLater(leader, []);
    const { sessionId } = await start(leader, meeting, { confirmUnscheduled: true });
    await leader.api.post(`/sessions/${sessionId}/finish`, { cancelled: true });
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('answers 409 on a session that is not live', async () => {
    const { leader } = await team();
    const meeting = await meetingLater(leader, []);
    const [later] = await app.database.db.select().from(sessions).where(eq(sessions.meetingId, meeting.id)).limit(1);
    for (const [method, url, body] of [
      ['post', `/sessions/${later!.id}/join`, {}],
      ['post', `/sessions/${later!.id}/step`, { step: 0 }],
      ['post', `/sessions/${later!.id}/finish`, {}],
      ['patch', `/sessions/${later!.id}/ratings/${leader.userId}`, { score: 5 }],
      ['post', `/sessions/${later!.id}/guests`, { email: 'a@example.com' }],
    ] as const) {
      const answer = await leader.api[method](url, body);
      expect(answer.status, url).toBe(409);
      expect(answer.body.message).toBe(messages.liveNotLive);
    }
    expect((await leader.api.get(`/sessions/${later!.id}/archive`)).status).toBe(404);
  });
});

describe('another workspace', () => {
  it('gets 404 for every live call on this workspace’s meeting and session, and changes nothing', async () => {
    const { leader, member } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const other = await signUp(app);
    const calls = [
      other.api.post(`/meetings/${meeting.id}/start`, { confirmNotLeader: true, confirmUnscheduled: true }),
      other.api.get(`/sessions/${sessionId}/live`),
      other.api.post(`/sessions/${sessionId}/join`),
      other.api.post(`/sessions/${sessionId}/step`, { step: 1 }),
      other.api.post(`/sessions/${sessionId}/finish`, { cancelled: true }),
      other.api.patch(`/sessions/${sessionId}/ratings/${member.userId}`, { score: 1 }),
      other.api.patch(`/sessions/${sessionId}/attendees/${member.userId}`, { notAttended: true }),
      other.api.post(`/sessions/${sessionId}/guests`, { email: 'spy@example.com' }),
      other.api.get(`/sessions/${sessionId}/archive`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await other.api.get<LiveSessionEntry[]>('/meetings/live-sessions')).body.result).toEqual([]);

    const state = await stateOf(leader, sessionId);
    expect(state.session).toMatchObject({ currentStep: 0, finishedAt: null });
    expect(state.guests).toEqual([]);
    expect(state.attendees.find((a) => a.id === member.userId)).toMatchObject({ score: null, notAttended: false });
  });
});

describe('real time', () => {
  it('tells the meeting’s room about steps and attendees, and the workspace that the meeting is live', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const watcher = await connect(baseUrl, member.token);
    const bystander = await connect(baseUrl, outsider.token);
    expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });

    const { sessionId } = await start(leader, meeting);
    await leader.api.post(`/sessions/${sessionId}/step`, { step: 1 });
    await leader.api.patch(`/sessions/${sessionId}/ratings/${leader.userId}`, { score: 6 });
    const types = (received: RealtimeMessage[]) => received.map((message) => message.type);
    await eventually(() => types(watcher.received).includes('live.attendees.changed'));
    expect(watcher.received.find((m) => m.type === 'live.step')).toMatchObject({
      data: { sessionId, meetingId: meeting.id, currentStep: 1 },
      changedBy: leader.userId,
    });
    expect(bystander.received.find((m) => m.type === 'live.changed')?.data).toEqual({
      meetingId: meeting.id,
      sessionId,
      live: true,
    });
    await settle();
    expect(types(bystander.received)).not.toContain('live.step');

    await leader.api.post(`/sessions/${sessionId}/finish`, {});
    await eventually(() => types(watcher.received).includes('live.ended'));
    expect(watcher.received.find((m) => m.type === 'live.ended')?.data).toMatchObject({ cancelled: false });
    watcher.socket.close();
    bystander.socket.close();
  });

  it('shows who has the live meeting open, and drops those who close it', async () => {
    const { leader, member, outsider } = await team();
    const meeting = await meetingNow(leader, [member.userId]);
    const { sessionId } = await start(leader, meeting);
    const lea = await connect(baseUrl, leader.token);
    const max = await connect(baseUrl, member.token);
    const otto = await connect(baseUrl, outsider.token);

    expect(await otto.socket.emitWithAck('live:join', sessionId)).toEqual({ ok: false, online: [] });
    expect(await lea.socket.emitWithAck('live:join', sessionId)).toEqual({ ok: true, online: [leader.userId] });
    const joined = await max.socket.emitWithAck('live:join', sessionId);
    expect(new Set(joined.online)).toEqual(new Set([leader.userId, member.userId]));
    const presence = () => lea.received.filter((m) => m.type === 'live.presence').map((m) => m.data);
    await eventually(() => presence().some((data) => 'online' in data && data.online.length === 2));

    max.socket.close();
    await eventually(() => {
      const last = presence().at(-1);
      return last !== undefined && 'online' in last && last.online.length === 1;
    });
    expect(presence().at(-1)).toEqual({ sessionId, meetingId: meeting.id, online: [leader.userId] });
    lea.socket.close();
    otto.socket.close();
  });
});
