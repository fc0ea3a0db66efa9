import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { createMeeting, inviteAndAccept, joinWorkspace, signUp } from '../../../../test/factories.ts';
import { HOME_HIDDEN_MEETINGS_MAX } from '../../../shared/constants.ts';
import { settingsMessages } from '../settings.messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Settings = {
  widgets: { key: string; title: string; visible: boolean }[];
  googleCalendarEmbedUrl: string | null;
  hiddenMeetingIds: string[];
};

describe('self/settings', () => {
  it('starts with the four widgets visible, in the default order', async () => {
    const { api, userId } = await signUp(app);
    const answer = await api.get<Settings>('/self/settings');
    expect(answer.body.result).toMatchObject({
      userId,
      googleCalendarEmbedUrl: null,
      hiddenMeetingIds: [],
      widgets: [
        { key: 'calendar', title: 'Calendar', visible: true },
        { key: 'todos', title: "To Do's", visible: true },
        { key: 'goals', title: 'Goals', visible: true },
        { key: 'kpis', title: 'KPIs', visible: true },
      ],
    });
  });

  it('saves the order and visibility of the widgets and the calendar URL; empty clears it', async () => {
    const { api } = await signUp(app);
    const widgets = [
      { key: 'kpis', visible: true },
      { key: 'calendar', visible: false },
      { key: 'goals', visible: true },
      { key: 'todos', visible: true },
    ];
    const saved = await api.patch<Settings>('/self/settings', {
      widgets,
      google_calendar_embed_url: 'https://calendar.google.com/calendar/embed?src=team',
    });
    expect(saved.status).toBe(200);
    const again = await api.get<Settings>('/self/settings');
    expect(again.body.result.widgets.map((w) => [w.key, w.visible])).toEqual(widgets.map((w) => [w.key, w.visible]));
    expect(again.body.result.googleCalendarEmbedUrl).toBe('https://calendar.google.com/calendar/embed?src=team');

    const cleared = await api.patch<Settings>('/self/settings', { googleCalendarEmbedUrl: '' });
    expect(cleared.body.result.googleCalendarEmbedUrl).toBeNull();
    expect(cleared.body.result.widgets[0]!.key).toBe('kpis');
  });

  it('refuses a widget list with one missing or repeated, and a URL that is not https', async () => {
    const { api } = await signUp(app);
    const partial = await api.patch('/self/settings', { widgets: [{ key: 'kpis', visible: true }] });
    expect(partial.status).toBe(400);
    const notHttps = await api.patch('/self/settings', { googleCalendarEmbedUrl: 'javascript:alert(1)' });
    expect(notHttps.status).toBe(400);
    expect(notHttps.body.errors).toEqual({ googleCalendarEmbedUrl: 'Enter an address that starts with https://' });
    const notGoogle = await api.patch('/self/settings', {
      googleCalendarEmbedUrl: 'https://evil.example/calendar/embed?src=x',
    });
    expect(notGoogle.body.errors).toEqual({ googleCalendarEmbedUrl: settingsMessages.googleCalendarEmbedRequired });
    const settings = await api.get<Settings>('/self/settings');
    expect(settings.body.result.googleCalendarEmbedUrl).toBeNull();
  });

  it('refuses an unknown widget key (400, nothing stored)', async () => {
    const { api } = await signUp(app);
    const before = (await api.get<Settings>('/self/settings')).body.result;
    for (const widgets of [
      // One replaced by a key that is no widget.
      [
        { key: 'weather', visible: true },
        { key: 'calendar', visible: false },
        { key: 'goals', visible: true },
        { key: 'todos', visible: true },
      ],
      // All four, and one more.
      [
        { key: 'kpis', visible: false },
        { key: 'calendar', visible: true },
        { key: 'goals', visible: true },
        { key: 'todos', visible: true },
        { key: 'weather', visible: true },
      ],
    ]) {
      const refused = await api.patch('/self/settings', {
        widgets,
        googleCalendarEmbedUrl: 'https://calendar.google.com/calendar/embed?src=team',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.status).toBe('fail');
    }
    const after = (await api.get<Settings>('/self/settings')).body.result;
    expect(after).toEqual(before);
    expect(after.googleCalendarEmbedUrl).toBeNull();
  });

  it('keeps each user’s settings to themselves', async () => {
    const one = await signUp(app);
    const two = await signUp(app);
    const url = 'https://calendar.google.com/calendar/embed?src=one%40example.com';
    const saved = await one.api.patch<Settings>('/self/settings', {
      googleCalendarEmbedUrl: url,
      widgets: [
        { key: 'goals', visible: true },
        { key: 'kpis', visible: false },
        { key: 'calendar', visible: true },
        { key: 'todos', visible: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await one.api.get<Settings>('/self/settings')).body.result.googleCalendarEmbedUrl).toBe(url);
    const theirs = (await two.api.get<Settings>('/self/settings')).body.result;
    expect(theirs.googleCalendarEmbedUrl).toBeNull();
    expect(theirs.widgets.map((w) => [w.key, w.visible])).toEqual([
      ['calendar', true],
      ['todos', true],
      ['goals', true],
      ['kpis', true],
    ]);
  });
});

describe('self/settings: the meetings hidden on home (decision 069)', () => {
  it('saves the workspace’s hidden meetings (repeats once), keeps them through a widget change, and clears them', async () => {
    const ada = await signUp(app);
    const sales = await createMeeting(ada, [], { title: 'Sales' });
    const ops = await createMeeting(ada, [], { title: 'Ops' });
    const saved = await ada.api.patch<Settings>('/self/settings', { hiddenMeetingIds: [sales.id, ops.id, sales.id] });
    expect(saved.status).toBe(200);
    expect(new Set(saved.body.result.hiddenMeetingIds)).toEqual(new Set([sales.id, ops.id]));
    expect(saved.body.result.hiddenMeetingIds).toHaveLength(2);
    // The widgets' order changes; the hidden meetings stay, and never show inside the widgets.
    const reordered = await ada.api.patch<Settings>('/self/settings', {
      widgets: [
        { key: 'goals', visible: true },
        { key: 'todos', visible: false },
        { key: 'calendar', visible: true },
        { key: 'kpis', visible: true },
      ],
    });
    expect(reordered.status).toBe(200);
    const again = (await ada.api.get<Settings>('/self/settings')).body.result;
    expect(new Set(again.hiddenMeetingIds)).toEqual(new Set([sales.id, ops.id]));
    expect(again.widgets.map((w) => Object.keys(w).sort())).toEqual(
      Array.from({ length: 4 }, () => ['key', 'title', 'visible']),
    );
    expect(again.widgets.map((w) => [w.key, w.visible])).toEqual([
      ['goals', true],
      ['todos', false],
      ['calendar', true],
      ['kpis', true],
    ]);
    const cleared = await ada.api.patch<Settings>('/self/settings', { hiddenMeetingIds: [] });
    expect(cleared.body.result.hiddenMeetingIds).toEqual([]);
    expect((await ada.api.get<Settings>('/self/settings')).body.result.widgets[0]!.key).toBe('goals');
  });

  it('keeps a list per workspace: another workspace’s is neither shown nor replaced', async () => {
    const ada = await signUp(app);
    // Bea has a workspace of her own with a meeting, then joins Ada's and works there.
    const bea = await signUp(app);
    const beas = await createMeeting(bea, [], { title: 'Bea’s own' });
    await inviteAndAccept(ada, bea);
    const switchTo = async (tenantId: string) =>
      expect((await bea.api.post('/switch-tenant', { id: tenantId })).status).toBe(200);
    await switchTo(ada.tenantId);
    const adas = await createMeeting(ada, [bea.userId], { title: 'Ada’s' });
    const hiddenNow = async () => (await bea.api.get<Settings>('/self/settings')).body.result.hiddenMeetingIds;

    expect((await bea.api.patch('/self/settings', { hiddenMeetingIds: [adas.id] })).status).toBe(200);
    // Her own workspace's meeting is another workspace's from here.
    expect((await bea.api.patch('/self/settings', { hiddenMeetingIds: [beas.id] })).status).toBe(404);
    expect(await hiddenNow()).toEqual([adas.id]);

    await switchTo(bea.tenantId);
    expect(await hiddenNow()).toEqual([]);
    expect((await bea.api.patch('/self/settings', { hiddenMeetingIds: [beas.id] })).status).toBe(200);
    expect(await hiddenNow()).toEqual([beas.id]);
    await switchTo(ada.tenantId);
    expect(await hiddenNow()).toEqual([adas.id]);
  });

  it('refuses a malformed or too long list (400) and a meeting of another workspace or not the caller’s (404), storing nothing', async () => {
    const ada = await signUp(app);
    const bea = await joinWorkspace(app, ada);
    const shared = await createMeeting(ada, [bea.userId], { title: 'Shared' });
    const adasOnly = await createMeeting(ada, [], { title: 'Ada only' });
    expect((await bea.api.patch('/self/settings', { hiddenMeetingIds: [shared.id] })).status).toBe(200);
    const stranger = await signUp(app);
    const theirs = await createMeeting(stranger, [], { title: 'Theirs' });
    const tooMany = Array.from({ length: HOME_HIDDEN_MEETINGS_MAX + 1 }, () => randomUUID());
    for (const [hiddenMeetingIds, status] of [
      [['nope'], 400],
      ['not a list', 400],
      [[shared.id, 42], 400],
      [tooMany, 400],
      [[theirs.id], 404],
      [[shared.id, theirs.id], 404],
      [[randomUUID()], 404],
      // A meeting of the workspace Bea is not part of: as if it did not exist.
      [[adasOnly.id], 404],
    ] as const) {
      const refused = await bea.api.patch('/self/settings', {
        hiddenMeetingIds,
        googleCalendarEmbedUrl: 'https://calendar.google.com/calendar/embed?src=team',
      });
      expect(refused.status, JSON.stringify(hiddenMeetingIds).slice(0, 80)).toBe(status);
      expect(refused.body.status).toBe('fail');
    }
    const after = (await bea.api.get<Settings>('/self/settings')).body.result;
    expect([after.hiddenMeetingIds, after.googleCalendarEmbedUrl]).toEqual([[shared.id], null]);
    // The workspace's admin may hide any of its meetings.
    expect((await ada.api.patch('/self/settings', { hiddenMeetingIds: [shared.id, adasOnly.id] })).status).toBe(200);
  });
});
