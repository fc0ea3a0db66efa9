import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMeeting,
  joinWorkspace,
  meetingNow,
  type SignedUp,
  signUp,
  startLive,
} from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';
import { connectSlack, startSlackServer } from '../../../../test/slack.ts';
import type { SlackStandin } from '../../../../test/slack-standin.ts';
import { slackMeetingChannels } from '../../../db/schema/index.ts';
import { slackMessages } from '../slack.messages.ts';
import type { MeetingSlack, SlackChannelPage } from '../slack.schemas.ts';

let standin: SlackStandin;
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ standin, app, close } = await startSlackServer());
});
afterAll(() => close());

/** `person` has a Slack account with the same e-mail. */
const inSlack = (person: SignedUp) => standin.addUser(person.email);

const sent = async () => {
  await app.slack.relay!.idle();
  return standin.posted;
};

const channel = (name: string, extra: { isMember?: boolean } = {}) => {
  const id = `C${name.toUpperCase().replace(/[^A-Z0-9]/g, '')}${String(standin.channels.length).padStart(4, '0')}`;
  standin.channels.push({ id, name, ...extra });
  return id;
};

describe('Slack direct messages', () => {
  it('sends each notification as a DM to people who turned Slack notifications on, and to no one else', async () => {
    const admin = await signUp(app);
    await connectSlack(app, admin, standin);
    const on = await joinWorkspace(app, admin, { firstName: 'Olive' });
    const off = await joinWorkspace(app, admin, { firstName: 'Otto' });
    const unknown = await joinWorkspace(app, admin, { firstName: 'Una' });
    const onId = inSlack(on);
    const offId = inSlack(off);
    // On a server with Slack the settings page offers the switch.
    expect((await on.api.get<{ slackAvailable: boolean }>('/self/notifications')).body.result.slackAvailable).toBe(
      true,
    );
    expect((await off.api.patch('/self/notifications', { enable_slack_notification: false })).status).toBe(200);
    const meeting = await createMeeting(admin, [on.userId, off.userId, unknown.userId]);
    const before = (await sent()).length;
    for (const person of [on, off, unknown]) {
      const task = await admin.api.post('/tasks', {
        title: 'Costs > 5k & rising',
        type: '4',
        userId: person.userId,
        meetingIds: [meeting.id],
      });
      expect(task.status).toBe(201);
    }
    const posted = (await sent()).slice(before);
    expect(posted.map((m) => m.channel)).toEqual([onId]);
    expect(posted[0]!.text).toContain('Costs &gt; 5k &amp; rising');
    expect(posted[0]!.text).toContain('<http://cadence.test/home/');
    expect(posted[0]!.text).toContain(`|${slackMessages.slackOpenInCadence}>`);
    expect(posted.some((m) => m.channel === offId)).toBe(false);
  });

  it('sends nothing for a workspace that is not connected, nor after disconnecting', async () => {
    const admin = await signUp(app);
    const person = await joinWorkspace(app, admin);
    inSlack(person);
    const meeting = await createMeeting(admin, [person.userId]);
    const before = (await sent()).length;
    await admin.api.post('/tasks', {
      title: 'Not connected yet',
      type: '4',
      userId: person.userId,
      meetingIds: [meeting.id],
    });
    await connectSlack(app, admin, standin);
    await admin.api.delete('/slack');
    await admin.api.post('/tasks', {
      title: 'Disconnected',
      type: '4',
      userId: person.userId,
      meetingIds: [meeting.id],
    });
    expect((await sent()).length).toBe(before);
  });
});

