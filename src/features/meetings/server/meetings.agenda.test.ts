import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, type SignedUp, signUp } from '../../../../test/factories.ts';
import { create } from '../../../../test/meetings-fixtures.ts';
import { messages } from '../../../shared/messages.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import type { AgendaItem, Meeting, MeetingPage } from '../meetings.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

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
    expect(refused.body.errors).toEqual({ type: meetingsMessages.meetingTypeAccountFixed });
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
