import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, meetingNow, type SignedUp, signUp, startLive } from '../../../../test/factories.ts';
import { sessionArchives } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { Milestones } from '../../tasks/milestones.schemas.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { MeetingArchive } from '../live.schemas.ts';

// The archive of a held session keeps the meeting's goals as the session left them, each with its
// milestones ("2 of 3", done marks, owners, dates): later changes do not reach it.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const today = () => new Date().toISOString().slice(0, 10);

const goalOf = async (person: SignedUp, meeting: Meeting, title: string, extra: Record<string, unknown> = {}) => {
  const answer = await person.api.post<Task>('/tasks', {
    title,
    type: '1',
    userId: person.userId,
    meetingIds: [meeting.id],
    dueDate: addDays(today(), 60),
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

const addStep = async (person: SignedUp, goalId: string, body: Record<string, unknown>) =>
  (await person.api.post<Milestones>(`/tasks/${goalId}/milestones`, body)).body.result.items.at(-1)!;

describe('goals in the meeting archive', () => {
  it('keeps each goal reviewed with its milestones as they were at the finish', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const max = await joinWorkspace(app, lea, { firstName: 'Max' });
    const outsider = await joinWorkspace(app, lea, { firstName: 'Otto' });
    const meeting = await meetingNow(lea, [max.userId]);
    const other = await meetingNow(lea, [], 'Other meeting');
    const office = await goalOf(lea, meeting, 'Open the Lisbon office');
    const site = await goalOf(lea, meeting, 'Launch the new site', { userId: max.userId });
    const old = await goalOf(lea, meeting, 'Finished last quarter');
    await goalOf(lea, other, 'Another meeting’s goal');
    expect((await lea.api.patch(`/tasks/${old.id}`, { status: '1' })).status).toBe(200);
    const due = addDays(today(), 20);
    const lease = await addStep(lea, office.id, { title: 'Sign the lease', ownerId: max.userId, dueDate: due });
    const hire = await addStep(lea, office.id, { title: 'Hire a manager' });
    await addStep(lea, office.id, { title: 'Open the doors', ownerId: lea.userId });
    const mockups = await addStep(lea, site.id, { title: 'Approve the mock-ups', ownerId: max.userId });

    const sessionId = await startLive(lea, meeting.id);
    await max.api.post(`/sessions/${sessionId}/join`);
    // Reviewed in the room: a milestone ticked, the site goal finished.
    expect((await max.api.patch(`/milestones/${lease.id}`, { done: true })).status).toBe(200);
    expect((await lea.api.patch(`/milestones/${mockups.id}`, { done: true })).status).toBe(200);
    expect((await lea.api.patch(`/tasks/${site.id}`, { status: '1' })).status).toBe(200);
    expect((await lea.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);

    const archive = async (who: SignedUp = max) =>
      (await who.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    const expected = [
      {
        id: office.id,
        title: 'Open the Lisbon office',
        fullName: 'Lea Person',
        status: '0',
        dueDate: office.dueDate,
        milestones: [
          { title: 'Sign the lease', done: true, ownerName: 'Max Person', dueDate: due },
          { title: 'Hire a manager', done: false, ownerName: null, dueDate: null },
          { title: 'Open the doors', done: false, ownerName: 'Lea Person', dueDate: null },
        ],
      },
      {
        id: site.id,
        title: 'Launch the new site',
        fullName: 'Max Person',
        status: '1',
        dueDate: site.dueDate,
        milestones: [{ title: 'Approve the mock-ups', done: true, ownerName: 'Max Person', dueDate: null }],
      },
    ];
    // The goals list's order: the newest first at the same priority.
    expect((await archive()).goals).toEqual([expected[1], expected[0]]);
    expect((await archive()).goalsTotal).toBe(2);

    // Changed afterwards: the archive still tells the meeting as it was.
    await lea.api.patch(`/milestones/${hire.id}`, { title: 'Hire two managers', done: true });
    await lea.api.delete(`/milestones/${lease.id}`);
    await lea.api.post(`/tasks/${office.id}/milestones`, { title: 'Throw a party' });
    expect((await archive(lea)).goals).toEqual([expected[1], expected[0]]);

    // Only the meeting's people (and admins) open it.
    expect((await outsider.api.get(`/sessions/${sessionId}/archive/`)).status).toBe(404);
    const stranger = await signUp(app);
    expect((await stranger.api.get(`/sessions/${sessionId}/archive/`)).status).toBe(404);
  }, 60_000);

  it('reads an archive written before goals were kept as not knowing them', async () => {
    const lea = await signUp(app, { firstName: 'Lea' });
    const meeting = await meetingNow(lea, []);
    await goalOf(lea, meeting, 'Grow');
    const sessionId = await startLive(lea, meeting.id);
    expect((await lea.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
    await app.database.db
      .update(sessionArchives)
      .set({ snapshot: sql`${sessionArchives.snapshot} - 'goals' - 'goalsTotal'` })
      .where(eq(sessionArchives.sessionId, sessionId));
    const archive = await lea.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`);
    expect(archive.status).toBe(200);
    expect([archive.body.result.goals, archive.body.result.goalsTotal]).toEqual([null, 0]);
  }, 60_000);
});
