import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import type { SignedUp } from '../../../../test/factories.ts';
import { pairOf, peopleWorkspace, upcoming } from '../../../../test/people-tools-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import type { AuditPage, Conversation, ConversationSummary, OneOnOne, TalkingPoint } from '../people-tools.schemas.ts';

// The privacy matrix (decision 110): for every read and write of a pair's 1:1s and conversations,
// what the report, the manager, a peer, a workspace admin and another workspace's admin observe.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const answers = (text: string) => ({
  working: `${text} works`,
  notWorking: `${text} does not`,
  values: {},
  gwc: { getsIt: true, wantsIt: true, capacity: false },
  goals: {},
});

/** A pair with a 1:1 holding notes and a point, and a quarterly conversation both submitted. */
const scene = async () => {
  const people = await peopleWorkspace(app);
  const { manager, report } = people;
  const pair = await pairOf(manager, report);
  const meeting = await upcoming(manager, pair.id);
  const point = (
    await report.api.post<TalkingPoint>(`/one-on-one-meetings/${meeting.id}/points`, { title: 'Secret raise talk' })
  ).body.result;
  await manager.api.patch(`/one-on-one-meetings/${meeting.id}`, {
    sharedNotes: 'Confidential plans',
    state: 'started',
  });
  await manager.api.patch(`/one-on-one-meetings/${meeting.id}`, { state: 'finished' });
  const conversation = (
    await manager.api.post<ConversationSummary>(`/one-on-ones/${pair.id}/conversations`, {
      kind: 'quarterly',
      period: '2026-Q3',
      heldOn: '2026-09-30',
    })
  ).body.result;
  await manager.api.put(`/conversations/${conversation.id}/form`, { answers: answers('Manager'), submit: true });
  await report.api.put(`/conversations/${conversation.id}/form`, { answers: answers('Report'), submit: true });
  return { ...people, pair, meeting, point, conversation };
};

type Scene = Awaited<ReturnType<typeof scene>>;
const WHO = ['report', 'manager', 'peer', 'admin', 'outsider'] as const;

const reads = (s: Scene) => [
  `/one-on-ones/${s.pair.id}`,
  `/one-on-ones/${s.pair.id}/history`,
  `/one-on-ones/${s.pair.id}/conversations`,
  `/one-on-one-meetings/${s.meeting.id}`,
  `/conversations/${s.conversation.id}`,
  `/conversations/${s.conversation.id}/export`,
];

const writes = (s: Scene): [string, string, unknown][] => [
  ['patch', `/one-on-ones/${s.pair.id}`, { startTime: '10:00' }],
  ['post', `/one-on-ones/${s.pair.id}/upcoming`, {}],
  ['patch', `/one-on-one-meetings/${s.meeting.id}`, { sharedNotes: 'Overwritten' }],
  ['post', `/one-on-one-meetings/${s.meeting.id}/points`, { title: 'Injected' }],
  ['patch', `/one-on-one-meetings/${s.meeting.id}/points/${s.point.id}`, { title: 'Renamed' }],
  ['post', `/one-on-one-meetings/${s.meeting.id}/points/${s.point.id}/convert`, { type: 'todo' }],
  ['post', `/one-on-ones/${s.pair.id}/conversations`, { kind: 'annual', period: '2026', heldOn: '2026-12-01' }],
  ['put', `/conversations/${s.conversation.id}/form`, { answers: answers('Intruder') }],
  ['put', `/conversations/${s.conversation.id}/summary`, { summary: 'Forged' }],
  ['post', `/conversations/${s.conversation.id}/acknowledge`, {}],
];

