import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { PASSWORD, signUp } from '../../../../test/factories.ts';
import { codeFor, earlyInStep, enrol } from '../../../../test/two-factor-fixtures.ts';
import { twoFactorSecrets } from '../../../db/schema/index.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';
import { openTotpSecret } from './totp.ts';

// Settings → Security: turning two-factor sign-in on, the ±1 step window, codes used once,
// recovery codes, turning it off (decision 102).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Status = { enabled: boolean; recoveryCodesLeft: number; requiredBy: string[] };

describe('two-factor enrolment', () => {
  it('is confirmed by a right code only; the key is stored sealed, not in clear', async () => {
    const me = await signUp(app);
    const started = await me.api.post<{ secret: string; uri: string }>('/self/two-factor/enrol');
    expect(started.status).toBe(200);
    const { secret, uri } = started.body.result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Cadence');
    // Not on yet: sign-in still answers a token.
    expect((await me.api.get<Status>('/self/two-factor')).body.result.enabled).toBe(false);

    const wrongCode = codeFor(secret, 5);
    const wrong = await me.api.post('/self/two-factor/confirm', { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: twoFactorMessages.wrongCode });

    await earlyInStep();
    const confirmed = await me.api.post<{ recoveryCodes: string[] }>('/self/two-factor/confirm', {
      code: codeFor(secret),
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.result.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await me.api.get<Status>('/self/two-factor')).body.result).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      requiredBy: [],
    });

    const [row] = await app.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, me.userId));
    const bytes = Buffer.from(Secret.fromBase32(secret).bytes);
    expect(row!.sealedSecret.includes(bytes)).toBe(false);
    expect(row!.sealedSecret.toString('latin1')).not.toContain(secret);
    // It opens with the server's key for this person only: a row copied to another person does not.
    expect(openTotpSecret(app.vaultKeyring, me.userId, row!)?.base32).toBe(secret);
    expect(openTotpSecret(app.vaultKeyring, crypto.randomUUID(), row!)).toBeNull();

    // Enrolling again while on is refused.
    expect((await me.api.post('/self/two-factor/enrol')).status).toBe(409);
  });

  it('accepts the codes of the step before and after, refuses two steps away and a code used before', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    await earlyInStep(15_000);
    const regenerate = (code: string) => me.api.post('/self/two-factor/recovery-codes', { code });
    // Two steps away either side: refused.
    expect((await regenerate(codeFor(secret, -2))).status).toBe(400);
    expect((await regenerate(codeFor(secret, 2))).status).toBe(400);
    // The current step's code works once…
    expect((await regenerate(codeFor(secret, 0))).status).toBe(200);
    expect((await regenerate(codeFor(secret, 0))).status).toBe(400);
    // …and once a step is used, older steps are refused too (the previous step's code).
    expect((await regenerate(codeFor(secret, -1))).status).toBe(400);
    // The next step's code is within the window.
    expect((await regenerate(codeFor(secret, 1))).status).toBe(200);
  });

  it('accepts the previous step’s code while no later step has been used', async () => {
    const me = await signUp(app);
    const started = await me.api.post<{ secret: string }>('/self/two-factor/enrol');
    await earlyInStep();
    const confirmed = await me.api.post('/self/two-factor/confirm', { code: codeFor(started.body.result.secret, -1) });
    expect(confirmed.status).toBe(200);
  });

  it('new recovery codes replace the old ones', async () => {
    const me = await signUp(app);
    const { secret, recoveryCodes } = await enrol(me);
    await earlyInStep();
    const renewed = await me.api.post<{ recoveryCodes: string[] }>('/self/two-factor/recovery-codes', {
      code: codeFor(secret),
    });
    expect(renewed.status).toBe(200);
    // An old one no longer turns two-factor off; a new one does.
    expect((await me.api.post('/self/two-factor/disable', { password: PASSWORD, code: recoveryCodes[0] })).status).toBe(
      400,
    );
    expect(
      (
        await me.api.post('/self/two-factor/disable', {
          password: PASSWORD,
          code: renewed.body.result.recoveryCodes[0],
        })
      ).status,
    ).toBe(200);
  });

  it('turning off needs the password and a code; then sign-in asks for none', async () => {
    const me = await signUp(app);
    const { secret } = await enrol(me);
    await earlyInStep();
    const noPassword = await me.api.post('/self/two-factor/disable', { password: 'not it', code: codeFor(secret) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual({ password: twoFactorMessages.wrongPassword });
    const noCode = await me.api.post('/self/two-factor/disable', { password: PASSWORD, code: '12345' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors).toEqual({ code: twoFactorMessages.wrongCode });
    const missing = await me.api.post('/self/two-factor/disable', { password: PASSWORD });
    expect(missing.status).toBe(400);
    expect((await me.api.get<Status>('/self/two-factor')).body.result.enabled).toBe(true);

    const off = await me.api.post('/self/two-factor/disable', { password: PASSWORD, code: codeFor(secret) });
    expect(off.status).toBe(200);
    expect((await me.api.get<Status>('/self/two-factor')).body.result).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v2/signin',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(signedIn.json().result.accessToken).toEqual(expect.any(String));
    // Off already: 409.
    expect((await me.api.post('/self/two-factor/disable', { password: PASSWORD, code: codeFor(secret) })).status).toBe(
      409,
    );
  });

  it('answers bad input with 4xx, never 500', async () => {
    const me = await signUp(app);
    await me.api.post('/self/two-factor/enrol');
    const bodies: unknown[] = [
      {},
      { code: 123456 },
      { code: null },
      { code: '12\u00003456' },
      { code: 'x'.repeat(1000) },
      { code: '123456', extra: true },
      [],
      'text',
    ];
    for (const body of bodies) {
      for (const url of ['/self/two-factor/confirm', '/self/two-factor/recovery-codes', '/self/two-factor/disable']) {
        const answer = await me.api.post(url, body);
        expect(answer.status, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v2/self/two-factor/confirm',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    // Without a session: 401.
    expect((await app.inject({ method: 'GET', url: '/api/v2/self/two-factor' })).statusCode).toBe(401);
  });
});
