import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, signUp } from '../../../../test/factories.ts';
import { type OidcStandin, signInAtProvider, startOidcProvider } from '../../../../test/oidc-provider.ts';
import {
  CALLBACK,
  configureSso,
  signInThrough,
  ssoApp,
  ssoBrowser,
  uniqueDomain,
} from '../../../../test/sso-fixtures.ts';
import { authSessions, memberships, users } from '../../../db/schema/index.ts';
import { loadConfig } from '../../../server/config.ts';
import { SSO_ERRORS } from '../sso.messages.ts';

// Single sign-on against a real OpenID provider on a loopback port (decision 103): the code flow
// with PKCE, state and nonce, from Cadence's redirect to the session, and what it refuses.

let app: FastifyInstance;
let provider: OidcStandin;
beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  app = await ssoApp();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

const errorOf = (location: URL) => location.searchParams.get('ssoError');

describe('single sign-on through a workspace provider', () => {
  it('signs a member in with the code flow: PKCE, state and nonce, a session like any other', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const browser = ssoBrowser(app);
    const started = await browser.start({ provider: admin.tenantId, returnTo: '/meetings', remember: 'true' });
    expect(started.status).toBe(302);
    const authorize = new URL(started.location);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    // The browser is bound by an httpOnly, short-lived cookie.
    expect(browser.jar.header()).toMatch(/^cadence_sso=/);

    const back = await signInAtProvider(started.location, admin.email);
    expect(back.searchParams.get('code')).toBeTruthy();
    const landed = await browser.callback(back);
    expect(landed.location.pathname).toBe('/login');
    expect(errorOf(landed.location)).toBeNull();
    expect(landed.location.searchParams.get('redirect')).toBe('/meetings');
    const code = landed.location.searchParams.get('ssoCode')!;

    const done = await browser.complete(code);
    expect(done.status).toBe(200);
    expect(done.body.result).toMatchObject({ id: admin.userId, tenantId: admin.tenantId });
    const self = await client(app, done.body.result.accessToken).get<{ user: { email: string } }>('/self');
    expect(self.body.result.user.email).toBe(admin.email);
    const [session] = await app.database.db
      .select({ remember: authSessions.remember, method: authSessions.method })
      .from(authSessions)
      .where(eq(authSessions.userId, admin.userId))
      .orderBy(authSessions.createdAt)
      .limit(2)
      .offset(1);
    expect(session).toEqual({ remember: true, method: 'sso:Acme ID' });

    // The hand-off code works once.
    expect((await browser.complete(code)).status).toBe(401);
  });

  it('refuses a hand-off code from another browser', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const { landed } = await signInThrough(app, admin.tenantId, admin.email);
    const stranger = ssoBrowser(app);
    const taken = await stranger.complete(landed.location.searchParams.get('ssoCode')!);
    expect(taken.status).toBe(401);
    expect(taken.body.message).toBe(SSO_ERRORS.state);
  });

  it('uses the state once: the same callback again is refused', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const browser = ssoBrowser(app);
    const started = await browser.start({ provider: admin.tenantId });
    const back = await signInAtProvider(started.location, admin.email);
    expect(errorOf((await browser.callback(back)).location)).toBeNull();
    const again = await browser.callback(back);
    expect(errorOf(again.location)).toBe('state');
  });

  it('refuses a tampered state, and a state from another browser', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const browser = ssoBrowser(app);
    const started = await browser.start({ provider: admin.tenantId });
    const back = await signInAtProvider(started.location, admin.email);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expect(errorOf((await browser.callback(tampered)).location)).toBe('state');
    // The genuine state, but in a browser that did not start the sign-in (login CSRF).
    expect(errorOf((await ssoBrowser(app).callback(back)).location)).toBe('state');
    // …and it was used up by that try.
    expect(errorOf((await browser.callback(back)).location)).toBe('state');
  });

  it('refuses an ID token with another nonce than the one Cadence sent', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const browser = ssoBrowser(app);
    const started = await browser.start({ provider: admin.tenantId });
    // Someone changed the nonce on its way to the provider: the provider signs the wrong one.
    const altered = new URL(started.location);
    altered.searchParams.set('nonce', 'a-nonce-cadence-never-made');
    const back = await signInAtProvider(altered.href, admin.email);
    const landed = await browser.callback(back);
    expect(errorOf(landed.location)).toBe('token');
    expect(landed.location.searchParams.get('ssoCode')).toBeNull();
  });

  it('refuses an email the provider did not verify, and one outside the allowed domains', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const unverified = `unverified-${Date.now()}@${domain}`;
    provider.accounts.set(unverified, { emailVerified: false });
    expect(errorOf((await signInThrough(app, admin.tenantId, unverified)).landed.location)).toBe('unverified');
    expect(errorOf((await signInThrough(app, admin.tenantId, `someone@${uniqueDomain()}`)).landed.location)).toBe(
      'domain',
    );
    // Neither made an account.
    const [made] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, unverified));
    expect(made).toBeUndefined();
  });

  it('makes the account and joins the workspace at a first sign-in when the admin allows it, not otherwise', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const newcomer = `grace@${domain}`;
    provider.accounts.set(newcomer, { givenName: 'Grace', familyName: 'Hopper' });
    const refused = await signInThrough(app, admin.tenantId, newcomer);
    const notYet = await refused.browser.complete(refused.landed.location.searchParams.get('ssoCode')!);
    expect(notYet.status).toBe(403);
    expect(notYet.body.message).toBe(SSO_ERRORS.noJoin);

    await configureSso(admin, provider, domain, { joinOnFirstSignIn: true, clientSecret: undefined });
    const { browser, landed } = await signInThrough(app, admin.tenantId, newcomer);
    const done = await browser.complete(landed.location.searchParams.get('ssoCode')!);
    expect(done.status).toBe(200);
    expect(done.body.result.tenantId).toBe(admin.tenantId);
    expect(done.body.result.isAdmin).toBe('0');
    const people = await admin.api.get<{ email: string; firstName: string }[]>('/users');
    expect(people.body.result.find((p) => p.email === newcomer)?.firstName).toBe('Grace');
  });

  it('never signs in an existing account that is not a member of the workspace', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain, { joinOnFirstSignIn: true });
    const outsider = await signUp(app, { email: `outsider@${domain}` });
    const { browser, landed } = await signInThrough(app, admin.tenantId, outsider.email);
    const refused = await browser.complete(landed.location.searchParams.get('ssoCode')!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SSO_ERRORS.notMember);
    const joined = await app.database.db.select().from(memberships).where(eq(memberships.tenantId, admin.tenantId));
    expect(joined.map((m) => m.userId)).toEqual([admin.userId]);
  });

  it('goes back to the login page when the person cancels at the provider', async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    await configureSso(admin, provider, domain);
    const browser = ssoBrowser(app);
    const started = await browser.start({ provider: admin.tenantId });
    const state = new URL(started.location).searchParams.get('state')!;
    const cancelled = new URL(CALLBACK);
    cancelled.search = new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer }).toString();
    expect(errorOf((await browser.callback(cancelled)).location)).toBe('cancelled');
  });

  it('only returns to a path of this site', async () => {
    const browser = ssoBrowser(app);
    for (const returnTo of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)']) {
      const started = await browser.start({ provider: 'google', returnTo });
      expect(started.status, returnTo).toBe(400);
    }
  });

  it('sends a provider that is not set up back to the login page with a reason', async () => {
    const started = await ssoBrowser(app).start({ provider: 'microsoft' });
    expect(started.status).toBe(302);
    expect(new URL(started.location, 'http://cadence.test').searchParams.get('ssoError')).toBe('provider');
    const unknownWorkspace = await ssoBrowser(app).start({ provider: '00000000-0000-4000-8000-000000000000' });
    expect(new URL(unknownWorkspace.location, 'http://cadence.test').searchParams.get('ssoError')).toBe('provider');
  });

  it('counts the starts per client address: three times the sign-in tries, then 429', async () => {
    const limited = await testApp({
      oidc: { google: null, microsoft: null, allowPrivateIssuers: true },
      authLimits: loadConfig({ DATA_DIR: '/tmp', LIMIT_SIGN_IN_PER_ADDRESS: '1' }).authLimits,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const started = await limited.inject({
          method: 'GET',
          url: '/api/v2/auth/sso/start?provider=microsoft',
          remoteAddress: '127.41.0.1',
        });
        statuses.push(started.statusCode);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
    } finally {
      await limited.close();
    }
  });
});
