import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { CalendarEvents } from '../calendar.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const calendar = async (who: SignedUp, query: string) => {
  const answer = await who.api.get<CalendarEvents>(`/calendar/events?${query}`);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

const createTask = async (who: SignedUp, body: Record<string, unknown>) => {
  const answer = await who.api.post<Task>('/tasks', { type: '4', ...body });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

describe('calendar events', () => {
  it('shows a month of a weekly meeting at its local time across daylight saving, without cancelled dates', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    // Mondays 09:00 in New York; clocks go forward on Sunday 2026-03-08.
    const meeting = await createMeeting(ada, [], {
      title: 'Weekly sync',
      startDate: '2026-02-02',
      timezone: 'America/New_York',
      color: '#228be6',
    });
    const sessions = (await ada.api.get<{ id: string; sessionDate: string }[]>(`/meetings/${meeting.id}/sessions`)).body
      .result;
    const cancelled = sessions.find((s) => s.sessionDate === '2026-03-16')!;
    expect((await ada.api.delete(`/sessions/${cancelled.id}`)).status).toBe(200);

    const month = await calendar(ada, 'start=2026-03-01&end=2026-04-01');
    const starts = month.events.filter((e) => e.kind === 'session').map((e) => e.start);
    expect(starts).toEqual([
      '2026-03-02T14:00:00.000Z', // EST, UTC-5
      '2026-03-09T13:00:00.000Z', // EDT, UTC-4
      '2026-03-23T13:00:00.000Z',
      '2026-03-30T13:00:00.000Z',
    ]);
    const first = month.events[0]!;
    expect(first).toMatchObject({
      kind: 'session',
      title: 'Weekly sync',
      color: '#228be6',
      meetingId: meeting.id,
      allDay: false,
      done: false,
    });
    // The end follows the checked agenda (the default agenda's minutes).
    expect(new Date(first.end!).getTime()).toBeGreaterThan(new Date(first.start).getTime());
    expect(month.truncated).toBe(false);
  });

  it('shows the cards and goals due in the window that the caller may see, coloured by meeting', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
    const meeting = await createMeeting(ada, [ben.userId], { color: '#e64980' });
    const todo = await createTask(ada, {
      title: 'Send the deck',
      userId: ben.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-03-10',
    });
    const goal = await createTask(ada, {
      title: 'Hire two engineers',
      type: '1',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-03-31',
    });
    await createTask(ada, {
      title: 'Outside the window',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-04-01',
    });
    const own = await createTask(cy, { title: 'Cy’s own', userId: cy.userId, dueDate: '2026-03-12' });

    const forBen = await calendar(ben, 'start=2026-03-01&end=2026-04-01');
    const due = forBen.events.filter((e) => e.kind !== 'session');
    expect(due.map((e) => [e.kind, e.title, e.start, e.allDay, e.color, e.taskId])).toEqual([
      ['goal', 'Hire two engineers', '2026-03-31', true, '#e64980', goal.id],
      ['task', 'Send the deck', '2026-03-10', true, '#e64980', todo.id],
    ]);
    // Cy is in neither the meeting nor the cards: only Cy's own card.
    const forCy = await calendar(cy, 'start=2026-03-01&end=2026-04-01');
    expect(forCy.events.map((e) => e.taskId ?? e.kind)).toEqual([own.id]);
    // The member checkboxes: Ben's items only (he owns the to-do; the meeting is his too).
    const bens = await calendar(ada, `start=2026-03-01&end=2026-04-01&userIds=${ben.userId}`);
    expect(bens.events.filter((e) => e.kind !== 'session').map((e) => e.title)).toEqual(['Send the deck']);
    expect(bens.events.some((e) => e.kind === 'session')).toBe(true);
    // The meeting dashboard: that meeting's items only.
    const other = await createMeeting(ada, [], { title: 'Other' });
    const ofMeeting = await calendar(ada, `start=2026-03-01&end=2026-04-01&meetingId=${other.id}`);
    expect(ofMeeting.events.every((e) => e.meetingId === other.id)).toBe(true);
    expect(ofMeeting.events.length).toBeGreaterThan(0);
  });

  it('shows a goal’s milestones by their due date to those who see the goal, by owner and search', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const ben = await joinWorkspace(app, ada, { firstName: 'Ben' });
    const cy = await joinWorkspace(app, ada, { firstName: 'Cy' });
    const meeting = await createMeeting(ada, [ben.userId], { color: '#e64980' });
    const goal = await createTask(ada, {
      title: 'Open the Lisbon office',
      type: '1',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-06-30',
    });
    const add = async (body: Record<string, unknown>) => {
      const made = await ada.api.post<{ items: { id: string; title: string }[] }>(`/tasks/${goal.id}/milestones`, body);
      expect(made.status).toBe(201);
      return made.body.result.items.find((m) => m.title === body.title)!;
    };
    const lease = await add({ title: 'Sign the lease', ownerId: ben.userId, dueDate: '2026-03-10' });
    await add({ title: 'Hire a manager', ownerId: ada.userId, dueDate: '2026-03-20' });
    await add({ title: 'Undated step', ownerId: ben.userId });
    await add({ title: 'Later step', ownerId: ben.userId, dueDate: '2026-04-02' });
    await ben.api.patch(`/milestones/${lease.id}`, { done: true });

    const window = 'start=2026-03-01&end=2026-04-01';
    const milestonesOf = (answer: CalendarEvents) =>
      answer.events
        .filter((e) => e.kind === 'milestone')
        .map((e) => [e.id, e.title, e.start, e.taskId, e.color, e.done]);
    expect(milestonesOf(await calendar(ben, window))).toEqual([
      [`milestone-${lease.id}`, 'Sign the lease', '2026-03-10', goal.id, '#e64980', true],
      [expect.stringMatching(/^milestone-/), 'Hire a manager', '2026-03-20', goal.id, '#e64980', false],
    ]);
    // Cy sees neither the goal nor its milestones.
    expect(milestonesOf(await calendar(cy, window))).toEqual([]);
    // The member checkboxes: Ben's milestones; the search: a milestone's own title.
    expect(milestonesOf(await calendar(ada, `${window}&userIds=${ben.userId}`)).map((m) => m[1])).toEqual([
      'Sign the lease',
    ]);
    expect(milestonesOf(await calendar(ada, `${window}&search=manager`)).map((m) => m[1])).toEqual(['Hire a manager']);
    // A day's count holds them: a to-do due the same day, one item a cell, and one more counted.
    await createTask(ada, {
      title: 'Pay the deposit',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-03-10',
    });
    const tight = await calendar(ada, `${window}&perDay=1`);
    expect(tight.events.filter((e) => e.start === '2026-03-10').map((e) => e.title)).toEqual(['Pay the deposit']);
    expect(tight.moreByDay['2026-03-10']).toBe(1);
  });

  it('sends a cell’s five cards a day and counts the rest; the day view asks for more; search narrows', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const meeting = await createMeeting(ada, [], { title: 'Ops' });
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8])
      await createTask(ada, {
        title: `Invoice ${n}`,
        userId: ada.userId,
        meetingIds: [meeting.id],
        dueDate: '2026-05-12',
      });
    await createTask(ada, {
      title: 'Renew lease',
      userId: ada.userId,
      meetingIds: [meeting.id],
      dueDate: '2026-05-13',
    });

    const month = await calendar(ada, 'start=2026-05-01&end=2026-06-01');
    const cards = month.events.filter((e) => e.kind === 'task');
    expect(cards.filter((e) => e.start === '2026-05-12').map((e) => e.title)).toEqual([
      'Invoice 1',
      'Invoice 2',
      'Invoice 3',
      'Invoice 4',
      'Invoice 5',
    ]);
    expect(cards.filter((e) => e.start === '2026-05-13').map((e) => e.title)).toEqual(['Renew lease']);
    expect(month.moreByDay).toEqual({ '2026-05-12': 3 });

    const day = await calendar(ada, 'start=2026-05-12&end=2026-05-13&perDay=100');
    expect(day.events.filter((e) => e.kind === 'task')).toHaveLength(8);
    expect(day.moreByDay).toEqual({});

    const searched = await calendar(ada, `start=2026-05-01&end=2026-06-01&search=${encodeURIComponent('lease RENEW')}`);
    expect(searched.events.map((e) => e.title)).toEqual(['Renew lease']);
    const wildcard = await calendar(ada, 'start=2026-05-01&end=2026-06-01&search=%25');
    expect(wildcard.events).toEqual([]);
    // A meeting's sessions match on the meeting's title.
    const ops = await calendar(ada, 'start=2026-05-01&end=2026-06-01&search=ops');
    expect(ops.events.every((e) => e.kind === 'session' && e.title === 'Ops')).toBe(true);

    for (const perDay of ['0', '101', 'many'])
      expect((await ada.api.get(`/calendar/events?start=2026-05-01&end=2026-06-01&perDay=${perDay}`)).status).toBe(400);
  });

  it('caps a day’s sessions too, counting the day in the viewer’s zone, sessions before cards', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    // Seven weekly meetings, Mondays 23:30 in New York: Tuesday 03:30 in UTC.
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      await createMeeting(ada, [], {
        title: `Late sync ${n}`,
        startDate: '2026-06-01',
        startTime: '23:30',
        timezone: 'America/New_York',
      });
    await createTask(ada, { title: 'Monday card', userId: ada.userId, dueDate: '2026-06-01' });

    const newYork = await calendar(ada, 'start=2026-06-01&end=2026-06-08&timeZone=America/New_York');
    const sessionsOn = (answer: CalendarEvents) => answer.events.filter((e) => e.kind === 'session');
    expect(sessionsOn(newYork).map((e) => e.title)).toEqual([
      'Late sync 1',
      'Late sync 2',
      'Late sync 3',
      'Late sync 4',
      'Late sync 5',
    ]);
    // The card shares Monday with the sessions, which come first: it is in the count.
    expect(newYork.events.some((e) => e.kind === 'task')).toBe(false);
    expect(newYork.moreByDay).toEqual({ '2026-06-01': 3 });

    const utc = await calendar(ada, 'start=2026-06-01&end=2026-06-08');
    expect(sessionsOn(utc)).toHaveLength(5);
    expect(utc.events.filter((e) => e.kind === 'task').map((e) => e.start)).toEqual(['2026-06-01']);
    expect(utc.moreByDay).toEqual({ '2026-06-02': 2 });

    // Tuesday in New York holds none of them; Monday's day view holds all seven.
    const tuesday = await calendar(ada, 'start=2026-06-02&end=2026-06-03&timeZone=America/New_York&perDay=100');
    expect(sessionsOn(tuesday)).toEqual([]);
    const monday = await calendar(ada, 'start=2026-06-01&end=2026-06-02&timeZone=America/New_York&perDay=100');
    expect(sessionsOn(monday)).toHaveLength(7);
    expect(monday.moreByDay).toEqual({});

    for (const zone of ['Mars/Olympus', 'utc%00', ''])
      expect((await ada.api.get(`/calendar/events?start=2026-06-01&end=2026-06-08&timeZone=${zone}`)).status).toBe(400);
  });

  it('fills a day with its sessions first, then its first cards by title, and counts the rest', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    // Weekly on Mondays from 2026-07-06; six cards due that Monday, created out of title order.
    await createMeeting(ada, [], { title: 'Pipeline', startDate: '2026-07-06' });
    for (const title of ['Fix', 'beta', 'Alpha', 'Echo', 'delta', 'Charlie'])
      await createTask(ada, { title, userId: ada.userId, dueDate: '2026-07-06' });

    const month = await calendar(ada, 'start=2026-07-01&end=2026-08-01');
    const monday = month.events.filter((e) => e.start.startsWith('2026-07-06'));
    expect(monday.map((e) => [e.kind, e.title])).toEqual([
      ['session', 'Pipeline'],
      ['task', 'Alpha'],
      ['task', 'beta'],
      ['task', 'Charlie'],
      ['task', 'delta'],
    ]);
    expect(month.moreByDay).toEqual({ '2026-07-06': 2 });
  });

  it('refuses a wrong or huge window with a clear 400, and another workspace’s meeting with 404', async () => {
    const ada = await signUp(app);
    const stranger = await signUp(app);
    const theirs = await createMeeting(stranger);
    const cases: [string, Record<string, string>][] = [
      ['start=2026-03-01&end=2026-03-01', { end: 'The end must be after the start' }],
      ['start=2026-03-01&end=2027-03-03', { end: 'Ask for at most 366 days at a time' }],
      ['start=2026-02-30&end=2026-03-03', { start: expect.any(String) }],
      ['start=2026-03-01', { end: expect.any(String) }],
      ['start=2026-03-01&end=2026-03-03&meetingId=nope', { meetingId: expect.any(String) }],
      ['start=2026-03-01&end=2026-03-03&userIds=a,b', { 'userIds.0': expect.any(String) }],
    ];
    for (const [query, errors] of cases) {
      const answer = await ada.api.get(`/calendar/events?${query}`);
      expect([query, answer.status, answer.body.errors]).toEqual([query, 400, expect.objectContaining(errors)]);
    }
    expect((await ada.api.get(`/calendar/events?start=2026-03-01&end=2026-03-03&meetingId=${theirs.id}`)).status).toBe(
      404,
    );
    expect((await ada.api.get('/calendar/events?start=2026-03-01&end=2027-03-01')).status).toBe(200);
  });
});

