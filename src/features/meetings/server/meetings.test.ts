import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { meetings, sessions as sessionsTable, shortcutFiles } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import type { AgendaItem, Meeting, MeetingPage, Session } from '../meetings.schemas.ts';
import { extendSessionHorizons } from './sessions.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const newMeeting = (overrides: Record<string, unknown> = {}) => ({
  title: 'Leadership L10',
  sharepointUrl: 'meet.example.com/l10',
  operation: 'create',
  repeatType: 'weeks',
  repeatEvery: 1,
  startDate: '2026-01-05',
  startTime: '09:00',
  timezone: 'America/New_York',
  type: 'meeting',
  ...overrides,
});

const create = async (who: SignedUp, overrides: Record<string, unknown> = {}) => {
  const answer = await who.api.post<Meeting>('/meetings', newMeeting(overrides));
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

const sessionsOf = async (who: SignedUp, id: string, range = '') =>
  (await who.api.get<Session[]>(`/meetings/${id}/sessions${range}`)).body.result;

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

describe('agenda', () => {
  it('saves the agenda in order, keeps Meeting Scores last, and recomputes the duration', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const saved = await admin.api.put<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`, {
      agenda_items: [
        { title: 'Meeting Scores', key_name: 'conclusion', duration: 5 },
        { title: 'Check-in', key_name: 'free_activity', duration: 10, checked: '1' },
        { title: 'Skipped', key_name: 'free_activity', duration: 30, checked: '0' },
        { title: 'Dashboard', key_name: 'external_url', embed_url: 'grafana.example.com/d/1' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.map((a) => [a.title, a.sort, a.checked])).toEqual([
      ['Check-in', 0, true],
      ['Skipped', 1, false],
      ['Dashboard', 2, true],
      ['Meeting Scores', 3, true],
    ]);
    expect(saved.body.result[2]!.embedUrl).toBe('https://grafana.example.com/d/1');
    expect((await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.duration).toBe(20);
  });

  it('is saved by leaders only', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [member.userId] });
    const answer = await member.api.put(`/meetings/${meeting.id}/agenda-items`, { agendaItems: [] });
    expect(answer.status).toBe(403);
  });
});

describe('Meeting Board from the agenda form (decision 056)', () => {
  type Named = { id: string; name: string };
  const boardsOf = async (who: SignedUp, meetingId: string) =>
    (await who.api.get<Named[]>(`/meetings/${meetingId}/boards`)).body.result.map((b) => b.name).sort();
  const boardItem = (title: string, newBoardName: string) => ({
    title,
    keyName: 'accountability_board',
    duration: 10,
    newBoardName,
  });

  it('makes the board only when the agenda is saved, with To Do, Doing and Done, and links the step to it', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const before = await boardsOf(admin, meeting.id);
    const saved = await admin.api.put<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`, {
      agenda_items: [boardItem('Launch review', 'Launch board'), { title: 'Meeting Scores', key_name: 'conclusion' }],
    });
    expect(saved.status).toBe(200);
    const step = saved.body.result[0]!;
    expect(step.keyName).toBe('accountability_board');
    expect(step.boardId).toEqual(expect.any(String));
    expect(await boardsOf(admin, meeting.id)).toEqual([...before, 'Launch board'].sort());
    const lists = (await admin.api.get<Named[]>(`/boards/${step.boardId}/task-types`)).body.result;
    expect(lists.map((l) => l.name)).toEqual(['To Do', 'Doing', 'Done']);
    // Saving the same agenda again keeps that board and makes no second one.
    const again = await admin.api.put<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: saved.body.result.map(({ id, title, keyName, boardId }) => ({ id, title, keyName, boardId })),
    });
    expect(again.body.result[0]!.boardId).toBe(step.boardId);
    expect(await boardsOf(admin, meeting.id)).toEqual([...before, 'Launch board'].sort());
  });

  it('makes nothing when the save fails, when a member tries, or from another workspace', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [member.userId] });
    const before = await boardsOf(admin, meeting.id);
    const agendaBefore = (await admin.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    // The second board's name is empty once cleaned: the first board, already written, goes too.
    const failed = await admin.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [boardItem('First', 'First board'), boardItem('Second', '<b></b>')],
    });
    expect(failed.status).toBe(400);
    expect(failed.body.errors).toEqual({ 'agendaItems.1.newBoardName': messages.required });
    const empty = await admin.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [boardItem('First', '  ')],
    });
    expect(empty.status).toBe(400);
    const byMember = await member.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [boardItem('Mine', 'Member board')],
    });
    expect(byMember.status).toBe(403);
    const intruder = await signUp(app);
    const foreign = await intruder.api.put(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: [boardItem('Theirs', 'Intruder board')],
    });
    expect(foreign.status).toBe(404);
    expect(await boardsOf(admin, meeting.id)).toEqual(before);
    expect((await admin.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result).toEqual(
      agendaBefore,
    );
  });
});

