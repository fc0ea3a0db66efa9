import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, lastMailTo, linkHash, PASSWORD, signUp } from '../../../../test/factories.ts';
import { codeFor, earlyInStep, enrol } from '../../../../test/two-factor-fixtures.ts';
import { twoFactorChallenges } from '../../../db/schema/index.ts';
import type { AuthSessionRow } from '../../people/people.schemas.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';

// Sign-in with two-factor (decision 102): the password answers a challenge and no token; only
// the challenge with a code (or a recovery code) opens a session, once, before it expires.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Challenge = { twoFactorRequired: true; challenge: string; expiresAt: string };
type Session = { accessToken: string; tenantId: string | null; trustedBrowser?: string };

const anon = () => client(app);
const passwordStep = async (email: string, extra: Record<string, unknown> = {}) => {
  const answer = await anon().post<Challenge & Session>('/signin', { email, password: PASSWORD, ...extra });
  expect(answer.status).toBe(200);
  return answer.body.result;
};
const codeStep = (body: Record<string, unknown>) => anon().post<Session>('/signin/two-factor', body);
const methodsOf = async (token: string) =>
  (await client(app, token).get<AuthSessionRow[]>('/self/sessions')).body.result.map((s) => s.method);

describe('sign-in with two-factor', () => {
  it('answers a challenge and no token; the challenge authenticates nothing; a code opens the session once', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    const first = await passwordStep(me.email, { rememberUser: true });
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresAt: expect.any(String) });
    expect(first).not.toHaveProperty('accessToken');
    expect(new Date(first.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    // The challenge is no bearer token.
    expect((await client(app, first.challenge).get('/self')).status).toBe(401);
    expect((await client(app, first.challenge).get('/meetings')).status).toBe(401);

    const wrong = await codeStep({ challenge: first.challenge, code: codeFor(secret, 4) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(twoFactorMessages.wrongCode);
    expect(wrong.body.result).toBeUndefined();

    await earlyInStep();
    // A wrong code left the challenge usable: the right one now opens the session.
    const right = await codeStep({ challenge: first.challenge, code: codeFor(secret) });
    expect(right.status).toBe(200);
    expect(right.body.result.tenantId).toBe(me.tenantId);
    expect(right.body.result).not.toHaveProperty('trustedBrowser');
    expect((await client(app, right.body.result.accessToken).get('/self')).status).toBe(200);
    expect(await methodsOf(right.body.result.accessToken)).toContain('password+code');

    // Used: the same challenge cannot open another session, even with a fresh code.
    const again = await codeStep({ challenge: first.challenge, code: codeFor(secret, 1) });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(twoFactorMessages.challengeExpired);
  });

  it('refuses an expired challenge and an unknown one', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    const first = await passwordStep(me.email);
    await app.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, me.userId));
    await earlyInStep();
    const late = await codeStep({ challenge: first.challenge, code: codeFor(secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(twoFactorMessages.challengeExpired);
    expect((await codeStep({ challenge: 'made-up', code: codeFor(secret) })).status).toBe(401);
  });

  it('a recovery code signs in once in place of a code', async () => {
    const me = await signUp(app);
    const { recoveryCodes } = await enrol(me);
    const code = recoveryCodes[3]!;
    const first = await passwordStep(me.email);
    // Typed in capitals without dashes: still the same code.
    const used = await codeStep({ challenge: first.challenge, code: code.replaceAll('-', '').toUpperCase() });
    expect(used.status).toBe(200);
    expect(await methodsOf(used.body.result.accessToken)).toContain('password+recovery-code');
    expect(
      (await client(app, used.body.result.accessToken).get<{ recoveryCodesLeft: number }>('/self/two-factor')).body
        .result.recoveryCodesLeft,
    ).toBe(9);
    const second = await passwordStep(me.email);
    expect((await codeStep({ challenge: second.challenge, code })).status).toBe(401);
    expect((await codeStep({ challenge: second.challenge, code: recoveryCodes[4] })).status).toBe(200);
  });

  it('a trusted browser skips the code for 30 days, until sign out everywhere', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    const first = await passwordStep(me.email);
    await earlyInStep();
    const trusted = await codeStep({ challenge: first.challenge, code: codeFor(secret), trustBrowser: true });
    expect(trusted.status).toBe(200);
    const token = trusted.body.result.trustedBrowser!;
    expect(token).toEqual(expect.any(String));

    const direct = await passwordStep(me.email, { trustedBrowser: token });
    expect(direct.accessToken).toEqual(expect.any(String));
    expect(await methodsOf(direct.accessToken)).toContain('password+trusted-browser');
    // Another person's sign-in gains nothing from it, and a wrong password still fails.
    const other = await signUp(app);
    await enrol(other);
    expect(await passwordStep(other.email, { trustedBrowser: token })).toHaveProperty('challenge');
    expect((await anon().post('/signin', { email: me.email, password: 'wrong', trustedBrowser: token })).status).toBe(
      401,
    );

    expect((await client(app, direct.accessToken).post('/self/sign-out-everywhere')).status).toBe(200);
    expect(await passwordStep(me.email, { trustedBrowser: token })).toHaveProperty('challenge');
  });

  it('a password reset forgets the trusted browsers', async () => {
    const me = await signUp(app);
    const { recoveryCodes } = await enrol(me);
    const first = await passwordStep(me.email);
    const trusted = await codeStep({ challenge: first.challenge, code: recoveryCodes[0], trustBrowser: true });
    const token = trusted.body.result.trustedBrowser!;
    expect((await anon().post('/auth/forgot-password', { email: me.email })).status).toBe(200);
    const hash = linkHash((await lastMailTo(app, me.email))!.text)!;
    expect((await anon().post('/auth/reset-password', { hash, password: PASSWORD })).status).toBe(200);
    expect(await passwordStep(me.email, { trustedBrowser: token })).toHaveProperty('challenge');
  });

  it('turning two-factor off forgets the trusted browsers', async () => {
    const me = await signUp(app);
    const { secret, recoveryCodes } = await enrol(me);
    const first = await passwordStep(me.email);
    const trusted = await codeStep({ challenge: first.challenge, code: recoveryCodes[0], trustBrowser: true });
    const token = trusted.body.result.trustedBrowser!;
    await earlyInStep();
    const off = await client(app, trusted.body.result.accessToken).post('/self/two-factor/disable', {
      password: PASSWORD,
      code: codeFor(secret),
    });
    expect(off.status).toBe(200);
    const renewed = await enrol({ ...me, api: client(app, trusted.body.result.accessToken) });
    expect(renewed.secret).not.toBe(secret);
    expect(await passwordStep(me.email, { trustedBrowser: token })).toHaveProperty('challenge');
  });

  it('answers bad input to the second step with 4xx, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { challenge: 'x' },
      { challenge: 5, code: '123456' },
      { challenge: 'abc\u0000', code: '123456' },
      { challenge: 'abc', code: '12\u000034' },
      { challenge: 'abc', code: '123456', trustBrowser: 'yes' },
      { challenge: 'abc', code: '123456', admin: true },
      { challenge: 'x'.repeat(5000), code: '123456' },
      [],
    ];
    for (const body of bodies) {
      const answer = await codeStep(body as Record<string, unknown>);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v2/signin/two-factor',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });
});
