import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '../src/features/calendar/calendar.messages.ts';
import { buildApp } from '../src/server/app.ts';
import { createMailer, type Mailer } from '../src/server/mail/mailer.ts';
import { messages } from '../src/shared/messages.ts';
import { testConfig, workerDatabase } from './app.ts';
import { client, createMeeting, lastMailTo, type SignedUp, signUp, uniqueEmail } from './factories.ts';

// Faults an outside attack run found, each with single requests: a 4xx in the envelope (never a
// 500), nothing stored that should not be, and nothing told by an answer's timing.

const quiet = { info: () => {}, warn: () => {} };
let app: FastifyInstance;
let admin: SignedUp;
// The mailer can hold mail until `release` (the forgot-password test): an answer that waited for
// the mail would wait for good. (Held inside its transaction: the embedded database serves
// nothing else meanwhile, so the test releases it before its next request.)
let release: () => void = () => {};
let held = Promise.resolve();
const real = createMailer(undefined, quiet);
const holdingMailer: Mailer = {
  enqueue: async (db, mail) => {
    await held;
    return real.enqueue(db, mail);
  },
};

beforeAll(async () => {
  app = await buildApp({ database: await workerDatabase(), config: testConfig(), mailer: holdingMailer });
  admin = await signUp(app, { firstName: 'Attack' });
});
afterAll(async () => {
  release();
  await app?.close();
});

const expectFail = (answer: { status: number; body: { status: string; message: string } }, status = 400) => {
  expect(answer.status).toBe(status);
  expect(answer.body.status).toBe('fail');
  expect(answer.body.message).not.toBe('');
};

describe('rules over several fields', () => {
  it('answers 400 when a field the rule reads has already failed (calendar, reports, scorecard)', async () => {
    for (const url of [
      '/calendar/events?start=null&end=2026-12-05',
      '/calendar/events?start=2026-12-01&end=null',
      '/calendar/events?start=2025-02-29&end=2025-03-05',
      `/reports/users/${admin.userId}?dateSince=2025-02-29&dateUntil=2025-03-05`,
      `/reports/users/${admin.userId}?dateSince=null&dateUntil=2025-03-05`,
    ]) {
      const answer = await admin.api.get(url);
      expectFail(answer);
    }
    const calendar = await admin.api.get('/calendar/events?start=null&end=2026-12-05');
    expect(calendar.body.errors?.start).toBe(messages.invalidDate);
    // The rule itself still speaks once both fields are right.
    const backwards = await admin.api.get('/calendar/events?start=2026-12-05&end=2026-12-01');
    expect(backwards.body.errors?.end).toBe(calendarMessages.calendarEndBeforeStart);
  });
});

describe('forgot password', () => {
  it('answers before looking the address up or writing the mail, the same for a known and an unknown address', async () => {
    const person = await signUp(app);
    held = new Promise((resolve) => {
      release = resolve;
    });
    const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000));
    const email = person.email;
    const answer = await Promise.race([client(app).post('/auth/forgot-password', { email }), timeout]);
    release();
    expect(answer).not.toBe('waited');
    expect(answer === 'waited' ? 0 : answer.status).toBe(200);
    const mail = await lastMailTo(app, person.email);
    expect(mail?.text).toContain('/forgotpassword?hash=');
  });

  it('takes as long for a known address as for an unknown one (medians of 20 each)', async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => signUp(app)));
    const known: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string, into: number[]) => {
      const started = performance.now();
      const answer = await client(app).post('/auth/forgot-password', { email });
      into.push(performance.now() - started);
      expect(answer.status).toBe(200);
      // The work after the answer ends before the next request, so no request pays for another's.
      await app.settled();
    };
    // Interleaved, so the machine's load weighs on both alike; 5 per address (its hourly limit).
    for (let i = 0; i < 20; i++) {
      await time(people[i % 4]!.email, known);
      await time(uniqueEmail('nobody'), unknown);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b), `known ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`).toBeLessThan(
      Math.max(10, 0.3 * Math.max(a, b)),
    );
  }, 90_000);
});

describe('integers fit their columns', () => {
  it('answers 400 to 2^31 in every integer field class a request may carry (body, query)', async () => {
    const meeting = await createMeeting(admin);
    const template = (
      await admin.api.post<{ id: string; sectionIds: string[] }>('/vision/templates', { title: 'V', catalogKey: 'vto' })
    ).body.result;
    const section = template.sectionIds[0]!;
    const session = (
      await admin.api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions?from=2026-01-01&until=2026-03-01`)
    ).body.result[0];
    const big = 2 ** 31;
    const answers = [
      await admin.api.put(`/vision/sections/${section}`, { title: 'x', version: big }),
      await admin.api.get(`/meetings/${meeting.id}/archives?page=${big}`),
      ...(session ? [await admin.api.post(`/sessions/${session.id}/step`, { step: big })] : []),
    ];
    for (const answer of answers) {
      expectFail(answer as never);
      expect(Object.values(answer.body.errors ?? {})).toContain(messages.invalidValue);
    }
    // The largest 32-bit value is a valid request (a stale version: 409, not 500).
    const stale = await admin.api.put(`/vision/sections/${section}`, { title: 'x', version: big - 1 });
    expect(stale.status).toBe(409);
  });
});
