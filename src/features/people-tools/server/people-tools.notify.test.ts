import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { mailsTo, type SignedUp } from '../../../../test/factories.ts';
import { pairOf, peopleWorkspace, upcoming } from '../../../../test/people-tools-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { conversations, notifications } from '../../../db/schema/index.ts';
import { jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { ConversationSummary } from '../people-tools.schemas.ts';
import { remindConversationsDue } from './conversation-reminders.ts';

// Notifications of the people tools: a conversation form waiting, a 1:1 started. Only the other
// side of the pair hears of them; the texts never hold what was written; mail follows the switches.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const bell = async (who: SignedUp) => (await who.api.get<NotificationPage>('/notifications?limit=50')).body.result;
const switches = async (who: SignedUp, body: Record<string, boolean>) =>
  expect((await who.api.patch('/self/notifications', body)).status).toBe(200);
const ofKind = async (who: SignedUp, kind: string) => (await bell(who)).items.filter((n) => n.kind === kind);

describe('a conversation form waiting to be filled', () => {
  it('tells the other side, links to the conversation, mails a copy, and tells nobody else', async () => {
    const { admin, manager, report, peer } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const watching = await connect(baseUrl, report.token);
    const others = await Promise.all([connect(baseUrl, peer.token), connect(baseUrl, admin.token)]);
    let created: ConversationSummary;
    try {
      const answer = await manager.api.post<ConversationSummary>(`/one-on-ones/${pair.id}/conversations`, {
        kind: 'quarterly',
        period: '2026-Q3',
        heldOn: '2026-09-28',
      });
      expect(answer.status).toBe(201);
      created = answer.body.result;
      await eventually(() => watching.received.some((m) => m.type === 'notification.created'));
      await settle();
      for (const other of others) expect(other.received.filter((m) => m.type === 'notification.created')).toEqual([]);
    } finally {
      watching.socket.close();
      for (const other of others) other.socket.close();
    }
    const [waiting, ...more] = await ofKind(report, 'conversationWaiting');
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({
      link: `/conversations/${created.id}`,
      senderId: manager.userId,
      status: 'sent',
      message: expect.stringContaining('quarterly conversation 2026-Q3'),
    });
    expect(waiting!.message).toContain('Max');
    const mail = (await mailsTo(app, report.email)).find((m) => m.subject === waiting!.message);
    expect(mail?.text).toContain(`/conversations/${created.id}`);
    // The author is not told of their own conversation, nor is anyone outside the pair.
    expect(await ofKind(manager, 'conversationWaiting')).toEqual([]);
    expect(await ofKind(peer, 'conversationWaiting')).toEqual([]);
    expect(await ofKind(admin, 'conversationWaiting')).toEqual([]);
  });

  it('follows the switch: "assignments" off, the bell shows it and no mail goes out', async () => {
    const { manager, report } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    await switches(manager, { assignments: false });
    const answer = await report.api.post<ConversationSummary>(`/one-on-ones/${pair.id}/conversations`, {
      kind: 'annual',
      period: '2026',
      heldOn: '2026-12-14',
    });
    expect(answer.status).toBe(201);
    const [waiting] = await ofKind(manager, 'conversationWaiting');
    expect(waiting).toMatchObject({ status: 'unseen', link: `/conversations/${answer.body.result.id}` });
    expect((await mailsTo(app, manager.email)).some((m) => m.subject === waiting!.message)).toBe(false);

    await switches(manager, { assignments: true, enableEmailNotification: false });
    const second = await report.api.post(`/one-on-ones/${pair.id}/conversations`, {
      kind: 'quarterly',
      period: '2026-Q4',
      heldOn: '2026-12-21',
    });
    expect(second.status).toBe(201);
    expect((await mailsTo(app, manager.email)).some((m) => m.subject.includes('2026-Q4'))).toBe(false);
  });

  it('another workspace’s pair, an admin or bad input: nothing is created and nobody is told', async () => {
    const { admin, manager, report, outsider } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const body = { kind: 'quarterly', period: '2026-Q2', heldOn: '2026-06-29' };
    expect((await outsider.api.post(`/one-on-ones/${pair.id}/conversations`, body)).status).toBe(404);
    expect((await admin.api.post(`/one-on-ones/${pair.id}/conversations`, body)).status).toBe(403);
    const bad = await manager.api.post(`/one-on-ones/${pair.id}/conversations`, { ...body, period: '2026' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'fail' });
    const [made] = await app.database.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.pairId, pair.id));
    expect(made!.n).toBe(0);
    for (const who of [manager, report]) expect(await ofKind(who, 'conversationWaiting')).toEqual([]);
  });
});