describe('Slack meeting recap', () => {
  it('lists channels page by page, sets the recap channel, and posts the recap when a session is archived', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin, { firstName: 'Mia' });
    await connectSlack(app, admin, standin);
    const meeting = await meetingNow(admin, [member.userId], 'Weekly <Sync>');
    // More channels than one page: the picker pages with Slack's cursor.
    for (let i = 0; i < 205; i++) channel(`extra-${i}`);
    const recaps = channel('leadership-recaps');
    const first = await admin.api.get<SlackChannelPage>(`/meetings/${meeting.id}/slack/channels`);
    expect(first.status).toBe(200);
    expect(first.body.result.items.length).toBe(200);
    expect(first.body.result.nextCursor).toBeTruthy();
    const rest: SlackChannelPage['items'] = [];
    let cursor = first.body.result.nextCursor;
    while (cursor) {
      const page = await admin.api.get<SlackChannelPage>(
        `/meetings/${meeting.id}/slack/channels?cursor=${encodeURIComponent(cursor)}`,
      );
      rest.push(...page.body.result.items);
      cursor = page.body.result.nextCursor;
    }
    expect(rest.map((c) => c.id)).toContain(recaps);
    expect((await admin.api.get(`/meetings/${meeting.id}/slack/channels?cursor=bm9wZQ`)).status).toBe(400);

    // A member sees the setting but may not change it.
    const seen = await member.api.get<MeetingSlack>(`/meetings/${meeting.id}/slack`);
    expect(seen.body.result).toEqual({ configured: true, connected: true, channel: null, canManage: false });
    expect((await member.api.put(`/meetings/${meeting.id}/slack`, { channelId: recaps })).status).toBe(403);
    expect((await member.api.get(`/meetings/${meeting.id}/slack/channels`)).status).toBe(403);
    const unknownChannel = await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: 'C0NOSUCH' });
    expect(unknownChannel.status).toBe(400);
    expect((await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: 'general' })).status).toBe(400);
    const saved = await admin.api.put<MeetingSlack>(`/meetings/${meeting.id}/slack`, { channel_id: recaps });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({
      configured: true,
      connected: true,
      channel: { id: recaps, name: 'leadership-recaps' },
      canManage: true,
    });

    const sessionId = await startLive(admin, meeting.id);
    await member.api.post(`/sessions/${sessionId}/join`, {});
    const before = (await sent()).length;
    expect((await admin.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
    const posted = (await sent()).slice(before).filter((m) => m.channel === recaps);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toContain('Recap of Weekly &lt;Sync&gt;');
    expect(posted[0]!.text).toContain(
      `<http://cadence.test/meeting-archives/${sessionId}|${slackMessages.slackOpenArchive}>`,
    );

    // Stopping the recaps: the next session posts nothing.
    expect((await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: null })).body.result).toMatchObject({
      channel: null,
    });
    const again = await startLive(admin, meeting.id);
    const count = (await sent()).length;
    await admin.api.post(`/sessions/${again}/finish`, {});
    expect((await sent()).filter((m) => m.channel === recaps)).toHaveLength(1);
    expect((await sent()).length).toBeGreaterThanOrEqual(count);
  });

  it('posts no recap for a cancelled session', async () => {
    const admin = await signUp(app);
    await connectSlack(app, admin, standin);
    const meeting = await meetingNow(admin, [], 'Cancelled one');
    const id = channel('cancelled-recaps');
    await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: id });
    const sessionId = await startLive(admin, meeting.id);
    await admin.api.post(`/sessions/${sessionId}/finish`, { cancelled: true });
    expect((await sent()).filter((m) => m.channel === id)).toHaveLength(0);
  });

  it("answers 409 when the workspace is not connected, and 404 for another workspace's meeting, changing nothing", async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    expect((await admin.api.get<MeetingSlack>(`/meetings/${meeting.id}/slack`)).body.result).toEqual({
      configured: true,
      connected: false,
      channel: null,
      canManage: true,
    });
    const id = channel('not-connected');
    const refused = await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(slackMessages.slackNotConnected);

    await connectSlack(app, admin, standin);
    await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: id });
    const outsider = await signUp(app);
    await connectSlack(app, outsider, standin);
    const theirs = channel('theirs');
    for (const call of [
      outsider.api.get(`/meetings/${meeting.id}/slack`),
      outsider.api.get(`/meetings/${meeting.id}/slack/channels`),
      outsider.api.put(`/meetings/${meeting.id}/slack`, { channelId: theirs }),
      outsider.api.put(`/meetings/${meeting.id}/slack`, { channelId: null }),
    ])
      expect((await call).status).toBe(404);
    const [row] = await app.database.db
      .select()
      .from(slackMeetingChannels)
      .where(eq(slackMeetingChannels.meetingId, meeting.id));
    expect(row).toMatchObject({ channelId: id, tenantId: admin.tenantId });
  });

  it("tells the meeting's room of a new recap channel, and no socket without access", async () => {
    const admin = await signUp(app);
    const outsider = await signUp(app);
    await connectSlack(app, admin, standin);
    const meeting = await createMeeting(admin);
    const base = await listen(app);
    const mine = await connect(base, admin.token);
    const theirs = await connect(base, outsider.token);
    try {
      await new Promise((resolve) => mine.socket.emit('meeting:join', meeting.id, resolve));
      await new Promise((resolve) => theirs.socket.emit('meeting:join', meeting.id, resolve));
      await admin.api.put(`/meetings/${meeting.id}/slack`, { channelId: channel('room-check') });
      await eventually(() => mine.received.some((m) => m.type === 'slack.meetingChanged'));
      await settle();
      expect(theirs.received.some((m) => m.type.startsWith('slack.'))).toBe(false);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });
});
