import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../../test/app.ts';
import { client, PASSWORD, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { rateLimitCounters } from '../../../db/schema/index.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';

// The public auth calls' limits (README, "Limits"): per address sized for an office behind one
// address, per account strict, each set by environment; a server without limits counts nothing.

const registration = (email: string) => ({
  user: { firstName: 'Office', lastName: 'Person', email, password: PASSWORD, timezone: 'UTC' },
  tenant: { name: 'Office' },
});

/** An app whose limits come from these environment variables, as `npm start` reads them. */
const appWith = (env: Record<string, string>) =>
  testApp({ authLimits: loadConfig({ DATA_DIR: '/tmp', ...env }).authLimits });

describe('the configured limits', () => {
  it('reads each limit from the environment and refuses a bad value with a one-line reason', () => {
    const limits = loadConfig({
      LIMIT_SIGN_IN_PER_ACCOUNT: '5',
      LIMIT_SIGN_IN_PER_ADDRESS: '500',
      LIMIT_SIGN_UP_PER_ADDRESS: '250',
      LIMIT_SIGN_UP_PER_EMAIL: '2',
      LIMIT_RESET_REQUEST_PER_EMAIL: '4',
      LIMIT_RESET_REQUEST_PER_ADDRESS: '300',
      LIMIT_RESET_PASSWORD_PER_ADDRESS: '60',
      LIMIT_API_TOKEN_CALLS: '1200',
    }).authLimits!;
    expect(Object.fromEntries(Object.entries(limits).map(([name, limit]) => [name, limit.max]))).toEqual({
      signInPerAccount: 5,
      signInPerAddress: 500,
      registerPerAddress: 250,
      registerPerEmail: 2,
      resetRequestPerEmail: 4,
      resetRequestPerAddress: 300,
      resetPasswordPerAddress: 60,
      apiTokenCalls: 1200,
    });
    // Defaults: an office's 100 per address, strict per account.
    const defaults = loadConfig({}).authLimits!;
    expect(defaults.registerPerAddress).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(defaults.signInPerAddress).toEqual({ max: 100, windowMs: 900_000 });
    expect(defaults.signInPerAccount).toEqual({ max: 10, windowMs: 900_000 });
    expect(defaults.registerPerEmail.max).toBe(3);
    expect(defaults.apiTokenCalls).toEqual({ max: 600, windowMs: 60_000 });
    for (const bad of ['0', '-1', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ LIMIT_SIGN_UP_PER_ADDRESS: bad })).toThrow(
        new ConfigError('LIMIT_SIGN_UP_PER_ADDRESS must be a whole number from 1 to 1000000'),
      );
    }
  });
});

describe('per address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('lets an office behind one address sign up its 11th and 12th person in an hour', async () => {
    const office = client(app);
    for (let i = 0; i < 12; i++) expect((await office.post('/register', registration(uniqueEmail()))).status).toBe(201);
  });

  it('refuses sign-ups, reset requests and resets past the configured per-address limits', async () => {
    const limited = await appWith({
      LIMIT_SIGN_UP_PER_ADDRESS: '2',
      LIMIT_RESET_REQUEST_PER_ADDRESS: '2',
      LIMIT_RESET_PASSWORD_PER_ADDRESS: '2',
    });
    try {
      const from = client(limited);
      for (let i = 0; i < 2; i++) expect((await from.post('/register', registration(uniqueEmail()))).status).toBe(201);
      expect((await from.post('/register', registration(uniqueEmail()))).status).toBe(429);
      expect((await client(limited).post('/register', registration(uniqueEmail()))).status).toBe(201);

      for (let i = 0; i < 2; i++)
        expect((await from.post('/auth/forgot-password', { email: uniqueEmail() })).status).toBe(200);
      expect((await from.post('/auth/forgot-password', { email: uniqueEmail() })).status).toBe(429);

      const reset = { hash: 'not-a-link', password: 'new-password-42', repeatPassword: 'new-password-42' };
      for (let i = 0; i < 2; i++) expect((await from.post('/auth/reset-password', reset)).status).not.toBe(429);
      expect((await from.post('/auth/reset-password', reset)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('per account', () => {
  it('refuses the failed sign-ins and reset requests past the per-account limits, from any address', async () => {
    const limited = await appWith({ LIMIT_SIGN_IN_PER_ACCOUNT: '3', LIMIT_RESET_REQUEST_PER_EMAIL: '2' });
    try {
      const { email } = await signUp(limited);
      for (let i = 0; i < 3; i++)
        expect((await client(limited).post('/signin', { email, password: 'wrong-one' })).status).toBe(401);
      expect((await client(limited).post('/signin', { email, password: PASSWORD })).status).toBe(429);

      for (let i = 0; i < 2; i++)
        expect((await client(limited).post('/auth/forgot-password', { email })).status).toBe(200);
      expect((await client(limited).post('/auth/forgot-password', { email })).status).toBe(429);
      // Sign-ups of one email: 3 an hour by default.
      const taken = uniqueEmail();
      for (let i = 0; i < 3; i++)
        expect((await client(limited).post('/register', registration(taken))).status).toBe(201);
      expect((await client(limited).post('/register', registration(taken))).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a server without limits (seed:demo)', () => {
  it('counts nothing for its sign-ups and sign-ins', async () => {
    const unlimited = await testApp({ ...testConfig(), authLimits: null });
    try {
      const address = '192.0.2.77';
      const from = client(unlimited, undefined, undefined, address);
      const email = uniqueEmail();
      expect((await from.post('/register', registration(email))).status).toBe(201);
      expect((await from.post('/signin', { email, password: PASSWORD })).status).toBe(200);
      expect((await from.post('/signin', { email, password: 'wrong-one' })).status).toBe(401);
      const counted = await unlimited.database.db
        .select()
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, `%${address}%`));
      expect(counted).toEqual([]);
    } finally {
      await unlimited.close();
    }
  });
});