describe('the day before a conversation', () => {
  it('reminds each side whose form is not in, once, linking to the conversation', async () => {
    const { manager, report, peer } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const created = await manager.api.post<ConversationSummary>(`/one-on-ones/${pair.id}/conversations`, {
      kind: 'quarterly',
      period: '2026-Q4',
      heldOn: '2026-12-10',
    });
    expect(created.status).toBe(201);
    const id = created.body.result.id;
    expect(
      (
        await manager.api.put(`/conversations/${id}/form`, {
          answers: { working: 'Rita closed the Acme deal' },
          submit: true,
        })
      ).status,
    ).toBe(200);
    await report.api.put(`/conversations/${id}/form`, { answers: { working: 'A draft about pay' } });
    const deps = jobDepsOf(app);
    // Two days before: nothing yet. The day before (midday UTC is that day from UTC−11 to UTC+11): the report.
    await remindConversationsDue(deps, new Date('2026-12-08T12:00:00Z'));
    expect(await ofKind(report, 'conversationDue')).toEqual([]);
    await remindConversationsDue(deps, new Date('2026-12-09T12:00:00Z'));
    await remindConversationsDue(deps, new Date('2026-12-09T13:00:00Z'));
    const reminded = await ofKind(report, 'conversationDue');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toMatchObject({ link: `/conversations/${id}`, status: 'sent', senderId: null });
    expect(reminded[0]!.message).toContain('2026-Q4');
    expect(reminded[0]!.message).not.toMatch(/Acme|pay/);
    expect((await mailsTo(app, report.email)).some((m) => m.subject === reminded[0]!.message)).toBe(true);
    // The manager submitted: no reminder; nobody outside the pair hears of it.
    expect(await ofKind(manager, 'conversationDue')).toEqual([]);
    expect(await ofKind(peer, 'conversationDue')).toEqual([]);
  });
});

describe('a 1:1 starting', () => {
  it('tells the other side once, links to the 1:1, and never carries what was written', async () => {
    const { admin, manager, report, peer } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const current = await upcoming(report, pair.id);
    await report.api.patch(`/one-on-one-meetings/${current.id}`, {
      sharedNotes: 'Salary talk',
      privateNotes: 'Ask for a raise',
    });
    const watching = await connect(baseUrl, manager.token);
    const others = await Promise.all([connect(baseUrl, peer.token), connect(baseUrl, admin.token)]);
    try {
      const started = await report.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' });
      expect(started.status).toBe(200);
      await eventually(() => watching.received.some((m) => m.type === 'notification.created'));
      await settle();
      for (const other of others) expect(other.received.filter((m) => m.type === 'notification.created')).toEqual([]);
    } finally {
      watching.socket.close();
      for (const other of others) other.socket.close();
    }
    // Starting it again (the other side clicks too) tells nobody a second time.
    await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' });
    const told = await ofKind(manager, 'oneOnOneStarted');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/one-on-ones/${pair.id}`, senderId: report.userId, status: 'sent' });
    expect(told[0]!.message).toContain('Rita');
    expect(await ofKind(report, 'oneOnOneStarted')).toEqual([]);
    const rows = await app.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.kind, 'oneOnOneStarted'), eq(notifications.link, `/one-on-ones/${pair.id}`)));
    for (const row of rows) expect(row.message).not.toMatch(/Salary|raise/);
    const mail = (await mailsTo(app, manager.email)).find((m) => m.subject === told[0]!.message);
    expect(mail?.text).toContain(`/one-on-ones/${pair.id}`);
    expect(mail?.text).not.toMatch(/Salary|raise/);
  });

  it('follows the "meeting starts" switch for its mail; an admin or another workspace cannot start it', async () => {
    const { admin, manager, report, outsider } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    const current = await upcoming(manager, pair.id);
    expect((await outsider.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' })).status).toBe(404);
    expect((await admin.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' })).status).toBe(403);
    expect((await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'begun' })).status).toBe(400);
    expect(await ofKind(report, 'oneOnOneStarted')).toEqual([]);

    await switches(report, { meetingStarts: false });
    expect((await manager.api.patch(`/one-on-one-meetings/${current.id}`, { state: 'started' })).status).toBe(200);
    const [told] = await ofKind(report, 'oneOnOneStarted');
    expect(told).toMatchObject({ status: 'unseen', link: `/one-on-ones/${pair.id}` });
    expect((await mailsTo(app, report.email)).some((m) => m.subject === told!.message)).toBe(false);
  });
});
