import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sessionAttendees, sessions, tasks } from '../src/db/schema/index.ts';
import type { Score } from '../src/features/kpis/kpis.schemas.ts';
import type { Meeting } from '../src/features/meetings/meetings.schemas.ts';
import type { Task } from '../src/features/tasks/tasks.schemas.ts';
import type { Account, Project } from '../src/features/time/time.schemas.ts';
import { addDays } from '../src/shared/dates.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';

// A constructed 13-week history of a weekly meeting (proposed issues, decision 123), relative to
// today so the API's own clock reads it: 13 held sessions with attendance and ratings, KPIs, goals,
// to-dos, issues and a time-tracking project. Each rule has cases that fire and cases that must
// not; `expected` lists what the rules must propose, with the evidence.

const must = <T>(answer: { status: number; body: { result: T } }, what: string): T => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

export interface History {
  ada: SignedUp;
  ben: SignedUp;
  cy: SignedUp;
  dee: SignedUp;
  meeting: Meeting;
  /** The held sessions, oldest first (13). */
  held: { id: string; sessionDate: string }[];
  today: string;
  ids: Record<
    | 'revenue'
    | 'calls'
    | 'offTrack'
    | 'pastDue'
    | 'atRisk'
    | 'overdue'
    | 'carried'
    | 'stale'
    | 'website'
    | 'lastSession'
    | 'dee',
    string
  >;
}

export const proposalsHistory = async (app: FastifyInstance): Promise<History> => {
  const db = app.database.db;
  const ada = await signUp(app, { firstName: 'Ada' });
  const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
  const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
  const dee = await joinWorkspace(app, ada, { firstName: 'Dee' });
  const today = new Date().toISOString().slice(0, 10);
  // Weekly at noon UTC on tomorrow's weekday: thirteen sessions held (the last six days ago), the
  // fourteenth tomorrow.
  const meeting = await createMeeting(ada, [ben.userId, cy.userId, dee.userId], {
    title: 'History L10',
    startDate: addDays(today, 1 - 7 * 13),
    startTime: '12:00',
  });
  const held = await db
    .select({ id: sessions.id, sessionDate: sessions.sessionDate, startsAt: sessions.startsAt })
    .from(sessions)
    .where(and(eq(sessions.meetingId, meeting.id), lte(sessions.startsAt, new Date())))
    .orderBy(asc(sessions.startsAt));
  if (held.length !== 13) throw new Error(`expected 13 past sessions, got ${held.length}`);
  // Held: each started at its time and finished 90 minutes later.
  await db
    .update(sessions)
    .set({ startedAt: sql`${sessions.startsAt}`, finishedAt: sql`${sessions.startsAt} + interval '90 minutes'` })
    .where(
      inArray(
        sessions.id,
        held.map((s) => s.id),
      ),
    );
  // Ada, Ben and Cy joined every session; Dee missed the last two. Ratings: 9s, and the last
  // session 9, 8 and 4 (average 7.0, lowest 4).
  const last = held.length - 1;
  const attendance = held.flatMap((session, i) =>
    [ada, ben, cy, dee]
      .filter((person) => !(person === dee && i >= last - 1))
      .map((person) => ({
        sessionId: session.id,
        userId: person.userId,
        tenantId: ada.tenantId,
        roleAtJoin: person === ada ? 'leader' : 'member',
        joinedAt: session.startsAt,
        score: i === last ? (person === ada ? 9 : person === ben ? 8 : person === cy ? 4 : null) : 9,
      })),
  );
  await db.insert(sessionAttendees).values(attendance);

  // KPIs: Revenue missed its goal the last two weeks; Calls met it but moved away for three and
  // missed last week; Deals met it every week; Visits was never entered.
  const score = async (title: string, goal: string, target: string, userId = ada.userId) =>
    must(
      await ada.api.post<Score>(`/meetings/${meeting.id}/scores`, {
        title,
        userId,
        goal,
        score: target,
        units: null,
        type: 'number',
      }),
      title,
    );
  const revenue = await score('Revenue', '>=', '1000');
  const calls = await score('Calls', '>=', '50');
  const deals = await score('Deals', '>=', '5', ben.userId);
  await score('Visits', '<=', '10');
  const values: [Score, (i: number) => string][] = [
    [revenue, (i) => (i === last ? '800' : i === last - 1 ? '900' : '1200')],
    [calls, (i) => (i === last ? '45' : i === last - 1 ? '55' : i === last - 2 ? '70' : '80')],
    [deals, () => '6'],
  ];
  for (const [kpi, measuredOn] of values)
    for (const [i, session] of held.entries())
      must(await ada.api.put(`/scores/${kpi.id}/cells/${session.id}`, { measured: measuredOn(i) }), kpi.title);

  // Goals: off track; on track but past due; on track with an overdue milestone; fine.
  const card = async (title: string, body: Record<string, unknown>) =>
    must(await ada.api.post<Task>('/tasks', { title, userId: ada.userId, meetingIds: [meeting.id], ...body }), title);
  const offTrack = await card('Open the Denver office', { type: '1', status: '2', dueDate: addDays(today, 30) });
  const pastDue = await card('Hire a controller', { type: '1', status: '0', dueDate: addDays(today, -2) });
  const atRisk = await card('Launch the new site', { type: '1', status: '0', dueDate: addDays(today, 40) });
  must(
    await ada.api.post(`/tasks/${atRisk.id}/milestones`, { title: 'Copy written', dueDate: addDays(today, -5) }),
    'milestone',
  );
  const fine = await card('Close the books', { type: '1', status: '0', dueDate: addDays(today, 40) });
  must(
    await ada.api.post(`/tasks/${fine.id}/milestones`, { title: 'Ledger', dueDate: addDays(today, 20) }),
    'milestone',
  );

  // To-dos: overdue three days; carried through four sessions (no due date); due later; done late.
  const overdue = await card('Call the bank', { type: '4', dueDate: addDays(today, -3) });
  const carried = await card('Update the org chart', { type: '4' });
  await card('Book the offsite', { type: '4', dueDate: addDays(today, 5) });
  await card('Send the invoices', { type: '4', status: '1', dueDate: addDays(today, -3) });

  // Issues: open six weeks; open two weeks; solved after ten weeks.
  const stale = await card('Pricing for the new tier', { type: '2' });
  const recent = await card('Parking at the office', { type: '2' });
  const solved = await card('Old CRM export', { type: '2', status: '1' });
  const backdate = async (id: string, days: number) =>
    db
      .update(tasks)
      .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
      .where(eq(tasks.id, id));
  await backdate(carried.id, 28);
  await backdate(stale.id, 42);
  await backdate(recent.id, 14);
  await backdate(solved.id, 70);

  // Time tracking: a project of the meeting at 90 % of its 10 hours (alert at 80 %), another at 50 %.
  const account = must(await ada.api.post<Account>('/time/accounts', { title: 'Acme' }), 'account');
  const project = async (name: string, minutes: number) => {
    const made = must(
      await ada.api.post<Project>('/time/projects', {
        accountId: account.id,
        name,
        budgetType: 'total_project_hours',
        totalProjectMinutes: 600,
        percentOfBudgetExceed: 80,
        meetingId: meeting.id,
        tasks: [{ title: 'Build', billable: true }],
        teams: [{ userId: ada.userId, manage: true }],
      }),
      name,
    );
    must(
      await ada.api.post('/time/entries', { projectId: made.id, taskId: made.tasks[0]!.id, spentOn: today, minutes }),
      'entry',
    );
    return made;
  };
  const website = await project('Website', 540);
  await project('Intranet', 300);

  return {
    ada,
    ben,
    cy,
    dee,
    meeting,
    held: held.map(({ id, sessionDate }) => ({ id, sessionDate })),
    today,
    ids: {
      revenue: revenue.id,
      calls: calls.id,
      offTrack: offTrack.id,
      pastDue: pastDue.id,
      atRisk: atRisk.id,
      overdue: overdue.id,
      carried: carried.id,
      stale: stale.id,
      website: website.id,
      lastSession: held[last]!.id,
      dee: dee.userId,
    },
  };
};