describe('My Meetings folders', () => {
  it('creates, renames, opens and deletes folders and moves meetings in and out', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const folder = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Weekly' })).body.result;
    const other = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Other' })).body.result;
    expect((await admin.api.post('/meeting-folders', { name: '' })).body.errors).toEqual({
      name: 'This field is required',
    });

    await admin.api.patch(`/meetings/${meeting.id}/folder`, { folderId: folder.id });
    const moved = await admin.api.patch<Meeting>(`/meetings/${meeting.id}/folder`, { folder_id: other.id });
    expect(moved.body.result.folderId).toBe(other.id);
    let list = (await admin.api.get<{ id: string; meetingIds: string[] }[]>('/meeting-folders')).body.result;
    expect(list.find((f) => f.id === folder.id)?.meetingIds).toEqual([]);
    expect(list.find((f) => f.id === other.id)?.meetingIds).toEqual([meeting.id]);

    await admin.api.patch(`/meeting-folders/${other.id}`, { name: 'Renamed', open: false });
    await admin.api.patch(`/meetings/${meeting.id}/folder`, { folderId: null });
    list = (
      await admin.api.get<{ id: string; name: string; open: boolean; meetingIds: string[] }[]>('/meeting-folders')
    ).body.result;
    expect(list.find((f) => f.id === other.id)).toMatchObject({ name: 'Renamed', open: false, meetingIds: [] });

    expect((await admin.api.delete(`/meeting-folders/${folder.id}`)).status).toBe(200);
    expect((await admin.api.get<unknown[]>('/meeting-folders')).body.result).toHaveLength(1);
  });

  it('keeps folders to their owner: another person gets 404', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const meeting = await create(admin, { members: [member.userId] });
    const folder = (await admin.api.post<{ id: string }>('/meeting-folders', { name: 'Mine' })).body.result;
    expect((await member.api.patch(`/meetings/${meeting.id}/folder`, { folderId: folder.id })).status).toBe(404);
    expect((await member.api.patch(`/meeting-folders/${folder.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await member.api.delete(`/meeting-folders/${folder.id}`)).status).toBe(404);
  });
});

describe('Meeting Shortcuts (Team Files)', () => {
  it('makes folders and subfolders, refuses a duplicate name, and keeps files in them', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const base = `/meetings/${meeting.id}`;
    const docs = (await admin.api.post<{ id: string }>(`${base}/file-folders`, { name: 'Docs' })).body.result;
    const duplicate = await admin.api.post(`${base}/file-folders`, { name: 'Docs' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('The name already exists in the current directory');
    const sub = await admin.api.post<{ id: string; parentId: string }>(`${base}/file-folders`, {
      name: 'Docs',
      parent_id: docs.id,
    });
    expect(sub.status).toBe(201);

    const added = await admin.api.post<{ id: string; extension: string; externalLink: string }[]>(`${base}/files`, {
      files: [{ name: 'Plan', externalLink: 'drive.example.com/files/plan.PDF', description: 'Q3', folderId: docs.id }],
    });
    expect(added.body.result[0]).toMatchObject({
      extension: 'pdf',
      externalLink: 'https://drive.example.com/files/plan.PDF',
    });
    const contents = await admin.api.get<{ subFolders: unknown[]; files: unknown[] }>(
      `${base}/file-folders/${docs.id}`,
    );
    expect(contents.body.result.subFolders).toHaveLength(1);
    expect(contents.body.result.files).toHaveLength(1);

    const fileId = added.body.result[0]!.id;
    const renamed = await admin.api.patch<{ name: string }>(`${base}/files/${fileId}`, { name: 'Plan v2' });
    expect(renamed.body.result.name).toBe('Plan v2');
    expect((await admin.api.delete(`${base}/files/${fileId}`)).status).toBe(200);
    expect((await admin.api.get<{ files: unknown[] }>(`${base}/file-folders/${docs.id}`)).body.result.files).toEqual(
      [],
    );
  });
});

describe('Team Files folders: rename and delete', () => {
  it('renames a folder (409 on a sibling’s name), deletes it with its subfolders and files, and refuses foreign ids', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const other = await create(admin, { title: 'Other' });
    const base = `/meetings/${meeting.id}`;
    const folder = async (name: string, parentId?: string) =>
      (await admin.api.post<{ id: string }>(`${base}/file-folders`, { name, parentId })).body.result;
    const docs = await folder('Docs');
    await folder('Plans');
    const sub = await folder('Drafts', docs.id);
    await admin.api.post(`${base}/files`, {
      files: [{ name: 'Spec', externalLink: 'https://drive.example.com/spec.pdf', folderId: sub.id }],
    });

    const taken = await admin.api.patch(`${base}/file-folders/${docs.id}`, { name: 'Plans' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The name already exists in the current directory');
    expect((await admin.api.patch(`${base}/file-folders/${docs.id}`, { name: '  ' })).status).toBe(400);
    // The same name under another parent is not a clash.
    expect((await admin.api.patch(`${base}/file-folders/${sub.id}`, { name: 'Plans' })).status).toBe(200);
    const renamed = await admin.api.patch<{ name: string }>(`${base}/file-folders/${docs.id}`, { name: 'Documents' });
    expect(renamed.body.result).toMatchObject({ id: docs.id, name: 'Documents', parentId: null });

    // Another meeting's path or another workspace's caller: 404, nothing changed.
    expect((await admin.api.patch(`/meetings/${other.id}/file-folders/${docs.id}`, { name: 'X' })).status).toBe(404);
    expect((await admin.api.delete(`/meetings/${other.id}/file-folders/${docs.id}`)).status).toBe(404);
    const intruder = await signUp(app);
    expect((await intruder.api.patch(`${base}/file-folders/${docs.id}`, { name: 'X' })).status).toBe(404);
    expect((await intruder.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(404);
    const top = await admin.api.get<{ subFolders: { name: string }[] }>(`${base}/file-folders`);
    expect(top.body.result.subFolders.map((f) => f.name)).toEqual(['Documents', 'Plans']);

    expect((await admin.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(200);
    expect((await admin.api.get(`${base}/file-folders/${sub.id}`)).status).toBe(404);
    const after = await admin.api.get<{ subFolders: { name: string }[] }>(`${base}/file-folders`);
    expect(after.body.result.subFolders.map((f) => f.name)).toEqual(['Plans']);
    expect(await app.database.db.select().from(shortcutFiles).where(eq(shortcutFiles.meetingId, meeting.id))).toEqual(
      [],
    );
    expect((await admin.api.delete(`${base}/file-folders/${docs.id}`)).status).toBe(404);
  });
});

describe('meeting type and agenda descriptions', () => {
  it('turns a meeting into a team meeting and back, never into or out of an account', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const team = await admin.api.patch<Meeting>(`/meetings/${meeting.id}`, { type: 'team' });
    expect(team.body.result.type).toBe('team');
    const listed = await admin.api.get<MeetingPage>('/meetings?kind=meetings');
    expect(listed.body.result.items.map((m) => m.id)).toContain(meeting.id);
    const refused = await admin.api.patch(`/meetings/${meeting.id}`, { type: 'account' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ type: messages.meetingTypeAccountFixed });
    expect((await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.type).toBe('team');
    const account = await create(admin, { title: 'Acme', type: 'account' });
    expect((await admin.api.patch(`/meetings/${account.id}`, { type: 'meeting' })).status).toBe(400);
  });

  it('keeps an agenda item’s rich-text description with its formatting and without anything that runs', async () => {
    const admin = await signUp(app);
    const meeting = await create(admin);
    const agenda = (await admin.api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`)).body.result;
    const described =
      '<p>Read <strong>every</strong> <a href="javascript:alert(1)">one</a></p><script>alert(1)</script>';
    const saved = await admin.api.put<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`, {
      agendaItems: agenda.map((item, index) => (index === 0 ? { ...item, description: described } : item)),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const kept = saved.body.result[0]!.description!;
    expect(kept).toMatch(/^<p>Read <strong>every<\/strong> <a[^>]*>one<\/a><\/p>$/);
    expect(kept).not.toMatch(/javascript|script|href/);
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
