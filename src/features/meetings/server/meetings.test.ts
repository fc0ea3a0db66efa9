import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { create, newMeeting, sessionsOf } from '../../../../test/meetings-fixtures.ts';
import { meetings } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import type { AgendaItem, Meeting, MeetingPage } from '../meetings.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

describe('creating meetings', () => {
  it('creates a weekly meeting led by its creator, with the default agenda and its sessions', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    expect(meeting).toMatchObject({
      title: 'Leadership L10',
      sharepointUrl: 'https://meet.example.com/l10',
      type: 'meeting',
      interval: 'weekly',
      startTime: '09:00',
      startTimeUtc: '14:00',
      administratorIds: [admin.userId],
      shareWithIds: [],
      duration: 90,
      permissions: { canEdit: true, isParticipant: true, isLeader: true },
    });
    const agenda = (await admin.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    expect(agenda).toHaveLength(9);
    expect(agenda.map((a) => a.title).slice(0, 3)).toEqual(['Segue', 'KPIs', 'Goals']);
    expect(agenda.at(-1)).toMatchObject({ title: 'Meeting Scores', keyName: 'conclusion', duration: 5 });
    const first = await sessionsOf(admin, meeting.id, '?until=2026-01-19');
    expect(first.map((s) => [s.sessionDate, s.startsAt])).toEqual([
      ['2026-01-05', '2026-01-05T14:00:00.000Z'],
      ['2026-01-12', '2026-01-12T14:00:00.000Z'],
      ['2026-01-19', '2026-01-19T14:00:00.000Z'],
    ]);
  });

  it('keeps the local time across daylight saving in the sessions it stores (New York, Berlin)', async () => {
    const admin = await signUp(app);
    const ny = await create(admin, { startDate: '2026-03-02' });
    expect((await sessionsOf(admin, ny.id, '?until=2026-03-09')).map((s) => s.startsAt)).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    const berlin = await create(admin, { startDate: '2026-10-19', timezone: 'Europe/Berlin' });
    expect((await sessionsOf(admin, berlin.id, '?until=2026-10-26')).map((s) => s.startsAt)).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('stores monthly meetings on the 31st, cycles and meetings that do not repeat', async () => {
    const admin = await signUp(app);
    const monthly = await create(admin, { startDate: '2026-01-31', repeatType: 'months', noOfCycles: 4 });
    expect(monthly.interval).toBe('monthly');
    expect((await sessionsOf(admin, monthly.id)).map((s) => s.sessionDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    const once = await create(admin, { repeatEvery: 0, repeatType: null });
    expect(once.interval).toBe('none');
    expect(await sessionsOf(admin, once.id)).toHaveLength(1);
  });

  it('starts from a template, and refuses an unknown one', async () => {
    const admin = await signUp(app);
    const templates = (await admin.api.get<{ id: string; isDefault: boolean }[]>('/meeting-templates')).body.result;
    expect(templates.filter((t) => t.isDefault)).toHaveLength(1);
    const oneOnOne = await create(admin, { templateId: 'one-on-one' });
    const agenda = (await admin.api.get<AgendaItem[]>(`/meetings/${oneOnOne.id}/agenda-items`)).body.result;
    expect(agenda.map((a) => a.title)).toContain('What is working, what is not');
    expect((await admin.api.post('/meetings', newMeeting({ templateId: 'nope' }))).status).toBe(400);
  });

  it('clones a meeting’s agenda and people, not its history', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const source = await create(admin, { members: [member.userId], startDate: '2025-01-06' });
    await admin.api.put(`/meetings/${source.id}/agenda-items`, {
      agendaItems: [{ title: 'Only item', keyName: 'free_activity', duration: 7 }],
    });
    const [held] = await sessionsOf(admin, source.id);
    await admin.api.patch(`/sessions/${held!.id}`, { note: 'history' });

    const clone = await create(admin, { operation: 'clone', sourceMeetingId: source.id, title: 'Copy' });
    expect(clone).toMatchObject({ title: 'Copy', shareWithIds: [member.userId], duration: 7 });
    expect((await sessionsOf(admin, clone.id)).every((s) => s.note === null)).toBe(true);
  });

  it('answers the spec’s required fields with per-field messages', async () => {
    const admin = await signUp(app);
    const answer = await admin.api.post('/meetings', { operation: 'create' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      title: 'This field is required',
      sharepointUrl: 'This field is required',
      startDate: 'This field is required',
      startTime: 'This field is required',
      repeatEvery: expect.any(String),
    });
    const noUnit = await admin.api.post('/meetings', newMeeting({ repeatType: null, repeatEvery: 2 }));
    expect(noUnit.body.errors).toEqual({ repeatType: 'This field is required' });
    const badTime = await admin.api.post('/meetings', newMeeting({ startTime: '9am' }));
    expect(badTime.body.errors).toEqual({ startTime: 'Enter a time as HH:mm' });
  });

  it('refuses people who are not members of the workspace', async () => {
    const admin = await signUp(app);
    const stranger = await signUp(app);
    const answer = await admin.api.post('/meetings', newMeeting({ members: [stranger.userId] }));
    // Someone of another workspace is a foreign id (docs/decisions/023).
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 'fail', message: messages.notFound });
  });
});

describe('who sees and changes a meeting', () => {
  it('lists a member’s meetings; admins list all; others do not see it', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const outsider = await joinWorkspace(app, admin);
    const shared = await create(admin, { title: 'b shared', members: [member.userId] });
    await create(admin, { title: 'A private' });

    expect((await member.api.get<MeetingPage>('/meetings')).body.result.items.map((m) => m.title)).toEqual([
      'b shared',
    ]);
    expect((await outsider.api.get<MeetingPage>('/meetings')).body.result).toEqual({
      items: [],
      people: {},
      total: 0,
      offset: 0,
    });
    expect((await outsider.api.get(`/meetings/${shared.id}`)).status).toBe(404);
    expect((await outsider.api.get('/admin/meetings')).status).toBe(403);
    expect((await admin.api.get<MeetingPage>('/admin/meetings')).body.result.items.map((m) => m.title)).toEqual([
      'A private',
      'b shared',
    ]);
    const member_view = (await member.api.get<Meeting>(`/meetings/${shared.id}`)).body.result;
    expect(member_view.permissions).toEqual({ canEdit: false, isParticipant: true, isLeader: false });
  });

  it('names each person of a page once, by id, whatever the number of meetings they are in', async () => {
    const admin = await signUp(app, { firstName: 'Ada' });
    const member = await joinWorkspace(app, admin);
    await create(admin, { title: 'one', members: [member.userId] });
    await create(admin, { title: 'two', administrators: [member.userId], members: [admin.userId] });

    const page = (await admin.api.get<MeetingPage>('/meetings')).body.result;
    expect(page.items.map((m) => [m.title, m.administratorIds, m.shareWithIds])).toEqual([
      ['one', [admin.userId], [member.userId]],
      ['two', [member.userId], [admin.userId]],
    ]);
    for (const item of page.items) expect(item).not.toHaveProperty('administrators');
    expect(Object.keys(page.people).sort()).toEqual([admin.userId, member.userId].sort());
    expect(page.people[admin.userId]).toMatchObject({ id: admin.userId, firstName: 'Ada', deleted: false });
  });

  it('filters the list by type', async () => {
    const admin = await signUp(app);
    await create(admin, { title: 'Client', type: 'account' });
    await create(admin, { title: 'Team', type: 'team' });
    const accounts = await admin.api.get<MeetingPage>('/meetings?type=account');
    expect(accounts.body.result.items.map((m) => m.title)).toEqual(['Client']);
    const notAccounts = await admin.api.get<MeetingPage>('/meetings?kind=meetings');
    expect(notAccounts.body.result.items.map((m) => m.title)).toEqual(['Team']);
    expect((await admin.api.get<MeetingPage>('/meetings?kind=accounts')).body.result.total).toBe(1);
  });

  it('pages the list on the server by title, either way, and searches titles', async () => {
    const admin = await signUp(app);
    const titles = Array.from({ length: 30 }, (_, i) => `Meeting ${String(i).padStart(2, '0')}`);
    for (const title of titles) await create(admin, { title });
    await create(admin, { title: '100% sure_thing' });
    const page = async (query: string) => (await admin.api.get<MeetingPage>(`/meetings?${query}`)).body.result;

    const first = await page('kind=meetings');
    expect(first.total).toBe(31);
    expect(first.items).toHaveLength(25);
    const second = await page('kind=meetings&offset=25');
    expect([...first.items, ...second.items].map((m) => m.title)).toEqual(['100% sure_thing', ...titles]);
    const backwards = await page('kind=meetings&sort=desc&limit=3');
    expect(backwards.items.map((m) => m.title)).toEqual(['Meeting 29', 'Meeting 28', 'Meeting 27']);
    // LIKE's wildcards are taken literally.
    expect((await page('search=%25')).items.map((m) => m.title)).toEqual(['100% sure_thing']);
    expect((await page('search=meeting%202')).total).toBe(10);
    expect(await page('offset=500')).toEqual({ items: [], people: {}, total: 31, offset: 500 });
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'sort=up', `search=${'x'.repeat(101)}`]) {
      expect((await admin.api.get(`/meetings?${query}`)).status, query).toBe(400);
    }
  });

  it('gives the sidebar the caller’s own meetings, even an admin’s, with their colours', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    await create(admin, { title: 'Theirs', administrators: [member.userId], members: [] });
    await create(admin, { title: 'Mine', color: '#228be6' });
    const all = (await admin.api.get<{ title: string }[]>('/meetings/simple')).body.result;
    const mine = (await admin.api.get<{ title: string; color: string | null }[]>('/meetings/simple?mine=true')).body
      .result;
    expect(all.map((m) => m.title).sort()).toEqual(['Mine', 'Theirs']);
    expect(mine.map((m) => [m.title, m.color])).toEqual([['Mine', '#228be6']]);
  });

  it('lets leaders and workspace admins edit and delete; members get 403', async () => {
    const admin = await signUp(app);
    const leader = await joinWorkspace(app, admin);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(leader, { administrators: [leader.userId], members: [member.userId] });

    expect((await member.api.patch(`/meetings/${meeting.id}`, { title: 'Nope' })).status).toBe(403);
    expect((await member.api.delete(`/meetings/${meeting.id}`)).status).toBe(403);
    const renamed = await leader.api.patch<Meeting>(`/meetings/${meeting.id}`, { title: 'Renamed' });
    expect(renamed.body.result.title).toBe('Renamed');
    const byAdmin = await admin.api.patch<Meeting>(`/meetings/${meeting.id}`, { color: '#ff0000' });
    expect(byAdmin.body.result.color).toBe('#ff0000');
    expect((await admin.api.delete(`/meetings/${meeting.id}`)).status).toBe(200);
    expect((await leader.api.get(`/meetings/${meeting.id}`)).status).toBe(404);
  });

  it('requires leaders and members when the form sends them, and reorders them', async () => {
    const admin = await signUp(app);
    const one = await joinWorkspace(app, admin);
    const two = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [one.userId, two.userId] });
    const empty = await admin.api.patch(`/meetings/${meeting.id}`, { administrators: [], members: [] });
    expect(empty.body.errors).toEqual({
      administrators: 'You need to add at least one entity',
      members: 'You need to add at least one entity',
    });
    const reordered = await admin.api.patch<Meeting>(`/meetings/${meeting.id}`, { members: [two.userId, one.userId] });
    expect(reordered.body.result.shareWithIds).toEqual([two.userId, one.userId]);
  });

  it('answers 404 for another workspace’s meeting ids and changes nothing', async () => {
    const owner = await signUp(app);
    const intruder = await signUp(app);
    const meeting = await create(owner);
    const [session] = await sessionsOf(owner, meeting.id);
    const calls = [
      intruder.api.get(`/meetings/${meeting.id}`),
      intruder.api.patch(`/meetings/${meeting.id}`, { title: 'Hacked' }),
      intruder.api.delete(`/meetings/${meeting.id}`),
      intruder.api.get(`/meetings/${meeting.id}/agenda-items`),
      intruder.api.put(`/meetings/${meeting.id}/agenda-items`, { agendaItems: [] }),
      intruder.api.patch(`/meetings/${meeting.id}/folder`, { folderId: null }),
      intruder.api.get(`/meetings/${meeting.id}/sessions`),
      intruder.api.get(`/meetings/${meeting.id}/archives`),
      intruder.api.patch(`/sessions/${session!.id}`, { note: 'x' }),
      intruder.api.delete(`/sessions/${session!.id}`),
      intruder.api.get(`/sessions/${session!.id}/last-and-next`),
      intruder.api.post(`/meetings/${meeting.id}/file-folders`, { name: 'x' }),
      intruder.api.post(`/meetings/${meeting.id}/files`, { files: [{ name: 'x', externalLink: 'x.io' }] }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    const [row] = await app.database.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.title).toBe('Leadership L10');
    expect((await sessionsOf(owner, meeting.id)).find((s) => s.id === session!.id)?.note).toBeNull();
  });
});
