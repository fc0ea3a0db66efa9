import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quartersMessages } from '../src/features/quarters/quarters.messages.ts';
import { workspacesMessages } from '../src/features/workspaces/workspaces.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { testApp } from './app.ts';
import { createMeeting, type SignedUp, signUp } from './factories.ts';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  app = await testApp();
  admin = await signUp(app, { firstName: 'Dates' });
});
afterAll(async () => {
  await app?.close();
});

const send = (method: string, url: string, payload: unknown) =>
  app.inject({
    method: method as 'POST',
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('dates at the edge of the calendar', () => {
  it('a quarter start of 9999-12-31 is a 400', async () => {
    const answer = await send('POST', '/quartals', {
      year: 1900,
      startQuartal1: '9999-12-31',
      startQuartal2: '9999-12-31',
      startQuartal3: '9999-12-31',
      startQuartal4: '9999-12-31',
      endQuartal4: '9999-12-31',
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json() as { status: string; message: string; errors: Record<string, string> };
    expect(body.status).toBe('fail');
    expect(body.errors['quarters.0.startDate'] ?? body.errors.startQuartal1).toBe(
      quartersMessages.annualStartOutsideYear(1900),
    );
    const records = await admin.api.get<{ items: { year: number }[] }>('/quartals');
    expect(records.body.result?.items.some((r) => r.year === 1900)).toBe(false);
  });

  it('an annual starting on 9999-12-31 is a 400 naming the start', async () => {
    const last = { startDate: '9999-12-31' };
    const answer = await send('POST', '/annuals', {
      year: new Date().getUTCFullYear(),
      isCalendarYear: '0',
      quarters: [last, last, last, last],
      endDate: '9999-12-31',
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json() as { status: string; errors: Record<string, string> };
    expect(body.status).toBe('fail');
    expect(body.errors['quarters.0.startDate']).toBe(
      quartersMessages.annualStartOutsideYear(new Date().getUTCFullYear()),
    );
  });

  it('the week and the time report of the last day there is answer without a 500', async () => {
    for (const url of ['/time/week?week=9999-12-31', '/time/reports?from=9999-12-31&to=9999-12-31']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/v2${url}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});

const fieldError = (answer: { statusCode: number; json: () => unknown }, field: string) => {
  expect(answer.statusCode, answer.json() as never).toBe(400);
  const body = answer.json() as { status: string; message: string; errors: Record<string, string> };
  expect(body.status).toBe('fail');
  return body.errors[field];
};

describe('colours are colours (decision 077)', () => {
  const meeting = (color: unknown) => ({
    title: `Colour ${String(color)}`,
    sharepointUrl: 'meet.example.com/l10',
    operation: 'create',
    repeatType: 'weeks',
    repeatEvery: 1,
    startDate: '2026-01-05',
    startTime: '09:00',
    timezone: 'UTC',
    type: 'meeting',
    members: [],
    color,
  });
  const titles = async () =>
    ((await admin.api.get<{ items: { title: string }[] }>('/meetings')).body.result?.items ?? []).map((m) => m.title);

  it('a meeting colour carrying CSS is a 400 and no meeting is made', async () => {
    for (const color of ['red;background:url(x)', 'red', '#12345', '#1234567', 'url(javascript:x)', 42]) {
      expect(fieldError(await send('POST', '/meetings', meeting(color)), 'color'), String(color)).toBe(
        messages.colourFormat,
      );
      expect(await titles()).not.toContain(`Colour ${String(color)}`);
    }
  });

  it('a meeting takes #rrggbb, and a blank colour is none', async () => {
    expect((await createMeeting(admin, [], { color: '#228be6' })).color).toBe('#228be6');
    expect((await createMeeting(admin, [], { color: '' })).color).toBeNull();
  });

  it('an edit cannot put CSS in a meeting colour either', async () => {
    const made = await createMeeting(admin, [], { color: '#228be6', title: 'Recoloured' });
    expect(fieldError(await send('PATCH', `/meetings/${made.id}`, { color: 'red;x:y' }), 'color')).toBe(
      messages.colourFormat,
    );
    const kept = await admin.api.get<{ color: string | null }>(`/meetings/${made.id}`);
    expect(kept.body.result?.color).toBe('#228be6');
  });
});

describe('logos are pictures or https addresses (decision 077)', () => {
  const patch = (iconLogo: unknown) => send('PATCH', `/tenants/${admin.tenantId}`, { iconLogo });
  const storedLogo = async () =>
    (await admin.api.get<{ iconLogo: string | null }>('/general-settings')).body.result?.iconLogo;

  it('refuses another scheme, plain http and markup, and keeps the logo', async () => {
    const before = await storedLogo();
    for (const iconLogo of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,AAAA',
      'http://cdn.example.com/logo.png',
      'https://cdn.example.com/a"onerror="x.png',
      '//cdn.example.com/logo.png',
      '/api/v2/tenants/not-a-logo',
    ]) {
      expect(fieldError(await patch(iconLogo), 'iconLogo'), iconLogo).toBe(workspacesMessages.logoNotAPicture);
    }
    expect(await storedLogo()).toBe(before);
  });

  it("refuses another workspace's stored logo", async () => {
    const other = await signUp(app, { firstName: 'Other' });
    const theirs = `/api/v2/tenants/${other.tenantId}/logo/${'a'.repeat(64)}`;
    expect(fieldError(await patch(theirs), 'iconLogo')).toBe(workspacesMessages.logoNotAPicture);
  });

  it('takes an https address, its own stored logo, and null', async () => {
    const own = `/api/v2/tenants/${admin.tenantId}/logo/${'b'.repeat(64)}`;
    for (const iconLogo of ['https://cdn.example.com/logo.png', own, null]) {
      const answer = await patch(iconLogo);
      expect(answer.statusCode, String(iconLogo)).toBe(200);
      expect(await storedLogo()).toBe(iconLogo);
    }
  });
});
