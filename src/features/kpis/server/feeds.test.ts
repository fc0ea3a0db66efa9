import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { kpisFixtures } from '../../../../test/kpis-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { kpiFedValues, kpiFeeds } from '../../../db/schema/index.ts';
import { signatureHeader } from '../../../server/signing.ts';
import { messages } from '../../../shared/messages.ts';
import { kpiFeedMessages } from '../kpi-feeds.messages.ts';
import type { FeedStatus, FeedWithSecret, PushedValue } from '../kpi-feeds.schemas.ts';
import type { Score, Scorecard } from '../kpis.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { setup, addScore, card } = kpisFixtures(() => app);

/** A push as another system sends it: the body signed with `secret` at `at` (unix ms). */
const push = async (
  url: string,
  body: unknown,
  secret: string | null,
  { at = Date.now(), raw, on = app }: { at?: number; raw?: string; on?: FastifyInstance } = {},
) => {
  const payload = raw ?? JSON.stringify(body);
  const response = await on.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/json',
      ...(secret ? { 'cadence-signature': signatureHeader([secret], Math.floor(at / 1000), payload) } : {}),
    },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
};

const fed = async (who: SignedUp, meetingId: string, extra: Record<string, unknown> = {}) => {
  const score = await addScore(who, meetingId, {
    title: 'Leads',
    goal: '>=',
    score: '10',
    units: null,
    type: 'number',
    ...extra,
  });
  const made = await who.api.post<FeedWithSecret>(`/scores/${score.id}/feed`);
  expect(made.status).toBe(200);
  return { score, feed: made.body.result };
};

const cellOf = async (who: SignedUp, meetingId: string, scoreId: string, column: number) => {
  const scorecard: Scorecard = await card(who, meetingId);
  return scorecard.scores.find((s) => s.id === scoreId)!.cells[column]!;
};

const storedValues = async (scoreId: string) =>
  (await app.database.db.select({ n: count() }).from(kpiFedValues).where(eq(kpiFedValues.scoreId, scoreId)))[0]!.n;

