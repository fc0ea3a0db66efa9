import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { lastMailTo } from '../../../../test/factories.ts';
import { liveFixtures, meetingLater, meetingNow, start, stateOf, todayUtc } from '../../../../test/live-fixtures.ts';
import { listen } from '../../../../test/realtime.ts';
import { outbox, sessions } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
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
      expect(answer.body.message).toBe(liveMessages.liveNotLive);
    }
    expect((await leader.api.get(`/sessions/${later!.id}/archive`)).status).toBe(404);
  });
});
