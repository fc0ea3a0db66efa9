import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../../test/app.ts';
import { client, lastMailTo, PASSWORD, signIn, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { tenants } from '../../../db/schema/index.ts';
import { messages } from '../../../shared/messages.ts';
import { authMessages } from '../auth.messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // Small per-address limits, from the configuration, so the test reaches them quickly.
  app = await testApp({
    authLimits: { ...testConfig().authLimits!, registerPerAddress: { max: 4, windowMs: 3_600_000 } },
  });
  await app.ready();
});
afterAll(() => app.close());

const registration = (email: string, user: Record<string, unknown> = {}) => ({
  user: { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, timezone: 'Europe/London', ...user },
  tenant: { name: 'Analytical Engines' },
});

describe('POST register', () => {
  it('creates the user and a workspace of which they are the admin; the answer holds no account details', async () => {
    const email = uniqueEmail('ada');
    const answer = await client(app).post<{ message: string }>('/register', registration(email.toUpperCase()));
    expect(answer.status).toBe(201);
    expect(answer.body.result).toEqual({ message: authMessages.signUpReceived });

    const token = await signIn(app, email);
    const self = await client(app, token).get<{ isAdmin: string; tenant: { name: string } }>('/self');
    expect(self.body.result).toMatchObject({
      isAdmin: '1',
      tenant: { name: 'Analytical Engines' },
      user: { email, timezone: 'Europe/London', locale: 'en_US', firstDayOfWeek: 1 },
    });
  });

  it('falls back to America/Los_Angeles for a time zone outside the list', async () => {
    const email = uniqueEmail();
    await client(app).post('/register', registration(email, { timezone: 'Mars/Olympus_Mons' }));
    const self = await client(app, await signIn(app, email)).get<{ user: { timezone: string } }>('/self');
    expect(self.body.result.user.timezone).toBe('America/Los_Angeles');
  });

  it('refuses a short password and a repeat that does not match', async () => {
    const short = await client(app).post('/register', registration(uniqueEmail(), { password: '12345' }));
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ 'user.password': 'This field should be longer than 5 characters' });
    const mismatch = await client(app).post('/register', registration(uniqueEmail(), { repeatPassword: 'other1' }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ 'user.repeatPassword': 'Passwords do not match' });
  });

  it('answers the same for a taken email (any case), creates nothing and mails the owner instead', async () => {
    const owner = await signUp(app, { workspace: 'Original' });
    const fresh = await client(app).post('/register', registration(uniqueEmail()));
    const again = await client(app).post('/register', {
      user: { firstName: 'Eve', lastName: 'Intruder', email: owner.email.toUpperCase(), password: 'other-password' },
      tenant: { name: 'Takeover' },
    });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);

    const mail = await lastMailTo(app, owner.email);
    expect(mail?.subject).toBe('Someone tried to sign up to Cadence with your email');
    expect(mail?.text).toContain('http://cadence.test/forgotpassword');
    // Nothing changed: the old password works, the new one does not, no second workspace.
    expect((await client(app).post('/signin', { email: owner.email, password: 'other-password' })).status).toBe(401);
    const token = await signIn(app, owner.email);
    const self = await client(app, token).get<{ user: { firstName: string }; tenantCount: number }>('/self');
    expect(self.body.result).toMatchObject({ user: { firstName: 'Test' }, tenantCount: 1 });
    const [row] = await app.database.db.select({ n: count() }).from(tenants).where(eq(tenants.name, 'Takeover'));
    expect(row?.n).toBe(0);
  });

  it('limits sign-ups per address and per email with 429, Retry-After and the envelope', async () => {
    const from = client(app, undefined, undefined, '198.51.100.20');
    for (let i = 0; i < app.config.authLimits!.registerPerAddress.max; i++) {
      expect((await from.post('/register', registration(uniqueEmail()))).status).toBe(201);
    }
    const refused = await from.post('/register', registration(uniqueEmail()));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'fail', message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail();
    for (let i = 0; i < app.config.authLimits!.registerPerEmail.max; i++) {
      expect((await client(app).post('/register', registration(email))).status).toBe(201);
    }
    expect((await client(app).post('/register', registration(email))).status).toBe(429);
  });
});