/** What the rules must propose on the history: rule, origin and evidence, in no order. */
export const expectedProposals = (h: History) => {
  const dates = h.held.map((s) => s.sessionDate);
  const n = dates.length;
  return [
    {
      rule: 'kpiOffGoal',
      originId: h.ids.revenue,
      evidence: {
        rule: 'kpiOffGoal',
        kind: 'offGoal',
        goal: '>= 1,000',
        values: [
          { date: dates[n - 2], value: '900' },
          { date: dates[n - 1], value: '800' },
        ],
      },
    },
    {
      rule: 'kpiOffGoal',
      originId: h.ids.calls,
      evidence: {
        rule: 'kpiOffGoal',
        kind: 'trending',
        goal: '>= 50',
        values: [
          { date: dates[n - 3], value: '70' },
          { date: dates[n - 2], value: '55' },
          { date: dates[n - 1], value: '45' },
        ],
      },
    },
    {
      rule: 'goalOffTrack',
      originId: h.ids.offTrack,
      evidence: { rule: 'goalOffTrack', kind: 'offTrack', dueDate: addDays(h.today, 30), reason: null },
    },
    {
      rule: 'goalOffTrack',
      originId: h.ids.pastDue,
      evidence: { rule: 'goalOffTrack', kind: 'overdue', dueDate: addDays(h.today, -2), reason: null },
    },
    {
      rule: 'goalOffTrack',
      originId: h.ids.atRisk,
      evidence: {
        rule: 'goalOffTrack',
        kind: 'atRisk',
        dueDate: addDays(h.today, 40),
        reason: expect.stringContaining('Copy written'),
      },
    },
    {
      rule: 'todoLate',
      originId: h.ids.overdue,
      evidence: { rule: 'todoLate', dueDate: addDays(h.today, -3), daysOverdue: 3, sessionsCarried: 0 },
    },
    {
      rule: 'todoLate',
      originId: h.ids.carried,
      evidence: { rule: 'todoLate', dueDate: null, daysOverdue: 0, sessionsCarried: 4 },
    },
    {
      rule: 'budgetAlert',
      originId: h.ids.website,
      evidence: { rule: 'budgetAlert', usedPercent: 90, alertPercent: 80 },
    },
    {
      rule: 'issueStale',
      originId: h.ids.stale,
      evidence: { rule: 'issueStale', openSince: addDays(h.today, -42), weeksOpen: 6 },
    },
    {
      rule: 'lowRating',
      originId: h.ids.lastSession,
      evidence: { rule: 'lowRating', sessionDate: dates[n - 1], average: 7, lowest: 4, ratings: 3 },
    },
    {
      rule: 'missedSessions',
      originId: h.ids.dee,
      evidence: { rule: 'missedSessions', sessionDates: [dates[n - 2], dates[n - 1]] },
    },
  ];
};