describe('quarter boundaries (decision 056)', () => {
  const markers = async (who: SignedUp, query: string) =>
    (await calendar(who, query)).events.filter((e) => e.kind === 'quarter').map((e) => [e.id, e.start, e.title]);

  it('marks the first day of each of the workspace’s quarters in the window, never another workspace’s', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    // 2027 is a fiscal year from February 1.
    const saved = await ada.api.post('/quartals', {
      year: 2027,
      startQuartal1: '2027-02-01',
      startQuartal2: '2027-05-01',
      startQuartal3: '2027-08-01',
      startQuartal4: '2027-11-01',
      endQuartal4: '2028-01-31',
    });
    expect(saved.status).toBe(200);
    expect(await markers(ada, 'start=2027-04-15&end=2027-05-15')).toEqual([
      ['quarter-2027-Q2', '2027-05-01', 'Q2 2027 starts'],
    ]);
    const marker = (await calendar(ada, 'start=2027-05-01&end=2027-05-02')).events.find((e) => e.kind === 'quarter');
    expect(marker).toMatchObject({ allDay: true, end: null, meetingId: null, taskId: null, sessionId: null });
    // The end is exclusive; the calendar quarter of April 1 is not one of this workspace's.
    expect(await markers(ada, 'start=2027-03-25&end=2027-05-01')).toEqual([]);
    // A year's window: the four starts, and 2028's calendar quarters after the fiscal year's end.
    expect((await markers(ada, 'start=2027-01-01&end=2027-12-31')).map(([id]) => id)).toEqual([
      'quarter-2027-Q1',
      'quarter-2027-Q2',
      'quarter-2027-Q3',
      'quarter-2027-Q4',
    ]);
    // Narrowed to a meeting or to people, the boundaries stay.
    const meeting = await createMeeting(ada, [], { startDate: '2027-04-05' });
    expect(await markers(ada, `start=2027-04-15&end=2027-05-15&meetingId=${meeting.id}`)).toHaveLength(1);
    expect(await markers(ada, `start=2027-04-15&end=2027-05-15&userIds=${ada.userId}`)).toHaveLength(1);

    // Another workspace has calendar quarters: Ada's May 1 never shows there.
    const bo = await signUp(app, { firstName: 'Bo' });
    expect(await markers(bo, 'start=2027-04-15&end=2027-05-15')).toEqual([]);
    expect(await markers(bo, 'start=2027-03-25&end=2027-04-05')).toEqual([
      ['quarter-2027-Q2', '2027-04-01', 'Q2 2027 starts'],
    ]);
  });
});

describe('quarter boundaries and the search', () => {
  it('keeps a marker only when its title holds every word searched', async () => {
    const ada = await signUp(app, { firstName: 'Ada' });
    const shown = async (search: string) =>
      (await calendar(ada, `start=2027-03-25&end=2027-04-05&search=${encodeURIComponent(search)}`)).events
        .filter((e) => e.kind === 'quarter')
        .map((e) => e.title);
    expect(await shown('q2 starts')).toEqual(['Q2 2027 starts']);
    expect(await shown('budget')).toEqual([]);
  });
});
