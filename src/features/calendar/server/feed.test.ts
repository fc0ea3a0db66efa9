import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { calendarFeeds, memberships, sessions as sessionsTable, users } from '../../../db/schema/index.ts';
import { addDays, todayUtc } from '../../../shared/dates.ts';
import type { CalendarFeed } from '../calendar.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

/** Fetches the feed as a calendar app would: no token header, only the secret URL. */
const fetchFeed = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

const subscribe = async (who: SignedUp) => {
  const made = await who.api.post<CalendarFeed>('/calendar/feed');
  expect(made.status).toBe(201);
  return made.body.result.url!;
};

/** Parsed with ical.js, an iCalendar implementation independent of the one that wrote it. */
const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
};

describe('the ICS feed', () => {
  it('serves a weekly meeting as one VEVENT with RRULE in its time zone and EXDATE for a cancelled date', async () => {
    const ada = await signUp(app);
    const meeting = await createMeeting(ada, [], {
      title: 'Weekly sync',
      startDate: '2026-02-02',
      timezone: 'America/New_York',
    });
    const sessions = (await ada.api.get<{ id: string; sessionDate: string }[]>(`/meetings/${meeting.id}/sessions`)).body
      .result;
    const cancelled = sessions.find((s) => s.sessionDate === '2026-03-16')!;
    expect((await ada.api.delete(`/sessions/${cancelled.id}`)).status).toBe(200);
    // Due dates from today: the feed lists cards due from 90 days back to a year ahead.
    const deckDue = addDays(todayUtc(), 30);
    const hireDue = addDays(todayUtc(), 58);
    await ada.api.post('/tasks', { title: 'Send the deck', type: '4', userId: ada.userId, dueDate: deckDue });
    const goal = await ada.api.post<{ id: string }>('/tasks', {
      title: 'Hire two engineers',
      type: '1',
      userId: ada.userId,
      dueDate: hireDue,
    });
    // Her own milestone of the goal is in her feed; one owned by nobody is not.
    const stepDue = addDays(todayUtc(), 20);
    const goalId = goal.body.result.id;
    await ada.api.post(`/tasks/${goalId}/milestones`, { title: 'Post the job', ownerId: ada.userId, dueDate: stepDue });
    await ada.api.post(`/tasks/${goalId}/milestones`, { title: 'Nobody’s step', dueDate: stepDue });

    const url = await subscribe(ada);
    const answer = await fetchFeed(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = parse(answer.body);
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual([
      'America/New_York',
    ]);
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const sync = events.find((e) => e.summary === 'Weekly sync')!;
    expect(sync.uid).toBe(`meeting-${meeting.id}@cadence`);
    expect(sync.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(sync.startDate.zone?.tzid).toBe('America/New_York');
    expect(sync.startDate.toString()).toBe('2026-02-02T09:00:00');
    const rrule = sync.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect([rrule.freq, rrule.interval]).toEqual(['WEEKLY', 1]);
    // Expanded by the parser: 09:00 New York on both sides of the clock change, the 16th gone.
    const it = sync.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 8; next = it.next()) {
      const occurrence = sync.getOccurrenceDetails(next);
      starts.push(occurrence.startDate.toJSDate().toISOString());
    }
    expect(starts).toEqual([
      '2026-02-02T14:00:00.000Z',
      '2026-02-09T14:00:00.000Z',
      '2026-02-16T14:00:00.000Z',
      '2026-02-23T14:00:00.000Z',
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-23T13:00:00.000Z',
      '2026-03-30T13:00:00.000Z',
    ]);

    const due = events.filter((e) => e.uid.startsWith('task-'));
    expect(due.map((e) => [e.summary, e.startDate.isDate, e.startDate.toString()])).toEqual([
      ['Send the deck', true, deckDue],
      ['Goal: Hire two engineers', true, hireDue],
    ]);
    const steps = events.filter((e) => e.uid.startsWith('milestone-'));
    expect(steps.map((e) => [e.summary, e.startDate.isDate, e.startDate.toString(), e.description])).toEqual([
      ['Milestone: Post the job', true, stepDue, 'A milestone of the goal Hire two engineers'],
    ]);
    expect(steps[0]!.component.getFirstPropertyValue('url')).toMatch(new RegExp(`/home/${goalId}$`));
    // Stable: the same UIDs on the next fetch.
    const again = parse((await fetchFeed(url)).body)
      .getAllSubcomponents('vevent')
      .map((e) => e.getFirstPropertyValue('uid'));
    expect(again).toEqual(events.map((e) => e.uid));
  });

  it('writes a session held at another time as an exception (RECURRENCE-ID), and UNTIL in UTC', async () => {
    const ada = await signUp(app);
    const meeting = await createMeeting(ada, [], {
      title: 'Spring planning',
      startDate: '2026-03-02',
      endDate: '2026-03-30',
      timezone: 'Europe/Berlin',
    });
    // The session of 16 March was held at 11:00 Berlin time (history keeps its own time).
    await app.database.db
      .update(sessionsTable)
      .set({ startsAt: new Date('2026-03-16T10:00:00Z') })
      .where(and(eq(sessionsTable.meetingId, meeting.id), eq(sessionsTable.sessionDate, '2026-03-16')));

    const text = (await fetchFeed(await subscribe(ada))).body;
    // DTSTART has a TZID, so UNTIL is UTC: 30 March 23:59:59 in Berlin (summer time) is 21:59:59Z.
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;[^\r\n]*UNTIL=20260330T215959Z/);
    const calendar = parse(text);
    const [series, moved, ...more] = calendar
      .getAllSubcomponents('vevent')
      .filter((e) => e.getFirstPropertyValue('uid') === `meeting-${meeting.id}@cadence`)
      .map((e) => new ICAL.Event(e));
    expect(more).toEqual([]);
    expect(series!.isRecurring()).toBe(true);
    expect(moved!.isRecurrenceException()).toBe(true);
    expect(moved!.component.getFirstProperty('recurrence-id')?.getParameter('tzid')).toBe('Europe/Berlin');
    expect(moved!.recurrenceId.toString()).toBe('2026-03-16T09:00:00');
    expect(moved!.startDate.toString()).toBe('2026-03-16T11:00:00');
    // Expanded by the parser with its exception: five dates, the third at 11:00, none after the 30th.
    series!.relateException(moved!);
    const it = series!.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 10; next = it.next())
      starts.push(series!.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
    expect(starts).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-16T10:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('answers a wrong, replaced or revoked link with a 404 that tells nothing', async () => {
    const ada = await signUp(app);
    expect((await ada.api.get<CalendarFeed>('/calendar/feed')).body.result).toEqual({
      active: false,
      createdAt: null,
      url: null,
    });
    const first = await subscribe(ada);
    expect((await ada.api.get<CalendarFeed>('/calendar/feed')).body.result).toMatchObject({ active: true, url: null });
    const second = await subscribe(ada);
    expect(second).not.toBe(first);
    const stale = await fetchFeed(first);
    expect([stale.statusCode, stale.json()]).toEqual([
      404,
      expect.objectContaining({ status: 'fail', message: 'Not found' }),
    ]);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const forged = `${second.slice(0, -10)}AAAAAA.ics`;
    expect((await fetchFeed(forged)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/calendar/feed/nope' })).statusCode).toBe(404);
    expect((await ada.api.delete('/calendar/feed')).status).toBe(200);
    expect((await fetchFeed(second)).statusCode).toBe(404);
  });

  it('keeps only the hash of the token: the URL is nowhere in the table', async () => {
    const ada = await signUp(app);
    const url = await subscribe(ada);
    const token = /\/calendar\/feed\/([\w-]{43})\.ics$/.exec(url)?.[1];
    expect(token).toBeDefined();
    const rows = await app.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ada.userId));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    // SHA-256 of the token, hex: the lookup's key, which cannot be turned back into the URL.
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
  });

  it('answers 404 for a person disabled, removed from the workspace or deleted, and serves again when re-enabled', async () => {
    const ada = await signUp(app);
    const bob = await joinWorkspace(app, ada, { firstName: 'Bob' });
    await createMeeting(ada, [bob.userId], { title: 'Bob’s sync' });
    const url = await subscribe(bob);
    const wrong = await fetchFeed(`${url.slice(0, -10)}AAAAAA.ics`);
    expect(wrong.statusCode).toBe(404);
    const served = await fetchFeed(url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('SUMMARY:Bob’s sync');

    // Disabled: the link stays in place but answers exactly as a wrong token does.
    expect((await ada.api.post(`/users/${bob.userId}/disable`)).status).toBe(200);
    const disabled = await fetchFeed(url);
    expect([disabled.statusCode, disabled.body]).toEqual([404, wrong.body]);
    expect((await ada.api.post(`/users/${bob.userId}/enable`)).status).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(200);

    // Removed from the workspace (no membership row left).
    await app.database.db
      .delete(memberships)
      .where(and(eq(memberships.tenantId, ada.tenantId), eq(memberships.userId, bob.userId)));
    const removed = await fetchFeed(url);
    expect([removed.statusCode, removed.body]).toEqual([404, wrong.body]);

    // A deleted account (its membership rows stay for history, decision 032). Marked as the
    // account deletion marks it: DELETE /self would refuse Cy, the last admin of their own workspace.
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
    const cyUrl = await subscribe(cy);
    expect((await fetchFeed(cyUrl)).statusCode).toBe(200);
    await app.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, cy.userId));
    const deleted = await fetchFeed(cyUrl);
    expect([deleted.statusCode, deleted.body]).toEqual([404, wrong.body]);
  });
});
