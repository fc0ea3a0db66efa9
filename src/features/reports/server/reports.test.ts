import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import {
  addAttendee,
  addScore,
  addSession,
  addTask,
  type ReportsCast,
  reportsCast,
  setCell,
  setPlannedMinutes,
} from '../../../../test/reportsHistory.ts';
import { utcToZonedParts } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { Report, Trends } from '../reports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** The window of these tests: all of 2025 and half of 2027 (today, 2026, in between). */
const WINDOW = 'dateSince=2025-01-01&dateUntil=2027-06-30';

/**
 * The history, worked out by hand below:
 * sessions s1 2025-01-06, s2 2025-01-13, s3 2025-02-03 held; s4 2025-01-27 not held;
 * s5 2027-01-04 in the future (not counted). Planned length 60 minutes.
 */
const buildHistory = async (cast: ReportsCast) => {
  const { db, tenantId, ada, lee, pat, meeting } = cast;
  const m = meeting.id;
  await setPlannedMinutes(db, tenantId, m, 60);
  const s1 = await addSession(db, tenantId, m, '2025-01-06', {
    startedAt: '2025-01-06T09:02:00Z',
    finishedAt: '2025-01-06T10:00:00Z',
  });
  const s2 = await addSession(db, tenantId, m, '2025-01-13', {
    startedAt: '2025-01-13T09:10:00Z',
    finishedAt: '2025-01-13T10:03:00Z',
  });
  const s3 = await addSession(db, tenantId, m, '2025-02-03', {
    startedAt: '2025-02-03T09:00:00Z',
    finishedAt: '2025-02-03T10:30:00Z',
  });
  const s4 = await addSession(db, tenantId, m, '2025-01-27');
  const s5 = await addSession(db, tenantId, m, '2027-01-04');
  // Ratings: s1 Ada 8, Lee 6, Pat joined without a rating; s2 Ada 9, Pat 7, Lee did not attend;
  // s3 Ada 10, Lee 4, Pat 7.
  await addAttendee(db, tenantId, s1, ada.userId, 8, { role: 'leader' });
  await addAttendee(db, tenantId, s1, lee.userId, 6, { role: 'leader' });
  await addAttendee(db, tenantId, s1, pat.userId, null);
  await addAttendee(db, tenantId, s2, ada.userId, 9, { role: 'leader' });
  await addAttendee(db, tenantId, s2, pat.userId, 7);
  await addAttendee(db, tenantId, s2, lee.userId, null, { role: 'leader', notAttended: true });
  await addAttendee(db, tenantId, s3, ada.userId, 10, { role: 'leader' });
  await addAttendee(db, tenantId, s3, lee.userId, 4, { role: 'leader' });
  await addAttendee(db, tenantId, s3, pat.userId, 7);

  const created = '2025-01-10T12:00:00Z';
  const task = (
    seed: Omit<Parameters<typeof addTask>[2], 'createdAt' | 'createdBy' | 'meetingId'> & {
      createdAt?: string;
      createdBy?: string;
      meetingId?: string | null;
    },
  ) => addTask(db, tenantId, { createdAt: created, createdBy: ada.userId, meetingId: m, ...seed });
  // Action items (to-dos).
  await task({
    title: 'T1 on time',
    type: '4',
    status: '1',
    dueDate: '2025-02-10',
    ownerId: pat.userId,
    completedAt: '2025-02-09T15:00:00Z',
  });
  await task({
    title: 'T2 late',
    type: '4',
    status: '1',
    dueDate: '2025-02-10',
    ownerId: pat.userId,
    completedAt: '2025-02-12T15:00:00Z',
  });
  await task({ title: 'T3 overdue', type: '4', dueDate: '2025-03-05', ownerId: lee.userId, createdBy: lee.userId });
  await task({
    title: 'T4 no due date',
    type: '4',
    status: '1',
    ownerId: ada.userId,
    createdAt: '2025-04-01T08:00:00Z',
    completedAt: '2025-04-02T08:00:00Z',
  });
  await task({
    title: 'T5 before the window',
    type: '4',
    status: '1',
    dueDate: '2024-12-31',
    ownerId: pat.userId,
    createdAt: '2024-12-01T08:00:00Z',
    completedAt: '2024-12-20T08:00:00Z',
  });
  await task({ title: 'T6 not yet due', type: '4', dueDate: '2027-02-01', ownerId: pat.userId, createdBy: pat.userId });
  await task({
    title: 'T7 of no meeting',
    type: '4',
    dueDate: '2025-02-10',
    ownerId: pat.userId,
    createdBy: pat.userId,
    meetingId: null,
  });
  // Goals.
  await task({
    title: 'G1 done on time',
    type: '1',
    status: '1',
    dueDate: '2025-03-31',
    ownerId: pat.userId,
    completedAt: '2025-03-30T10:00:00Z',
  });
  await task({
    title: 'G2 done late',
    type: '1',
    status: '1',
    dueDate: '2025-06-30',
    ownerId: lee.userId,
    completedAt: '2025-07-02T10:00:00Z',
  });
  await task({ title: 'G3 overdue', type: '1', status: '0', dueDate: '2025-09-30', ownerId: pat.userId });
  await task({ title: 'G4 off track', type: '1', status: '2', dueDate: '2027-03-31', ownerId: ada.userId });
  await task({
    title: 'G5 on track',
    type: '1',
    status: '0',
    dueDate: '2027-01-31',
    ownerId: pat.userId,
    createdBy: pat.userId,
  });
  await task({ title: 'G6 on track', type: '1', status: '0', dueDate: '2027-05-31', ownerId: lee.userId });
  // Issues: I1 solved in s1, I2 solved during s3, I3 solved outside a session (all made in 2024);
  // I4 and I5 open, made by Lee in the window.
  await task({
    title: 'I1',
    type: '2',
    status: '1',
    ownerId: ada.userId,
    createdAt: '2024-12-15T08:00:00Z',
    completedAt: '2025-03-01T08:00:00Z',
    completedInSessionId: s1,
  });
  await task({
    title: 'I2',
    type: '2',
    status: '1',
    ownerId: ada.userId,
    createdAt: '2024-12-15T08:00:00Z',
    completedAt: '2025-02-03T09:30:00Z',
  });
  await task({
    title: 'I3',
    type: '2',
    status: '1',
    ownerId: ada.userId,
    createdAt: '2024-12-15T08:00:00Z',
    completedAt: '2025-02-05T09:30:00Z',
  });
  await task({
    title: 'I4 oldest open',
    type: '2',
    ownerId: lee.userId,
    createdBy: lee.userId,
    createdAt: '2025-01-07T08:00:00Z',
  });
  await task({
    title: 'I5 open',
    type: '2',
    ownerId: lee.userId,
    createdBy: lee.userId,
    createdAt: '2025-03-01T08:00:00Z',
  });

  // KPIs: K1 (Pat) >= 10 calls: 12, 8, 10, –, (100 in the future); K2 (Lee) <= 5.5: 5.5, 6, –, 2.
  const k1 = await addScore(db, tenantId, m, {
    title: 'Sales calls',
    ownerId: pat.userId,
    goal: '>=',
    score: '10',
    units: 'calls',
    sort: 0,
  });
  const k2 = await addScore(db, tenantId, m, {
    title: 'Days to invoice',
    ownerId: lee.userId,
    goal: '<=',
    score: '5.5',
    units: 'days',
    sort: 1,
  });
  const cells: [string, string, string | null][] = [
    [k1, s1, '12'],
    [k1, s2, '8'],
    [k1, s3, '10'],
    [k1, s4, null],
    [k1, s5, '100'],
    [k2, s1, '5.5'],
    [k2, s2, '6'],
    [k2, s3, null],
    [k2, s4, '2'],
    [k2, s5, null],
  ];
  for (const [score, session, measured] of cells) await setCell(db, tenantId, score, session, measured);
  return { s1, s2, s3, s4, s5, k1, k2 };
};

