import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCountingApp, testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, mailsTo, type SignedUp, signUp } from '../../../../test/factories.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { digestSettings, notifications, sessions, tasks } from '../../../db/schema/index.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Notification, NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { DigestSetting } from '../digests.schemas.ts';
import { sendMeetingDigests } from './digests.job.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { addScore, card } = kpisFixtures(() => app);

// The fixtures' meetings start on Mondays at 09:00 UTC; Monday 12 January is the second date.
// The job runs the day before it, 21 hours ahead: inside the default 24-hour window.
const DAY_BEFORE = new Date('2026-01-11T12:00:00Z');
const plain = { goal: '>=', score: '1', units: null, type: 'number' };

const digestsOf = (who: SignedUp, meetingId: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.receiverId, who.userId),
        eq(notifications.meetingId, meetingId),
        eq(notifications.kind, 'meetingDigest'),
      ),
    );

const setDigest = (who: SignedUp, meetingId: string, hoursBefore: unknown) =>
  who.api.put<DigestSetting>(`/meetings/${meetingId}/digest`, { hoursBefore });

const run = (now = DAY_BEFORE) => sendMeetingDigests(jobDepsOf(app), now);

/**
 * Leadership L10, led by Ada (a workspace admin) with Ben, Cy and Dee.
 * - KPIs for the 12th: Ada's Revenue empty and Calls entered; Ben's Deals empty and a formula KPI.
 * - To-dos: Ada's Send deck (due the 10th) and Book room (due the 12th) open, Plan offsite due
 *   later and Old report done; Cy's Call bank due the 11th.
 * - Goals: Ben's Hire VP untouched for weeks, his Launch v2 set this week; Cy's Close books done.
 * - Dee owes nothing.
 */
