import { generateKeyPairSync, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../../test/app.ts';
import { client, PASSWORD, signUp } from '../../../../test/factories.ts';
import { codeFor, earlyInStep, enrol } from '../../../../test/two-factor-fixtures.ts';
import { buildApp } from '../../../server/app.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import type { AuthSessionRow } from '../../people/people.schemas.ts';
import { authMessages } from '../auth.messages.ts';

// Wrong codes count towards the sign-in limits, per account and per address (decisions 022,
// 102); Google sign-in goes through the same door as the password. TRUST_PROXY is on, so
// X-Forwarded-For stands for the address.

const CLIENT_ID = 'cadence-test.apps.googleusercontent.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const idToken = (email: string) => {
  const body = `${b64({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })}.${b64({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 600,
    email_verified: true,
    email,
    given_name: 'Grace',
    family_name: 'Hopper',
  })}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), privateKey).toString('base64url')}`;
};

const perAccount = RATE_LIMITS.signInPerAccount.max;
const perAddress = 20;

let app: FastifyInstance;
beforeAll(async () => {
  const limits = testConfig().authLimits!;
  const base = await testApp();
  app = await buildApp({
    database: base.database,
    config: testConfig({
      trustProxy: true,
      googleClientId: CLIENT_ID,
      authLimits: { ...limits, signInPerAddress: { ...limits.signInPerAddress, max: perAddress } },
    }),
    mailer: base.mailer,
    googleKeys: async () => [jwk],
  });
  await base.close();
  await app.ready();
});
afterAll(() => app.close());

let net = 0;
const addresses = () => {
  net += 1;
  const base = `10.${(process.pid % 200) + 1}.${100 + net}`;
  return (i: number) => `${base}.${i + 1}`;
};
const post = (url: string, payload: object, address: string) =>
  app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { 'x-forwarded-for': address }, payload });

const awayFromWindowEnd = async (windowMs: number, needMs = 40_000) => {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

describe('two-factor and the sign-in limits', { timeout: 120_000 }, () => {
  it(`counts wrong codes per account: after ${perAccount}, even the right code and the password wait`, async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const me = await signUp(app);
    const { secret } = await enrol(me);
    const from = addresses();
    const first = await post('/signin', { email: me.email, password: PASSWORD }, from(0));
    const challenge = first.json().result.challenge as string;
    // The right password gave its try back; each wrong code (from many addresses) counts.
    for (let i = 0; i < perAccount; i++) {
      const wrong = await post('/signin/two-factor', { challenge, code: codeFor(secret, 5) }, from(i));
      expect(wrong.statusCode).toBe(401);
    }
    await earlyInStep();
    const right = await post('/signin/two-factor', { challenge, code: codeFor(secret) }, from(11));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(authMessages.tooManySignIns);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/signin', { email: me.email, password: PASSWORD }, from(12))).statusCode).toBe(429);
  });

  it('counts wrong codes per address over all accounts', async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const from = addresses();
    const guesser = from(0);
    const people = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const challenges: string[] = [];
    for (const person of people) {
      await enrol(person);
      challenges.push(
        (await post('/signin', { email: person.email, password: PASSWORD }, guesser)).json().result.challenge,
      );
    }
    // Spread over three accounts (under each account's limit), from one address.
    for (let i = 0; i < perAddress; i++) {
      const answer = await post('/signin/two-factor', { challenge: challenges[i % 3], code: '000000' }, guesser);
      expect([401]).toContain(answer.statusCode);
    }
    expect((await post('/signin/two-factor', { challenge: challenges[0], code: '000000' }, guesser)).statusCode).toBe(
      429,
    );
    // Made-up challenges count against the address too.
    expect((await post('/signin/two-factor', { challenge: 'made-up', code: '000000' }, guesser)).statusCode).toBe(429);
    expect((await post('/signin/two-factor', { challenge: 'made-up', code: '000000' }, from(1))).statusCode).toBe(401);
  });

  it('Google sign-in asks for the code too, and records its method', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    const google = await client(app).post<{
      session: unknown;
      twoFactor: { challenge: string } | null;
      signUp: unknown;
    }>('/auth/google', { credential: idToken(me.email) });
    expect(google.status).toBe(200);
    expect(google.body.result.session).toBeNull();
    expect(google.body.result.signUp).toBeNull();
    const challenge = google.body.result.twoFactor!.challenge;
    await earlyInStep();
    const done = await client(app).post<{ accessToken: string }>('/signin/two-factor', {
      challenge,
      code: codeFor(secret),
    });
    expect(done.status).toBe(200);
    const sessions = await client(app, done.body.result.accessToken).get<AuthSessionRow[]>('/self/sessions');
    expect(sessions.body.result.find((s) => s.current)?.method).toBe('google+code');
    // Without two-factor, Google opens a session directly, recorded as Google.
    const plain = await signUp(app);
    const direct = await client(app).post<{ session: { accessToken: string } }>('/auth/google', {
      credential: idToken(plain.email),
    });
    const token = direct.body.result.session.accessToken;
    const mine = await client(app, token).get<AuthSessionRow[]>('/self/sessions');
    expect(mine.body.result.find((s) => s.current)?.method).toBe('google');
  });
});