let cast: ReportsCast;
beforeAll(async () => {
  cast = await reportsCast(app);
  await buildHistory(cast);
});

const reportOf = async (url: string, who = cast.ada) => {
  const answer = await who.api.get<Report>(url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

describe('meeting report', () => {
  it('computes every figure of the constructed history', async () => {
    const report = await reportOf(`/reports/meetings/${cast.meeting.id}?${WINDOW}`);
    expect(report.kind).toBe('meeting');
    expect(report.dateSince).toBe('2025-01-01');
    expect(report.dateUntil).toBe('2027-06-30');
    // s1–s4 are dated in the window up to today; s5 (2027) has not happened. Ada attended all 3 held.
    // Ratings 8, 6, 9, 7, 10, 4, 7: 51 / 7 = 7.285… → 7.29.
    expect(report.attendance).toEqual({ totalSessions: 4, sessionsHeld: 3, userSessions: 3, avgScore: 7.29 });
    // T1, T2, T3, T4 (no due date, made in the window), T6; not T5 (due before) nor T7 (no meeting).
    expect(report.actionItems).toEqual({ total: 5, completedOnTime: 2, completedOverdue: 1 });
    expect(report.goals).toMatchObject({
      totalExpiredGoals: 3,
      totalCurrentGoals: 3,
      completedOnTime: 1,
      completedOverdue: 1,
      onTrackGoals: 2,
      offTrackGoals: 1,
      listTotal: 6,
    });
    // On Track first, then Off Track, then the others, each by due date; G3 shows Overdue ('4').
    expect(report.goals.list.map((g) => [g.title, g.status])).toEqual([
      ['G5 on track', '0'],
      ['G6 on track', '0'],
      ['G4 off track', '2'],
      ['G1 done on time', '1'],
      ['G2 done late', '1'],
      ['G3 overdue', '4'],
    ]);
    // Made in the window: Ada T1 T2 T4 G1 G2 G3 G4 G6 (8), Lee T3 I4 I5 (3), Pat T6 G5 (2).
    expect(report.tasksCreatedByUser.total).toBe(13);
    expect(report.tasksCreatedByUser.cardsCreatedByUser.map((row) => [row.fullName, row.count])).toEqual([
      ['Ada Person', 8],
      ['Lee Person', 3],
      ['Pat Person', 2],
    ]);
    // K1: 12 + 8 + 10 = 30 over 3 values, hits 12 and 10; K2: 5.5 + 6 + 2 = 13.5, hits 5.5 and 2.
    expect(report.kpis.map((k) => [k.title, k.goal, k.score, k.units, k.total, k.avg, k.hits, k.counted])).toEqual([
      ['Sales calls', '>=', '10', 'calls', 30, 10, 2, 3],
      ['Days to invoice', '<=', '5.5', 'days', 13.5, 4.5, 2, 3],
    ]);
    expect(report.kpis[0]?.userId).toBe(cast.pat.userId);
    // Charts: the mean rating of each held session; to-dos by due month; KPI values by week.
    expect(report.charts.ratings.map((r) => [r.date, r.rating])).toEqual([
      ['2025-01-06', 7],
      ['2025-01-13', 8],
      ['2025-02-03', 7],
    ]);
    expect(report.charts.completionByMonth).toEqual([
      { month: '2025-02', onTime: 1, late: 1, overdue: 0, open: 0 },
      { month: '2025-03', onTime: 0, late: 0, overdue: 1, open: 0 },
      { month: '2027-02', onTime: 0, late: 0, overdue: 0, open: 1 },
    ]);
    expect(report.charts.kpiHitsByWeek).toEqual([
      { week: '2025-01-06', hits: 2, misses: 0, empty: 0 },
      { week: '2025-01-13', hits: 0, misses: 2, empty: 0 },
      { week: '2025-01-27', hits: 1, misses: 0, empty: 1 },
      { week: '2025-02-03', hits: 1, misses: 0, empty: 1 },
    ]);
  });

  it('narrows to the window: January 2025 only', async () => {
    const report = await reportOf(`/reports/meetings/${cast.meeting.id}?dateSince=2025-01-01&dateUntil=2025-01-31`);
    // s1, s2 held, s4 not; ratings 8, 6, 9, 7 → 7.5.
    expect(report.attendance).toEqual({ totalSessions: 3, sessionsHeld: 2, userSessions: 2, avgScore: 7.5 });
    // Nothing is due in January; T4 was made in April.
    expect(report.actionItems).toEqual({ total: 0, completedOnTime: 0, completedOverdue: 0 });
    expect(report.kpis.map((k) => [k.total, k.hits, k.counted])).toEqual([
      [20, 1, 2],
      [13.5, 2, 3],
    ]);
  });

  it('the member report counts only the member: attendance, ratings, items, goals, cards and KPIs', async () => {
    const report = await reportOf(
      `/reports/meetings/${cast.meeting.id}?${WINDOW}&memberId=${cast.pat.userId}`,
      cast.lee,
    );
    expect(report.kind).toBe('member');
    expect(report.person).toEqual({ userId: cast.pat.userId, fullName: 'Pat Person' });
    // Pat joined s1 (no rating), rated 7 in s2 and s3.
    expect(report.attendance).toEqual({ totalSessions: 4, sessionsHeld: 3, userSessions: 3, avgScore: 7 });
    expect(report.charts.ratings.map((r) => r.rating)).toEqual([null, 7, 7]);
    // T1, T2, T6.
    expect(report.actionItems).toEqual({ total: 3, completedOnTime: 1, completedOverdue: 1 });
    // G1 (done on time), G3 (expired, overdue), G5 (on track).
    expect(report.goals).toMatchObject({
      totalExpiredGoals: 2,
      totalCurrentGoals: 1,
      completedOnTime: 1,
      completedOverdue: 0,
      onTrackGoals: 1,
      offTrackGoals: 0,
    });
    expect(report.goals.list.map((g) => g.title)).toEqual(['G5 on track', 'G1 done on time', 'G3 overdue']);
    expect(report.tasksCreatedByUser).toEqual({
      total: 2,
      cardsCreatedByUser: [{ userId: cast.pat.userId, fullName: 'Pat Person', count: 2 }],
    });
    expect(report.kpis.map((k) => k.title)).toEqual(['Sales calls']);
    // Lee's attendance: s1 and s3 (marked as not attending s2).
    const lees = await reportOf(`/reports/meetings/${cast.meeting.id}?${WINDOW}&memberId=${cast.lee.userId}`);
    expect(lees.attendance).toEqual({ totalSessions: 4, sessionsHeld: 3, userSessions: 2, avgScore: 5 });
  });

  it('the user report follows the person across meetings, their own action items included', async () => {
    const report = await reportOf(`/reports/users/${cast.pat.userId}?${WINDOW}`, cast.pat);
    expect(report.kind).toBe('user');
    expect(report.meeting).toBeNull();
    expect(report.attendance).toEqual({ totalSessions: 4, sessionsHeld: 3, userSessions: 3, avgScore: 7 });
    // T1, T2, T6 and T7 (of no meeting; due 2025-02-10, open, so overdue).
    expect(report.actionItems).toEqual({ total: 4, completedOnTime: 1, completedOverdue: 1 });
    // T6, G5 and T7.
    expect(report.tasksCreatedByUser.total).toBe(3);
    expect(report.charts.completionByMonth[0]).toEqual({ month: '2025-02', onTime: 1, late: 1, overdue: 1, open: 0 });
  });

  it('the default window runs from Jan 1 of this year to today', async () => {
    const report = await reportOf(`/reports/meetings/${cast.meeting.id}`);
    const today = utcToZonedParts(new Date(), 'UTC').date;
    expect(report.dateSince).toBe(`${today.slice(0, 4)}-01-01`);
    expect(report.dateUntil).toBe(today);
    expect(report.attendance.sessionsHeld).toBe(0);
  });
});

describe('trends', () => {
  it('computes on-time starts and ends, rating by month, issues per session, to-dos within a week and the oldest issues', async () => {
    const answer = await cast.lee.api.get<Trends>(`/reports/meetings/${cast.meeting.id}/trends?${WINDOW}`);
    expect(answer.status).toBe(200);
    const trends = answer.body.result;
    expect(trends.sessionsHeld).toBe(3);
    // Started 09:02 (on time), 09:10 (late), 09:00; finished 10:00, 10:03 (within 5 min of 10:00), 10:30 (late).
    expect(trends.startedOnTimePct).toBe(66.7);
    expect(trends.finishedOnTimePct).toBe(66.7);
    // January: 8, 6, 9, 7 → 7.5; February: 10, 4, 7 → 7.
    expect(trends.ratingByMonth).toEqual([
      { month: '2025-01', avg: 7.5 },
      { month: '2025-02', avg: 7 },
    ]);
    expect(trends.ratingChange).toBe(-0.5);
    // I1 (solved in s1) and I2 (done during s3) over 3 sessions.
    expect(trends.issuesSolvedPerSession).toBe(0.67);
    // To-dos made in the window: T1, T2, T3, T4, T6; only T4 was done within 7 days.
    expect(trends.todosDoneWithinWeekPct).toBe(20);
    const today = utcToZonedParts(new Date(), 'UTC').date;
    const days = (from: string) => Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000);
    expect(trends.oldestOpenIssues.map((i) => [i.title, i.ageDays])).toEqual([
      ['I4 oldest open', days('2025-01-07')],
      ['I5 open', days('2025-03-01')],
    ]);
  });
});

describe('permissions', () => {
  it('leaders and admins see the meeting report; a member gets 403; someone outside the meeting 404', async () => {
    const url = `/reports/meetings/${cast.meeting.id}?${WINDOW}`;
    expect((await cast.lee.api.get(url)).status).toBe(200);
    const member = await cast.pat.api.get(url);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(reportsMessages.reportForbidden);
    expect((await cast.rob.api.get(url)).status).toBe(404);
    expect((await cast.pat.api.get(`/reports/meetings/${cast.meeting.id}/trends`)).status).toBe(403);
    expect((await cast.rob.api.get(`/reports/meetings/${cast.meeting.id}/export?format=csv`)).status).toBe(404);
  });

  it('a user sees their own user report, an admin anyone’s, nobody else', async () => {
    expect((await cast.pat.api.get(`/reports/users/${cast.pat.userId}`)).status).toBe(200);
    expect((await cast.ada.api.get(`/reports/users/${cast.pat.userId}`)).status).toBe(200);
    const other = await cast.lee.api.get(`/reports/users/${cast.pat.userId}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(reportsMessages.reportUserForbidden);
  });

  it('refuses a member outside the meeting (400) and anyone of another workspace (404)', async () => {
    const outside = await cast.ada.api.get(`/reports/meetings/${cast.meeting.id}?memberId=${cast.rob.userId}`);
    expect(outside.status).toBe(400);
    expect(outside.body.errors?.memberId).toBe(reportsMessages.reportMemberNotInMeeting);
    const stranger = await signUp(app, { firstName: 'Stranger' });
    const foreignMeeting = await createMeeting(stranger, [stranger.userId]);
    expect((await cast.ada.api.get(`/reports/meetings/${cast.meeting.id}?memberId=${stranger.userId}`)).status).toBe(
      404,
    );
    expect((await cast.ada.api.get(`/reports/users/${stranger.userId}`)).status).toBe(404);
    expect((await cast.ada.api.get(`/reports/meetings/${foreignMeeting.id}`)).status).toBe(404);
    expect((await cast.ada.api.get(`/reports/meetings/${foreignMeeting.id}/trends`)).status).toBe(404);
    // And the other way round: the stranger sees nothing of this workspace.
    expect((await stranger.api.get(`/reports/meetings/${cast.meeting.id}?${WINDOW}`)).status).toBe(404);
    expect((await stranger.api.get(`/reports/users/${cast.pat.userId}`)).status).toBe(404);
    expect((await stranger.api.get(`/reports/meetings/${cast.meeting.id}/export?format=xlsx`)).status).toBe(404);
  });
});

describe('window validation', () => {
  const url = () => `/reports/meetings/${cast.meeting.id}`;
  it.each([
    ['end before start', '?dateSince=2025-03-01&dateUntil=2025-02-28', 'dateUntil', reportsMessages.reportWindowOrder],
    ['impossible date', '?dateSince=2025-02-29&dateUntil=2025-03-31', 'dateSince', messages.impossibleDate],
    ['not a date', '?dateSince=yesterday', 'dateSince', messages.invalidDate],
    ['over five years', '?dateSince=2020-01-01&dateUntil=2025-01-02', 'dateUntil', reportsMessages.reportWindowTooLong],
    ['start alone too long ago', '?dateSince=2015-01-01', 'dateUntil', reportsMessages.reportWindowTooLong],
    [
      'end alone before Jan 1 of its year? no: start after end',
      '?dateSince=2099-01-01&dateUntil=2098-01-01',
      'dateUntil',
      reportsMessages.reportWindowOrder,
    ],
  ])('refuses %s with a 400 and the field’s message', async (_name, query, field, message) => {
    const answer = await cast.ada.api.get(`${url()}${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('fail');
    expect(answer.body.errors?.[field]).toBe(message);
  });

  it('accepts exactly five years, and the same on the user report and exports', async () => {
    expect((await cast.ada.api.get(`${url()}?dateSince=2020-01-01&dateUntil=2025-01-01`)).status).toBe(200);
    expect(
      (await cast.ada.api.get(`/reports/users/${cast.ada.userId}?dateSince=2020-01-01&dateUntil=2025-01-02`)).status,
    ).toBe(400);
    expect((await cast.ada.api.get(`${url()}/export?format=csv&dateSince=2025-02-30`)).status).toBe(400);
    expect((await cast.ada.api.get(`${url()}/export?format=pdf`)).status).toBe(400);
    expect((await cast.ada.api.get(`${url()}?dateSince=2025-01-01%00`)).status).toBe(400);
  });
});

describe('exports', () => {
  it('CSV holds the figures and the tables; XLSX is a workbook of them', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `/api/v2/reports/meetings/${cast.meeting.id}/export?format=csv&${WINDOW}`,
      headers: { authorization: `Bearer ${cast.ada.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="report-weekly-l10-2025-01-01-2027-06-30.csv"',
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('Attendance,Average rating,7.29');
    expect(lines).toContain('Action items,Completed on time,2');
    expect(lines).toContain('Sales calls,Pat Person,>=,10,calls,30,10,2,3');
    expect(lines).toContain('G3 overdue,Overdue,2025-09-30,Pat Person');
    // The on-time table in the chart's order: done on time, then done late (decision 059).
    const completion = lines.indexOf('Month,Done on time,Done late,Overdue,Open');
    expect(completion).toBeGreaterThan(0);
    expect(lines.slice(completion + 1, completion + 4)).toEqual([
      '2025-02,1,1,0,0',
      '2025-03,0,0,1,0',
      '2027-02,0,0,0,1',
    ]);
    const xlsx = await app.inject({
      method: 'GET',
      url: `/api/v2/reports/users/${cast.pat.userId}/export?format=xlsx&${WINDOW}`,
      headers: { authorization: `Bearer ${cast.pat.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'Goals',
      'Cards created',
      'KPIs',
      'Ratings',
      'Completion by month',
      'KPI hits by week',
    ]);
    expect(book.getWorksheet('KPIs')?.getRow(2).values).toEqual([
      undefined,
      'Sales calls',
      'Pat Person',
      '>=',
      10,
      'calls',
      30,
      10,
      2,
      3,
    ]);
  });
});