const constructed = async () => {
  const ada = await signUp(app, { firstName: 'Ada' });
  const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const dee = await joinWorkspace(app, ada, { firstName: 'Dee' });
  const meeting = await createMeeting(ada, [ben.userId, cy.userId, dee.userId]);
  await addScore(ada, meeting.id, { ...plain, title: 'Revenue' });
  const calls = await addScore(ada, meeting.id, { ...plain, title: 'Calls' });
  const deals = await addScore(ada, meeting.id, { ...plain, title: 'Deals', userId: ben.userId });
  await addScore(ada, meeting.id, {
    ...plain,
    title: 'Deals per call',
    userId: ben.userId,
    formula: `{${deals.id}} / {${calls.id}}`,
  });
  const twelfth = (await card(ada, meeting.id)).sessions.find((s) => s.sessionDate === '2026-01-12')!;
  expect((await ada.api.put(`/scores/${calls.id}/cells/${twelfth.id}`, { measured: '40' })).status).toBe(200);

  const task = async (body: Record<string, unknown>) => {
    const answer = await ada.api.post<Task>('/tasks', { type: '4', meetingIds: [meeting.id], ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.result;
  };
  const sendDeck = await task({ title: 'Send deck', userId: ada.userId, dueDate: '2026-01-10' });
  const bookRoom = await task({ title: 'Book room', userId: ada.userId, dueDate: '2026-01-12' });
  await task({ title: 'Plan offsite', userId: ada.userId, dueDate: '2026-01-20' });
  const oldReport = await task({ title: 'Old report', userId: ada.userId, dueDate: '2026-01-09' });
  expect((await ada.api.patch(`/tasks/${oldReport.id}`, { status: '1' })).status).toBe(200);
  const callBank = await task({ title: 'Call bank', userId: cy.userId, dueDate: '2026-01-11' });
  const hireVp = await task({ title: 'Hire VP', type: '1', userId: ben.userId });
  const launch = await task({ title: 'Launch v2', type: '1', userId: ben.userId });
  const books = await task({ title: 'Close books', type: '1', userId: cy.userId });
  expect((await ada.api.patch(`/tasks/${books.id}`, { status: '1' })).status).toBe(200);
  // The goals were made long ago; Launch v2's status was set on the 10th.
  const age = (id: string, statusChangedAt: Date | null) =>
    app.database.db
      .update(tasks)
      .set({ createdAt: new Date('2025-11-03T09:00:00Z'), statusChangedAt })
      .where(eq(tasks.id, id));
  await age(hireVp.id, null);
  await age(launch.id, new Date('2026-01-10T10:00:00Z'));
  await age(books.id, new Date('2025-12-01T10:00:00Z'));
  return { ada, ben, cy, dee, meeting, twelfth, sendDeck, bookRoom, callBank, hireVp };
};

describe('the digest setting', () => {
  it('is 24 hours by default, read by participants and set by leaders; members get 403', async () => {
    const { ada, ben, meeting } = await constructed();
    const initial = await ben.api.get<DigestSetting>(`/meetings/${meeting.id}/digest`);
    expect(initial.status).toBe(200);
    expect(initial.body.result).toEqual({ hoursBefore: 24, canEdit: false });
    expect((await ada.api.get<DigestSetting>(`/meetings/${meeting.id}/digest`)).body.result.canEdit).toBe(true);

    const set = await setDigest(ada, meeting.id, 6);
    expect(set.status).toBe(200);
    expect(set.body.result).toEqual({ hoursBefore: 6, canEdit: true });

    const refused = await setDigest(ben, meeting.id, 2);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('fail');
    expect((await ben.api.get<DigestSetting>(`/meetings/${meeting.id}/digest`)).body.result.hoursBefore).toBe(6);

    expect((await setDigest(ada, meeting.id, null)).body.result.hoursBefore).toBeNull();
    expect((await ben.api.get<DigestSetting>(`/meetings/${meeting.id}/digest`)).body.result.hoursBefore).toBeNull();
  });

  it('refuses bad input in the envelope and leaves the setting as it was', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(ada);
    await setDigest(ada, meeting.id, 12);
    const bodies = [
      { hoursBefore: 0 },
      { hoursBefore: 73 },
      { hoursBefore: 1.5 },
      { hoursBefore: '4' },
      { hoursBefore: 'x\u0000' },
      { hoursBefore: [4] },
      {},
      { hoursBefore: 2, meetingId: meeting.id },
    ];
    for (const body of bodies) {
      const answer = await ada.api.put(`/meetings/${meeting.id}/digest`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status).toBe('fail');
    }
    // No body at all, and a body that is no JSON.
    for (const payload of [undefined, '{"hoursBefore": ', 'null']) {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/v2/meetings/${meeting.id}/digest`,
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(answer.statusCode, String(payload)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, String(payload)).toBeLessThan(500);
      expect(answer.json().status).toBe('fail');
    }
    expect((await ada.api.get('/meetings/not-a-uuid/digest')).status).toBe(404);
    expect((await ada.api.get<DigestSetting>(`/meetings/${meeting.id}/digest`)).body.result.hoursBefore).toBe(12);
  });

  it("answers 404 for another workspace's meeting and changes nothing there", async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(ada);
    await setDigest(ada, meeting.id, 6);
    const outsider = await signUp(app, { firstName: 'Olga' });
    expect((await outsider.api.get(`/meetings/${meeting.id}/digest`)).status).toBe(404);
    expect((await setDigest(outsider, meeting.id, 1)).status).toBe(404);
    expect((await setDigest(outsider, meeting.id, null)).status).toBe(404);
    // A person of the same workspace who is not in the meeting does not learn it exists either.
    const colleague = await joinWorkspace(app, ada, { firstName: 'Col' });
    expect((await colleague.api.get(`/meetings/${meeting.id}/digest`)).status).toBe(404);
    expect((await setDigest(colleague, meeting.id, 2)).status).toBe(404);
    const [row] = await app.database.db
      .select({ hoursBefore: digestSettings.hoursBefore, tenantId: digestSettings.tenantId })
      .from(digestSettings)
      .where(eq(digestSettings.meetingId, meeting.id));
    expect(row).toEqual({ hoursBefore: 6, tenantId: ada.tenantId });
  });

  it("tells the meeting's room of a change, and nobody outside it", async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const out = await joinWorkspace(app, ada, { firstName: 'Out' });
    const meeting = await createMeeting(ada, [ben.userId]);
    const watcher = await connect(baseUrl, ben.token);
    const snoop = await connect(baseUrl, out.token);
    try {
      expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
      await snoop.socket.emitWithAck('meeting:join', meeting.id);
      await setDigest(ada, meeting.id, 3);
      await setDigest(ada, meeting.id, null);
      const changes = () => watcher.received.filter((m) => m.type === 'digest.setting.changed');
      await eventually(() => changes().length === 2);
      expect(changes().map((m) => m.data)).toEqual([
        { meetingId: meeting.id, hoursBefore: 3 },
        { meetingId: meeting.id, hoursBefore: null },
      ]);
      await settle();
      expect(snoop.received.filter((m) => m.type.startsWith('digest.'))).toEqual([]);
    } finally {
      watcher.socket.close();
      snoop.socket.close();
    }
  });
});

describe('the hourly digest', () => {
  it('gives exactly the right people exactly their items, once, by their preferences', async () => {
    const { ada, ben, cy, dee, meeting, sendDeck, bookRoom, callBank, hireVp } = await constructed();
    // Cy wants no reminders by mail; the others keep the defaults (everything on).
    expect((await cy.api.patch('/self/notifications', { reminders: false })).status).toBe(200);
    const sockets = await Promise.all([ada, ben, dee].map((who) => connect(baseUrl, who.token)));
    const [adas, bens, dees] = sockets;
    const digested = (m: { type: string; data: unknown }) =>
      m.type === 'notification.created' && (m.data as Notification).kind === 'meetingDigest';
    const dashboard = `/meeting-dashboard/${meeting.id}`;
    try {
      // Two days before: outside the 24-hour window.
      await run(new Date('2026-01-10T08:00:00Z'));
      expect(await digestsOf(ada, meeting.id)).toHaveLength(0);

      await run();
      const [adaDigest, ...moreForAda] = await digestsOf(ada, meeting.id);
      expect(moreForAda).toHaveLength(0);
      expect(adaDigest).toMatchObject({
        message: 'Before Leadership L10 on Jan 12: 1 empty KPI, 2 to-dos due',
        link: dashboard,
        senderId: null,
        status: 'sent',
        details: [
          { label: 'KPI: Revenue', link: dashboard },
          { label: 'To-do: Send deck (due Jan 10)', link: `/home/${sendDeck.id}` },
          { label: 'To-do: Book room (due Jan 12)', link: `/home/${bookRoom.id}` },
        ],
      });
      const [benDigest] = await digestsOf(ben, meeting.id);
      expect(benDigest).toMatchObject({
        message: 'Before Leadership L10 on Jan 12: 1 empty KPI, 1 goal to update',
        details: [
          { label: 'KPI: Deals', link: dashboard },
          { label: 'Goal: Hire VP', link: `/home/${hireVp.id}` },
        ],
      });
      const [cyDigest] = await digestsOf(cy, meeting.id);
      expect(cyDigest).toMatchObject({
        message: 'Before Leadership L10 on Jan 12: 1 to-do due',
        status: 'unseen',
        details: [{ label: 'To-do: Call bank (due Jan 11)', link: `/home/${callBank.id}` }],
      });
      // Dee owes nothing: no digest at all.
      expect(await digestsOf(dee, meeting.id)).toHaveLength(0);

      // Mail by the preferences: Ada's and Ben's copies name the items; Cy gets none.
      const mailed = (who: SignedUp) =>
        mailsTo(app, who.email).then((mails) => mails.filter((m) => m.text.includes('Before Leadership L10')));
      const adaMails = await mailed(ada);
      expect(adaMails).toHaveLength(1);
      expect(adaMails[0]!.text).toContain('KPIs still empty: Revenue.');
      expect(adaMails[0]!.text).toContain('To-dos due: Send deck, Book room.');
      expect((await mailed(ben))[0]!.text).toContain('Goals whose status was not updated this week: Hire VP.');
      expect(await mailed(cy)).toHaveLength(0);
      expect(await mailed(dee)).toHaveLength(0);

      // The bell's list carries the items.
      const bell = await ben.api.get<NotificationPage>('/notifications');
      expect(bell.body.result.items.find((n) => n.kind === 'meetingDigest')?.details).toEqual(benDigest!.details);

      // Live to each receiver's own sockets only.
      await eventually(() => adas!.received.some(digested) && bens!.received.some(digested));
      expect(adas!.received.filter(digested).map((m) => (m.data as Notification).receiverId)).toEqual([ada.userId]);
      await settle();
      expect(dees!.received.some(digested)).toBe(false);

      // The next hour, and three servers at once: nobody twice.
      const again = await Promise.all([
        run(new Date('2026-01-11T13:00:00Z')),
        run(new Date('2026-01-11T13:00:00Z')),
        run(new Date('2026-01-11T13:00:00Z')),
      ]);
      expect(again).toEqual([0, 0, 0]);
      for (const who of [ada, ben, cy]) expect(await digestsOf(who, meeting.id)).toHaveLength(1);
      expect(await mailed(ada)).toHaveLength(1);
    } finally {
      for (const s of sockets) s.socket.disconnect();
    }
  });

  it('tells two servers racing for the same date only once', async () => {
    const { ada, ben, meeting } = await constructed();
    await Promise.all([run(), run(), run()]);
    expect(await digestsOf(ada, meeting.id)).toHaveLength(1);
    expect(await digestsOf(ben, meeting.id)).toHaveLength(1);
  });

  it('sends nothing when the setting is off, nor once the meeting has started', async () => {
    const off = await constructed();
    const started = await constructed();
    expect((await setDigest(off.ada, off.meeting.id, null)).status).toBe(200);
    await app.database.db.update(sessions).set({ startedAt: DAY_BEFORE }).where(eq(sessions.id, started.twelfth.id));
    await run();
    for (const who of [off.ada, off.ben, off.cy]) expect(await digestsOf(who, off.meeting.id)).toHaveLength(0);
    for (const who of [started.ada, started.ben]) expect(await digestsOf(who, started.meeting.id)).toHaveLength(0);
  });

  it("follows the meeting's hours", async () => {
    const { ada, meeting } = await constructed();
    expect((await setDigest(ada, meeting.id, 4)).status).toBe(200);
    await run();
    expect(await digestsOf(ada, meeting.id)).toHaveLength(0);
    await run(new Date('2026-01-12T06:00:00Z'));
    expect(await digestsOf(ada, meeting.id)).toHaveLength(1);
  });

  it('leaves KPIs to the scorecard nudge when it is on, so nobody hears of a KPI twice', async () => {
    const { ada, ben, meeting, hireVp } = await constructed();
    expect((await ada.api.put(`/meetings/${meeting.id}/kpis/reminder`, { hoursBefore: 24 })).status).toBe(200);
    await run();
    const [adaDigest] = await digestsOf(ada, meeting.id);
    expect(adaDigest!.message).toBe('Before Leadership L10 on Jan 12: 2 to-dos due');
    const [benDigest] = await digestsOf(ben, meeting.id);
    expect(benDigest!.details).toEqual([{ label: 'Goal: Hire VP', link: `/home/${hireVp.id}` }]);
  });

  it('tells nobody who has left the meeting', async () => {
    const { ada, ben, cy, meeting } = await constructed();
    expect((await ada.api.patch(`/meetings/${meeting.id}`, { members: [ben.userId] })).status).toBe(200);
    await run();
    expect(await digestsOf(cy, meeting.id)).toHaveLength(0);
    expect(await digestsOf(ben, meeting.id)).toHaveLength(1);
  });
});

describe('the statements of a run', () => {
  it('do not grow with the meetings and people digested', async () => {
    const saved = app;
    const counting = await statementCountingApp();
    app = counting.app;
    try {
      await constructed();
      const one = await counting.statementsOf(() => run());
      expect(one.result).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < 3; i++) await constructed();
      // A week later every meeting's next date is due: four meetings, a dozen digests.
      const four = await counting.statementsOf(() => run(new Date('2026-01-18T12:00:00Z')));
      expect(four.result).toBeGreaterThanOrEqual(12);
      expect(four.count).toBe(one.count);
    } finally {
      app = saved;
      await counting.close();
    }
  });
});