describe('a KPI fed by another system', () => {
  it('is made by its managers, shows its secret once, and lands a signed value in the week’s meeting date', async () => {
    const { leader, member, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id);
    expect(feed.secret).toMatch(/^kfsec_[\w-]{40,}$/);
    expect(feed.url).toMatch(/\/api\/v2\/kpi-feeds\/[0-9a-f-]{36}$/);

    // The status never shows the secret; members see it, only managers change it.
    const status = await member.api.get<FeedStatus>(`/scores/${score.id}/feed`);
    expect(status.status).toBe(200);
    expect(status.body.result).toEqual({
      url: feed.url,
      createdAt: feed.createdAt,
      secretSetAt: feed.secretSetAt,
      lastReceivedAt: null,
    });
    expect(JSON.stringify(status.body)).not.toContain(feed.secret);
    expect((await member.api.post(`/scores/${score.id}/feed`)).status).toBe(403);
    expect((await member.api.delete(`/scores/${score.id}/feed`)).status).toBe(403);

    // Wednesday 7 January belongs to the week of Monday 5 January, the meeting's first date.
    const sent = await push(feed.url, { date: '2026-01-07', value: 42.5, note: 'From the CRM' }, feed.secret);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({ onDate: '2026-01-05', measured: '42.5', applied: true });
    expect(await cellOf(leader, meeting.id, score.id, 0)).toEqual({
      measured: '42.5',
      met: true,
      note: 'From the CRM',
      source: 'feed',
    });
    const after = await member.api.get<FeedStatus>(`/scores/${score.id}/feed`);
    expect(after.body.result!.lastReceivedAt).not.toBeNull();

    // A later value for the same week replaces the feed's own value; a text value is read too.
    expect((await push(feed.url, { date: '2026-01-11', value: '1,200' }, feed.secret)).body.result).toMatchObject({
      onDate: '2026-01-05',
      measured: '1200',
    });
    expect(await cellOf(leader, meeting.id, score.id, 0)).toMatchObject({ measured: '1200', note: 'From the CRM' });
  });

  it('lands a monthly KPI’s value in the month holding the date, in the KPI’s unit, and keeps a person’s month', async () => {
    const { leader, member, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id, {
      title: 'Time to close',
      type: 'time',
      score: '2:00',
      goal: '<=',
      frequency: 'monthly',
    });
    const sent = await push(feed.url, { date: '2026-02-17', value: '1:30' }, feed.secret);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toEqual({ onDate: '2026-02-01', sessionId: null, measured: '90', applied: true });
    const months: Scorecard = await card(
      leader,
      meeting.id,
      'frequency=monthly&dateSince=2026-01-01&dateUntil=2026-03-31',
    );
    expect(months.scores.find((s) => s.id === score.id)!.cells[1]).toMatchObject({ measured: '90', met: true });

    expect((await member.api.put(`/scores/${score.id}/periods/2026-03-01`, { measured: '45' })).status).toBe(200);
    const kept = await push(feed.url, { date: '2026-03-31', value: 200 }, feed.secret);
    expect(kept.body.result).toMatchObject({ onDate: '2026-03-01', applied: false });
    const after: Scorecard = await card(
      leader,
      meeting.id,
      'frequency=monthly&dateSince=2026-01-01&dateUntil=2026-03-31',
    );
    expect(after.scores.find((s) => s.id === score.id)!.cells[2]).toMatchObject({ measured: '45' });
  });

  it('keeps a value a person entered, and records the fed one beside it', async () => {
    const { leader, member, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id);
    const q1 = await card(leader, meeting.id);
    expect((await member.api.put(`/scores/${score.id}/cells/${q1.sessions[1]!.id}`, { measured: '5' })).status).toBe(
      200,
    );
    const sent = await push(feed.url, { date: '2026-01-12', value: 9 }, feed.secret);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({ onDate: '2026-01-12', measured: '9', applied: false });
    expect(await cellOf(leader, meeting.id, score.id, 1)).toMatchObject({
      measured: '5',
      source: 'override',
      fedValue: '9',
    });
    // A person's edit after the feed's value is marked as overriding it, in the answer too.
    const edited = await member.api.put(`/scores/${score.id}/cells/${q1.sessions[1]!.id}`, { measured: '6' });
    expect(edited.body).toMatchObject({ result: { measured: '6', source: 'override', fedValue: '9' } });
    const [row] = await app.database.db
      .select({ measured: kpiFedValues.measured })
      .from(kpiFedValues)
      .where(and(eq(kpiFedValues.scoreId, score.id), eq(kpiFedValues.sessionId, q1.sessions[1]!.id)));
    expect(row).toEqual({ measured: '9' });
  });

  it('refuses unsigned, wrongly signed, stale and replaced-secret pushes with a reason, storing nothing', async () => {
    const { leader, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id);
    const body = { date: '2026-01-07', value: 3 };
    const refused = async (answer: { status: number; body: { message: string } }, status: number, message: string) => {
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ status: 'fail', message });
    };
    await refused(await push(feed.url, body, null), 401, kpiFeedMessages.unsigned);
    await refused(await push(feed.url, body, 'kfsec_not-the-secret'), 401, kpiFeedMessages.badSignature);
    await refused(await push(feed.url, body, feed.secret, { at: Date.now() - 6 * 60_000 }), 401, kpiFeedMessages.stale);
    await refused(await push(feed.url, body, feed.secret, { at: Date.now() + 6 * 60_000 }), 401, kpiFeedMessages.stale);
    // Signed over other bytes than those sent.
    const signedOther = await app.inject({
      method: 'POST',
      url: new URL(feed.url).pathname,
      headers: {
        'content-type': 'application/json',
        'cadence-signature': signatureHeader([feed.secret], Math.floor(Date.now() / 1000), JSON.stringify(body)),
      },
      payload: JSON.stringify({ ...body, value: 300 }),
    });
    expect(signedOther.statusCode).toBe(401);

    // A new secret: the old one stops at once, the address stays.
    const replaced = (await leader.api.post<FeedWithSecret>(`/scores/${score.id}/feed`)).body.result;
    expect(replaced.url).toBe(feed.url);
    expect(replaced.secret).not.toBe(feed.secret);
    await refused(await push(feed.url, body, feed.secret), 401, kpiFeedMessages.badSignature);
    expect(await storedValues(score.id)).toBe(0);
    expect((await push(feed.url, body, replaced.secret)).status).toBe(200);
    expect(await storedValues(score.id)).toBe(1);
  });

  it('answers bad input with a 4xx and its reason, never a 500, storing nothing', async () => {
    const { leader, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id);
    const cases: [unknown, number, string?][] = [
      [{ date: '2026-02-30', value: 1 }, 400, messages.impossibleDate],
      [{ date: 'soon', value: 1 }, 400],
      [{ value: 1 }, 400],
      [{ date: '2026-01-07' }, 400],
      [{ date: '2026-01-07', value: 'lots' }, 400, kpiFeedMessages.invalidValue],
      [{ date: '2026-01-07', value: true }, 400],
      [{ date: '2026-01-07', value: 1, extra: 'x' }, 400],
      [{ date: '2026-01-07', value: 1, note: 'a\u0000b' }, 400],
      [{ date: '2025-06-04', value: 1 }, 400, kpiFeedMessages.noColumn('2025-06-04')],
      [[1, 2], 400],
      [{ date: '2026-01-07', value: 1, note: 'x'.repeat(2001) }, 400],
    ];
    for (const [body, status, message] of cases) {
      const answer = await push(feed.url, body, feed.secret);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.status).toBe('fail');
      if (message) expect(answer.body.message).toBe(message);
    }
    for (const raw of ['{"date": "2026-01-07", "value"', '', 'null']) {
      const answer = await push(feed.url, null, feed.secret, { raw });
      expect(answer.status, raw).toBe(400);
    }
    let deep = '1';
    for (let i = 0; i < 5000; i += 1) deep = `[${deep}]`;
    expect((await push(feed.url, null, feed.secret, { raw: `{"date":"2026-01-07","value":${deep}}` })).status).toBe(
      400,
    );
    const form = await app.inject({
      method: 'POST',
      url: new URL(feed.url).pathname,
      headers: { 'content-type': 'text/plain' },
      payload: 'value=1',
    });
    expect(form.statusCode).toBe(415);
    expect(await storedValues(score.id)).toBe(0);
    expect((await cellOf(leader, meeting.id, score.id, 0))?.measured ?? null).toBeNull();
  });

  it('limits the values one KPI receives in a minute', async () => {
    const { leader, meeting } = await setup();
    const { feed } = await fed(leader, meeting.id);
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1)
      answers.push((await push(feed.url, { date: '2026-01-07', value: i }, feed.secret)).status);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    // Another KPI's feed is counted on its own.
    const other = await fed(leader, meeting.id, { title: 'Calls' });
    expect((await push(other.feed.url, { date: '2026-01-07', value: 1 }, other.feed.secret)).status).toBe(200);
  });

  it('is refused for a formula KPI, stopped on request, and still signs after the vault key is rotated', async () => {
    const { leader, meeting } = await setup();
    const input = await addScore(leader, meeting.id, { title: 'Calls', units: null, type: 'number' });
    const formula = await addScore(leader, meeting.id, {
      title: 'Double',
      units: null,
      type: 'number',
      formula: `{${input.id}} * 2`,
    });
    const refused = await leader.api.post(`/scores/${formula.id}/feed`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: kpiFeedMessages.formula });

    const { score, feed } = await fed(leader, meeting.id);
    expect((await leader.api.post('/vault/rotate-key')).status).toBe(200);
    expect((await push(feed.url, { date: '2026-01-07', value: 2 }, feed.secret)).status).toBe(200);

    expect((await leader.api.delete(`/scores/${score.id}/feed`)).status).toBe(200);
    expect((await leader.api.get(`/scores/${score.id}/feed`)).body).toMatchObject({ result: null });
    expect((await push(feed.url, { date: '2026-01-07', value: 3 }, feed.secret)).status).toBe(404);
    expect((await leader.api.delete(`/scores/${score.id}/feed`)).status).toBe(404);
    // The value it sent stays.
    expect(await cellOf(leader, meeting.id, score.id, 0)).toMatchObject({ measured: '2' });
    expect(
      (await push(feed.url.replace(/[0-9a-f-]{36}$/, 'not-a-feed'), { date: '2026-01-07', value: 3 }, feed.secret))
        .status,
    ).toBe(404);
  });

  it('gives another workspace’s people 404 and changes nothing', async () => {
    const { leader, meeting } = await setup();
    const { score, feed } = await fed(leader, meeting.id);
    const stranger = await signUp(app, { firstName: 'Zed' });
    expect((await stranger.api.get(`/scores/${score.id}/feed`)).status).toBe(404);
    expect((await stranger.api.post(`/scores/${score.id}/feed`)).status).toBe(404);
    expect((await stranger.api.delete(`/scores/${score.id}/feed`)).status).toBe(404);
    const [row] = await app.database.db.select().from(kpiFeeds).where(eq(kpiFeeds.scoreId, score.id));
    expect(row!.secretSetAt.toISOString()).toBe(feed.secretSetAt);
    // The stranger's own feed cannot write into this workspace's KPI: its secret signs only its own.
    const theirMeeting = await createMeeting(stranger);
    const theirs = await fed(stranger, theirMeeting.id);
    expect((await push(feed.url, { date: '2026-01-07', value: 1 }, theirs.feed.secret)).status).toBe(401);
    expect(await storedValues(score.id)).toBe(0);
  });
});

