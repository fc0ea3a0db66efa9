import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, workerDatabase } from '../../../../test/app.ts';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import type { Database } from '../../../db/client.ts';
import { tasks } from '../../../db/schema/index.ts';
import { tasksMessages } from '../tasks.messages.ts';
import type { Task } from '../tasks.schemas.ts';

// A goal's quarter is one of the workspace's quarters (decision 056): 'YYYY-Qn', its
// own period or the calendar quarter of a year without periods; old free text stays readable.

let app: FastifyInstance;
let db: Database['db'];
beforeAll(async () => {
  app = await testApp();
  await app.ready();
  db = (await workerDatabase()).db;
});
afterAll(() => app.close());

const goal = (who: SignedUp, meetingId: string, body: Record<string, unknown> = {}) =>
  who.api.post<Task>('/tasks', {
    title: 'Open the Lisbon office',
    type: '1',
    userId: who.userId,
    meetingIds: [meetingId],
    ...body,
  });

const quarterOf = async (id: string) =>
  (await db.select({ quarterId: tasks.quarterId }).from(tasks).where(sql`${tasks.id} = ${id}`))[0]?.quarterId;

describe('goals’ quarter', () => {
  it('takes one of the workspace’s quarters, clears with null or blank, and refuses anything else', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    await admin.api.post('/quartals', {
      year: 2027,
      startQuartal1: '2027-02-01',
      startQuartal2: '2027-05-01',
      startQuartal3: '2027-08-01',
      startQuartal4: '2027-11-01',
      endQuartal4: '2028-01-31',
    });
    const made = await goal(admin, meeting.id, { quarterId: '2027-Q2' });
    expect(made.status).toBe(201);
    expect(made.body.result.quarterId).toBe('2027-Q2');
    // A year without periods has the calendar quarters.
    const calendar = await admin.api.patch<Task>(`/tasks/${made.body.result.id}`, { quarter_id: '2031-Q4' });
    expect(calendar.body.result.quarterId).toBe('2031-Q4');

    for (const bad of ['Q2 2027', '2027-Q5', '2027-q2', 'next quarter', '0999-Q1', '<b>2027-Q1</b>']) {
      const created = await goal(admin, meeting.id, { quarterId: bad });
      expect(created.status, bad).toBe(400);
      expect(created.body.errors, bad).toEqual({ quarterId: tasksMessages.goalQuarterUnknown });
      const patched = await admin.api.patch(`/tasks/${made.body.result.id}`, { quarterId: bad });
      expect(patched.status, bad).toBe(400);
    }
    expect(await quarterOf(made.body.result.id)).toBe('2031-Q4');
    const tooLong = await goal(admin, meeting.id, { quarterId: 'x'.repeat(51) });
    expect(tooLong.status).toBe(400);

    const cleared = await admin.api.patch<Task>(`/tasks/${made.body.result.id}`, { quarterId: '  ' });
    expect(cleared.body.result.quarterId).toBe(null);
    await admin.api.patch(`/tasks/${made.body.result.id}`, { quarterId: '2027-Q1' });
    const none = await admin.api.patch<Task>(`/tasks/${made.body.result.id}`, { quarterId: null });
    expect(none.body.result.quarterId).toBe(null);
  });

  it('keeps an old free-text quarter while other fields change, and another workspace’s goal is 404', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    const made = (await goal(admin, meeting.id)).body.result;
    await db.update(tasks).set({ quarterId: 'H1 push' }).where(sql`${tasks.id} = ${made.id}`);
    const renamed = await admin.api.patch<Task>(`/tasks/${made.id}`, { title: 'Open Lisbon', quarterId: 'H1 push' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.quarterId).toBe('H1 push');

    const intruder = await signUp(app);
    const foreign = await intruder.api.patch(`/tasks/${made.id}`, { quarterId: '2027-Q1' });
    expect(foreign.status).toBe(404);
    const theirMeeting = await createMeeting(intruder);
    const withOurMeeting = await goal(intruder, meeting.id, { quarterId: '2027-Q1' });
    expect(withOurMeeting.status).toBe(404);
    expect(await quarterOf(made.id)).toBe('H1 push');
    expect((await goal(intruder, theirMeeting.id, { quarterId: '2027-Q1' })).status).toBe(201);
  });

  it('the migration maps free text that reads as a quarter and keeps the rest', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    const values = ['2027 Q2', '2027q3', 'Q1 2028', 'q4-2026', 'Q2/2029', '  ', 'H1 push', '2027-Q1', 'Q5 2027'];
    const ids: string[] = [];
    for (const value of values) {
      const made = (await goal(admin, meeting.id)).body.result;
      await db.update(tasks).set({ quarterId: value }).where(sql`${tasks.id} = ${made.id}`);
      ids.push(made.id);
    }
    const migration = readFileSync(
      new URL('../../../db/migrations/0018_goal_quarter_ids.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const after = await Promise.all(ids.map(quarterOf));
    expect(after).toEqual([
      '2027-Q2',
      '2027-Q3',
      '2028-Q1',
      '2026-Q4',
      '2029-Q2',
      null,
      'H1 push',
      '2027-Q1',
      'Q5 2027',
    ]);
  });
});
