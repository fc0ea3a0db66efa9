import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  joinWorkspace,
  lastMailTo,
  mailsTo,
  meetingNow,
  type SignedUp,
  signUp,
  startLive,
} from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { cascadingMessages, tasks } from '../../../db/schema/index.ts';
import { addDays } from '../../../shared/dates.ts';
import type { Meeting } from '../../meetings/meetings.schemas.ts';
import type { NotificationPage } from '../../notifications/notifications.schemas.ts';
import type { Group } from '../../people/people.schemas.ts';
import type { Card, Task } from '../../tasks/tasks.schemas.ts';
import { liveMessages } from '../live.messages.ts';
import { CASCADING_TEXT_MAX, type CascadingMessage, type MeetingArchive, type RecapItems } from '../live.schemas.ts';

// The meeting's conclude (decision 081): the Recap step reads back the to-dos made or
// re-assigned in the session and the headlines turned into issues; cascading messages are
// captured in the room, sent to their audience when the meeting is finished, and kept in the
// archive with the issues dropped to the backburner and the goals whose status changed.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const todayUtc = () => new Date().toISOString().slice(0, 10);

const item = async (person: SignedUp, meeting: Meeting, fields: Record<string, unknown>) => {
  const answer = await person.api.post<Task>('/tasks', {
    userId: person.userId,
    type: '4',
    meetingIds: [meeting.id],
    ...fields,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.result;
};

const recap = async (person: SignedUp, sessionId: string) => {
  const answer = await person.api.get<RecapItems>(`/sessions/${sessionId}/recap-items`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

const team = async () => {
  const leader = await signUp(app, { firstName: 'Lea' });
  const member = await joinWorkspace(app, leader, { firstName: 'Max' });
  const outsider = await joinWorkspace(app, leader, { firstName: 'Otto' });
  const meeting = await meetingNow(leader, [member.userId]);
  return { leader, member, outsider, meeting };
};

const messagesOf = async (person: SignedUp, sessionId: string) =>
  (await person.api.get<CascadingMessage[]>(`/sessions/${sessionId}/cascading-messages`)).body.result;

const notificationsOf = async (person: SignedUp) =>
  (await person.api.get<NotificationPage>('/notifications')).body.result.items;

describe('the Recap step', () => {
  it('lists the to-dos made or re-assigned in this session and the headlines turned into issues, no others', async () => {
    const { leader, member, outsider, meeting } = await team();
    const other = await meetingNow(leader, [member.userId], 'Other meeting');
    const old = await item(leader, meeting, { title: 'Old, re-assigned' });
    const untouched = await item(leader, meeting, { title: 'Old, untouched' });
    const headline = await item(member, meeting, { title: 'Acme signed', type: '3' });
    const quietHeadline = await item(member, meeting, { title: 'Quiet headline', type: '3' });
    const sessionId = await startLive(leader, meeting.id);
    expect(await recap(member, sessionId)).toEqual({ todos: [], headlineIssues: [] });

    const due = addDays(todayUtc(), 7);
    const made = await item(leader, meeting, { title: 'Call the bank', userId: member.userId, dueDate: due });
    await item(leader, other, { title: 'Another meeting’s to-do' });
    expect((await leader.api.patch(`/tasks/${old.id}`, { userId: member.userId })).status).toBe(200);
    // Changing something else than the owner is not a re-assignment.
    expect((await leader.api.patch(`/tasks/${untouched.id}`, { title: 'Old, renamed' })).status).toBe(200);
    const converted = await leader.api.post<Card>(`/sessions/${sessionId}/headlines/${headline.id}/convert`, {
      type: '2',
    });
    expect(converted.status).toBe(200);
    await item(leader, meeting, { title: 'A plain new issue', type: '2' });

    const listed = await recap(member, sessionId);
    expect(listed.todos.map((todo) => [todo.title, todo.ownerName, todo.dueDate, todo.reassigned])).toEqual([
      ['Call the bank', 'Max Person', due, false],
      ['Old, re-assigned', 'Max Person', null, true],
    ]);
    expect(made.id).toBe(listed.todos[0]!.id);
    expect(listed.headlineIssues.map((issue) => [issue.title, issue.headlineTitle])).toEqual([
      ['Acme signed', 'Acme signed'],
    ]);
    expect(listed.headlineIssues.map((issue) => issue.id)).not.toContain(quietHeadline.id);

    // Outside the meeting and another workspace: 404.
    expect((await outsider.api.get(`/sessions/${sessionId}/recap-items`)).status).toBe(404);
    const stranger = await signUp(app);
    expect((await stranger.api.get(`/sessions/${sessionId}/recap-items`)).status).toBe(404);
    expect((await leader.api.get('/sessions/not-a-uuid/recap-items')).status).toBe(404);
  }, 60_000);
});

describe('cascading messages', () => {
  it('are added, changed and removed by whoever runs the meeting, checked, and live only in the meeting’s room', async () => {
    const { leader, member, outsider, meeting } = await team();
    const sales = await meetingNow(leader, [outsider.userId], 'Sales weekly');
    const group = await leader.api.post<Group>('/groups', { name: 'Warehouse', userIds: [outsider.userId] });
    expect(group.status).toBe(201);
    const sessionId = await startLive(leader, meeting.id);
    const url = `/sessions/${sessionId}/cascading-messages`;

    const watcher = await connect(baseUrl, member.token);
    const bystander = await connect(baseUrl, outsider.token);
    expect(await watcher.socket.emitWithAck('meeting:join', meeting.id)).toEqual({ ok: true });
    expect(await bystander.socket.emitWithAck('meeting:join', meeting.id)).not.toEqual({ ok: true });

    const bad: Record<string, unknown>[] = [
      {},
      { text: '   ', audience: 'everyone' },
      { text: 'No audience' },
      { text: 'Unknown audience', audience: 'planet' },
      { text: 'A meeting, but which?', audience: 'meeting' },
      { text: 'A group, but which?', audience: 'group' },
      { text: 'x'.repeat(CASCADING_TEXT_MAX + 1), audience: 'everyone' },
      { text: 'Nul \u0000 byte', audience: 'everyone' },
      { text: 'Bad id', audience: 'group', audienceGroupId: 'nope' },
      { text: 42, audience: 'everyone' },
    ];
    for (const body of bad) {
      const answer = await leader.api.post(url, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ status: 'fail' });
    }

    // Another workspace's meeting and group: 404, nothing stored.
    const stranger = await signUp(app);
    const theirMeeting = await meetingNow(stranger, []);
    const theirGroup = await stranger.api.post<Group>('/groups', { name: 'Theirs' });
    for (const body of [
      { text: 'To them', audience: 'meeting', audienceMeetingId: theirMeeting.id },
      { text: 'To them', audience: 'group', audienceGroupId: theirGroup.body.result.id },
    ]) {
      expect((await leader.api.post(url, body)).status).toBe(404);
    }
    // A member does not run the meeting; someone outside it and another workspace do not see it.
    expect((await member.api.post(url, { text: 'Mine', audience: 'everyone' })).status).toBe(403);
    expect((await outsider.api.post(url, { text: 'Mine', audience: 'everyone' })).status).toBe(404);
    expect((await stranger.api.post(url, { text: 'Mine', audience: 'everyone' })).status).toBe(404);
    expect((await stranger.api.get(url)).status).toBe(404);
    expect(await messagesOf(leader, sessionId)).toEqual([]);

    const toSales = await leader.api.post<CascadingMessage>(url, {
      text: 'Prices go up in March',
      audience: 'meeting',
      audience_meeting_id: sales.id,
      // An id the audience does not use is not kept.
      audienceGroupId: group.body.result.id,
    });
    expect(toSales.status, JSON.stringify(toSales.body)).toBe(201);
    expect(toSales.body.result).toMatchObject({
      text: 'Prices go up in March',
      audience: 'meeting',
      audienceMeetingId: sales.id,
      audienceGroupId: null,
      audienceName: 'Sales weekly',
      sentAt: null,
      changedBy: leader.userId,
    });
    const toGroup = await leader.api.post<CascadingMessage>(url, {
      text: '  New shift plan  ',
      audience: 'group',
      audienceGroupId: group.body.result.id,
    });
    expect(toGroup.body.result).toMatchObject({ text: 'New shift plan', audienceName: 'Warehouse' });
    const toAll = await leader.api.post<CascadingMessage>(url, { text: 'Office closed Friday', audience: 'everyone' });
    expect(toAll.status).toBe(201);
    await eventually(() => watcher.received.some((m) => m.type === 'live.cascading.changed'));
    expect(watcher.received.find((m) => m.type === 'live.cascading.changed')?.data).toEqual({
      sessionId,
      meetingId: meeting.id,
    });

    // Everyone in the room reads them, in order.
    expect((await messagesOf(member, sessionId)).map((m) => m.text)).toEqual([
      'Prices go up in March',
      'New shift plan',
      'Office closed Friday',
    ]);

    // Changed: text and audience; bad input and foreign ids change nothing.
    const one = `${url}/${toAll.body.result.id}`;
    const changed = await leader.api.put<CascadingMessage>(one, {
      text: 'Office closed Friday afternoon',
      audience: 'group',
      audienceGroupId: group.body.result.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.result).toMatchObject({ audience: 'group', audienceName: 'Warehouse' });
    expect((await leader.api.put(one, { text: '', audience: 'everyone' })).status).toBe(400);
    expect(
      (await leader.api.put(one, { text: 'x', audience: 'group', audienceGroupId: theirGroup.body.result.id })).status,
    ).toBe(404);
    expect((await member.api.put(one, { text: 'Mine now', audience: 'everyone' })).status).toBe(403);
    expect((await stranger.api.put(one, { text: 'Mine now', audience: 'everyone' })).status).toBe(404);
    expect((await stranger.api.delete(one)).status).toBe(404);
    // A message id of another session (another workspace's) in the path: 404.
    const theirSession = await startLive(stranger, theirMeeting.id);
    const theirs = await stranger.api.post<CascadingMessage>(`/sessions/${theirSession}/cascading-messages`, {
      text: 'Their message',
      audience: 'everyone',
    });
    expect(
      (await leader.api.put(`${url}/${theirs.body.result.id}`, { text: 'Hijacked', audience: 'everyone' })).status,
    ).toBe(404);
    expect((await leader.api.delete(`${url}/${theirs.body.result.id}`)).status).toBe(404);
    expect((await messagesOf(stranger, theirSession)).map((m) => m.text)).toEqual(['Their message']);
    const kept = await messagesOf(leader, sessionId);
    expect(kept.find((m) => m.id === toAll.body.result.id)).toMatchObject({
      text: 'Office closed Friday afternoon',
      audience: 'group',
    });

    // Removed.
    expect((await member.api.delete(`${url}/${toGroup.body.result.id}`)).status).toBe(403);
    expect((await leader.api.delete(`${url}/${toGroup.body.result.id}`)).status).toBe(200);
    expect((await leader.api.delete(`${url}/${toGroup.body.result.id}`)).status).toBe(404);
    expect((await messagesOf(member, sessionId)).map((m) => m.text)).toEqual([
      'Prices go up in March',
      'Office closed Friday afternoon',
    ]);

    await settle();
    expect(bystander.received.map((m) => m.type)).not.toContain('live.cascading.changed');
    watcher.socket.close();
    bystander.socket.close();
  }, 90_000);

  it('are sent to their audience when the meeting is finished, and kept in the archive with its conclude', async () => {
    const { leader, member, outsider, meeting } = await team();
    const packer = await joinWorkspace(app, leader, { firstName: 'Pia' });
    const sales = await meetingNow(leader, [outsider.userId], 'Sales weekly');
    const group = (await leader.api.post<Group>('/groups', { name: 'Warehouse', userIds: [packer.userId] })).body
      .result;
    const goal = await item(leader, meeting, { title: 'Launch the beta', type: '1', dueDate: addDays(todayUtc(), 60) });
    const steadyGoal = await item(leader, meeting, {
      title: 'Steady goal',
      type: '1',
      dueDate: addDays(todayUtc(), 60),
    });
    const issue = await item(member, meeting, { title: 'Hiring is slow', type: '2' });
    const old = await item(leader, meeting, { title: 'Old to-do' });
    const headline = await item(member, meeting, { title: 'Acme signed', type: '3' });
    // Changed before the session: not the session's.
    await leader.api.patch(`/tasks/${steadyGoal.id}`, { status: '2' });
    const sessionId = await startLive(leader, meeting.id);
    await member.api.post(`/sessions/${sessionId}/join`);
    const url = `/sessions/${sessionId}/cascading-messages`;

    await leader.api.post(url, { text: 'Prices go up in March', audience: 'meeting', audienceMeetingId: sales.id });
    await leader.api.post(url, { text: 'New shift plan', audience: 'group', audienceGroupId: group.id });
    await leader.api.post(url, { text: 'Office closed Friday', audience: 'everyone' });
    expect((await leader.api.patch(`/tasks/${goal.id}`, { status: '2' })).status).toBe(200);
    expect((await leader.api.post(`/sessions/${sessionId}/issues/${issue.id}/backburner`)).status).toBe(200);
    await leader.api.patch(`/tasks/${old.id}`, { userId: member.userId });
    await leader.api.post(`/sessions/${sessionId}/headlines/${headline.id}/convert`, { type: '2' });
    await item(leader, meeting, { title: 'Made in the room', userId: member.userId });

    // Nothing is sent before the end.
    expect((await notificationsOf(outsider)).filter((n) => n.kind === 'cascadingMessage')).toEqual([]);

    expect((await leader.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);

    const texts = async (person: SignedUp) =>
      (await notificationsOf(person))
        .filter((n) => n.kind === 'cascadingMessage')
        .map((n) => n.message)
        .sort();
    const said = (text: string) => liveMessages.cascadingNotification('Room L10', text);
    // Sales' member gets the meeting's message and everyone's; the group's person theirs and everyone's.
    expect(await texts(outsider)).toEqual([said('Office closed Friday'), said('Prices go up in March')].sort());
    expect(await texts(packer)).toEqual([said('New shift plan'), said('Office closed Friday')].sort());
    expect(await texts(member)).toEqual([said('Office closed Friday')]);
    // The author is not told what they wrote.
    expect(await texts(leader)).toEqual([]);
    // Someone of the meeting is linked to its archive; others, who cannot open it, to their home.
    expect((await notificationsOf(member)).find((n) => n.kind === 'cascadingMessage')?.link).toBe(
      `/meeting-archives/${sessionId}`,
    );
    expect((await notificationsOf(packer)).find((n) => n.kind === 'cascadingMessage')?.link).toBe('/home');
    // With the e-mail copy their settings ask for.
    const packerMails = (await mailsTo(app, packer.email)).map((mail) => mail.text).join('\n');
    expect(packerMails).toContain('New shift plan');
    expect(packerMails).toContain('Office closed Friday');
    // Another workspace hears nothing.
    const stranger = await signUp(app);
    expect(await texts(stranger)).toEqual([]);

    const archive = (await member.api.get<MeetingArchive>(`/sessions/${sessionId}/archive/`)).body.result;
    expect(archive.cascadingMessages).toEqual([
      { text: 'Prices go up in March', audience: 'meeting', audienceName: 'Sales weekly', recipients: 2 },
      { text: 'New shift plan', audience: 'group', audienceName: 'Warehouse', recipients: 1 },
      { text: 'Office closed Friday', audience: 'everyone', audienceName: null, recipients: 4 },
    ]);
    const titles = (groups: MeetingArchive['todosCreated']) => groups.flatMap((g) => g.items.map((i) => i.title));
    expect(titles(archive.backburnerIssues)).toEqual(['Hiring is slow']);
    expect(archive.goalsChanged).toEqual([
      { id: goal.id, title: 'Launch the beta', fullName: 'Lea Person', status: '2' },
    ]);
    expect(titles(archive.todosReassigned)).toEqual(['Old to-do']);
    expect(titles(archive.headlineIssues)).toEqual(['Acme signed']);
    expect(titles(archive.todosCreated)).toEqual(['Made in the room']);

    // The recap mail lists them too.
    const mail = (await lastMailTo(app, member.email))!;
    expect(mail.subject).toContain('Recap');
    for (const line of [
      `${liveMessages.recapMailCascading}:`,
      `${liveMessages.cascadingTo('Sales weekly')}: Prices go up in March`,
      `${liveMessages.cascadingTo('Warehouse')}: New shift plan`,
      `${liveMessages.cascadingTo(liveMessages.cascadingEveryone)}: Office closed Friday`,
      `${liveMessages.archiveBackburner}:`,
      '  - Hiring is slow (Max Person)',
      `${liveMessages.archiveGoalsChanged}:`,
      '  - Launch the beta (Lea Person): Off Track',
      `${liveMessages.recapReassigned}:`,
      '  - Old to-do (Max Person)',
      `${liveMessages.archiveHeadlineIssues}:`,
      '  - Acme signed (Max Person)',
    ])
      expect(mail.text).toContain(line);

    // Sent: marked so, and no longer editable.
    const [stored] = await app.database.db
      .select()
      .from(cascadingMessages)
      .where(eq(cascadingMessages.sessionId, sessionId))
      .limit(1);
    expect(stored?.sentAt).not.toBeNull();
    expect((await leader.api.delete(`${url}/${stored!.id}`)).status).toBe(409);
  }, 90_000);

  it('of a cancelled meeting are dropped, never sent', async () => {
    const { leader, member, meeting } = await team();
    const sessionId = await startLive(leader, meeting.id);
    await leader.api.post(`/sessions/${sessionId}/cascading-messages`, { text: 'Never sent', audience: 'everyone' });
    expect((await leader.api.post(`/sessions/${sessionId}/finish`, { cancelled: true })).status).toBe(200);
    expect((await notificationsOf(member)).filter((n) => n.kind === 'cascadingMessage')).toEqual([]);
    const left = await app.database.db
      .select()
      .from(cascadingMessages)
      .where(eq(cascadingMessages.sessionId, sessionId));
    expect(left).toEqual([]);
  }, 60_000);
});

describe('when a card changed', () => {
  it('is kept per owner, type and status, whichever call changed it', async () => {
    const { leader, member, meeting } = await team();
    const card = await item(leader, meeting, { title: 'Tracked' });
    const read = async () => (await app.database.db.select().from(tasks).where(eq(tasks.id, card.id)))[0]!;
    expect(await read()).toMatchObject({ ownerChangedAt: null, typeChangedAt: null, statusChangedAt: null });
    await leader.api.patch(`/tasks/${card.id}/drop`, { fromUserId: leader.userId, toUserId: member.userId });
    const moved = await read();
    expect(moved.userId).toBe(member.userId);
    expect(moved.ownerChangedAt).not.toBeNull();
    expect(moved.statusChangedAt).toBeNull();
    await leader.api.patch(`/tasks/${card.id}`, { status: '1' });
    expect((await read()).statusChangedAt).not.toBeNull();
  });
});
