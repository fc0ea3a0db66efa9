import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { log, must, newProject, projectBody, setup } from '../../../../test/time-fixtures.ts';
import { messages } from '../../../shared/messages.ts';
import type { SessionSummary } from '../../meetings/meetings.schemas.ts';
import { timeMessages } from '../time.messages.ts';
import type { Entry, Project, TeamWeek, Week } from '../time.schemas.ts';

// Time logged against a meeting's session (decision 068), and the week from the person's first
// day of week.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** The meeting's session on `date` (createMeeting's meetings are weekly on Mondays from 2026-01-05). */
const sessionOn = async (who: SignedUp, meetingId: string, date: string) => {
  const list = must(
    await who.api.get<SessionSummary[]>(`/meetings/${meetingId}/sessions?from=${date}&until=${date}`),
    'sessions',
  );
  if (!list[0]) throw new Error(`no session on ${date}`);
  return list[0];
};

const entriesOf = async (who: SignedUp, week: string) =>
  must(await who.api.get<Week>(`/time/week?week=${week}`), 'week').entries;

/** Ada (admin) leads two weekly meetings with Ben and Cy; Ben and Cy are on a project. */
const world = async () => {
  const people = await setup(app);
  const { ada, ben, cy, account } = people;
  const project = await newProject(ada, projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]));
  const l10 = await createMeeting(ada, [ben.userId, cy.userId], { title: 'Leadership L10' });
  const sales = await createMeeting(ada, [ben.userId, cy.userId], { title: 'Sales L10' });
  return { ...people, project, l10, sales };
};

const logged = (answer: { status: number; body: { result: Entry } }) => must(answer, 'entry');

