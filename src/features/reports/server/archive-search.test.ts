import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import { addArchive, addAttendee, addSession, type ReportsCast, reportsCast } from '../../../../test/reportsHistory.ts';
import type { ArchiveSearchPage } from '../reports.schemas.ts';

let app: FastifyInstance;
let cast: ReportsCast;
let ids: Record<string, string>;
beforeAll(async () => {
  app = await testApp();
  cast = await reportsCast(app);
  const { db, tenantId, ada, pat, meeting } = cast;
  const held = (date: string, note?: string) =>
    addSession(db, tenantId, meeting.id, date, {
      startedAt: `${date}T09:00:00Z`,
      finishedAt: `${date}T10:00:00Z`,
      ...(note ? { note } : {}),
    });
  const jan = await held('2025-01-06', 'Talked about the office move');
  const feb = await held('2025-02-03');
  const mar = await held('2025-03-03');
  await addArchive(
    db,
    tenantId,
    meeting.id,
    jan,
    { meetingTitle: 'Weekly L10', issuesSolved: ['Hiring plan for support'] },
    8,
  );
  await addArchive(db, tenantId, meeting.id, feb, {
    meetingTitle: 'Weekly L10',
    todosCreated: ['Renew the insurance policy'],
    headlines: ['Customer Acme signed'],
  });
  await addArchive(db, tenantId, meeting.id, mar, {
    meetingTitle: 'Weekly L10',
    ratingNotes: ['Too long, hiring again'],
  });
  // Pat attended January only.
  await addAttendee(db, tenantId, jan, pat.userId, 7);
  // Another meeting of the workspace that Pat is not part of.
  const board = await createMeeting(ada, [ada.userId], {
    title: 'Board meeting',
    startDate: '2024-06-03',
    repeatEvery: 0,
  });
  const secret = await addSession(db, tenantId, board.id, '2025-01-08', {
    startedAt: '2025-01-08T09:00:00Z',
    finishedAt: '2025-01-08T10:00:00Z',
  });
  await addArchive(db, tenantId, board.id, secret, { meetingTitle: 'Board meeting', issuesSolved: ['Hiring freeze'] });
  ids = { jan, feb, mar, secret, board: board.id };
});
afterAll(() => app.close());

const search = async (query: string, who = cast.ada) => {
  const answer = await who.api.get<ArchiveSearchPage>(`/archives/search?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

describe('archive search', () => {
  it('finds issues solved, to-dos, headlines, rating notes and session notes, stemmed; misses what is not there', async () => {
    const hiring = await search('q=hire');
    expect(hiring.items.map((h) => h.id).sort()).toEqual([ids.jan, ids.mar, ids.secret].sort());
    expect(hiring.total).toBe(3);
    expect((await search('q=insurance')).items.map((h) => h.id)).toEqual([ids.feb]);
    expect((await search('q=acme')).items.map((h) => h.id)).toEqual([ids.feb]);
    const moved = await search('q=office%20move');
    expect(moved.items.map((h) => h.id)).toEqual([ids.jan]);
    expect(moved.items[0]).toMatchObject({ meetingTitle: 'Weekly L10', meetingDate: '2025-01-06', avgScore: 8 });
    expect(moved.items[0]?.excerpt).toContain('«office»');
    const none = await search('q=penguin');
    expect(none).toEqual({ items: [], total: 0, offset: 0 });
    // Words that must all be there.
    expect((await search('q=hiring%20insurance')).items).toEqual([]);
  });

  it('filters by meeting, date range and person', async () => {
    expect((await search(`q=hiring&meetingId=${ids.board}`)).items.map((h) => h.id)).toEqual([ids.secret]);
    expect((await search('q=hiring&dateSince=2025-02-01&dateUntil=2025-12-31')).items.map((h) => h.id)).toEqual([
      ids.mar,
    ]);
    expect((await search(`q=hiring&userId=${cast.pat.userId}`)).items.map((h) => h.id)).toEqual([ids.jan]);
    // No words: every archive in the filters, newest first, a page at a time.
    const page = await search(`meetingId=${cast.meeting.id}&limit=2`);
    expect(page.items.map((h) => h.meetingDate)).toEqual(['2025-03-03', '2025-02-03']);
    expect(page.total).toBe(3);
    const past = await search(`meetingId=${cast.meeting.id}&offset=10`);
    expect(past).toEqual({ items: [], total: 3, offset: 10 });
  });

  it("shows a member only the meetings they are part of; other workspaces' ids are 404", async () => {
    expect((await search('q=hiring', cast.pat)).items.map((h) => h.id).sort()).toEqual([ids.jan, ids.mar].sort());
    expect((await cast.pat.api.get(`/archives/search?meetingId=${ids.board}`)).status).toBe(404);
    const stranger = await signUp(app, { firstName: 'Stranger' });
    expect((await search('q=hiring', stranger)).items).toEqual([]);
    expect((await stranger.api.get(`/archives/search?meetingId=${cast.meeting.id}`)).status).toBe(404);
    expect((await stranger.api.get(`/archives/search?userId=${cast.pat.userId}`)).status).toBe(404);
    expect((await cast.ada.api.get(`/archives/search?userId=${stranger.userId}`)).status).toBe(404);
  });

  it('refuses bad input with a 400, never a 500', async () => {
    for (const query of [
      `q=${'x'.repeat(201)}`,
      'dateSince=2025-02-30',
      'dateSince=2025-03-01&dateUntil=2025-02-01',
      'limit=0',
      'limit=1000',
      'meetingId=nope',
      'q=a%00b',
    ]) {
      const answer = await cast.ada.api.get(`/archives/search?${query}`);
      expect(answer.status, query).toBe(400);
    }
    // Query syntax that is not words is taken as words, not an error.
    for (const q of ['%22', '-', 'a%20%7C%20!%20%26', '(((', ':*']) {
      expect((await cast.ada.api.get(`/archives/search?q=${q}`)).status, q).toBe(200);
    }
  });
});
