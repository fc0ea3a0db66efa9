import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { expectedProposals, type History, proposalsHistory } from '../../../../test/proposals-fixtures.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { proposalPreparations, proposals, sessions, tasks } from '../../../db/schema/index.ts';
import { inJobTransaction, jobDepsOf } from '../../../server/jobs/jobTransaction.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { Proposal, ProposalPage, ProposalSettings, RefreshResult } from '../proposals.schemas.ts';
import { prepareProposalsBeforeSessions } from './proposals.job.ts';
import { prepareMeeting } from './proposals.service.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const base = (h: History) => `/meetings/${h.meeting.id}/proposals`;
const listOf = async (h: History, state = 'open', who = h.ada) => {
  const answer = await who.api.get<ProposalPage>(`${base(h)}?state=${state}`);
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const refresh = async (h: History) => {
  const answer = await h.ada.api.post<RefreshResult>(`${base(h)}/refresh`);
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const find = (page: ProposalPage, originId: string) => page.items.find((p) => p.origin.id === originId);
const summary = (p: Proposal) => ({ rule: p.rule, originId: p.origin.id, evidence: p.evidence });

/** One history per file is enough for the read-only checks; the writing tests build their own. */
let shared: History;
beforeAll(async () => {
  shared = await proposalsHistory(app);
}, 120_000);

describe('proposed issues: the rules on a 13-week history', () => {
  it('proposes exactly the expected issues, each with its origin and evidence', async () => {
    const added = await refresh(shared);
    expect(added).toEqual({ open: 11, added: 11, removed: 0 });
    const page = await listOf(shared);
    expect(page.total).toBe(11);
    expect(page.items.map(summary)).toEqual(expect.arrayContaining(expectedProposals(shared)));
    expect(page.items).toHaveLength(expectedProposals(shared).length);
    const revenue = find(page, shared.ids.revenue)!;
    expect(revenue.origin).toEqual({
      kind: 'kpi',
      id: shared.ids.revenue,
      title: 'Revenue',
      link: `/kpi/${shared.meeting.id}`,
    });
    expect(revenue.ageDays).toBe(0);
    expect(revenue.status).toBe('open');
    expect(find(page, shared.ids.dee)!.origin.title).toMatch(/^Dee /);
    expect(find(page, shared.ids.website)!.origin).toMatchObject({ kind: 'project', title: 'Acme · Website' });
  });

  it('proposes nothing twice however often it runs, and members read the same list', async () => {
    expect(await refresh(shared)).toEqual({ open: 11, added: 0, removed: 0 });
    const [a, b] = await Promise.all([refresh(shared), refresh(shared)]);
    expect(a.added + b.added).toBe(0);
    const rows = await app.database.db.select().from(proposals).where(eq(proposals.meetingId, shared.meeting.id));
    expect(rows).toHaveLength(11);
    const members = await listOf(shared, 'open', shared.ben);
    expect(members.total).toBe(11);
    expect(members.canManage).toBe(false);
    expect((await listOf(shared)).canManage).toBe(true);
  });

  it('pages on the server', async () => {
    const first = await shared.ada.api.get<ProposalPage>(`${base(shared)}?limit=4`);
    const second = await shared.ada.api.get<ProposalPage>(`${base(shared)}?limit=4&offset=4`);
    expect(first.body.result.items).toHaveLength(4);
    expect(second.body.result).toMatchObject({ total: 11, offset: 4 });
    const ids = [...first.body.result.items, ...second.body.result.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(8);
  });

  it('answers bad input with a 400 in the envelope', async () => {
    const h = shared;
    const revenue = find(await listOf(h), h.ids.revenue)!;
    const bad = [
      await h.ada.api.get(`${base(h)}?state=nope`),
      await h.ada.api.get(`${base(h)}?limit=0`),
      await h.ada.api.post(`${base(h)}/${revenue.id}/snooze`, {}),
      await h.ada.api.post(`${base(h)}/${revenue.id}/snooze`, { until: '2026-02-30' }),
      await h.ada.api.post(`${base(h)}/${revenue.id}/snooze`, { until: '2020-01-01' }),
      await h.ada.api.post(`${base(h)}/${revenue.id}/snooze`, { until: 7 }),
      await h.ada.api.post(`${base(h)}/${revenue.id}/accept`, { userId: 'x\u0000' }),
      await h.ada.api.post(`${base(h)}/${revenue.id}/dismiss`, { extra: true }),
      await h.ada.api.put(`${base(h)}/settings`, { hoursBefore: 0 }),
      await h.ada.api.put(`${base(h)}/settings`, { hoursBefore: '24' }),
      await h.ada.api.put(`${base(h)}/settings`, { rules: { nope: { enabled: true } } }),
      await h.ada.api.put(`${base(h)}/settings`, { rules: { issueStale: { enabled: true } } }),
      await h.ada.api.put(`${base(h)}/settings`, { rules: { issueStale: { enabled: true, weeks: 1e12 } } }),
    ];
    for (const answer of bad) {
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe('fail');
    }
    expect(find(await listOf(h), h.ids.revenue)!.status).toBe('open');
  });
});

describe('proposed issues: deciding', () => {
  it('accepting makes a real issue of the meeting, linked to its origin, and is not proposed again', async () => {
    const h = await proposalsHistory(app);
    await refresh(h);
    const revenue = find(await listOf(h), h.ids.revenue)!;
    const accepted = await h.ada.api.post<Proposal>(`${base(h)}/${revenue.id}/accept`, { userId: h.ben.userId });
    expect(accepted.status).toBe(200);
    const proposal = accepted.body.result;
    expect(proposal).toMatchObject({ status: 'accepted', decidedBy: h.ada.userId });
    const issue = await h.ada.api.get<Task>(`/tasks/${proposal.issueId}`);
    expect(issue.status).toBe(200);
    expect(issue.body.result).toMatchObject({
      title: 'KPI off goal: Revenue',
      type: '2',
      status: '0',
      userId: h.ben.userId,
      meetingIds: [h.meeting.id],
    });
    expect(issue.body.result.description).toContain(`http://cadence.test/kpi/${h.meeting.id}`);
    expect(issue.body.result.description).toContain('900');
    // Off the open list, on the accepted one; running the rules again leaves it there.
    await refresh(h);
    expect(find(await listOf(h), h.ids.revenue)).toBeUndefined();
    expect(find(await listOf(h, 'accepted'), h.ids.revenue)!.issueId).toBe(proposal.issueId);
    expect((await h.ada.api.post(`${base(h)}/${revenue.id}/accept`, {})).status).toBe(409);
  });

  it('a dismissed proposal holds until its evidence changes, and can be restored', async () => {
    const h = await proposalsHistory(app);
    await refresh(h);
    const revenue = find(await listOf(h), h.ids.revenue)!;
    const dismissed = await h.ada.api.post<Proposal>(`${base(h)}/${revenue.id}/dismiss`);
    expect(dismissed.body.result.status).toBe('dismissed');
    expect(await refresh(h)).toMatchObject({ added: 0 });
    expect(find(await listOf(h), h.ids.revenue)).toBeUndefined();
    expect(find(await listOf(h, 'hidden'), h.ids.revenue)!.status).toBe('dismissed');
    // Undo, and dismiss again.
    const restored = await h.ada.api.post<Proposal>(`${base(h)}/${revenue.id}/restore`);
    expect(restored.body.result.status).toBe('open');
    await h.ada.api.post(`${base(h)}/${revenue.id}/dismiss`);
    // The last week's value changes: new evidence, proposed again.
    const last = h.held.at(-1)!;
    expect((await h.ada.api.put(`/scores/${h.ids.revenue}/cells/${last.id}`, { measured: '700' })).status).toBe(200);
    expect(await refresh(h)).toMatchObject({ added: 1 });
    const back = find(await listOf(h), h.ids.revenue)!;
    expect(back.evidence).toMatchObject({ values: [{ value: '900' }, { value: '700' }] });
    // Back on goal: the open proposal goes away.
    expect((await h.ada.api.put(`/scores/${h.ids.revenue}/cells/${last.id}`, { measured: '1500' })).status).toBe(200);
    expect(await refresh(h)).toMatchObject({ removed: 1 });
    expect(find(await listOf(h), h.ids.revenue)).toBeUndefined();
  });

  it('a snoozed proposal comes back early when its evidence changes', async () => {
    const h = await proposalsHistory(app);
    await refresh(h);
    const revenue = find(await listOf(h), h.ids.revenue)!;
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await h.ada.api.post(`${base(h)}/${revenue.id}/snooze`, { until: inAWeek })).status).toBe(200);
    expect(await refresh(h)).toMatchObject({ added: 0 });
    expect(find(await listOf(h), h.ids.revenue)).toBeUndefined();
    const last = h.held.at(-1)!;
    expect((await h.ada.api.put(`/scores/${h.ids.revenue}/cells/${last.id}`, { measured: '700' })).status).toBe(200);
    await refresh(h);
    const back = find(await listOf(h), h.ids.revenue)!;
    expect(back).toMatchObject({ status: 'open', snoozedUntil: null });
    expect(back.evidence).toMatchObject({ values: [{ value: '900' }, { value: '700' }] });
  });

  it('a snoozed proposal holds until the next session is prepared, or until its day', async () => {
    const h = await proposalsHistory(app);
    await refresh(h);
    const page = await listOf(h);
    const stale = find(page, h.ids.stale)!;
    const budget = find(page, h.ids.website)!;
    const snoozed = await h.ada.api.post<Proposal>(`${base(h)}/${stale.id}/snooze`, { until: null });
    expect(snoozed.status).toBe(200);
    // The next session is tomorrow at noon UTC, prepared 24 hours before it (at least an hour from now).
    const [next] = await app.database.db
      .select({ startsAt: sessions.startsAt })
      .from(sessions)
      .where(and(eq(sessions.meetingId, h.meeting.id), eq(sessions.sessionDate, nextDate(h))));
    const until = Date.parse(snoozed.body.result.snoozedUntil!);
    const preparedAt = next!.startsAt.getTime() - 24 * 3_600_000;
    const anHourOn = Date.now() + 3_600_000;
    if (preparedAt > anHourOn + 60_000) expect(until).toBe(preparedAt);
    else expect(Math.abs(until - anHourOn)).toBeLessThan(60_000);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const later = await h.ada.api.post<Proposal>(`${base(h)}/${budget.id}/snooze`, { until: inAWeek });
    expect(later.body.result.snoozedUntil).toBe(`${inAWeek}T00:00:00.000Z`);
    await refresh(h);
    const open = await listOf(h);
    expect(find(open, h.ids.stale)).toBeUndefined();
    expect(find(open, h.ids.website)).toBeUndefined();
    expect((await listOf(h, 'hidden')).total).toBe(2);
    // Once the snooze's time came, the next run proposes it again (the week's one still waits).
    const meeting = { id: h.meeting.id, tenantId: h.ada.tenantId, title: h.meeting.title };
    await inJobTransaction(jobDepsOf(app), (ctx) => prepareMeeting(ctx, meeting, new Date(until + 60_000)));
    const [row] = await app.database.db.select().from(proposals).where(eq(proposals.id, stale.id));
    expect(row).toMatchObject({ status: 'open', snoozedUntil: null });
    const [waiting] = await app.database.db.select().from(proposals).where(eq(proposals.id, budget.id));
    expect(waiting!.status).toBe('snoozed');
  });

  it('settings turn rules off and change their thresholds', async () => {
    const h = await proposalsHistory(app);
    const defaults = await h.ben.api.get<ProposalSettings>(`${base(h)}/settings`);
    expect(defaults.body.result).toMatchObject({
      hoursBefore: 24,
      canEdit: false,
      rules: { issueStale: { enabled: true, weeks: 4 }, kpiOffGoal: { enabled: true, periods: 2, trendPeriods: 3 } },
    });
    await refresh(h);
    const saved = await h.ada.api.put<ProposalSettings>(`${base(h)}/settings`, {
      hoursBefore: 48,
      rules: {
        kpiOffGoal: { enabled: false, periods: 2, trendPeriods: 3 },
        issueStale: { enabled: true, weeks: 8 },
        lowRating: { enabled: true, average: 6, lowest: 3 },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ hoursBefore: 48, canEdit: true });
    expect(await refresh(h)).toMatchObject({ removed: 4 });
    const rules = (await listOf(h)).items.map((p) => p.rule).sort();
    expect(rules).toEqual([
      'budgetAlert',
      'goalOffTrack',
      'goalOffTrack',
      'goalOffTrack',
      'missedSessions',
      'todoLate',
      'todoLate',
    ]);
    expect((await h.ben.api.get<ProposalSettings>(`${base(h)}/settings`)).body.result.hoursBefore).toBe(48);
  });
});

describe('proposed issues: who may do what', () => {
  it('members see proposals but may not act on them (403), nor change the settings', async () => {
    const h = shared;
    const revenue = find(await listOf(h), h.ids.revenue)!;
    const calls = [
      await h.ben.api.post(`${base(h)}/refresh`),
      await h.ben.api.post(`${base(h)}/${revenue.id}/accept`, {}),
      await h.ben.api.post(`${base(h)}/${revenue.id}/dismiss`),
      await h.ben.api.post(`${base(h)}/${revenue.id}/snooze`, { until: null }),
      await h.ben.api.post(`${base(h)}/${revenue.id}/restore`),
      await h.ben.api.put(`${base(h)}/settings`, { hoursBefore: 2 }),
    ];
    for (const answer of calls) expect(answer.status).toBe(403);
    expect(find(await listOf(h), h.ids.revenue)!.status).toBe('open');
  });

  it('another workspace’s ids in the path and the body are 404 and change nothing', async () => {
    const h = shared;
    const eve = await signUp(app, { firstName: 'Eve' });
    const theirs = await createMeeting(eve, []);
    const revenue = find(await listOf(h), h.ids.revenue)!;
    // Eve reaching into the history's meeting.
    for (const answer of [
      await eve.api.get(base(h)),
      await eve.api.get(`${base(h)}/settings`),
      await eve.api.post(`${base(h)}/refresh`),
      await eve.api.post(`${base(h)}/${revenue.id}/dismiss`),
      await eve.api.post(`/meetings/${theirs.id}/proposals/${revenue.id}/dismiss`),
      await eve.api.put(`${base(h)}/settings`, { hoursBefore: 2 }),
    ])
      expect(answer.status).toBe(404);
    // Ada naming Eve's meeting, or Eve as the issue's owner.
    expect((await h.ada.api.get(`/meetings/${theirs.id}/proposals`)).status).toBe(404);
    expect((await h.ada.api.post(`/meetings/${theirs.id}/proposals/${revenue.id}/accept`, {})).status).toBe(404);
    const foreignOwner = await h.ada.api.post(`${base(h)}/${revenue.id}/accept`, { userId: eve.userId });
    expect(foreignOwner.status).toBe(404);
    const [row] = await app.database.db.select().from(proposals).where(eq(proposals.id, revenue.id));
    expect(row).toMatchObject({ status: 'open', issueId: null });
    const made = await app.database.db.select().from(tasks).where(eq(tasks.title, 'KPI off goal: Revenue'));
    expect(made.filter((t) => t.tenantId === h.ada.tenantId && t.userId === eve.userId)).toEqual([]);
    expect((await h.ada.api.get<ProposalSettings>(`${base(h)}/settings`)).body.result.hoursBefore).toBe(24);
  });

  it('tells the meeting’s room when proposals change, and nobody outside it', async () => {
    const h = await proposalsHistory(app);
    const outsider = await joinWorkspace(app, h.ada, { firstName: 'Out' });
    const stranger = await signUp(app, { firstName: 'Eve' });
    const watcher = await connect(baseUrl, h.ben.token);
    const snoops = await Promise.all([connect(baseUrl, outsider.token), connect(baseUrl, stranger.token)]);
    try {
      expect(await watcher.socket.emitWithAck('meeting:join', h.meeting.id)).toEqual({ ok: true });
      for (const snoop of snoops) await snoop.socket.emitWithAck('meeting:join', h.meeting.id);
      await refresh(h);
      const changes = () => watcher.received.filter((m) => m.type === 'proposals.changed');
      await eventually(() => changes().length === 1);
      const revenue = find(await listOf(h), h.ids.revenue)!;
      await h.ada.api.post(`${base(h)}/${revenue.id}/dismiss`);
      await eventually(() => changes().length === 2);
      expect(changes()[1]!.data).toEqual({ meetingId: h.meeting.id });
      // Nothing changed: no event.
      await refresh(h);
      await settle();
      expect(changes()).toHaveLength(2);
      for (const snoop of snoops) expect(snoop.received.filter((m) => m.type.startsWith('proposals.'))).toEqual([]);
    } finally {
      watcher.socket.disconnect();
      for (const snoop of snoops) snoop.socket.disconnect();
    }
  });
});

/** Tomorrow: the history's next session. */
const nextDate = (h: History) => new Date(Date.parse(`${h.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('proposed issues: the job before each session', () => {
  it('prepares a meeting’s proposals once when its next session is within its window', async () => {
    const h = await proposalsHistory(app);
    const [next] = await app.database.db
      .select({ id: sessions.id, startsAt: sessions.startsAt })
      .from(sessions)
      .where(and(eq(sessions.meetingId, h.meeting.id), eq(sessions.sessionDate, nextDate(h))));
    // 30 hours before: outside the default 24-hour window.
    await prepareProposalsBeforeSessions(jobDepsOf(app), new Date(next!.startsAt.getTime() - 30 * 3_600_000));
    const prepared = () =>
      app.database.db.select().from(proposalPreparations).where(eq(proposalPreparations.sessionId, next!.id));
    expect(await prepared()).toHaveLength(0);
    const at = new Date(next!.startsAt.getTime() - 20 * 3_600_000);
    await Promise.all([
      prepareProposalsBeforeSessions(jobDepsOf(app), at),
      prepareProposalsBeforeSessions(jobDepsOf(app), at),
    ]);
    expect(await prepared()).toHaveLength(1);
    expect((await listOf(h)).total).toBe(11);
    await prepareProposalsBeforeSessions(jobDepsOf(app), at);
    const rows = await app.database.db.select().from(proposals).where(eq(proposals.meetingId, h.meeting.id));
    expect(rows).toHaveLength(11);
    // The job prepares every workspace's sessions that are due: on PostgreSQL the worker's database
    // also holds the meetings of the test files that ran before this one.
  }, 120_000);
});