describe('entries on a session (decision 068)', () => {
  it('logs against a session of the meeting, keeps it on an edit that leaves it out, and clears it', async () => {
    const { ben, project, l10, sales } = await world();
    const monday = await sessionOn(ben, l10.id, '2026-03-02');
    const entry = logged(
      await log(ben, project, '2026-03-02', 60, { meetingId: l10.id, sessionId: monday.id, note: 'Prep' }),
    );
    expect(entry).toMatchObject({ meetingId: l10.id, sessionId: monday.id, sessionDate: '2026-03-02' });
    expect((await entriesOf(ben, '2026-03-02')).map((e) => [e.sessionId, e.sessionDate])).toEqual([
      [monday.id, '2026-03-02'],
    ]);

    const body = { projectId: project.id, taskId: project.tasks[0]!.id, spentOn: '2026-03-02', minutes: 90 };
    // An edit that does not name the session (an older client) keeps it while the meeting stays.
    const kept = logged(await ben.api.put<Entry>(`/time/entries/${entry.id}`, { ...body, meetingId: l10.id }));
    expect(kept).toMatchObject({ minutes: 90, sessionId: monday.id, sessionDate: '2026-03-02' });
    // null clears it; the meeting stays.
    const cleared = logged(
      await ben.api.put<Entry>(`/time/entries/${entry.id}`, { ...body, meetingId: l10.id, sessionId: null }),
    );
    expect(cleared).toMatchObject({ meetingId: l10.id, sessionId: null, sessionDate: null });
    // Set again, then moved to another meeting without naming a session: the session goes.
    logged(await ben.api.put<Entry>(`/time/entries/${entry.id}`, { ...body, meetingId: l10.id, sessionId: monday.id }));
    const moved = logged(await ben.api.put<Entry>(`/time/entries/${entry.id}`, { ...body, meetingId: sales.id }));
    expect(moved).toMatchObject({ meetingId: sales.id, sessionId: null });
  });

  it("refuses another meeting's session (400), another workspace's (404) and a session without its meeting; nothing stored", async () => {
    const { ben, project, l10, sales } = await world();
    const salesMonday = await sessionOn(ben, sales.id, '2026-03-02');
    const eve = await signUp(app, { firstName: 'Eve' });
    const elsewhere = await createMeeting(eve, [], { title: 'Elsewhere L10' });
    const eveMonday = await sessionOn(eve, elsewhere.id, '2026-03-02');

    const other = await log(ben, project, '2026-03-02', 30, { meetingId: l10.id, sessionId: salesMonday.id });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ status: 'fail', errors: { sessionId: timeMessages.timeSessionNotOfMeeting } });
    const foreign = await log(ben, project, '2026-03-02', 30, { meetingId: l10.id, sessionId: eveMonday.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 'fail', message: messages.notFound });
    const alone = await log(ben, project, '2026-03-02', 30, { sessionId: salesMonday.id });
    expect(alone.status).toBe(400);
    expect(alone.body.errors).toEqual({ sessionId: timeMessages.timeSessionNeedsMeeting });
    expect(await entriesOf(ben, '2026-03-02')).toEqual([]);

    // The same on an edit: the entry is as it was.
    const entry = logged(await log(ben, project, '2026-03-02', 30, { meetingId: l10.id }));
    const body = { projectId: project.id, taskId: project.tasks[0]!.id, spentOn: '2026-03-02', minutes: 45 };
    for (const [sessionId, status] of [
      [salesMonday.id, 400],
      [eveMonday.id, 404],
    ] as const) {
      const answer = await ben.api.put(`/time/entries/${entry.id}`, { ...body, meetingId: l10.id, sessionId });
      expect(answer.status, sessionId).toBe(status);
    }
    expect(await entriesOf(ben, '2026-03-02')).toEqual([entry]);
    // Eve's session kept no time either.
    expect(must(await eve.api.get<TeamWeek>('/time/team?week=2026-03-02'), 'eve').meetings).toEqual([]);
  });

  it('keeps the entry on its meeting when the session is deleted (ON DELETE SET NULL)', async () => {
    const { ada, ben, project, l10 } = await world();
    const monday = await sessionOn(ben, l10.id, '2026-03-09');
    const entry = logged(await log(ben, project, '2026-03-09', 60, { meetingId: l10.id, sessionId: monday.id }));
    expect((await ada.api.delete(`/sessions/${monday.id}`)).status).toBe(200);
    expect(await entriesOf(ben, '2026-03-09')).toEqual([{ ...entry, sessionId: null, sessionDate: null }]);
  });

  it('gives the Meeting tab each meeting’s time and, where logged against sessions, per session', async () => {
    const { ada, ben, cy, project, l10, sales } = await world();
    const [monday, lastMonday, salesMonday] = await Promise.all([
      sessionOn(ben, l10.id, '2026-03-02'),
      sessionOn(ben, l10.id, '2026-02-23'),
      sessionOn(ben, sales.id, '2026-03-02'),
    ]);
    const logOn = async (who: SignedUp, spentOn: string, minutes: number, extra: object) =>
      logged(await log(who, project, spentOn, minutes, extra));
    await logOn(ben, '2026-03-02', 60, { meetingId: l10.id, sessionId: monday.id });
    await logOn(cy, '2026-03-02', 30, { meetingId: l10.id, sessionId: monday.id });
    // Follow-up on Wednesday for last week's session; some time on the meeting, no session.
    await logOn(ben, '2026-03-04', 20, { meetingId: l10.id, sessionId: lastMonday.id });
    await logOn(ben, '2026-03-05', 45, { meetingId: l10.id });
    await logOn(cy, '2026-03-03', 15, { meetingId: sales.id, sessionId: salesMonday.id });
    // Not in the week: next Monday, on its session.
    await logOn(ben, '2026-03-09', 50, {
      meetingId: l10.id,
      sessionId: (await sessionOn(ben, l10.id, '2026-03-09')).id,
    });

    const team = must(await ada.api.get<TeamWeek>('/time/team?week=2026-03-02'), 'team');
    expect(team.meetings).toEqual([
      {
        meetingId: l10.id,
        title: 'Leadership L10',
        minutes: 155,
        sessions: [
          { sessionId: lastMonday.id, sessionDate: '2026-02-23', minutes: 20 },
          { sessionId: monday.id, sessionDate: '2026-03-02', minutes: 90 },
        ],
      },
      {
        meetingId: sales.id,
        title: 'Sales L10',
        minutes: 15,
        sessions: [{ sessionId: salesMonday.id, sessionDate: '2026-03-02', minutes: 15 }],
      },
    ]);
    // One meeting's leaders see its part only.
    const forL10 = must(await ada.api.get<TeamWeek>(`/time/team?week=2026-03-02&meetingId=${l10.id}`), 'l10');
    expect(forL10.meetings.map((m) => [m.title, m.minutes, m.sessions.length])).toEqual([['Leadership L10', 155, 2]]);
  });
});

describe('the week from the first day of week', () => {
  it('starts on Sunday for a person whose week starts on Sunday, days in that order', async () => {
    const { ada, ben, cy, account } = await setup(app);
    const project: Project = await newProject(
      ada,
      projectBody(account.id, [{ userId: ben.userId }, { userId: cy.userId }]),
    );
    must(await ben.api.patch('/self', { firstDayOfWeek: 0 }), 'settings');
    await log(ben, project, '2026-03-01', 30); // a Sunday
    await log(ben, project, '2026-03-07', 40); // the Saturday after
    await log(ben, project, '2026-03-08', 50); // the next Sunday: the next week

    const week = must(await ben.api.get<Week>('/time/week?week=2026-03-04'), 'week');
    expect(week.start).toBe('2026-03-01');
    expect(week.days.map((d) => [d.date, d.minutes])).toEqual([
      ['2026-03-01', 30],
      ['2026-03-02', 0],
      ['2026-03-03', 0],
      ['2026-03-04', 0],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 40],
    ]);
    expect(week.totalMinutes).toBe(70);
    // Asked on the Sunday itself, the week starts that day.
    expect(must(await ben.api.get<Week>('/time/week?week=2026-03-08'), 'next').start).toBe('2026-03-08');
    // Cy keeps the default Monday start for the same day.
    const mondays = must(await cy.api.get<Week>('/time/week?week=2026-03-04'), 'cy');
    expect([mondays.start, mondays.days.at(-1)?.date]).toEqual(['2026-03-02', '2026-03-08']);
  });
});
