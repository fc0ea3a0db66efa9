import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { create, sessionsOf } from '../../../../test/meetings-fixtures.ts';
import { sessions as sessionsTable } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import type { Meeting, Session } from '../meetings.schemas.ts';
import { extendSessionHorizons } from './sessions.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('changing the rule', () => {
  it('reshapes the sessions to come and keeps the past ones', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin, { startDate: '2025-06-02', repeatType: 'weeks' });
    const before = await sessionsOf(admin, meeting.id);
    const past = before.filter((s) => new Date(s.startsAt) < new Date());
    expect(past.length).toBeGreaterThan(20);
    await admin.api.patch(`/sessions/${past[0]!.id}`, { note: 'We met' });

    const changed = await admin.api.patch<Meeting>(`/meetings/${meeting.id}`, {
      repeatType: 'months',
      startTime: '10:30',
    });
    expect(changed.body.result.interval).toBe('monthly');
    const after = await sessionsOf(admin, meeting.id);
    const afterPast = after.filter((s) => new Date(s.startsAt) < new Date());
    expect(afterPast.map((s) => s.id)).toEqual(past.map((s) => s.id));
    expect(afterPast[0]!.note).toBe('We met');
    const future = after.filter((s) => new Date(s.startsAt) >= new Date());
    expect(future.length).toBeGreaterThan(10);
    expect(future.length).toBeLessThan(16);
    for (const s of future) expect(s.sessionDate.slice(8)).toBe('02');
    expect(future.every((s) => s.startsAt.includes('T14:30') || s.startsAt.includes('T15:30'))).toBe(true);
  });

  it('shows the next and last meeting, and the next one for the top bar', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin, { startDate: '2025-01-06', title: 'Weekly' });
    expect(meeting.nextSession).not.toBeNull();
    expect(new Date(meeting.nextSession!.startsAt).getTime()).toBeGreaterThan(Date.now() - 12 * 3600 * 1000);
    expect(new Date(meeting.lastSession!.startsAt).getTime()).toBeLessThan(Date.now());
    const top = await admin.api.get<{ meetingId: string; title: string }>('/meetings/next');
    expect(top.body.result).toMatchObject({ meetingId: meeting.id, title: 'Weekly' });

    const around = await admin.api.get<{ last: Session; next: Session }>(
      `/sessions/${meeting.nextSession!.id}/last-and-next`,
    );
    expect(new Date(around.body.result.last.startsAt) < new Date(meeting.nextSession!.startsAt)).toBe(true);
    expect(new Date(around.body.result.next.startsAt) > new Date(meeting.nextSession!.startsAt)).toBe(true);
    expect((await (await signUp(app)).api.get('/meetings/next')).body.result).toBeNull();
  });
});

describe('sessions', () => {
  it('edits a note and recording link (empty clears), and a leader deletes a date', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [member.userId] });
    const [session] = await sessionsOf(admin, meeting.id);
    const noted = await member.api.patch<Session>(`/sessions/${session!.id}`, { note: 'Good one', link: 'rec.io/1' });
    expect(noted.body.result).toMatchObject({ note: 'Good one', link: 'https://rec.io/1' });
    const cleared = await member.api.patch<Session>(`/sessions/${session!.id}`, { note: '', link: '' });
    expect(cleared.body.result).toMatchObject({ note: null, link: null });
    await member.api.patch(`/sessions/${session!.id}`, { link: 'rec.io/2' });
    const nulled = await member.api.patch<Session>(`/sessions/${session!.id}`, { link: null });
    expect(nulled.body.result).toMatchObject({ link: null });
    const spaced = await member.api.patch(`/sessions/${session!.id}`, { link: 'https://rec io/1' });
    expect(spaced.status).toBe(400);
    expect(spaced.body).toMatchObject({ status: 'fail', errors: { link: messages.invalidUrl } });

    expect((await member.api.delete(`/sessions/${session!.id}`)).status).toBe(403);
    expect((await admin.api.delete(`/sessions/${session!.id}`)).status).toBe(200);
    expect((await sessionsOf(admin, meeting.id)).some((s) => s.id === session!.id)).toBe(false);
  });

  it('pages the archives of held sessions', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const empty = await admin.api.get(`/meetings/${meeting.id}/archives`);
    expect(empty.body.result).toEqual({ archives: [], currentPage: 1, totalPages: 1 });
  });
});

describe('the session horizon job', () => {
  it('adds the dates that fell beyond the horizon, and running it again changes nothing', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin, { startDate: '2026-01-05' });
    const all = await sessionsOf(admin, meeting.id);
    const future = all.filter((s) => new Date(s.startsAt) > new Date());
    const cut = future.slice(-5);
    await app.database.db.delete(sessionsTable).where(
      inArray(
        sessionsTable.id,
        cut.map((s) => s.id),
      ),
    );
    expect(await sessionsOf(admin, meeting.id)).toHaveLength(all.length - 5);

    await extendSessionHorizons(app.database.db);
    await extendSessionHorizons(app.database.db);
    const again = await sessionsOf(admin, meeting.id);
    expect(again.map((s) => s.sessionDate)).toEqual(all.map((s) => s.sessionDate));
  });
});
