import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { signUp } from '../../../../test/factories.ts';
import { messages } from '../../../shared/messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Settings = { widgets: { key: string; title: string; visible: boolean }[]; googleCalendarEmbedUrl: string | null };

describe('self/settings', () => {
  it('starts with the four widgets visible, in the default order', async () => {
    const { api, userId } = await signUp(app);
    const answer = await api.get<Settings>('/self/settings');
    expect(answer.body.result).toMatchObject({
      userId,
      googleCalendarEmbedUrl: null,
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
    expect(notGoogle.body.errors).toEqual({ googleCalendarEmbedUrl: messages.googleCalendarEmbedRequired });
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
