import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../../../../test/app.ts';
import { PASSWORD, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import { authMessages } from '../auth.messages.ts';

// Sign-in limits per account over all addresses and per address over all accounts, counted
// atomically (decision 022). TRUST_PROXY is on, so X-Forwarded-For stands for the address.

let app: FastifyInstance;
beforeAll(async () => {
  // A smaller per-address limit, set as the configuration sets it, so the spray test reaches it.
  const limits = testConfig().authLimits!;
  app = await testApp({
    trustProxy: true,
    authLimits: { ...limits, signInPerAddress: { ...limits.signInPerAddress, max: 20 } },
  });
  await app.ready();
});
afterAll(() => app.close());

let net = 0;
/** A block of addresses no other test uses. */
const addresses = () => {
  net += 1;
  const base = `10.${(process.pid % 200) + 1}.${net}`;
  return (i: number) => `${base}.${i + 1}`;
};

const attempt = (email: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/signin',
    headers: { 'x-forwarded-for': address },
    payload: { email, password },
  });

/**
 * Counters run in fixed windows (src/server/rate-limit.ts): a test that counts up to a limit
 * must not straddle a window's end, where the count starts again. Waits (at most 30 s, rarely)
 * until the current window has room for the test.
 */
const awayFromWindowEnd = async (windowMs: number, needMs = 30_000) => {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

const perAccount = RATE_LIMITS.signInPerAccount.max;
const perAddress = 20;

describe('sign-in limits', { timeout: 90_000 }, () => {
  it(`lets exactly ${perAccount} of 50 concurrent wrong tries on one account through, the rest get 429`, async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const { email } = await signUp(app);
    const from = addresses();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(email, 'wrong', from(i % 5))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - perAccount);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ status: 'fail', message: authMessages.tooManySignIns });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too until the window has passed.
    expect((await attempt(email, PASSWORD, from(9))).statusCode).toBe(429);
  });

  it('limits one account tried from many addresses', async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const { email } = await signUp(app);
    const from = addresses();
    for (let i = 0; i < perAccount; i++) expect((await attempt(email, 'wrong', from(i))).statusCode).toBe(401);
    const next = await attempt(email, 'wrong', from(perAccount));
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(RATE_LIMITS.signInPerAccount.windowMs / 1000);
  });

  it('limits one address trying many accounts (one password sprayed), and only that address', async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const victim = await signUp(app);
    const from = addresses();
    const sprayer = from(0);
    for (let i = 0; i < perAddress; i++) {
      expect((await attempt(uniqueEmail('spray'), 'Summer2026!', sprayer)).statusCode).toBe(401);
    }
    expect((await attempt(uniqueEmail('spray'), 'Summer2026!', sprayer)).statusCode).toBe(429);
    // Even a right password from that address waits; from elsewhere the account works.
    expect((await attempt(victim.email, PASSWORD, sprayer)).statusCode).toBe(429);
    expect((await attempt(victim.email, PASSWORD, from(1))).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    await awayFromWindowEnd(RATE_LIMITS.signInPerAccount.windowMs);
    const { email } = await signUp(app);
    const from = addresses();
    for (let i = 0; i < perAccount + 5; i++) expect((await attempt(email, PASSWORD, from(0))).statusCode).toBe(200);
    expect((await attempt(email, 'wrong', from(0))).statusCode).toBe(401);
  });
});