/** A GET as the browser makes it; the PDF export answers no JSON. */
const read = async (person: SignedUp, url: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${person.token}` },
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: json ? response.json() : response.rawPayload.toString('latin1') };
};

const call = (person: SignedUp, method: string, url: string, body?: unknown) =>
  (
    person.api as unknown as Record<string, (url: string, body?: unknown) => Promise<{ status: number; body: unknown }>>
  )[method]!(url, body);

describe('privacy of 1:1s and conversations', () => {
  it('reads: the pair sees everything, an admin only that it happened (audit-logged), a peer and another workspace 404', async () => {
    const s = await scene();
    for (const url of reads(s)) {
      for (const who of WHO) {
        const answer = await read(s[who], url);
        const expected = who === 'peer' || who === 'outsider' ? 404 : 200;
        expect({ who, url, status: answer.status }).toEqual({ who, url, status: expected });
        if (who === 'admin' && !url.endsWith('/export')) {
          const text = JSON.stringify(answer.body);
          for (const secret of ['Confidential plans', 'Secret raise talk', 'Manager works', 'Report works'])
            expect({ url, leaked: text.includes(secret) }).toEqual({ url, leaked: false });
        }
      }
    }
    const admin = (await s.admin.api.get<OneOnOne>(`/one-on-one-meetings/${s.meeting.id}`)).body.result;
    expect(admin).toMatchObject({ contentVisible: false, sharedNotes: null, points: [], heldOn: s.meeting.heldOn });
    expect(admin.finishedAt).not.toBeNull();

    // Each admin read above is in the audit log (1:1, history, conversation, export, and this one); the pair's are not.
    const audit = await s.admin.api.get<AuditPage>('/people-tools/audit?limit=100');
    expect(audit.body.result.items.every((row) => row.reader?.id === s.admin.userId)).toBe(true);
    expect(audit.body.result.items.map((row) => row.subject).sort()).toEqual([
      'conversation',
      'conversation',
      'oneOnOne',
      'oneOnOne',
      'oneOnOne',
    ]);
    expect((await s.manager.api.get('/people-tools/audit')).status).toBe(403);
    expect((await s.outsider.api.get<AuditPage>('/people-tools/audit')).body.result.items).toEqual([]);
  });

  it('the report shares: the admin then reads what was written (still audit-logged), never private notes', async () => {
    const s = await scene();
    await s.manager.api.patch(`/one-on-one-meetings/${s.meeting.id}`, { privateNotes: 'Only mine' });
    expect((await s.manager.api.patch(`/one-on-ones/${s.pair.id}`, { sharedWithAdmins: true })).status).toBe(403);
    expect((await s.report.api.patch(`/one-on-ones/${s.pair.id}`, { sharedWithAdmins: true })).status).toBe(200);
    const meeting = await s.admin.api.get<OneOnOne>(`/one-on-one-meetings/${s.meeting.id}`);
    expect(meeting.body.result).toMatchObject({
      contentVisible: true,
      sharedNotes: 'Confidential plans',
      privateNotes: null,
    });
    expect(JSON.stringify(meeting.body)).not.toContain('Only mine');
    const conversation = await s.admin.api.get<Conversation>(`/conversations/${s.conversation.id}`);
    expect(conversation.body.result.reportForm?.answers.working).toBe('Report works');
    expect((await s.admin.api.get<AuditPage>('/people-tools/audit')).body.result.total).toBe(2);
  });

  it('writes: the pair may, an admin gets 403, a peer and another workspace 404, and nothing changes', async () => {
    const s = await scene();
    for (const [method, url, body] of writes(s)) {
      for (const who of ['peer', 'admin', 'outsider'] as const) {
        const answer = await call(s[who], method, url, body);
        const expected = who === 'admin' ? 403 : 404;
        expect({ who, url, status: answer.status }).toEqual({ who, url, status: expected });
      }
    }
    const meeting = (await s.report.api.get<OneOnOne>(`/one-on-one-meetings/${s.meeting.id}`)).body.result;
    expect(meeting.sharedNotes).toBe('Confidential plans');
    expect(meeting.points.map((point) => point.title)).toEqual(['Secret raise talk']);
    expect(meeting.points[0]?.taskId).toBeNull();
    const conversation = (await s.report.api.get<Conversation>(`/conversations/${s.conversation.id}`)).body.result;
    expect(conversation.summary).toBe('');
    expect(conversation.managerForm?.answers.working).toBe('Manager works');

    // Another workspace's ids in a body: 404 and nothing made.
    const other = await pairOf(s.manager, s.report, '2026-02-02').catch(() => null);
    expect(other).toBeNull();
    const foreign = await s.outsider.api.post('/one-on-ones', {
      reportId: s.report.userId,
      startDate: '2026-01-05',
      startTime: '09:00',
      timezone: 'UTC',
    });
    expect(foreign.status).toBe(404);
    const foreignManager = await s.admin.api.post('/one-on-ones', {
      managerId: s.outsider.userId,
      reportId: s.peer.userId,
      startDate: '2026-01-05',
      startTime: '09:00',
      timezone: 'UTC',
    });
    expect(foreignManager.status).toBe(404);

    // The pair's own writes go through.
    const own = writes(s);
    for (const [method, url, body] of [own[0]!, own[1]!, own[2]!, own[4]!]) {
      const answer = await call(s.report, method, url, body);
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
    }
    // A finished 1:1 takes no new points, whoever asks.
    expect((await call(s.report, ...own[3]!)).status).toBe(409);
  });

  it("a socket of someone outside the pair receives none of the pair's events", async () => {
    const s = await scene();
    const pairSockets = await Promise.all([connect(baseUrl, s.report.token), connect(baseUrl, s.manager.token)]);
    const outside = await Promise.all([s.peer, s.admin, s.outsider].map((person) => connect(baseUrl, person.token)));
    try {
      const next = await upcoming(s.manager, s.pair.id);
      await s.manager.api.post(`/one-on-one-meetings/${next.id}/points`, { title: 'Live item' });
      await s.report.api.put(`/conversations/${s.conversation.id}/summary`, { summary: 'Agreed' });
      for (const socket of pairSockets)
        await eventually(() =>
          ['peopleTools.oneOnOneChanged', 'peopleTools.conversationChanged'].every((type) =>
            socket.received.some((m) => m.type === type),
          ),
        );
      await settle();
      for (const socket of outside)
        expect(socket.received.filter((m) => m.type.startsWith('peopleTools.'))).toEqual([]);
    } finally {
      for (const socket of [...pairSockets, ...outside]) socket.socket.close();
    }
  });
});

describe('quarterly conversations', () => {
  it('keep each form to its side until both submit, then show both; the summary is acknowledged by both; PDF', async () => {
    const { manager, report } = await peopleWorkspace(app);
    const pair = await pairOf(manager, report);
    await report.api.post('/tasks', { title: 'Ship the API', type: '1', userId: report.userId, quarterId: '2026-Q3' });
    const created = await report.api.post<ConversationSummary>(`/one-on-ones/${pair.id}/conversations`, {
      kind: 'quarterly',
      period: '2026-Q3',
      heldOn: '2026-09-30',
    });
    expect(created.status).toBe(201);
    const id = created.body.result.id;
    expect(
      (
        await report.api.post(`/one-on-ones/${pair.id}/conversations`, {
          kind: 'quarterly',
          period: '2026-Q3',
          heldOn: '2026-09-30',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await report.api.post(`/one-on-ones/${pair.id}/conversations`, {
          kind: 'annual',
          period: '2026-Q3',
          heldOn: '2026-09-30',
        })
      ).status,
    ).toBe(400);

    await report.api.put(`/conversations/${id}/form`, { answers: answers('Report draft') });
    let seen = (await manager.api.get<Conversation>(`/conversations/${id}`)).body.result;
    expect(seen.reportForm).toBeNull();
    expect(seen.goals.map((goal) => goal.title)).toEqual(['Ship the API']);
    await report.api.put(`/conversations/${id}/form`, { answers: answers('Report'), submit: true });
    expect((await report.api.put(`/conversations/${id}/form`, { answers: answers('Again') })).status).toBe(409);
    seen = (await manager.api.get<Conversation>(`/conversations/${id}`)).body.result;
    expect(seen).toMatchObject({ reportSubmitted: true, reportForm: null });
    expect((await manager.api.put(`/conversations/${id}/summary`, { summary: 'Too early' })).status).toBe(409);
    await manager.api.put(`/conversations/${id}/form`, { answers: answers('Manager'), submit: true });
    seen = (await report.api.get<Conversation>(`/conversations/${id}`)).body.result;
    expect(seen.managerForm?.answers.working).toBe('Manager works');
    expect(seen.reportForm?.answers.working).toBe('Report works');

    expect((await report.api.post(`/conversations/${id}/acknowledge`)).status).toBe(409);
    await manager.api.put(`/conversations/${id}/summary`, { summary: 'Keep going' });
    await report.api.post(`/conversations/${id}/acknowledge`);
    const both = (await manager.api.post<Conversation>(`/conversations/${id}/acknowledge`)).body.result;
    expect(both.managerAckAt).not.toBeNull();
    expect(both.reportAckAt).not.toBeNull();
    const changed = (await report.api.put<Conversation>(`/conversations/${id}/summary`, { summary: 'Keep going!' }))
      .body.result;
    expect(changed).toMatchObject({ managerAckAt: null, reportAckAt: null });

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/v2/conversations/${id}/export`,
      headers: { authorization: `Bearer ${report.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
