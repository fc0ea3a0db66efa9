import { generateKeyPairSync, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, testApp } from '../../../../test/app.ts';
import { client, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { buildApp } from '../../../server/app.ts';

// Google sign-in against keys made here: no test reaches the internet.

const CLIENT_ID = 'cadence-test.apps.googleusercontent.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const idToken = (claims: Record<string, unknown>, key = privateKey) => {
  const body = `${b64({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })}.${b64({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 600,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...claims,
  })}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), key).toString('base64url')}`;
};

let app: FastifyInstance;
const log = capturedLogger();
beforeAll(async () => {
  const base = await testApp({ googleClientId: CLIENT_ID }, log.logger);
  // Same database and config, with the local keys in place of Google's.
  app = await buildApp({
    database: base.database,
    config: base.config,
    mailer: base.mailer,
    logger: log.logger,
    googleKeys: async () => [jwk],
  });
  await base.close();
  await app.ready();
});
afterAll(() => app.close());

type GoogleAnswer = {
  session: { accessToken: string; tenantId: string } | null;
  signUp: { firstName: string; lastName: string; email: string; token: string } | null;
};

describe('Google sign-in', () => {
  it('tells the client the Google client id only when configured', async () => {
    expect((await client(app).get('/auth/config')).body.result).toEqual({ googleClientId: CLIENT_ID });
    const plain = await testApp();
    expect((await client(plain).get('/auth/config')).body.result).toEqual({ googleClientId: null });
    expect((await client(plain).post('/auth/google', { credential: idToken({ email: 'x@y.z' }) })).status).toBe(401);
    await plain.close();
  });

  it('signs in a known user', async () => {
    const person = await signUp(app);
    const answer = await client(app).post<GoogleAnswer>('/auth/google', {
      credential: idToken({ email: person.email }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.signUp).toBeNull();
    expect(answer.body.result.session?.tenantId).toBe(person.tenantId);
    const self = await client(app, answer.body.result.session!.accessToken).get<{ user: { id: string } }>('/self');
    expect(self.body.result.user.id).toBe(person.userId);
  });

  it('pre-fills sign-up for an unknown email, and registers with the token instead of a password', async () => {
    const email = uniqueEmail('grace');
    const credential = idToken({ email });
    const answer = await client(app).post<GoogleAnswer>('/auth/google', { credential });
    expect(answer.body.result).toEqual({
      session: null,
      signUp: { firstName: 'Grace', lastName: 'Hopper', email, token: credential },
    });
    const registered = await client(app).post('/register', {
      user: { firstName: 'Grace', lastName: 'Hopper', email, token: credential },
      tenant: { name: 'Navy' },
    });
    expect(registered.status).toBe(201);
    const again = await client(app).post<GoogleAnswer>('/auth/google', { credential });
    expect(again.body.result.session).not.toBeNull();
    // No password was set, so none works.
    expect((await client(app).post('/signin', { email, password: 'anything' })).status).toBe(401);
  });

  it('refuses a token for another email at sign-up', async () => {
    const answer = await client(app).post('/register', {
      user: { firstName: 'A', lastName: 'B', email: uniqueEmail(), token: idToken({ email: uniqueEmail() }) },
      tenant: { name: 'X' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ 'user.email': 'Use the email of your Google account' });
  });

  it.each([
    ['signed by another key', () => idToken({ email: 'a@b.c' }, strangerKey), 'bad signature'],
    ['for another audience', () => idToken({ email: 'a@b.c', aud: 'someone-else' }), 'wrong audience'],
    ['from another issuer', () => idToken({ email: 'a@b.c', iss: 'https://evil.example' }), 'wrong issuer'],
    ['expired', () => idToken({ email: 'a@b.c', exp: Math.floor(Date.now() / 1000) - 5 }), 'expired'],
    ['with an unverified email', () => idToken({ email: 'a@b.c', email_verified: false }), 'no verified email'],
    ['malformed', () => 'not.a.token', 'Unexpected token'],
  ])('refuses a token %s and logs why, telling the client only that it failed', async (_name, make, reason) => {
    const before = log.lines.length;
    const answer = await client(app).post('/auth/google', { credential: make() });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Google sign-in did not work. Sign in with your email and password instead.');
    const refusal = log.lines.slice(before).find((line) => line.includes('Google sign-in refused'));
    expect(refusal).toContain(reason);
  });
});
