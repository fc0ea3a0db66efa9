import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { client, PASSWORD, signUp } from '../../../../test/factories.ts';
import {
  type ForgingIssuer,
  type OidcStandin,
  startForgingIssuer,
  startOidcProvider,
} from '../../../../test/oidc-provider.ts';
import { CALLBACK, configureSso, signInThrough, ssoBrowser, uniqueDomain } from '../../../../test/sso-fixtures.ts';
import { type CreationOptions, type RequestOptions, softPasskey } from '../../../../test/webauthn-authenticator.ts';
import { ssoMessages } from '../sso.messages.ts';
import { checkMicrosoftIssuer, verifiedEmailOf } from './oidc.client.ts';

// ID tokens Cadence must refuse (made to order by a bare issuer with `jose`), Google configured by
// the environment against the real stand-in, and password sign-in in a workspace requiring SSO.

let app: FastifyInstance;
let forger: ForgingIssuer;
let provider: OidcStandin;
beforeAll(async () => {
  forger = await startForgingIssuer();
  provider = await startOidcProvider([CALLBACK]);
  // The environment's "Google" is the stand-in here: same code path, a loopback issuer.
  app = await testApp({
    googleClientId: provider.clientId,
    oidc: {
      google: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
      microsoft: null,
      allowPrivateIssuers: true,
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await forger.close();
  await provider.close();
});

/** A workspace whose provider is the forging issuer; returns where one sign-in through it lands. */
const forgedSignIn = async () => {
  const domain = 'example.test';
  const admin = await signUp(app);
  await configureSso(admin, forger, domain);
  const browser = ssoBrowser(app);
  const started = await browser.start({ provider: admin.tenantId });
  const back = await fetch(started.location, { redirect: 'manual' });
  const landed = await browser.callback(back.headers.get('location')!);
  return landed.location;
};

describe('ID tokens that do not hold', () => {
  it('accepts a well-made token (so the refusals below are about the token)', async () => {
    forger.forge({});
    const landed = await forgedSignIn();
    expect(landed.searchParams.get('ssoError')).toBeNull();
    expect(landed.searchParams.get('ssoCode')).toBeTruthy();
  });

  it('refuses an expired ID token', async () => {
    forger.forge({ expiresIn: -3600 });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('token');
  });

  it('refuses an ID token signed by a key the provider did not publish', async () => {
    forger.forge({ wrongKey: true });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('token');
  });

  it('refuses an ID token for another nonce', async () => {
    forger.forge({ nonce: 'replayed-from-another-sign-in' });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('token');
  });

  it('refuses an ID token for another client (audience)', async () => {
    forger.forge({ claims: { aud: 'someone-else' } });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('token');
  });

  it('refuses an email marked unverified, or missing', async () => {
    forger.forge({ claims: { email_verified: false } });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('unverified');
    forger.forge({ claims: { email: undefined } });
    expect((await forgedSignIn()).searchParams.get('ssoError')).toBe('unverified');
  });
});

describe('Google from the environment', () => {
  it('lists the environment providers and signs in the account of a verified email', async () => {
    const listed = await client(app).get<{ providers: { id: string; name: string }[] }>('/auth/sso/providers');
    expect(listed.body.result.providers).toEqual([{ id: 'google', name: 'Google' }]);
    // One Google button: the ID-token one (POST /auth/google) gives way to the code flow.
    expect((await client(app).get('/auth/config')).body.result).toEqual({ googleClientId: null });
    const person = await signUp(app);
    const { browser, landed } = await signInThrough(app, 'google', person.email);
    const done = await browser.complete(landed.location.searchParams.get('ssoCode')!);
    expect(done.status).toBe(200);
    expect(done.body.result).toMatchObject({ id: person.userId, tenantId: person.tenantId });
  });

  it('refuses an email no account has, with the reason', async () => {
    const { browser, landed } = await signInThrough(app, 'google', `nobody-${Date.now()}@example.test`);
    const done = await browser.complete(landed.location.searchParams.get('ssoCode')!);
    expect(done.status).toBe(403);
    expect(done.body.message).toMatch(/No Cadence account uses this email/);
  });
});

describe('a workspace that requires single sign-on', () => {
  it("refuses its members' passwords, naming the provider; SSO still signs them in", async () => {
    const domain = uniqueDomain();
    const admin = await signUp(app, { email: `admin@${domain}` });
    expect((await client(app).post('/signin', { email: admin.email, password: PASSWORD })).status).toBe(200);
    const passkey = softPasskey('http://cadence.test');
    const ceremony = await admin.api.post<{ challengeId: string; options: CreationOptions }>('/self/passkeys/options');
    const { challengeId, options } = ceremony.body.result;
    await admin.api.post('/self/passkeys', { challengeId, name: 'Laptop', response: passkey.create(options) });
    await configureSso(admin, provider, domain, { requireSso: true, displayName: 'Acme Okta' });
    const refused = await client(app).post('/signin', { email: admin.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ssoMessages.required('Acme Okta'));
    // A passkey made before does not get round it either.
    const signIn = await client(app).post<{ challengeId: string; options: RequestOptions }>('/signin/passkey/options');
    const byPasskey = await client(app).post('/signin/passkey', {
      challengeId: signIn.body.result.challengeId,
      response: passkey.get(signIn.body.result.options),
    });
    expect(byPasskey.status).toBe(401);
    expect(byPasskey.body.message).toBe(ssoMessages.required('Acme Okta'));
    // A wrong password tells nothing about the workspace.
    const wrong = await client(app).post('/signin', { email: admin.email, password: 'not the password' });
    expect(wrong.body.message).not.toMatch(/Acme Okta/);
    const { browser, landed } = await signInThrough(app, admin.tenantId, admin.email);
    expect((await browser.complete(landed.location.searchParams.get('ssoCode')!)).status).toBe(200);
  });

  it('holds for a person in several workspaces: one requiring SSO is enough', async () => {
    const domain = uniqueDomain();
    const strict = await signUp(app, { email: `admin@${domain}` });
    const person = await signUp(app, { email: `member@${domain}` });
    await strict.api.post('/tenants/add-user', { email: person.email });
    const open = await person.api.get<{ id: string; workspace: { id: string } }[]>('/invitations');
    await person.api.post(`/invitations/${open.body.result[0]!.id}/accept`);
    await configureSso(strict, provider, domain, { requireSso: true });
    const refused = await client(app).post('/signin', { email: person.email, password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ssoMessages.required('Acme ID'));
    // Turned off again, the password works.
    await configureSso(strict, provider, domain, { requireSso: false });
    expect((await client(app).post('/signin', { email: person.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('Microsoft Entra ID issuers', () => {
  const tid = '2f6c1c4e-0c1b-4c58-a1e3-3b1f6f0a9d11';
  it('takes the multi-tenant issuer only with the token’s own tid', () => {
    expect(() =>
      checkMicrosoftIssuer('organizations', { tid, iss: `https://login.microsoftonline.com/${tid}/v2.0` }),
    ).not.toThrow();
    expect(() =>
      checkMicrosoftIssuer('common', {
        tid,
        iss: 'https://login.microsoftonline.com/9a0b1c2d-0000-4000-8000-000000000000/v2.0',
      }),
    ).toThrow(/issuer/);
    expect(() => checkMicrosoftIssuer('common', { iss: 'https://login.microsoftonline.com/{tenantid}/v2.0' })).toThrow(
      /tid/,
    );
  });

  it('refuses personal accounts for "organizations" and other directories for one tenant', () => {
    const consumers = '9188040d-6c67-4c5b-b112-36a304b66dad';
    const iss = `https://login.microsoftonline.com/${consumers}/v2.0`;
    expect(() => checkMicrosoftIssuer('organizations', { tid: consumers, iss })).toThrow(/personal/);
    expect(() => checkMicrosoftIssuer('common', { tid: consumers, iss })).not.toThrow();
    expect(() => checkMicrosoftIssuer(tid, { tid: consumers, iss })).toThrow(/configured tenant/);
  });

  it('counts xms_edov as a verified email for Microsoft only', () => {
    expect(verifiedEmailOf({ email: 'A@Contoso.com', xms_edov: true }, true)).toBe('a@contoso.com');
    expect(() => verifiedEmailOf({ email: 'a@contoso.com', xms_edov: true }, false)).toThrow(/not verified/);
    expect(() => verifiedEmailOf({ email: 'a@contoso.com' }, true)).toThrow(/not verified/);
  });
});
