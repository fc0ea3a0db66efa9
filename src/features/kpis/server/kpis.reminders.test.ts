import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, mailsTo, type SignedUp, signUp } from '../../../../test/factories.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { kpiReminderSettings, notifications, sessions } from '../../../db/schema/index.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Notification } from '../../notifications/notifications.schemas.ts';
import type { KpiReminder } from '../kpi-reminders.schemas.ts';
import type { Score } from '../kpis.schemas.ts';
import { remindEmptyKpis } from './reminders.service.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

// The meetings of the fixtures start on Mondays at 09:00 UTC; Monday 12 January is the second date.
const SIX_AM = new Date('2026-01-12T06:00:00Z');
const plain = { goal: '>=', score: '1', units: null, type: 'number' };

const remindersOf = (who: SignedUp, meetingId: string) =>
  app.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.receiverId, who.userId),
        eq(notifications.meetingId, meetingId),
        eq(notifications.kind, 'kpiReminder'),
      ),
    );

const setReminder = (who: SignedUp, meetingId: string, hoursBefore: unknown) =>
  who.api.put<KpiReminder>(`/meetings/${meetingId}/kpis/reminder`, { hoursBefore });

/**
 * A meeting led by Ada (a workspace admin) with Ben and Cy: Ada owns Revenue (empty) and Calls
 * (entered for the 12th), Ben owns Deals (entered) and a formula KPI (never entered), Cy owns Demos (empty).
 */
const scorecard = async () => {
  const { leader: ada, member: ben, meeting } = await setup();
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const added = await ada.api.patch(`/meetings/${meeting.id}`, { members: [ben.userId, cy.userId] });
  expect(added.status).toBe(200);
  const revenue = await addScore(ada, meeting.id, { ...plain, title: 'Revenue' });
  const calls = await addScore(ada, meeting.id, { ...plain, title: 'Calls' });
  const deals = await addScore(ada, meeting.id, { ...plain, title: 'Deals', userId: ben.userId });
  await addScore(ada, meeting.id, {
    ...plain,
    title: 'Deals per call',
    userId: ben.userId,
    formula: `{${deals.id}} / {${calls.id}}`,
  });
  await addScore(ada, meeting.id, { ...plain, title: 'Demos', userId: cy.userId });
  const q1 = await card(ada, meeting.id);
  const twelfth = q1.sessions.find((s) => s.sessionDate === '2026-01-12')!;
  const enter = async (score: Score, measured: string) =>
    expect((await ada.api.put(`/scores/${score.id}/cells/${twelfth.id}`, { measured })).status).toBe(200);
  await enter(calls, '40');
  await enter(deals, '4');
  return { ada, ben, cy, meeting, revenue };
};

describe('the scorecard nudge setting', () => {
  it('is read by participants and set by leaders; off by default', async () => {
    const { leader, member, meeting } = await setup();
    const initial = await member.api.get<KpiReminder>(`/meetings/${meeting.id}/kpis/reminder`);
    expect(initial.status).toBe(200);
    expect(initial.body.result).toEqual({ hoursBefore: null, canEdit: false });

    const set = await setReminder(leader, meeting.id, 24);
    expect(set.status).toBe(200);
    expect(set.body.result).toEqual({ hoursBefore: 24, canEdit: true });
    expect((await member.api.get<KpiReminder>(`/meetings/${meeting.id}/kpis/reminder`)).body.result).toEqual({
      hoursBefore: 24,
      canEdit: false,
    });
    expect((await leader.api.get<KpiReminder>(`/meetings/${meeting.id}/kpis/reminder`)).body.result.canEdit).toBe(true);

    // A member may not change it.
    const refused = await setReminder(member, meeting.id, 2);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('fail');

    // Changed, then off again.
    expect((await setReminder(leader, meeting.id, 3)).body.result.hoursBefore).toBe(3);
    expect((await setReminder(leader, meeting.id, null)).body.result.hoursBefore).toBeNull();
    expect((await member.api.get<KpiReminder>(`/meetings/${meeting.id}/kpis/reminder`)).body.result.hoursBefore).toBe(
      null,
    );
  });

  it('refuses bad input in the envelope and leaves the setting as it was', async () => {
    const { leader, meeting } = await setup();
    await setReminder(leader, meeting.id, 6);
    for (const body of [{ hoursBefore: 0 }, { hoursBefore: 73 }, { hoursBefore: 1.5 }, { hoursBefore: '4' }, {}]) {
      const answer = await leader.api.put(`/meetings/${meeting.id}/kpis/reminder`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status).toBe('fail');
    }
    const extra = await leader.api.put(`/meetings/${meeting.id}/kpis/reminder`, {
      hoursBefore: 2,
      meetingId: meeting.id,
    });
    expect(extra.status).toBe(400);
    // A path that is no meeting id names no meeting.
    expect((await leader.api.get('/meetings/not-a-uuid/kpis/reminder')).status).toBe(404);
    expect((await leader.api.get<KpiReminder>(`/meetings/${meeting.id}/kpis/reminder`)).body.result.hoursBefore).toBe(
      6,
    );
  });

  it("answers 404 for another workspace's meeting and changes nothing there", async () => {
    const { leader, meeting } = await setup();
    await setReminder(leader, meeting.id, 6);
    const outsider = await signUp(app, { firstName: 'Olga' });
    expect((await outsider.api.get(`/meetings/${meeting.id}/kpis/reminder`)).status).toBe(404);
    const put = await setReminder(outsider, meeting.id, 1);
    expect(put.status).toBe(404);
    expect((await setReminder(outsider, meeting.id, null)).status).toBe(404);
    const [row] = await app.database.db
      .select({ hoursBefore: kpiReminderSettings.hoursBefore, tenantId: kpiReminderSettings.tenantId })
      .from(kpiReminderSettings)
      .where(eq(kpiReminderSettings.meetingId, meeting.id));
    expect(row).toEqual({ hoursBefore: 6, tenantId: leader.tenantId });
  });
});

