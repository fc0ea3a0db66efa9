import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { liveFixtures, meetingLater, meetingNow, start, stateOf, todayUtc } from '../../../../test/live-fixtures.ts';
import { listen } from '../../../../test/realtime.ts';
import { scoreCells, sessions } from '../../../db/schema/index.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveSessionEntry, MeetingArchive } from '../live.schemas.ts';

let app: FastifyInstance;
let _baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  _baseUrl = await listen(app);
});
afterAll(() => app.close());

const { team, sessionRow } = liveFixtures(() => app);

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
    expect(first.body).toMatchObject({ message: liveMessages.liveNotLeader, errors: { confirm: 'notLeader' } });
    const second = await member.api.post(`/meetings/${meeting.id}/start`, { confirmNotLeader: true });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: liveMessages.liveNotScheduled, errors: { confirm: 'unscheduled' } });
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
    expect(answer.body.message).toBe(liveMessages.liveNoAgenda);
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
    expect(asked.body).toMatchObject({ message: liveMessages.liveNotScheduled, errors: { confirm: 'unscheduled' } });
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
    expect(await checks(leader, later.id)).toEqual({ confirm: [], refusal: liveMessages.liveNoAgenda });
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