describe('pushed values live', () => {
  it('reach the meeting’s room with the formulas they change, and no socket of another workspace', async () => {
    const live = await testApp();
    const baseUrl = await listen(live);
    try {
      const leader = await signUp(live, { firstName: 'Ada' });
      const member = await joinWorkspace(live, leader, { firstName: 'Ben' });
      const meeting = await createMeeting(leader, [member.userId], { title: 'RT' });
      const stranger = await signUp(live, { firstName: 'Zed' });
      const watcher = await connect(baseUrl, member.token);
      const snoop = await connect(baseUrl, stranger.token);
      expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
      await snoop.socket.emitWithAck('meeting:join', meeting.id);

      const tab = client(live, leader.token);
      const add = async (title: string, formula?: string) =>
        (
          await tab.post<Score>(`/meetings/${meeting.id}/scores`, {
            title,
            userId: leader.userId,
            goal: '>=',
            score: '10',
            ...(formula ? { formula } : {}),
          })
        ).body.result;
      const leads = await add('Leads');
      const doubled = await add('Doubled', `{${leads.id}} * 2`);
      const feed = (await tab.post<FeedWithSecret>(`/scores/${leads.id}/feed`)).body.result;
      const sent = await push(feed.url, { date: '2026-01-06', value: 8 }, feed.secret, { on: live });
      expect(sent.status).toBe(200);
      const { sessionId } = sent.body.result as PushedValue;

      await eventually(() => watcher.received.some((m) => m.type === 'kpi.cell.changed'));
      const event = watcher.received.find((m) => m.type === 'kpi.cell.changed')!;
      expect(event.data).toMatchObject({
        meetingId: meeting.id,
        cell: { scoreId: leads.id, sessionId, measured: '8', met: false, source: 'feed' },
        computed: [{ scoreId: doubled.id, sessionId, measured: '16', met: true }],
      });
      await settle();
      expect(snoop.received.filter((m) => m.type.startsWith('kpi.'))).toEqual([]);
      watcher.socket.close();
      snoop.socket.close();
    } finally {
      await live.close();
    }
  });
});