describe('the setting in real time', () => {
  it("tells the meeting's room, and nobody outside it", async () => {
    const { leader, member, meeting } = await setup();
    const outsider = await joinWorkspace(app, leader, { firstName: 'Out' });
    const watcher = await connect(baseUrl, member.token);
    const snoop = await connect(baseUrl, outsider.token);
    try {
      expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
      await snoop.socket.emitWithAck('meeting:join', meeting.id);
      await setReminder(leader, meeting.id, 12);
      await setReminder(leader, meeting.id, null);
      const changes = () => watcher.received.filter((m) => m.type === 'kpi.reminder.changed');
      await eventually(() => changes().length === 2);
      expect(changes().map((m) => m.data)).toEqual([
        { meetingId: meeting.id, hoursBefore: 12 },
        { meetingId: meeting.id, hoursBefore: null },
      ]);
      expect(changes()[0]!.changedBy).toBe(leader.userId);
      await settle();
      expect(snoop.received.filter((m) => m.type.startsWith('kpi.'))).toEqual([]);
    } finally {
      watcher.socket.close();
      snoop.socket.close();
    }
  });
});

describe('the hourly nudge', () => {
  it('tells each owner of empty KPIs once, with the list; filled and formula KPIs tell no one', async () => {
    const { ada, ben, cy, meeting } = await scorecard();
    expect((await setReminder(ada, meeting.id, 4)).status).toBe(200);
    // Cy wants no reminders by mail; Ada and Ben keep the defaults (everything on).
    expect((await cy.api.patch('/self/notifications', { reminders: false })).status).toBe(200);
    const sockets = await Promise.all([ada, ben, cy].map((who) => connect(baseUrl, who.token)));
    const [adas, bens, cys] = sockets;
    const nudged = (m: { type: string; data: unknown }) =>
      m.type === 'notification.created' && (m.data as Notification).kind === 'kpiReminder';
    try {
      // Seven hours before: outside the four-hour window.
      await remindEmptyKpis(jobDepsOf(app), new Date('2026-01-12T02:00:00Z'));
      expect(await remindersOf(ada, meeting.id)).toHaveLength(0);

      await remindEmptyKpis(jobDepsOf(app), SIX_AM);
      const [adaNote, ...moreForAda] = await remindersOf(ada, meeting.id);
      expect(moreForAda).toHaveLength(0);
      expect(adaNote).toMatchObject({
        message: '1 KPI of yours for Leadership L10 on Jan 12 is still empty: Revenue',
        link: `/meeting-dashboard/${meeting.id}`,
        senderId: null,
        status: 'sent',
      });
      // Ben's Deals is entered and his formula KPI is computed: nothing for him.
      expect(await remindersOf(ben, meeting.id)).toHaveLength(0);
      // Cy hears of it in the bell, without a mail (reminders switched off).
      const [cyNote] = await remindersOf(cy, meeting.id);
      expect(cyNote).toMatchObject({
        message: '1 KPI of yours for Leadership L10 on Jan 12 is still empty: Demos',
        status: 'unseen',
      });
      const mailed = (who: SignedUp) =>
        mailsTo(app, who.email).then((mails) => mails.filter((m) => m.text.includes('still empty')));
      expect(await mailed(ada)).toHaveLength(1);
      expect(await mailed(cy)).toHaveLength(0);
      expect(await mailed(ben)).toHaveLength(0);

      // Live to the receivers' sockets only.
      await eventually(() => adas!.received.some(nudged) && cys!.received.some(nudged));
      expect(adas!.received.filter(nudged).map((m) => (m.data as Notification).receiverId)).toEqual([ada.userId]);
      await settle();
      expect(bens!.received.some(nudged)).toBe(false);

      // The next hour, and two servers at once: nothing more.
      const again = await Promise.all([
        remindEmptyKpis(jobDepsOf(app), new Date('2026-01-12T07:00:00Z')),
        remindEmptyKpis(jobDepsOf(app), new Date('2026-01-12T07:00:00Z')),
      ]);
      expect(await remindersOf(ada, meeting.id)).toHaveLength(1);
      expect(await remindersOf(cy, meeting.id)).toHaveLength(1);
      expect(await mailed(ada)).toHaveLength(1);
      expect(again).toEqual([0, 0]);
    } finally {
      for (const s of sockets) s.socket.disconnect();
    }
  });

  it('tells two servers racing for the same date only once', async () => {
    const { ada, meeting } = await scorecard();
    await setReminder(ada, meeting.id, 4);
    await Promise.all([
      remindEmptyKpis(jobDepsOf(app), SIX_AM),
      remindEmptyKpis(jobDepsOf(app), SIX_AM),
      remindEmptyKpis(jobDepsOf(app), SIX_AM),
    ]);
    expect(await remindersOf(ada, meeting.id)).toHaveLength(1);
  });

  it('lists several empty KPIs in one reminder, and reminds again for the next date', async () => {
    const { ada, meeting, revenue } = await scorecard();
    await addScore(ada, meeting.id, { ...plain, title: 'Leads' });
    await setReminder(ada, meeting.id, 4);
    await remindEmptyKpis(jobDepsOf(app), SIX_AM);
    expect((await remindersOf(ada, meeting.id)).map((n) => n.message)).toEqual([
      '2 KPIs of yours for Leadership L10 on Jan 12 are still empty: Revenue, Leads',
    ]);
    // A week later Calls is empty again too (Revenue was entered meanwhile).
    const q1 = await card(ada, meeting.id);
    const nineteenth = q1.sessions.find((s) => s.sessionDate === '2026-01-19')!;
    expect((await ada.api.put(`/scores/${revenue.id}/cells/${nineteenth.id}`, { measured: '9' })).status).toBe(200);
    await remindEmptyKpis(jobDepsOf(app), new Date('2026-01-19T06:00:00Z'));
    expect((await remindersOf(ada, meeting.id)).map((n) => n.message).sort()).toEqual([
      '2 KPIs of yours for Leadership L10 on Jan 12 are still empty: Revenue, Leads',
      '2 KPIs of yours for Leadership L10 on Jan 19 are still empty: Calls, Leads',
    ]);
  });

  it('sends nothing for a meeting with the reminder off, nor once the meeting has started', async () => {
    const off = await scorecard();
    const started = await scorecard();
    await setReminder(started.ada, started.meeting.id, 4);
    // Switched on, then off again.
    await setReminder(off.ada, off.meeting.id, 4);
    await setReminder(off.ada, off.meeting.id, null);
    const q1 = await card(started.ada, started.meeting.id);
    const twelfth = q1.sessions.find((s) => s.sessionDate === '2026-01-12')!;
    await app.database.db.update(sessions).set({ startedAt: SIX_AM }).where(eq(sessions.id, twelfth.id));
    await remindEmptyKpis(jobDepsOf(app), new Date('2026-01-12T06:30:00Z'));
    expect(await remindersOf(off.ada, off.meeting.id)).toHaveLength(0);
    expect(await remindersOf(off.cy, off.meeting.id)).toHaveLength(0);
    expect(await remindersOf(started.ada, started.meeting.id)).toHaveLength(0);
  });

  it('tells no owner who can no longer see the meeting', async () => {
    const { ada, ben, cy, meeting } = await scorecard();
    await setReminder(ada, meeting.id, 4);
    expect((await ada.api.patch(`/meetings/${meeting.id}`, { members: [ben.userId] })).status).toBe(200);
    await remindEmptyKpis(jobDepsOf(app), SIX_AM);
    expect(await remindersOf(cy, meeting.id)).toHaveLength(0);
    expect(await remindersOf(ada, meeting.id)).toHaveLength(1);
  });
});