describe('POST signin', () => {
  it('answers the login result; remember-me keeps it 30 days, otherwise 12 hours', async () => {
    const { email, tenantId, userId } = await signUp(app);
    const short = await client(app).post<{ expiresAt: string; id: string; tenantId: string; isAdmin: string }>(
      '/signin',
      {
        email,
        password: PASSWORD,
      },
    );
    expect(short.status).toBe(200);
    expect(short.body.result).toMatchObject({ id: userId, tenantId, isAdmin: '1' });
    const hours = (Date.parse(short.body.result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);

    const long = await client(app).post<{ expiresAt: string }>('/signin', {
      email,
      password: PASSWORD,
      rememberUser: true,
    });
    const days = (Date.parse(long.body.result.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers 401 with a message for a wrong password and for an unknown email', async () => {
    const { email } = await signUp(app);
    const wrong = await client(app).post('/signin', { email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('The email or password is incorrect.');
    const unknown = await client(app).post('/signin', { email: uniqueEmail('ghost'), password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('refuses the 11th failed try in 15 minutes with 429, even with a forged X-Forwarded-For', async () => {
    const { email } = await signUp(app);
    const attempt = (password: string, forwardedFor?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/signin',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { email, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const eleventh = await attempt('wrong');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    // Pretending to come from elsewhere does not reset the count when no proxy is trusted…
    expect((await attempt('wrong', '203.0.113.9')).statusCode).toBe(429);
    // …and the right password is refused too until the window has passed.
    expect((await attempt(PASSWORD)).statusCode).toBe(429);
  });

  it('starts in the remembered workspace, the only one, or none when there are several to pick from', async () => {
    const person = await signUp(app);
    const second = await person.api.post<{ id: string }>('/tenants', { tenant: { name: 'Second' } });
    const anonymous = client(app);
    const picker = await anonymous.post<{ tenantId: string | null }>('/signin', {
      email: person.email,
      password: PASSWORD,
    });
    expect(picker.body.result.tenantId).toBeNull();
    const remembered = await anonymous.post<{ tenantId: string }>('/signin', {
      email: person.email,
      password: PASSWORD,
      lastTenantSelected: second.body.result.id,
    });
    expect(remembered.body.result.tenantId).toBe(second.body.result.id);

    const single = await signUp(app);
    const direct = await anonymous.post<{ tenantId: string }>('/signin', { email: single.email, password: PASSWORD });
    expect(direct.body.result.tenantId).toBe(single.tenantId);
  });

  it('ignores a remembered workspace the user does not belong to', async () => {
    const stranger = await signUp(app);
    const person = await signUp(app);
    const answer = await client(app).post<{ tenantId: string }>('/signin', {
      email: person.email,
      password: PASSWORD,
      lastTenantSelected: stranger.tenantId,
    });
    expect(answer.body.result.tenantId).toBe(person.tenantId);
  });
});

describe('POST logout', () => {
  it('revokes the token: the next call with it gets 401', async () => {
    const { api } = await signUp(app);
    expect((await api.get('/self')).status).toBe(200);
    expect((await api.post('/logout')).status).toBe(200);
    expect((await api.get('/self')).status).toBe(401);
  });
});

describe('PATCH self', () => {
  it('changes the user’s own name, job title and time zone', async () => {
    const { api } = await signUp(app);
    const answer = await api.patch<{ firstName: string; jobTitle: string | null; timezone: string }>('/self', {
      firstName: ' Grace ',
      job_title: 'Rear Admiral',
      timezone: 'Europe/Berlin',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      firstName: 'Grace',
      jobTitle: 'Rear Admiral',
      timezone: 'Europe/Berlin',
    });
    const cleared = await api.patch<{ jobTitle: string | null }>('/self', { jobTitle: '' });
    expect(cleared.body.result.jobTitle).toBeNull();
    expect((await api.patch('/self', { firstName: '' })).body.errors).toEqual({ firstName: 'This field is required' });
  });
});
