import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { signUp } from '../../../../test/factories.ts';
import { liveFixtures, meetingNow, start, stateOf } from '../../../../test/live-fixtures.ts';
import { listen } from '../../../../test/realtime.ts';
import { users } from '../../../db/schema/index.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveAttendee, LiveSession, LiveState } from '../live.schemas.ts';

let app: FastifyInstance;
let _baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  _baseUrl = await listen(app);
});
afterAll(() => app.close());

const { team, sessionRow } = liveFixtures(() => app);

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
    expect(beyond.body.message).toBe(liveMessages.liveStepOutOfRange);
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
    expect(notHere.body.message).toBe(liveMessages.liveNotAttendee);
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
